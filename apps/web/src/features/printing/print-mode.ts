import type { TBuildingRow, TPrintMode } from '@sv/contracts';
import { canNetworkPrint } from '@sv/domain';

// Apart from print-badge.ts: the dashboard decides the mode when it renders and loads the print
// path only when a badge is printed (the front desk's initial JavaScript, issue 24 §6).
/**
 * How a building prints a badge of this visitor type (spec 002 §4, issue 23 §7): 'browser' when it
 * prints through Browser Print; 'network' when it prints from the server and its printer address
 * has at least 7 characters (visitors use the visitor printer when one is set); otherwise 'pdf'.
 */
export function printModeFor(
  building: Pick<TBuildingRow, 'printMethod' | 'printerIpAddress' | 'visitorPrinterIpAddress'>,
  visitorType: string,
): TPrintMode {
  if (building.printMethod === 'browser') return 'browser';
  if (building.printMethod === 'pdf') return 'pdf';
  const address =
    visitorType === 'visitor' && building.visitorPrinterIpAddress.trim()
      ? building.visitorPrinterIpAddress
      : building.printerIpAddress;
  return canNetworkPrint(address) ? 'network' : 'pdf';
}
