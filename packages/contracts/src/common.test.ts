import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isStorableText,
  MAX_ID,
  optionalPersonName,
  personName,
  ZId,
  ZIdParam,
  ZIdText,
  ZIsoDate,
  ZString,
  zText,
} from './common';

/** Issue 10 §2: the one id, text and date schemas every request contract builds on. */
describe('ZId / ZIdText', () => {
  it('accepts 1 … 2^31 − 1 and refuses what a PostgreSQL integer cannot hold', () => {
    expect(ZId.parse(1)).toBe(1);
    expect(ZId.parse(MAX_ID)).toBe(2_147_483_647);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.NaN])
      expect(ZId.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('reads ids from path and query text the same way', () => {
    expect(ZIdParam.parse({ id: '42' })).toEqual({ id: 42 });
    expect(ZIdText.parse(7)).toBe(7);
    for (const bad of ['2147483648', '99999999999999999999', '-1', '0', 'abc', '', '1.5']) {
      expect(ZIdText.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('ZString / zText', () => {
  it('refuses NUL and lone surrogates, keeps surrogate pairs', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFF', '\uDBFF\uDBFF', '\uDC00\uD800']) {
      expect(ZString.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const ok of ['', 'Ann', '😀', 'é', '\t\r\n', '\uD83D\uDE00']) expect(ZString.parse(ok)).toBe(ok);
  });

  it('trims and limits', () => {
    expect(zText(5).parse('  abc  ')).toBe('abc');
    expect(zText(5).safeParse('abcdef').success).toBe(false);
    expect(zText(5).safeParse(' a\u0000 ').success).toBe(false);
  });

  it('agrees with the platform: storable text is exactly what encodes to UTF-8 and back without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (s) => {
        const roundTrips = Buffer.from(s, 'utf8').toString('utf8') === s;
        expect(isStorableText(s)).toBe(roundTrips && !s.includes('\u0000'));
      }),
    );
  });
});

describe('ZIsoDate', () => {
  it('accepts calendar dates that exist', () => {
    for (const ok of ['2026-01-31', '2024-02-29', '2000-02-29', '1900-01-01', '2100-12-31'])
      expect(ZIsoDate.parse(ok)).toBe(ok);
  });

  it('refuses impossible ones and other shapes', () => {
    for (const bad of [
      '2026-02-30',
      '0000-00-00',
      '0000-01-01',
      '2025-02-29',
      '1900-02-29',
      '2025-04-31',
      '2025-13-01',
      '2025-00-10',
      '2026-1-1',
      '2026-01-01T00:00:00Z',
      // issue 23 §5: years outside 1900-2100
      '0001-01-01',
      '1899-12-31',
      '2101-01-01',
      '9999-12-31',
    ]) {
      expect(ZIsoDate.safeParse(bad).success, bad).toBe(false);
    }
  });
});

/** Issue 22 / issue 23 §5: the one person-name schema every entry point uses. */
describe('personName', () => {
  const first = personName({ required: 'Enter a first name', max: 80 });
  const characters = 'A name can contain only letters, spaces, apostrophes, hyphens and periods.';
  const message = (value: string) => {
    const r = first.safeParse(value);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('stores the cleaned name: invisible characters removed, spaces collapsed, NFKC', () => {
    expect(first.parse('Za\u200Bra')).toBe('Zara');
    expect(first.parse('  Mary   Ann\u00AD ')).toBe('Mary Ann');
    expect(first.parse('\uFF2Aohn')).toBe('John');
  });

  it('accepts letters of any script, combining marks, apostrophes, hyphens and periods', () => {
    for (const ok of ["Zoë O'Brien-Núñez Jr.", 'Иван', '李', 'Zoe\u0308', 'D’Angelo', 'Ngũgĩ wa Thiong’o'])
      expect(message(ok), ok).toBeNull();
  });

  it('refuses digits, links, symbols and line breaks with a sentence', () => {
    for (const bad of [
      '123',
      'Visitor 1',
      'http://x.y',
      'Ann\nSmith',
      'Ann\r\nSmith',
      'Ann\u2028Smith',
      'Ann\tSmith',
      '<b>',
      'a@b',
    ])
      expect(message(bad), JSON.stringify(bad)).toBe(characters);
    expect(message('.-')).toBe('A name must contain at least one letter.');
    expect(message('\u200B')).toBe('Enter a first name');
    expect(message('')).toBe('Enter a first name');
    expect(message('a'.repeat(81))).toBe('Use at most 80 characters');
  });

  it('an optional name answers "" when absent and keeps the rule', () => {
    const middle = optionalPersonName(80);
    expect(middle.parse(undefined)).toBe('');
    expect(middle.parse('')).toBe('');
    expect(middle.safeParse('J2').success).toBe(false);
  });
});
