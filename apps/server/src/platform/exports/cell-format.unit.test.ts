import { describe, expect, it } from 'vitest';
import { keysetBatches } from './export-definition';
import { selectColumns } from './export-writer';
import { csvCell, escapeFormula, safeFileName, xlsxCell } from './cell-format';
import { csvStream } from './export-writer';

describe('formula-injection escaping (security guide: = + - @ tab CR)', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil")'])('escapes %j', (v) => {
    expect(escapeFormula(v)).toBe(`'${v}`);
  });
  it.each(['a=1', 'Smith', '', ' =1', "'already"])('leaves %j alone', (v) => {
    expect(escapeFormula(v)).toBe(v);
  });
  it('formats CSV and XLSX cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('Yes');
    expect(csvCell(-5)).toBe('-5'); // numbers are values, not formulas
    expect(csvCell(new Date('2024-05-01T12:00:00Z'))).toBe('2024-05-01T12:00:00.000Z');
    expect(csvCell('-x')).toBe("'-x");
    expect(xlsxCell('')).toBeNull();
    expect(xlsxCell(false)).toBe('No');
    expect(xlsxCell('@x')).toBe("'@x");
    expect(xlsxCell(3)).toBe(3);
  });
  it('keeps file names header-safe', () => {
    expect(safeFileName('Exclusions "North" /2024.csv')).toBe('Exclusions_North_2024.csv');
  });
});

describe('column selection', () => {
  const cols = [1, 2, 3].map((id) => ({ id, header: `C${id}`, value: () => id }));
  it('all when absent, report order when given, spec message when empty', () => {
    expect(selectColumns(cols, undefined)).toHaveLength(3);
    expect(selectColumns(cols, '3,1').map((c) => c.id)).toEqual([1, 3]);
    expect(() => selectColumns(cols, '')).toThrow('Please select atleast one column to download the report.');
    expect(() => selectColumns(cols, ' , ')).toThrow('Please select atleast one column');
    expect(() => selectColumns(cols, '1,9')).toThrow('Unknown column: 9');
  });
});

describe('streaming helpers', () => {
  it('keysetBatches pages by cursor until a short batch', async () => {
    const data = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const calls: (number | null)[] = [];
    const out: number[] = [];
    for await (const r of keysetBatches(
      3,
      (r: { id: number }) => r.id,
      async (after) => {
        calls.push(after);
        return data.filter((d) => after === null || d.id > after).slice(0, 3);
      },
    )) {
      out.push(r.id);
    }
    expect(out).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls).toEqual([null, 3, 6]);
  });

  it('csvStream writes BOM, header and escaped rows', async () => {
    async function* rows() {
      yield { a: '=cmd', b: 1 };
      yield { a: 'x,y', b: null };
    }
    type Row = { a: string; b: number | null };
    const cols = [
      { id: 'a', header: 'A', value: (r: Row) => r.a },
      { id: 'b', header: 'B', value: (r: Row) => r.b },
    ];
    let text = '';
    for await (const chunk of csvStream(cols, rows())) text += chunk.toString();
    expect(text).toBe('\uFEFFA,B\r\n\'=cmd,1\r\n"x,y",\r\n');
  });
});
