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

export function escapeFormula(value: string): string {
  const first = value.codePointAt(0);
  if (first === undefined) return value;
  // ASCII is its own NFKC form: only = + - @ TAB CR start a formula (the common case, without
  // normalize(), which was a large share of an export's CPU)
  if (first < 0x80)
    return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13
      ? `'${value}`
      : value;
  return FORMULA_START.test(String.fromCodePoint(first).normalize('NFKC')) ? `'${value}` : value;
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

/** A cell for CSV: text, escaped. Dates → ISO 8601 (UTC), booleans → Yes / No, null → ''. */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return escapeFormula(value);
}

/** A cell for XLSX: numbers and dates keep their type; strings escaped ('' → empty cell); booleans → Yes / No. */
export function xlsxCell(value: CellValue): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value === '' ? null : escapeFormula(value);
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
