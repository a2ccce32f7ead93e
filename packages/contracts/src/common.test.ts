import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText, MAX_ID, ZId, ZIdParam, ZIdText, ZIsoDate, ZString, zText } from './common';

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
