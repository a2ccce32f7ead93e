/**
 * Heavy libraries loaded on first use, not at start: sharp, exceljs and pdf-lib together are
 * about 90 MB of the server's resident memory, and most processes need them rarely or never (a
 * CSV export never loads exceljs; issue 13: a year's export at ≤ 200 MB RSS). Each loader
 * imports once; later calls get the same module.
 */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
};

export const loadSharp = once(async () => (await import('sharp')).default);
export const loadExcelJs = once(async () => (await import('exceljs')).default);
export const loadPdfLib = once(() => import('pdf-lib'));
/** glyph shaping for badges and slips in Arabic, Chinese, Vietnamese (integrations/printing/pdf-text.ts) */
export const loadFontkit = once(() => import('fontkit'));
/** the archive of a person's records (issue 26 §3): zipped on request only */
export const loadJsZip = once(async () => (await import('jszip')).default);
