import { CONSTANTS, type TPrintMethod } from '@sv/contracts';
import { AppError } from '../../platform/http/app-error';
import { PrinterAddressError, sendZplTo } from './printer-client';

// A building's label printer, shared by the visit badge, the registration badge and the printer
// test page (moved out of visits so buildings and registrations need not import it: issue 24 §1).

/**
 * spec 002 §4 Badge printing: network printing needs an address of at least 7 characters; and
 * (issue 23 §7) only a building that prints from the server sends to its address at all.
 */
export function printerAddressFor(
  building: { printMethod: TPrintMethod; printerIpAddress: string; visitorPrinterIpAddress: string },
  visitorType: string,
) {
  if (building.printMethod !== 'server') return null;
  const address =
    visitorType === 'visitor' && building.visitorPrinterIpAddress
      ? building.visitorPrinterIpAddress
      : building.printerIpAddress;
  return address.trim().length >= CONSTANTS.printerAddressMinLength ? address.trim() : null;
}

/**
 * Sends ZPL to a building's printer address, in the words the desk reads (issue 23 §7): a refused
 * address (stored before the rule, or loopback without the test override) is a 409 that says why.
 */
export async function sendZplToBuildingPrinter(address: string, zpl: string, downMessage: string) {
  try {
    await sendZplTo(address, zpl);
  } catch (err) {
    if (err instanceof PrinterAddressError)
      throw new AppError('CONFLICT', `The building’s printer address is not allowed. ${err.message}`);
    throw new AppError('UPSTREAM_UNAVAILABLE', downMessage);
  }
}
