import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keysetBatches, segmentedKeysetBatches } from './export-definition';
import { selectColumns } from './export-writer';
import {
  csvCell,
  csvRecord,
  escapeFormula,
  isCanonicalNumber,
  safeFileName,
  unescapeFormula,
  usDateCell,
  usDateTime,
  usWallClockText,
  xlsxCell,
} from './cell-format';
import { localWallClock } from '@sv/domain';
import { csvBatchStream, csvStream } from './export-writer';

describe('formula-injection escaping (security guide: = + - @ tab CR)', () => {
  it.each(['=1+1', '+1', '-1+2', '-A1', '- 1', '-1e3', '-x', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil")'])(
    'escapes %j',
    (v) => {
      expect(escapeFormula(v)).toBe(`'${v}`);
    },
  );
  it.each(['a=1', 'Smith', '', ' =1', "'already", 'Ｓmith', '２+2', 'é=1'])('leaves %j alone', (v) => {
    expect(escapeFormula(v)).toBe(v);
  });
  // issue 10 §5: full-width and other NFKC forms of = + - @ (and the minus sign)
  it.each([
    '＝1+1', // U+FF1D full-width equals
    '＋1', // U+FF0B
    '－1', // U+FF0D
    '＠SUM(A1)', // U+FF20
    '﹦1', // U+FE66 small equals
    '﹢1', // U+FE62 small plus
    '﹣1', // U+FE63 small hyphen-minus
    '﹫x', // U+FE6B small commercial at
    '⁼1', // U+207C superscript equals
    '⁺1', // U+207A superscript plus
    '⁻1', // U+207B superscript minus → U+2212
    '₌1', // U+208C subscript equals
    '−1', // U+2212 minus sign
    '﬩1', // U+FB29 Hebrew alternative plus
    '⩵x', // U+2A75 two consecutive equals
  ])('escapes the compatibility form %j', (v) => {
    expect(escapeFormula(v)).toBe(`'${v}`);
    expect(csvCell(v)).toBe(`'${v}`);
    expect(xlsxCell(v)).toBe(`'${v}`);
  });
  it('escapes exactly these non-ASCII first characters (every code point checked)', () => {
    const escaped: string[] = [];
    for (let cp = 0x80; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      const ch = String.fromCodePoint(cp);
      if (escapeFormula(`${ch}1`) !== `${ch}1`) escaped.push(cp.toString(16));
    }
    expect(escaped).toEqual([
      ...['207a', '207b', '207c', '208a', '208b', '208c', '2212', '2a75', '2a76'],
      ...['fb29', 'fe62', 'fe63', 'fe66', 'fe6b', 'ff0b', 'ff0d', 'ff1d', 'ff20'],
    ]);
  });
  it('formats CSV and XLSX cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('Yes');
    expect(csvCell(-5)).toBe('-5'); // numbers are values, not formulas
    // issue 25: the spec's mm/dd/yyyy and 12-hour clock, on a wall clock (Chicago by default)
    expect(csvCell(new Date('2024-05-01T12:00:00Z'))).toBe('05/01/2024 07:00 AM');
    expect(csvCell('-x')).toBe("'-x");
    expect(xlsxCell('')).toBeNull();
    expect(xlsxCell(false)).toBe('No');
    expect(xlsxCell('@x')).toBe("'@x");
    expect(xlsxCell(3)).toBe(3);
  });
});

