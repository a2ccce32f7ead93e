import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cell, parseDateCell } from './import-definition';
import { decodeText, detectFormat, parseCsv, sniff, xlsxCellText, zipUncompressedSize } from './import-file';
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
    expect(zipUncompressedSize(Buffer.alloc(100))).toBeNull();
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
    expect(xlsxCellText(new Date(Date.UTC(2020, 1, 3)))).toBe('2020-02-03');
    expect(xlsxCellText(60062)).toBe('60062');
    expect(xlsxCellText({ richText: [{ text: 'A' }, { text: 'b' }] })).toBe('Ab');
    expect(xlsxCellText({ formula: 'A1', result: 7 } as never)).toBe('7');
    expect(xlsxCellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(xlsxCellText(null)).toBe('');
  });
});
