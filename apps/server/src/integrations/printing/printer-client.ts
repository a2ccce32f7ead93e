import net from 'node:net';
import { parsePrinterAddress, printerAddressProblem, printerHostProblem } from '@sv/contracts';

export interface PrinterTarget {
  host: string;
  port: number;
}

/** A printer address the server refuses to connect to; `message` is the sentence for the user. */
export class PrinterAddressError extends Error {}

/**
 * The target of a building's printer address, checked again right before connecting (issue 23 §7:
 * a row stored before the rule existed, or with the loopback override since turned off, is
 * refused here): an IP literal of a private network on a printer port. Throws PrinterAddressError.
 */
export function printerTarget(address: string): PrinterTarget {
  const problem = printerAddressProblem(address);
  const parsed = parsePrinterAddress(address);
  if (problem || !parsed) throw new PrinterAddressError(problem ?? 'The printer address is not valid.');
  return { host: parsed.host, port: parsed.port };
}

/**
 * Sends ZPL over raw TCP (port 9100), the way Zebra network printers take jobs. The host is an IP
 * literal (names are refused by the address rule), so no name is resolved here; the address the
 * socket actually connected to is checked once more before any byte is written (ADR 0027).
 */
export function sendRawTcp(target: PrinterTarget, data: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({
      host: target.host,
      port: target.port,
      // an IP literal never needs a lookup: refuse one rather than follow a name
      lookup: (hostname, _options, callback) =>
        callback(new PrinterAddressError(`A printer address must be an IP address, not ${hostname}.`), '', 4),
    });
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error('printer did not answer in time')));
    socket.on('error', fail);
    socket.on('connect', () => {
      const remote = socket.remoteAddress ?? '';
      const parsed = parsePrinterAddress(remote.includes(':') ? `[${remote}]` : remote);
      const problem = parsed ? printerHostProblem(parsed.kind) : 'The printer address is not valid.';
      if (problem) return fail(new PrinterAddressError(problem));
      socket.end(data, 'utf8');
    });
    socket.on('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}

/** Checks a building's printer address and sends it the ZPL (PrinterAddressError: refused address). */
export async function sendZplTo(address: string, zpl: string): Promise<void> {
  await sendRawTcp(printerTarget(address), zpl);
}
