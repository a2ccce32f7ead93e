import zlib from 'node:zlib';
import type { TFileFormat } from '@sv/contracts';
// the constants module alone: this file is what the parse worker loads, and the contracts' index
// (zod and every schema) would add seconds to a worker's start on a busy machine
import { IMPORT_LIMITS } from '@sv/contracts/constants';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
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
  rows: ParsedRow[];
}

export interface ParsedRow {
  rowNumber: number;
  cells: string[];
  /** indexes of cells longer than MAX_CELL_CHARS (cut to that length here; the pipeline rejects the row) */
  tooLong?: number[];
}

/**
 * Size caps of what a file may hold once read (issue 10 §3: one 4 MB cell stalled every request).
 * No import column takes more than 2,000 characters (exclusions' Reason), so a longer cell is an
 * error of its row; a record longer than MAX_ROW_CHARS stops the whole file (the CSV parser
 * cannot resynchronise after it), as does a row with more than MAX_COLUMNS cells.
 */
export const MAX_CELL_CHARS = 5_000;
export const MAX_ROW_CHARS = 64 * 1024;
export const MAX_COLUMNS = 200;
/**
 * Decompression-bomb guard (issue 10 §3): the bytes actually inflated from an XLSX, counted while
 * inflating, never the sizes the zip declares. A real 5 MB workbook inflates to about a third of
 * this (20,000 rows × 12 columns of varied text: 4 MB → 21 MB); a 1.5 MB file that inflates to
 * 1.5 GB is stopped after 64 MB of work.
 */
export const MAX_XLSX_INFLATED = 64 * 1024 * 1024;
/** Entries of an XLSX zip (a workbook has about ten; more is not a spreadsheet we wrote). */
export const MAX_ZIP_ENTRIES = 1_000;

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
  tooLargeUnpacked: `The file is too large once unpacked (an Excel file may hold at most ${MAX_XLSX_INFLATED / 1024 / 1024} MB of data). Split it into smaller files.`,
  tooSlow: 'The file took too long to read. Split it into smaller files or save it as CSV.',
  rowTooLong: (row: number) =>
    `Row ${row.toLocaleString('en-US')} is longer than ${MAX_ROW_CHARS / 1024} KB; import rows hold short values. Check the file and try again.`,
  tooManyColumns: (row: number) =>
    `Row ${row.toLocaleString('en-US')} has more than ${MAX_COLUMNS} columns. Check the file and try again.`,
  cellTooLong: `is longer than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters`,
  empty: 'The file is empty. Download the sample file to see the expected columns.',
  noRows: 'The file has a header row but no data rows.',
  /** the first row has none of the sample's columns: most often not an import file at all (audit 001 U5) */
  noColumns:
    'No column of the file matches the sample file. Upload a CSV (.csv) or Excel workbook (.xlsx) file whose first row is the sample file’s header row.',
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

/** Cuts cells longer than MAX_CELL_CHARS (the row is then rejected by the pipeline) and checks the row caps. */
function capRow(rowNumber: number, cells: string[]): ParsedRow {
  if (cells.length > MAX_COLUMNS) throw badRequest(MESSAGES_FILE.tooManyColumns(rowNumber));
  let total = 0;
  const tooLong: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    total += cells[i].length;
    if (cells[i].length > MAX_CELL_CHARS) {
      cells[i] = cells[i].slice(0, MAX_CELL_CHARS);
      tooLong.push(i);
    }
  }
  if (total > MAX_ROW_CHARS) throw badRequest(MESSAGES_FILE.rowTooLong(rowNumber));
  return tooLong.length > 0 ? { rowNumber, cells, tooLong } : { rowNumber, cells };
}

function finish(format: TFileFormat, all: ParsedRow[]): ParsedTable {
  const first = all.findIndex((r) => !isBlank(r.cells));
  if (first < 0) throw badRequest(MESSAGES_FILE.empty);
  const headers = all[first].cells;
  const rows = all.slice(first + 1).filter((r) => !isBlank(r.cells));
  // no data rows is said by the pipeline once the first row is known to be our header: a text
  // file of one line is not "a header row without data" (issue 25, audit 001 U5)
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
      // a record over the row cap stops the parser as soon as it gets there (issue 10 §3: a
      // 4 MB cell used to be read whole); the count is of characters, like MAX_ROW_CHARS
      max_record_size: MAX_ROW_CHARS,
    }) as string[][];
  } catch (err) {
    const e = err as { code?: string; lines?: number };
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw badRequest(MESSAGES_FILE.rowTooLong(e.lines ?? 1));
    const detail = err instanceof Error ? err.message.replace(/^Invalid Record Length: /, '').slice(0, 160) : 'error';
    throw badRequest(MESSAGES_FILE.corruptCsv(detail));
  }
  const all = records.map((cells, i) =>
    capRow(
      i + 1,
      cells.map((c) => c ?? ''),
    ),
  );
  // count the real number of lines when we stopped early, for the message
  if (all.length >= IMPORT_LIMITS.maxRows + 1000) {
    const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').length - 1;
    throw badRequest(MESSAGES_FILE.tooManyRows(lines));
  }
  return finish('csv', all);
}