describe('numbers are not formulas; the guard is undone on import (issue 25, ADR 0029)', () => {
  it.each(['-89.650148', '-5', '-0.5', '-.5', '12.5'])('leaves the plain number %j alone', (v) => {
    expect(escapeFormula(v)).toBe(v);
    expect(csvCell(v)).toBe(v);
  });
  it('writes canonical numbers as XLSX numbers and everything else as text', () => {
    expect(xlsxCell('-89.650148')).toBe(-89.650148);
    expect(xlsxCell('62701')).toBe(62701);
    for (const text of ['02134', '1.50', '-0', '1e5', '123456789012', 'Infinity', '-1+2'])
      expect(typeof xlsxCell(text)).toBe('string');
    expect(isCanonicalNumber('5555550199')).toBe(true);
  });
  it.each([
    ["'-Dash", '-Dash'],
    ["'@note", '@note'],
    ['\'=HYPERLINK("x")', '=HYPERLINK("x")'],
    ["'-89.650148", '-89.650148'], // written before the plain-number rule
    ["'＝1", '＝1'],
    ["'Tis", "'Tis"], // the user's own apostrophe
    ["O'Brien", "O'Brien"],
    ["'", "'"],
    ["''=1", "''=1"],
  ])('unescapes %j → %j', (cell, value) => {
    expect(unescapeFormula(cell)).toBe(value);
  });
  it('round-trips every string through the guard', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(unescapeFormula(escapeFormula(s))).toBe(s.startsWith("'") && /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);
      }),
    );
  });
  it('writes dates as mm/dd/yyyy and leaves the unknown date of birth blank', () => {
    expect(usDateCell('1980-04-15')).toBe('04/15/1980');
    expect(usDateCell('1970-01-01', '1970-01-01')).toBe('');
    expect(usDateCell(null)).toBe('');
    expect(usDateTime(new Date('2026-11-27T19:05:00Z'), 'America/Chicago')).toBe('11/27/2026 01:05 PM');
    expect(usDateTime(new Date('2026-11-27T06:00:00Z'), 'America/Chicago')).toBe('11/27/2026 12:00 AM');
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

  it('segmentedKeysetBatches reads segments side by side and writes every row once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async (n, size, ahead, delays, newerMeanwhile) => {
          // newest first: ids descending; rows that arrive after the boundaries are read go at the end
          const data = Array.from({ length: n }, (_, i) => ({ id: n - i }));
          let call = 0;
          const inFlight = { now: 0, max: 0 };
          const out: number[] = [];
          for await (const r of segmentedKeysetBatches(
            size,
            (r: { id: number }) => r.id,
            async () => {
              // a newer row written while the first segment is being read (issue 24 §6: it is
              // fetched beside the boundaries), so that segment's end may have moved
              if (newerMeanwhile) data.unshift({ id: n + 1 });
              const ends = data.filter((_, i) => (i + 1) % size === 0).map((r) => r.id);
              data.push({ id: 0 }); // an older row written meanwhile: read by the open end
              return ends;
            },
            async (after, upTo, limit) => {
              inFlight.now++;
              inFlight.max = Math.max(inFlight.max, inFlight.now);
              // a query reads the rows as they are when it starts
              const rows = data.filter((d) => (after === null || d.id < after) && (upTo === null || d.id >= upTo));
              await new Promise((resolve) => setTimeout(resolve, delays[call++ % delays.length]));
              inFlight.now--;
              return limit === null ? rows : rows.slice(0, limit);
            },
            ahead,
          )) {
            out.push(r.id);
          }
          expect(out).toEqual(data.map((d) => d.id));
          expect(inFlight.max).toBeLessThanOrEqual(ahead);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('segmentedKeysetBatches reads the first segment while the boundaries are read (issue 24 §6)', async () => {
    const data = Array.from({ length: 7 }, (_, i) => ({ id: 7 - i }));
    const calls: string[] = [];
    let headAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      headAsked = resolve;
    });
    const out: number[] = [];
    for await (const r of segmentedKeysetBatches(
      3,
      (r: { id: number }) => r.id,
      async () => {
        await asked; // answers only once the head segment has been asked for
        calls.push('boundaries');
        return [5, 2];
      },
      async (after, upTo, limit) => {
        calls.push(`${after}..${upTo}/${limit}`);
        headAsked();
        const rows = data.filter((d) => (after === null || d.id < after) && (upTo === null || d.id >= upTo));
        return limit === null ? rows : rows.slice(0, limit);
      },
    ))
      out.push(r.id);
    expect(out).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // the head (first 3 rows) ended on the first boundary: kept, not read again
    expect(calls).toEqual(['null..null/3', 'boundaries', '5..2/null', '2..null/3']);
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

  it('csvBatchStream writes what csvStream writes, whatever the batches (issue 24 §6)', async () => {
    type Row = { a: string; b: number | null };
    const cols = [
      { id: 'a', header: 'A', value: (r: Row) => r.a },
      { id: 'b', header: 'B', value: (r: Row) => r.b },
    ];
    const read = async (s: AsyncIterable<Buffer | string>) => {
      let text = '';
      for await (const chunk of s) text += chunk.toString();
      return text;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ a: fc.string(), b: fc.option(fc.integer()) }), { maxLength: 1200 }),
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 5 }),
        async (rows, sizes) => {
          async function* one() {
            yield* rows;
          }
          async function* batches() {
            for (let i = 0, k = 0; i < rows.length; k++) {
              const n = sizes[k % sizes.length];
              yield rows.slice(i, i + n);
              i += n;
            }
          }
          expect(await read(csvBatchStream(cols, batches()))).toBe(await read(csvStream(cols, one())));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('csvRecord round-trips any cells through an RFC 4180 parser (a lone LF is quoted too)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 8 }), (cells) => {
        expect(parse(csvRecord(cells), { record_delimiter: '\r\n', relax_column_count: true })).toEqual([cells]);
      }),
      { numRuns: 2000 },
    );
  }, 30_000); // 2,000 runs: seconds on a busy machine

  it('the ASCII fast path of escapeFormula agrees with the NFKC rule for every ASCII first character', () => {
    for (let c = 0; c < 0x80; c++) {
      const v = `${String.fromCharCode(c)}x`;
      const byRule = /^[=+\-@\u2212\t\r]/.test(String.fromCharCode(c).normalize('NFKC')) ? `'${v}` : v;
      expect(escapeFormula(v)).toBe(byRule);
    }
  });
});

describe('usWallClockText: a timestamp the database wrote as mm/dd/yyyy hh:mm AM (issue 24 §6)', () => {
  it.each([
    ['2026-03-18 10:00:00', '03/18/2026 10:00 AM'],
    ['2026-03-18 00:05:00', '03/18/2026 12:05 AM'],
    ['2026-03-18 12:30:00', '03/18/2026 12:30 PM'],
    ['2026-12-31 23:59:59.999999', '12/31/2026 11:59 PM'],
    ['2026-01-02 09:07:00.5', '01/02/2026 09:07 AM'],
    ['2026-07-04 13:45:00', '07/04/2026 01:45 PM'],
  ])('%s → %s (what to_char(…, MM/DD/YYYY HH12:MI AM) writes)', (text, us) => {
    expect(usWallClockText(text)).toBe(us);
  });

  it('leaves null and other shapes as they came', () => {
    expect(usWallClockText(null)).toBeNull();
    expect(usWallClockText('infinity')).toBe('infinity');
  });

  it('agrees with usDateTime for any instant and zone', () => {
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom('America/Chicago', 'America/New_York', 'America/Denver', 'Pacific/Honolulu', 'UTC'),
        (ms, zone) => {
          const p = localWallClock(new Date(ms), zone);
          const text = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
          expect(usWallClockText(text)).toBe(usDateTime(new Date(ms), zone));
        },
      ),
      { numRuns: 300 },
    );
  });
});
