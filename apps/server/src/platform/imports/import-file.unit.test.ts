import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cell, parseDateCell } from './import-definition';
import ExcelJS from 'exceljs';
import { csvWithHugeCell, deflateBomb, xlsxBomb } from './bomb.fixtures';
import {
  decodeText,
  detectFormat,
  inflateXlsx,
  MAX_CELL_CHARS,
  MAX_XLSX_INFLATED,
  MESSAGES_FILE,
  parseCsv,
  parseXlsx,
  sniff,
  xlsxCellText,
} from './import-file';
import { matchHeaders, normalizeHeader, reasonOf } from './import-pipeline';

describe('file type by content and name', () => {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
  it('sniffs magic bytes', () => {
    expect(sniff(zip)).toBe('zip');
    expect(sniff(Buffer.from('Name,Email\r\n'))).toBe('text');
    expect(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('binary');
    expect(sniff(Buffer.from('%PDF-1.7\n'))).toBe('binary');
    expect(sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))).toBe('ole');
  });
  it('needs name and content to agree', () => {
    expect(detectFormat('a.XLSX', zip)).toBe('xlsx');
    expect(detectFormat('a.csv', Buffer.from('x'))).toBe('csv');
    expect(() => detectFormat('a.csv', zip)).toThrow(/named \.csv/);
    expect(() => detectFormat('a.xlsx', Buffer.from('x'))).toThrow(/named \.xlsx/);
    expect(() => detectFormat('a.json', Buffer.from('x'))).toThrow(/not supported/);
    expect(() => detectFormat('a.csv', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toThrow(/not supported/);
  });
  it('decodes UTF-8, UTF-16 and Windows-1252', () => {
    expect(decodeText(Buffer.from('José', 'utf8'))).toBe('José');
    expect(decodeText(Buffer.from([0x4a, 0x6f, 0x73, 0xe9]))).toBe('José');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Jo', 'utf16le')]))).toBe('Jo');
  });
  it('rejects a zip without a central directory', () => {
    expect(() => inflateXlsx(Buffer.alloc(100))).toThrow(MESSAGES_FILE.corruptXlsx);
  });
});

describe('decompression bombs and size caps (issue 10 §3)', () => {
  it('the bomb builder makes a real deflate stream of the size it claims', () => {
    const out = zlib.inflateRawSync(deflateBomb('<a>', 3, '</a>'));
    expect(out.length).toBe(3 + 3 * 1024 * 1024 + 4);
    expect(out.subarray(0, 3).toString()).toBe('<a>');
  });

  it('counts the bytes actually inflated, not the 4 KB the sheet declares', async () => {
    const { file, inflatedBytes } = await xlsxBomb(['Name'], ['Bomb'], 200);
    expect(inflatedBytes).toBeGreaterThan(MAX_XLSX_INFLATED);
    const started = performance.now();
    expect(() => inflateXlsx(file)).toThrow(MESSAGES_FILE.tooLargeUnpacked);
    // stopped at the budget: far less work than inflating 200 MB and parsing it
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect(parseXlsx(file)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reads a workbook whose real size is under the budget, whatever it declares', async () => {
    const { file } = await xlsxBomb(['Name'], ['Under Budget'], 2, 10);
    const table = await parseXlsx(file);
    expect(table.headers).toEqual(['Name']);
    expect(table.rows).toEqual([{ rowNumber: 2, cells: ['Under Budget'] }]);
  });

  it('refuses an encrypted or unknown-method entry as damaged', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Data').addRow(['Name']);
    const good = Buffer.from(await wb.xlsx.writeBuffer());
    const bad = Buffer.from(good);
    let p = bad.length - 22;
    while (bad.readUInt32LE(p) !== 0x06054b50) p--;
    bad.writeUInt16LE(1, bad.readUInt32LE(p + 16) + 8); // first entry: "encrypted"
    expect(() => inflateXlsx(bad)).toThrow(MESSAGES_FILE.corruptXlsx);
    expect(inflateXlsx(good).length).toBeGreaterThan(good.length);
  });

  it('stops a CSV at the row cap instead of reading a 4 MB cell', () => {
    const started = performance.now();
    expect(() => parseCsv(csvWithHugeCell(['Name', 'Note'], ['A'], 4 * 1024 * 1024))).toThrow(
      MESSAGES_FILE.rowTooLong(2),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('cuts a cell over the cell cap and marks its row', () => {
    const t = parseCsv(Buffer.from(`Name,Note\r\nA,${'z'.repeat(MAX_CELL_CHARS + 1)}\r\nB,ok\r\n`));
    expect(t.rows[0].tooLong).toEqual([1]);
    expect(t.rows[0].cells[1]).toHaveLength(MAX_CELL_CHARS);
    expect(t.rows[1].tooLong).toBeUndefined();
  });

  it('refuses a row with more columns than the cap', async () => {
    expect(() => parseCsv(Buffer.from(`Name\r\n${'a,'.repeat(300)}\r\n`))).toThrow(MESSAGES_FILE.tooManyColumns(2));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Name']);
    ws.getCell('XFD2').value = 'far away';
    ws.getCell('A2').value = 'Near';
    await expect(parseXlsx(Buffer.from(await wb.xlsx.writeBuffer()))).rejects.toThrow(MESSAGES_FILE.tooManyColumns(2));
  });
});

describe('CSV reading', () => {
  it('keeps row numbers, drops blank rows, trims cells', () => {
    const t = parseCsv(Buffer.from('\uFEFFName , Email\r\n A ,a@b.org\r\n,\r\nB,\r\n'));
    expect(t.headers).toEqual(['Name', 'Email']);
    expect(t.rows).toEqual([
      { rowNumber: 2, cells: ['A', 'a@b.org'] },
      { rowNumber: 4, cells: ['B', ''] },
    ]);
  });
});

describe('header matching and reasons', () => {
  const columns = [
    { key: 'lastName', header: 'Last Name', required: true, example: 'Doe' },
    { key: 'dob', header: 'Date of Birth', example: '01/02/1980' },
  ];
  it('matches header text or key, ignoring case, spaces and punctuation', () => {
    expect(normalizeHeader(' Last-Name* ')).toBe('lastname');
    expect([...matchHeaders(columns, ['DOB', 'last name'])]).toEqual([
      ['lastName', 1],
      ['dob', 0],
    ]);
    expect(() => matchHeaders(columns, ['dob'])).toThrow('missing the column Last Name');
  });
  it('names the column in a reason', () => {
    const schema = z.object({ lastName: cell.text(5), dob: cell.optionalDate() });
    const r = schema.safeParse({ lastName: '', dob: '13/45/2000' });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(reasonOf(r.error, columns)).toBe('Last Name: is required; Date of Birth: must be a date (MM/DD/YYYY)');
  });
});

describe('cell helpers', () => {
  it('parses dates strictly', () => {
    expect(parseDateCell('1/2/1980')).toBe('1980-01-02');
    expect(parseDateCell('1980-01-02')).toBe('1980-01-02');
    expect(parseDateCell('02/30/2020')).toBeNull();
    expect(parseDateCell('yesterday')).toBeNull();
  });
  it('parses yes/no, ints, e-mails', () => {
    expect(cell.yesNo(true).parse('')).toBe(true);
    expect(cell.yesNo(true).parse('No')).toBe(false);
    expect(cell.yesNo(false).safeParse('maybe').success).toBe(false);
    expect(cell.optionalInt().parse('42')).toBe(42);
    expect(cell.optionalInt().safeParse('4.2').success).toBe(false);
    expect(cell.optionalEmail().parse('A@B.org')).toBe('a@b.org');
    expect(cell.optionalText().parse('')).toBeNull();
  });
  it('reads XLSX cell values as strings', () => {
    expect(xlsxCellText(new Date(Date.UTC(2020, 1, 3)))).toBe('02/03/2020'); // issue 25: the spec's format
    expect(xlsxCellText(60062)).toBe('60062');
    expect(xlsxCellText({ richText: [{ text: 'A' }, { text: 'b' }] })).toBe('Ab');
    expect(xlsxCellText({ formula: 'A1', result: 7 } as never)).toBe('7');
    expect(xlsxCellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(xlsxCellText(null)).toBe('');
  });
});
