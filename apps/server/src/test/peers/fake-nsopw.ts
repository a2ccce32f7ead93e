import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nameKey } from '@sv/domain';
import type { NsopwOffender } from '../../integrations/registry/offender-registry';

/**
 * A local NSOPW-style registry search endpoint (integrations guide "Sex-offender registry"):
 *
 *   POST /api/search   { firstName, lastName }  →  { offenders[], jurisdictionStatus[] }
 *
 * It answers the configured offenders whose primary name or an alias has the asked first and
 * last name (case, accents and punctuation ignored; date of birth cannot be searched, as on the
 * real service), plus one status per configured jurisdiction (200 ok, 201 soundex, 500 error,
 * 504 timeout, 507 offline, 511 too many matches). Modes: 'normal'; 'hang' (never answers, for
 * timeouts); 'error' (HTTP 503); 'garbage' (200 with a body that is not the answer shape).
 * Fictitious people only.
 */

export type FakeNsopwMode = 'normal' | 'hang' | 'error' | 'garbage';

export interface FakeNsopw {
  /** the search endpoint to use as NSOPW_URL / baseUrl */
  url: string;
  /** every search received (the bearer token it carried, and the body) */
  requests: { authorization: string | null; body: unknown }[];
  setOffenders(offenders: NsopwOffender[]): void;
  setJurisdictions(statuses: { jurisdictionId: string; status: number }[]): void;
  setMode(mode: FakeNsopwMode): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeNsopw(
  init: { offenders?: NsopwOffender[]; jurisdictions?: { jurisdictionId: string; status: number }[] } = {},
): Promise<FakeNsopw> {
  let offenders = init.offenders ?? [];
  let jurisdictions = init.jurisdictions ?? [
    { jurisdictionId: 'IL', status: 200 },
    { jurisdictionId: 'MA', status: 200 },
  ];
  let mode: FakeNsopwMode = 'normal';
  const requests: FakeNsopw['requests'] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST' || url.pathname !== '/api/search') return json(res, 404, { error: 'not found' });
    const raw = await readBody(req);
    let body: { firstName?: unknown; lastName?: unknown } = {};
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { error: 'bad json' });
    }
    requests.push({ authorization: req.headers.authorization ?? null, body });
    if (mode === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (mode === 'error') return json(res, 503, { error: 'unavailable' });
    if (mode === 'garbage') return json(res, 200, { results: 'maintenance' });
    const first = nameKey(String(body.firstName ?? ''));
    const last = nameKey(String(body.lastName ?? ''));
    if (first === '' || last === '') return json(res, 400, { error: 'firstName and lastName are required' });
    const found = offenders.filter((o) =>
      [o.name, ...o.aliases].some((n) => nameKey(n.firstName) === first && nameKey(n.lastName) === last),
    );
    json(res, 200, { offenders: found, jurisdictionStatus: jurisdictions });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/search`,
    requests,
    setOffenders(list) {
      offenders = list;
    },
    setJurisdictions(list) {
      jurisdictions = list;
    },
    setMode(m) {
      mode = m;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
