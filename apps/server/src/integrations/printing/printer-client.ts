import net from 'node:net';

export interface PrinterTarget {
  host: string;
  port: number;
}

/** Parses a building's printer address: 'host' or 'host:port' (port defaults to raw 9100). */
export function parsePrinterAddress(address: string): PrinterTarget | null {
  const trimmed = address.trim();
  const m = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(?::(\d{1,5}))?$/.exec(trimmed);
  if (!m) return null;
  const port = m[2] ? Number(m[2]) : 9100;
  if (port < 1 || port > 65535) return null;
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

/** Sends ZPL over raw TCP (port 9100), the way Zebra network printers take jobs. */
export function sendRawTcp(target: PrinterTarget, data: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: target.host, port: target.port });
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error('printer did not answer in time')));
    socket.on('error', fail);
    socket.on('connect', () => socket.end(data, 'utf8'));
    socket.on('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}

/** Sends ZPL by HTTP POST to http://<printer>/pstprnt (one-way; no status comes back). */
export async function sendHttpPstprnt(target: PrinterTarget, data: string, timeoutMs = 5000): Promise<void> {
  const res = await fetch(`http://${target.host}:${target.port === 9100 ? 80 : target.port}/pstprnt`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: data,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`printer answered ${res.status}`);
}
