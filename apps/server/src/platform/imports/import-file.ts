import { IMPORT_LIMITS, type TFileFormat } from '@sv/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../http/app-error';

/**
 * Reading an uploaded import file (issue 3): the type is decided by content (magic bytes) and
 * extension together; anything that is not a CSV text file or an XLSX workbook is refused with
 * 415 and a clear message, a damaged workbook or CSV with 400, before anything is written.
 */

export interface ParsedTable {
  format: TFileFormat;
  /** header row as written in the file */
  headers: string[];
  /** data rows (blank rows dropped) with their row number in the file (header = row 1) */
  rows: { rowNumber: number; cells: string[] }[];
}

export const MESSAGES_FILE = {
  wrongType: 'This file type is not supported. Upload a CSV (.csv) or Excel workbook (.xlsx) file.',
  legacyXls: 'Excel 97-2003 (.xls) files are not supported. Save the file as .xlsx or .csv and upload it again.',
  mismatch: (ext: string, actual: string) =>
    `The file is named ${ext} but its content is ${actual}. Save it as a CSV (.csv) or Excel workbook (.xlsx) and upload it again.`,
  corruptXlsx:
    'The Excel file could not be read; it may be damaged. Open it in Excel, save it again as .xlsx and retry.',
  corruptCsv: (detail: string) => `The CSV file could not be read (${detail}). Check the quotes and try again.`,
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB. Split it into smaller files.`,
  tooManyRows: (n: number) =>
    `The file has ${n.toLocaleString('en-US')} data rows; at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`,
  empty: 'The file is empty. Download the sample file to see the expected columns.',
  noRows: 'The file has a header row but no data rows.',
} as const;

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

type Sniffed = 'zip' | 'text' | 'utf16' | 'ole' | 'binary';

/** What the bytes are, regardless of the name. */
export function sniff(buf: Buffer): Sniffed {
  const b = buf.subarray(0, 8);
  if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip';
  if (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) return 'ole';
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return 'utf16';
  const head = buf.subarray(0, 8192);
  if (head.includes(0)) return 'binary'; // images, PDFs, executables, empty zips ('PK\x05\x06') …
  // PNG, JPEG, GIF, PDF, gzip have bytes no text file starts with; most hold NULs early anyway
  if (b[0] === 0x89 || (b[0] === 0xff && b[1] === 0xd8) || b[0] === 0x1f) return 'binary';
  if (b.subarray(0, 4).toString('latin1') === 'GIF8' || b.subarray(0, 5).toString('latin1') === '%PDF-') {
    return 'binary';
  }
  return 'text';
}

/** Decides the format from name + content, or throws 415 with a message the user can act on. */
export function detectFormat(fileName: string, buf: Buffer): TFileFormat {
  const ext = (/\.[^.]+$/.exec(fileName.toLowerCase())?.[0] ?? '') as string;
  const kind = sniff(buf);
  if (kind === 'ole') throw unsupported(MESSAGES_FILE.legacyXls);
  if (kind === 'binary') throw unsupported(MESSAGES_FILE.wrongType);
  if (ext === '.xlsx') {
    if (kind !== 'zip') throw unsupported(MESSAGES_FILE.mismatch('.xlsx', 'text'));
    return 'xlsx';
  }
  if (ext === '.csv' || ext === '.txt') {
    if (kind === 'zip') throw unsupported(MESSAGES_FILE.mismatch(ext, 'an Excel workbook or other zip archive'));
    return 'csv';
  }
  throw unsupported(MESSAGES_FILE.wrongType);
}

/** CSV text: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252 (what older Excel writes). */
export function decodeText(buf: Buffer): string {
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}

const isBlank = (cells: string[]) => cells.every((c) => c === '');

function finish(format: TFileFormat, all: { rowNumber: number; cells: string[] }[]): ParsedTable {
  const first = all.findIndex((r) => !isBlank(r.cells));
  if (first < 0) throw badRequest(MESSAGES_FILE.empty);
  const headers = all[first].cells;
  const rows = all.slice(first + 1).filter((r) => !isBlank(r.cells));
  if (rows.length === 0) throw badRequest(MESSAGES_FILE.noRows);
  if (rows.length > IMPORT_LIMITS.maxRows) throw badRequest(MESSAGES_FILE.tooManyRows(rows.length));
  return { format, headers, rows };
}

export function parseCsv(buf: Buffer): ParsedTable {
  const text = decodeText(buf);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      // stop early instead of parsing a huge file only to refuse it
      to_line: IMPORT_LIMITS.maxRows + 1000,
    }) as string[][];
  } catch (err) {
    const detail = err instanceof Error ? err.message.replace(/^Invalid Record Length: /, '').slice(0, 160) : 'error';
    throw badRequest(MESSAGES_FILE.corruptCsv(detail));
  }
  const all = records.map((cells, i) => ({ rowNumber: i + 1, cells: cells.map((c) => c ?? '') }));
  // count the real number of lines when we stopped early, for the message
  if (all.length >= IMPORT_LIMITS.maxRows + 1000) {
    const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').length - 1;
    throw badRequest(MESSAGES_FILE.tooManyRows(lines));
  }
  return finish('csv', all);
}

/**
 * Decompression-bomb guard: sums the uncompressed sizes in the zip's central directory before
 * exceljs inflates anything. A 5 MB upload may expand to at most 150 MB.
 */
export const MAX_XLSX_UNCOMPRESSED = 150 * 1024 * 1024;
export function zipUncompressedSize(buf: Buffer): number | null {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const size = buf.readUInt32LE(p + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY; // zip64: far beyond any sane sheet
    total += size;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
}

/** One XLSX cell → the string the row schema sees. Date cells → YYYY-MM-DD (or ISO with time). */
export function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    }
    if ('formula' in value || 'sharedFormula' in value) {
      return xlsxCellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    }
    if ('text' in value) {
      const t = (value as { text: unknown }).text;
      return typeof t === 'string' ? t.trim() : xlsxCellText(t as ExcelJS.CellValue);
    }
    if ('error' in value) return '';
  }
  return '';
}

export async function parseXlsx(buf: Buffer): Promise<ParsedTable> {
  const size = zipUncompressedSize(buf);
  if (size === null) throw badRequest(MESSAGES_FILE.corruptXlsx);
  if (size > MAX_XLSX_UNCOMPRESSED) throw badRequest(MESSAGES_FILE.tooLarge);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(MESSAGES_FILE.corruptXlsx);
  }
  const ws = wb.worksheets.find((w) => w.state !== 'hidden' && w.actualRowCount > 0) ?? wb.worksheets[0];
  if (!ws) throw badRequest(MESSAGES_FILE.corruptXlsx);
  if (ws.actualRowCount > IMPORT_LIMITS.maxRows + 1) {
    throw badRequest(MESSAGES_FILE.tooManyRows(ws.actualRowCount - 1));
  }
  const all: { rowNumber: number; cells: string[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    const count = row.cellCount;
    for (let c = 1; c <= count; c++) cells.push(xlsxCellText(row.getCell(c).value));
    all.push({ rowNumber, cells });
  });
  return finish('xlsx', all);
}

/** Type check, size check and parse. Throws AppError (413 / 415 / 400) and never writes anything. */
export async function readImportFile(fileName: string, buf: Buffer): Promise<ParsedTable> {
  if (buf.length > IMPORT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES_FILE.tooLarge);
  if (buf.length === 0) throw badRequest(MESSAGES_FILE.empty);
  const format = detectFormat(fileName, buf);
  return format === 'xlsx' ? parseXlsx(buf) : parseCsv(buf);
}
