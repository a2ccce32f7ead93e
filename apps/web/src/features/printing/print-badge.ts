import type { TBuildingRow, TPrintMode } from '@sv/contracts';
import type { TFunction } from 'i18next';
import { ApiError, api } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { type BrowserPrintOptions, BrowserPrintError, printZplWithBrowserPrint } from './browser-print';
import './i18n.en';

export { printModeFor } from './print-mode';

/**
 * The one print path of the web app (spec 002 §4 Badge printing; issue 23 §7): by the building's
 * print method, the server sends the badge to the building's printer ('network'), the desk's
 * browser sends it through Zebra Browser Print ('browser'), or the browser's print window opens
 * with the PDF ('pdf'). When the first two fail, the print window opens instead and the notice
 * says why, unless the caller is proving that way works (the building form's test page).
 */
export interface PrintTarget {
  /** the ZPL for Browser Print */
  zplUrl: string;
  /** the print window with the PDF */
  windowUrl: string;
  /** asks the server to print ('network') */
  sendToServer: () => Promise<{ printed: boolean; message: string }>;
}

export interface PrintOutcome {
  /** whether the badge went to a printer, or the print window opened */
  ok: boolean;
  via: 'network' | 'browser' | 'window' | 'none';
  /** the sentence for the notice */
  message: string;
}

export interface PrintOptions {
  /** open the print window when the printer fails (default); off for a test page, which proves one way */
  fallbackToWindow?: boolean;
  browserPrint?: BrowserPrintOptions;
  open?: (url: string) => Window | null;
}

/** The message of a failed request in the product's words. */
const messageOf = (err: unknown, t: TFunction) =>
  err instanceof ApiError ? err.message : err instanceof Error ? err.message : t('common.somethingWrong');

export async function printBy(
  mode: TPrintMode,
  target: PrintTarget,
  t: TFunction,
  opts: PrintOptions = {},
): Promise<PrintOutcome> {
  let failure: string | null = null;
  if (mode === 'network') {
    try {
      const r = await target.sendToServer();
      if (r.printed) return { ok: true, via: 'network', message: r.message };
      failure = r.message;
    } catch (err) {
      failure = messageOf(err, t);
    }
  } else if (mode === 'browser') {
    try {
      const zpl = await api.getText(target.zplUrl);
      const printer = await printZplWithBrowserPrint(zpl, opts.browserPrint);
      return { ok: true, via: 'browser', message: t('printing.browserSent', { printer }) };
    } catch (err) {
      failure = err instanceof BrowserPrintError ? t(`printing.browser.${err.reason}`) : messageOf(err, t);
    }
  }
  if (failure !== null && opts.fallbackToWindow === false) return { ok: false, via: 'none', message: failure };
  const open = opts.open ?? ((url: string) => window.open(url, '_blank'));
  const opened = open(target.windowUrl) !== null;
  const windowMessage = opened ? t('printing.windowOpened') : t('printing.popupBlocked');
  return {
    ok: opened,
    via: 'window',
    message: failure === null ? windowMessage : t('printing.fallback', { reason: failure, window: windowMessage }),
  };
}

/** A visit's badge, the way its building prints (the check-in's print plan or printModeFor). */
export function printVisitBadge(visitId: number, mode: TPrintMode, t: TFunction, opts?: PrintOptions) {
  return printBy(
    mode,
    {
      zplUrl: `/api/visits/${visitId}/badge.zpl`,
      windowUrl: paths.badgeWindow(visitId),
      sendToServer: () => api.post<{ printed: boolean; message: string }>(`/api/visits/${visitId}/badge/print`),
    },
    t,
    opts,
  );
}

/** The building form's "Print test page" (issue 23 §7): proves the building's way, no fallback. */
export function printTestPage(building: Pick<TBuildingRow, 'id' | 'printMethod'>, t: TFunction, opts?: PrintOptions) {
  const mode: TPrintMode =
    building.printMethod === 'server' ? 'network' : building.printMethod === 'browser' ? 'browser' : 'pdf';
  return printBy(
    mode,
    {
      zplUrl: `/api/buildings/${building.id}/test-page.zpl`,
      windowUrl: paths.buildingTestPageWindow(building.id),
      sendToServer: () => api.post<{ printed: boolean; message: string }>(`/api/buildings/${building.id}/test-print`),
    },
    t,
    { ...opts, fallbackToWindow: false },
  );
}