const tooLargeUnpacked = () => new AppError('PAYLOAD_TOO_LARGE', MESSAGES_FILE.tooLargeUnpacked);

/**
 * Inflates every entry of an XLSX zip under one budget of MAX_XLSX_INFLATED bytes actually
 * produced (zlib stops at `maxOutputLength`, so a bomb costs at most the budget), and answers the
 * same workbook re-packed without compression, so exceljs (JSZip) inflates nothing itself and
 * only ever sees sizes we measured. The sizes the zip declares are not trusted (issue 10 §3: a
 * sheet declaring 4 KB inflated to 1.5 GB). Throws 400 for a damaged or encrypted zip, 413 over
 * the budget.
 */
export function inflateXlsx(buf: Buffer, budget = MAX_XLSX_INFLATED): Buffer {
  const corrupt = () => badRequest(MESSAGES_FILE.corruptXlsx);
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const count = buf.readUInt16LE(eocd + 10);
  if (count === 0xffff || count > MAX_ZIP_ENTRIES) throw corrupt(); // zip64 or not a workbook
  let p = buf.readUInt32LE(eocd + 16);
  let left = budget;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw corrupt();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLen > buf.length || local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) {
      throw corrupt();
    }
    if (flags & 0x1 || (method !== 0 && method !== 8)) throw corrupt(); // encrypted, or not deflate
    const name = buf.subarray(p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (compressed === 0xffffffff || start + compressed > buf.length) throw corrupt();
    const raw = buf.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) {
      data = raw;
    } else {
      try {
        data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, left) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLargeUnpacked();
        throw corrupt();
      }
    }
    if (data.length > left) throw tooLargeUnpacked();
    left -= data.length;

    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(flags & 0x0800, 6); // keep only "name is UTF-8"
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameLen, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags & 0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameLen, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, name, data);
    centrals.push(central, name);
    offset += 30 + nameLen + data.length;
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** One XLSX cell → the string the row schema sees. Date cells → MM/DD/YYYY (or ISO with time). */
export function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    // a date cell reads as the spec's mm/dd/yyyy (issue 25: an error file echoes the cells, and
    // wrote ISO dates back to the office); every date column parses it (parseDateCell)
    return iso.endsWith('T00:00:00.000Z') ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso;
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
  const stored = inflateXlsx(buf);
  // loaded on first use: a worker that only ever reads CSV files does not pay for it
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(stored as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(MESSAGES_FILE.corruptXlsx);
  }
  const ws = wb.worksheets.find((w) => w.state !== 'hidden' && w.actualRowCount > 0) ?? wb.worksheets[0];
  if (!ws) throw badRequest(MESSAGES_FILE.corruptXlsx);
  if (ws.actualRowCount > IMPORT_LIMITS.maxRows + 1) {
    throw badRequest(MESSAGES_FILE.tooManyRows(ws.actualRowCount - 1));
  }
  const all: ParsedRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    // cells are read by their column, but only up to the column cap: a single cell at column
    // XFD must not make us materialise 16,384 empty strings per row
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (c, col) => {
      if (col > MAX_COLUMNS) throw badRequest(MESSAGES_FILE.tooManyColumns(rowNumber));
      while (cells.length < col - 1) cells.push('');
      cells.push(xlsxCellText(c.value));
    });
    all.push(capRow(rowNumber, cells));
  });
  return finish('xlsx', all);
}

/** Parses a file whose format is known (what the parse worker runs). Throws AppError (413 / 400). */
export function parseImportFile(format: TFileFormat, buf: Buffer): Promise<ParsedTable> {
  return format === 'xlsx' ? parseXlsx(buf) : Promise.resolve(parseCsv(buf));
}

/**
 * The checks that cost nothing: size, emptiness and type (413 / 400 / 415). Run on the request
 * thread before a file is handed to the parse worker.
 */
export function checkImportFile(fileName: string, buf: Buffer): TFileFormat {
  if (buf.length > IMPORT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES_FILE.tooLarge);
  if (buf.length === 0) throw badRequest(MESSAGES_FILE.empty);
  return detectFormat(fileName, buf);
}
