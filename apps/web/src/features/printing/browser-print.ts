/**
 * Zebra Browser Print (issue 23 §7; ADR 0027): Zebra's service on the desk's computer that takes
 * ZPL over a local HTTP API and hands it to the label printer attached to that computer (USB or
 * its network). It lets a cloud-hosted SafeVisitor print to a printer the server cannot reach.
 *
 * The API, as Zebra's BrowserPrint.js calls it: HTTPS on localhost:9101 and HTTP on
 * localhost:9100; `GET /default?type=printer` answers the default printer as a JSON device (empty
 * when none is set); `POST /write` takes `{ device, data }` as a text/plain body (a "simple"
 * request, so the browser sends no CORS preflight the service might not answer).
 */

export const BROWSER_PRINT_HTTPS = 'https://localhost:9101';
export const BROWSER_PRINT_HTTP = 'http://localhost:9100';

/** A printer as Browser Print describes it; sent back unchanged with each job. */
export interface BrowserPrintDevice {
  name: string;
  uid: string;
  connection?: string;
  deviceType?: string;
  version?: number;
  provider?: string;
  manufacturer?: string;
}

/** Why Browser Print could not print: `unreachable` (not installed or not running) or `noPrinter`. */
export class BrowserPrintError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'noPrinter' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

export interface BrowserPrintOptions {
  fetch?: typeof fetch;
  /** the page's protocol: an HTTPS page tries the HTTPS port first (mixed content) */
  protocol?: string;
  timeoutMs?: number;
}

/** The service's addresses, in the order to try them. */
export function browserPrintBases(protocol: string): string[] {
  return protocol === 'https:' ? [BROWSER_PRINT_HTTPS, BROWSER_PRINT_HTTP] : [BROWSER_PRINT_HTTP, BROWSER_PRINT_HTTPS];
}

const timeout = (ms: number) => (typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined);

/** Finds a running Browser Print and its default printer. */
export async function browserPrintDefault(
  opts: BrowserPrintOptions = {},
): Promise<{ base: string; device: BrowserPrintDevice }> {
  const f = opts.fetch ?? fetch;
  const protocol = opts.protocol ?? (typeof location === 'undefined' ? 'http:' : location.protocol);
  for (const base of browserPrintBases(protocol)) {
    let text: string;
    try {
      const res = await f(`${base}/default?type=printer`, { method: 'GET', signal: timeout(opts.timeoutMs ?? 3000) });
      if (!res.ok) continue;
      text = (await res.text()).trim();
    } catch {
      continue; // not listening there (or the certificate of :9101 is not trusted): try the next
    }
    let device: Partial<BrowserPrintDevice> | null = null;
    try {
      device = text ? (JSON.parse(text) as Partial<BrowserPrintDevice>) : null;
    } catch {
      device = null;
    }
    if (!device?.uid || !device.name)
      throw new BrowserPrintError('noPrinter', 'Browser Print is running but has no default printer.');
    return { base, device: device as BrowserPrintDevice };
  }
  throw new BrowserPrintError('unreachable', 'Browser Print is not running on this computer.');
}

/** Sends ZPL to the default printer of the desk's Browser Print; answers the printer's name. */
export async function printZplWithBrowserPrint(zpl: string, opts: BrowserPrintOptions = {}): Promise<string> {
  const f = opts.fetch ?? fetch;
  const { base, device } = await browserPrintDefault(opts);
  let res: Response;
  try {
    res = await f(`${base}/write`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ device, data: zpl }),
      signal: timeout(opts.timeoutMs ?? 10_000),
    });
  } catch {
    throw new BrowserPrintError('unreachable', 'Browser Print stopped answering.');
  }
  if (!res.ok) {
    const detail = (await res.text().catch(() => '')).trim().slice(0, 200);
    throw new BrowserPrintError(
      'refused',
      `The printer ${device.name} did not take the label${detail ? `: ${detail}` : ''}.`,
    );
  }
  return device.name;
}
