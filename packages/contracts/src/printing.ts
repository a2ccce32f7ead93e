/**
 * Badge printing of a building (issue 23 §7 "Printing that works in the cloud"; ADR 0027).
 *
 * - `server`: the server sends ZPL over raw TCP to the building's printer address. The address
 *   must be an IP address of a private network and a printer port (9100, 631, 515): a district
 *   admin must not be able to make the server open a connection to any host:port (SSRF), to the
 *   server itself (loopback) or to link-local services such as cloud metadata (169.254.169.254).
 *   Host names are refused: a name can resolve to another address at print time (DNS rebinding),
 *   and label printers on a school network have fixed addresses anyway.
 * - `browser`: the desk's browser sends ZPL to a label printer on the desk's own computer through
 *   Zebra Browser Print (its local HTTP API); when Browser Print is unreachable the PDF window opens.
 * - `pdf`: the browser's print window with the PDF badge (spec 002 §4).
 */
export const PRINT_METHODS = ['server', 'browser', 'pdf'] as const;
export type TPrintMethod = (typeof PRINT_METHODS)[number];

/** The ports label printers take jobs on: raw (9100), IPP (631), LPD (515). */
export const PRINTER_PORTS = [9100, 631, 515] as const;
export const DEFAULT_PRINTER_PORT = 9100;

/**
 * Loopback printers (127.0.0.0/8, ::1) are refused unless the server runs with
 * PRINTER_ALLOW_LOOPBACK=1, set only by the test harness and the e2e web server, whose fake
 * printer listens on 127.0.0.1 on a port of the system's choosing (so the override admits a
 * loopback address on any port). The server sets this once at start (app.ts); the web app never
 * does, so the building form always refuses loopback.
 */
export const printerAddressPolicy = { allowLoopback: false };

export const PRINTER_ADDRESS_MESSAGES = {
  format:
    'Enter the printer’s IP address on the school network, such as 10.0.0.25 or 10.0.0.25:9100 (names are not accepted).',
  port: 'Printers take jobs on port 9100, 631 or 515.',
  loopback: 'A printer address cannot point at the server itself (127.x.x.x or ::1).',
  linkLocal:
    'Link-local addresses (169.254.x.x or fe80::) are not accepted: give the printer a fixed address on the school network.',
  notPrivate:
    'The printer must be on a private network: 10.x.x.x, 172.16.x.x to 172.31.x.x, 192.168.x.x or an fc00::/7 address.',
} as const;

export type PrinterAddressClass = 'private' | 'loopback' | 'linkLocal' | 'public' | 'other';

export interface ParsedPrinterAddress {
  /** the IP literal without brackets, as given ('10.0.0.25', 'fd00::25') */
  host: string;
  port: number;
  family: 4 | 6;
  kind: PrinterAddressClass;
}

/** '10.0.0.25' → [10, 0, 0, 25]; no leading zeros (010 could be read as octal), no short forms. */
function ipv4Octets(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

/** An IPv6 literal as its 8 groups; an embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups. */
function ipv6Groups(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null; // zone ids (%eth0) and anything else refused
  let body = text;
  let tail: number[] | null = null;
  if (body.includes('.')) {
    // the last 32 bits written as IPv4: parse '<prefix>0:0', then put the IPv4 groups back
    const lastColon = body.lastIndexOf(':');
    const v4 = ipv4Octets(body.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = toGroups(halves[0]);
  const rest = halves.length === 2 ? toGroups(halves[1]) : [];
  for (const g of [...head, ...rest]) if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
  const given = head.length + rest.length;
  if (halves.length === 1 && given !== 8) return null;
  if (halves.length === 2 && given > 7) return null;
  const zeros = Array<number>(8 - given).fill(0);
  const groups = [...head, ...zeros.map(String), ...rest].map((g) => parseInt(g, 16));
  if (tail) groups.splice(6, 2, ...tail);
  return groups;
}

function classifyIpv4([a, b]: number[]): PrinterAddressClass {
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'linkLocal';
  // 0/8 "this network", 100.64/10 shared (CGNAT), multicast and reserved: nothing a printer uses
  if (a === 0 || (a === 100 && b >= 64 && b <= 127) || a >= 224) return 'other';
  return 'public';
}

function classifyIpv6(g: number[]): PrinterAddressClass {
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses are their IPv4 address
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7] > 1)))) {
    return classifyIpv4([g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff]);
  }
  if (g.slice(0, 7).every((x) => x === 0)) return g[7] === 1 ? 'loopback' : 'other'; // ::1, ::
  if ((g[0] & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return 'linkLocal'; // fe80::/10
  if ((g[0] & 0xff00) === 0xff00) return 'other'; // multicast
  return 'public';
}

/**
 * Reads a printer address: '10.0.0.25', '10.0.0.25:9100', 'fd00::25', '[fd00::25]:9100'. The port
 * defaults to raw 9100. Null when it is not an IP literal with an optional port (host names too).
 */
export function parsePrinterAddress(address: string): (ParsedPrinterAddress & { portGiven: boolean }) | null {
  const text = address.trim();
  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed) [, host, portText] = bracketed;
  else if ((text.match(/:/g) ?? []).length >= 2)
    host = text; // a bare IPv6 address has no port
  else [host, portText] = text.split(':') as [string, string | undefined];
  if (portText !== undefined && !/^\d{1,5}$/.test(portText)) return null;
  const port = portText === undefined ? DEFAULT_PRINTER_PORT : Number(portText);
  const v4 = ipv4Octets(host);
  if (v4) return { host, port, family: 4, kind: classifyIpv4(v4), portGiven: portText !== undefined };
  if (bracketed || host.includes(':')) {
    const v6 = ipv6Groups(host);
    if (v6) return { host, port, family: 6, kind: classifyIpv6(v6), portGiven: portText !== undefined };
  }
  return null;
}

/** What is wrong with an IP address the server would connect to (null: allowed). */
export function printerHostProblem(
  kind: PrinterAddressClass,
  policy: { allowLoopback: boolean } = printerAddressPolicy,
): string | null {
  switch (kind) {
    case 'private':
      return null;
    case 'loopback':
      return policy.allowLoopback ? null : PRINTER_ADDRESS_MESSAGES.loopback;
    case 'linkLocal':
      return PRINTER_ADDRESS_MESSAGES.linkLocal;
    default:
      return PRINTER_ADDRESS_MESSAGES.notPrivate;
  }
}

/**
 * The rule for a server-side printer address (issue 23 §7, issue 25 "the contracts must refuse
 * what the forms refuse"): null when allowed, otherwise the sentence the form and the API show.
 * Used by the building contract, the buildings import, and again by the server right before it
 * connects (a row stored before the rule existed is refused there).
 */
export function printerAddressProblem(
  address: string,
  policy: { allowLoopback: boolean } = printerAddressPolicy,
): string | null {
  const parsed = parsePrinterAddress(address);
  if (!parsed) return PRINTER_ADDRESS_MESSAGES.format;
  const hostProblem = printerHostProblem(parsed.kind, policy);
  if (hostProblem) return hostProblem;
  // the override admits a loopback test peer on whatever port it listened on (fake-printer.ts)
  if (parsed.kind === 'loopback') return null;
  return (PRINTER_PORTS as readonly number[]).includes(parsed.port) ? null : PRINTER_ADDRESS_MESSAGES.port;
}
