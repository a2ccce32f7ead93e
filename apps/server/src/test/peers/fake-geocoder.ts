import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One address the fake knows: its Census-style matches (0 = none, 2+ = ambiguous). */
export interface FakeGeocodeEntry {
  street: string;
  city: string;
  state: string;
  matches: { x: number; y: number; matchedAddress?: string }[];
}

export interface GeocoderPeer {
  /** base URL of the locations/address endpoint: pass as GEOCODER_URL */
  url: string;
  /** query strings received, in order */
  requests: URLSearchParams[];
  /** answer for an address (case-insensitive street + city + state) */
  add(entry: FakeGeocodeEntry): void;
  /** the next requests answer this HTTP status with an error body (failure path) */
  failWith(status: number | null): void;
  /** the next requests wait this long before answering (timeout path) */
  delay(ms: number): void;
  close(): Promise<void>;
}

const key = (street: string, city: string, state: string) =>
  [street, city, state].map((s) => s.trim().toLowerCase().replace(/\s+/g, ' ')).join('|');

/**
 * A local peer speaking the US Census Geocoder "locations/address" JSON format
 * (`{ result: { input, addressMatches: [{ matchedAddress, coordinates: { x, y } }] } }`), so
 * the real HTTP client is tested without the internet (integrations guide).
 */
export async function startFakeGeocoder(): Promise<GeocoderPeer> {
  const entries = new Map<string, FakeGeocodeEntry>();
  const requests: URLSearchParams[] = [];
  let failStatus: number | null = null;
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.searchParams);
    const answer = () => {
      if (failStatus !== null) {
        res.writeHead(failStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: ['Service unavailable'], status: String(failStatus) }));
        return;
      }
      if (url.pathname !== '/geocoder/locations/address' || url.searchParams.get('format') !== 'json') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: ['unsupported request'], status: '400' }));
        return;
      }
      const q = url.searchParams;
      const hit = entries.get(key(q.get('street') ?? '', q.get('city') ?? '', q.get('state') ?? ''));
      const matches = (hit?.matches ?? []).map((m) => ({
        tigerLine: { side: 'L', tigerLineId: '1' },
        coordinates: { x: m.x, y: m.y },
        addressComponents: { city: q.get('city'), state: q.get('state'), zip: q.get('zip') ?? '' },
        matchedAddress: m.matchedAddress ?? `${q.get('street')}, ${q.get('city')}, ${q.get('state')}`.toUpperCase(),
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          result: {
            input: {
              address: { street: q.get('street'), city: q.get('city'), state: q.get('state'), zip: q.get('zip') },
            },
            benchmark: { benchmarkName: q.get('benchmark') },
            addressMatches: matches,
          },
        }),
      );
    };
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer();
      }, delayMs);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/geocoder/locations/address`,
    requests,
    add: (e) => entries.set(key(e.street, e.city, e.state), e),
    failWith: (status) => {
      failStatus = status;
    },
    delay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
