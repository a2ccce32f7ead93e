/**
 * The table text filter of spec 000 §5: "A table filter on entities needs at least 2 characters and
 * skips Id fields." It filters the entities the table holds — the rows of the page on screen — in
 * the browser, so the text never leaves it (security guide: no search terms in URLs).
 */
export const TEXT_FILTER_MIN = 2;

/** Id fields: `id` and every key ending in Id/Ids (clientId, buildingId, photoFileId, …). */
const isIdField = (key: string) => key === 'id' || /Ids?$/.test(key);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The texts a value can be found by: itself, and an ISO date also as the mm/dd/yyyy the screens show. */
function textsOf(value: string | number): string[] {
  const s = String(value);
  const m = ISO_DATE.exec(s);
  return m ? [s, `${m[2]}/${m[3]}/${m[1]}`] : [s];
}

function valueMatches(value: unknown, needle: string, depth: number): boolean {
  if (typeof value === 'string' || typeof value === 'number') {
    return textsOf(value).some((s) => s.toLowerCase().includes(needle));
  }
  if (depth > 0 && value && typeof value === 'object') {
    if (Array.isArray(value)) return value.some((v) => valueMatches(v, needle, depth - 1));
    return Object.entries(value).some(([k, v]) => !isIdField(k) && valueMatches(v, needle, depth - 1));
  }
  return false;
}

/** The filter is on once the trimmed text has at least 2 characters (shorter text shows every row). */
export const textFilterActive = (text: string) => text.trim().length >= TEXT_FILTER_MIN;

/** Does any non-Id field of the row (and of the records nested in it) contain the text, ignoring case? */
export function rowMatches(row: unknown, text: string): boolean {
  if (!textFilterActive(text)) return true;
  const needle = text.trim().toLowerCase();
  if (!row || typeof row !== 'object') return valueMatches(row, needle, 0);
  return Object.entries(row).some(([k, v]) => !isIdField(k) && valueMatches(v, needle, 2));
}

export function filterRows<T>(rows: T[], text: string): T[] {
  return textFilterActive(text) ? rows.filter((r) => rowMatches(r, text)) : rows;
}
