import { CONSTANTS } from '@sv/contracts';
import { formatUsDate, localWallClock } from '@sv/domain';

/**
 * Formula-injection escaping (security guide: "Exports escape cells that begin with = + - @
 * (and their full-width and other NFKC forms), tab or carriage return"; OWASP CSV injection).
 * A spreadsheet treats such a cell as a formula; a leading apostrophe makes it text. Applied to
 * every string cell of every export, sample and error file, CSV and XLSX alike (an XLSX cell is
 * typed text, but it may be saved again as CSV).
 *
 * Issue 10 §5: spreadsheet apps fold compatibility forms (full-width `＝` U+FF1D, small `﹦`,
 * superscript `⁺`, Hebrew alternative plus `﬩` …) to the ASCII sign, so the first character is
 * tested after NFKC normalisation. The minus sign U+2212 (the NFKC form of `⁻` and `₋`) counts
 * as a minus.
 */
const FORMULA_START = /^[=+\-@\u2212\t\r]/;

/**
 * A plain decimal number written in ASCII (`-89.650148`, `-5`, `12.5`): a spreadsheet reads it as
 * a number, never as a formula, so the guard leaves it alone (issue 25: the guard wrote
 * `'-89.650148` into the buildings sample, and every US longitude failed to import back). `-1+2`,
 * `-A1`, `- 1` and `-1e3` are not plain numbers and are still escaped. ADR 0029.
 */
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** Whether a spreadsheet would take a cell starting like `value` as a formula (its first character only). */
export function startsLikeFormula(value: string): boolean {
  const first = value.codePointAt(0);
  if (first === undefined) return false;
  // ASCII is its own NFKC form: only = + - @ TAB CR start a formula (the common case, without
  // normalize(), which was a large share of an export's CPU)
  if (first < 0x80) return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
  return FORMULA_START.test(String.fromCodePoint(first).normalize('NFKC'));
}

export function escapeFormula(value: string): string {
  if (!startsLikeFormula(value)) return value;
  return value.charCodeAt(0) === 45 && PLAIN_NUMBER.test(value) ? value : `'${value}`;
}

/**
 * The guard undone (issue 25: "anything the product exports imports back unchanged"): a cell
 * that starts with an apostrophe followed by a character the guard escapes is what
 * `escapeFormula` wrote, so the apostrophe goes. Any other apostrophe is the user's own
 * (`'Tis`, `O'Brien`) and stays. Files written before the plain-number rule hold `'-89.650148`;
 * that is unguarded too, because the rule is about the next character only.
 */
export function unescapeFormula(value: string): string {
  return value.charCodeAt(0) === 39 && startsLikeFormula(value.slice(1)) ? value.slice(1) : value;
}

/**
 * A string that is a number in its canonical form (`-89.650148`, `62701`; not `02134`, `1.50`,
 * `1e5`) of at most 11 characters — Excel's General format shows a longer number (a licence
 * number, a long id) in scientific notation, so those stay text: written as a number cell in
 * XLSX, it reads back as the same text.
 */
export function isCanonicalNumber(value: string): boolean {
  return value.length <= 11 && PLAIN_NUMBER.test(value) && String(Number(value)) === value;
}

const CSV_NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field (RFC 4180): quoted only when it holds a quote, comma, CR or LF. */
export function csvField(text: string): string {
  return CSV_NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record of already-escaped cells, CRLF-terminated. */
export function csvRecord(cells: string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? '' : ',') + csvField(cells[i]);
  return `${line}\r\n`;
}

export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * An instant as the spec writes it (spec 000 §9, 002 §9: mm/dd/yyyy, 12-hour clock) on the wall
 * clock of `timeZone` (issue 25: exports wrote ISO 8601 in UTC).
 */
export function usDateTime(instant: Date, timeZone: string = CONSTANTS.defaultTimeZone): string {
  if (Number.isNaN(instant.getTime())) return '';
  // one wall-clock read per cell: a year's export formats millions of these (issue 24 §6)
  const { year, month, day, hour, minute } = localWallClock(instant, timeZone);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${two(month)}/${two(day)}/${String(year).padStart(4, '0')} ${two(h12)}:${two(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

const WALL_CLOCK_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d/;

/**
 * A wall-clock time as PostgreSQL writes a `timestamp` (ISO DateStyle: `2026-03-18 22:05:00`, what
 * `instant AT TIME ZONE zone` gives) as mm/dd/yyyy hh:mm AM — what `to_char(…, 'MM/DD/YYYY
 * HH12:MI AM')` writes, by string slicing instead of the database's formatting (issue 24 §6: a
 * year's export formats a hundred thousand of these). Null stays null; any other shape is
 * returned as it came.
 */
export function usWallClockText(text: string | null): string | null {
  if (text === null || !WALL_CLOCK_TEXT.test(text)) return text;
  const hour = (text.charCodeAt(11) - 48) * 10 + (text.charCodeAt(12) - 48);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${text.slice(5, 7)}/${text.slice(8, 10)}/${text.slice(0, 4)} ${two(h12)}:${text.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A calendar date ('YYYY-MM-DD') as mm/dd/yyyy; `unknown` (an exclusion's 1970-01-01 stand-in
 * for "not known", spec 000 §5) and null are left blank (issue 25).
 */
export function usDateCell(isoDate: string | null | undefined, unknown?: string): string {
  if (!isoDate || isoDate === unknown) return '';
  return formatUsDate(isoDate) ?? isoDate;
}

/**
 * The wall clock of `instant` in `timeZone` as a Date whose UTC fields hold it: an XLSX date
 * cell has no zone, and a spreadsheet shows its fields as they are.
 */
export function wallClock(instant: Date, timeZone: string = CONSTANTS.defaultTimeZone): Date {
  const { year, month, day, hour, minute } = localWallClock(instant, timeZone);
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

/** Number format of XLSX date cells (the spec's mm/dd/yyyy and 12-hour clock). */
export const XLSX_DATE_TIME_FORMAT = 'mm/dd/yyyy hh:mm AM/PM';

/** A cell for CSV: text, escaped. Dates → mm/dd/yyyy hh:mm AM (default zone unless the caller converts), booleans → Yes / No, null → ''. */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : usDateTime(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return escapeFormula(value);
}

/**
 * A cell for XLSX: numbers and dates keep their type, and a string holding a canonical number
 * becomes a number cell (issue 25: `-89.650148` is a number, not text to escape); other strings
 * escaped ('' → empty cell); booleans → Yes / No. Dates are written as given (the export writer
 * passes the wall clock, `wallClock`).
 */
export function xlsxCell(value: CellValue): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === '') return null;
  return isCanonicalNumber(value) ? Number(value) : escapeFormula(value);
}

/** A file name safe for Content-Disposition (ASCII, no quotes or separators). */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .slice(0, 120);
  return cleaned || 'download';
}

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
