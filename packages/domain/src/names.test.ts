import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCommonGivenName, isNicknamePair, NICKNAME_GROUPS } from './given-names';
import {
  editDistance,
  fullNormalizeName,
  isWithinOneEdit,
  nameKey,
  nameSimilarity,
  normalizeName,
  soundex,
} from './names';

describe('normalizeName / nameKey', () => {
  it('removes case, accents and punctuation', () => {
    expect(normalizeName("  O'Brien-Núñez  Jr. ")).toBe('OBRIEN NUNEZ JR');
    expect(nameKey('Van Dyke')).toBe(nameKey('VAN-DYKE'));
    expect(nameKey('Zoë')).toBe('ZOE');
    expect(nameKey(null)).toBe('');
  });

  it('gives the general answer on its fast path and from its memo (property)', () => {
    const nameLike = fc.stringMatching(/^[A-Za-z0-9 '.\-éñÑü]{0,20}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), nameLike), (s) => {
        expect(normalizeName(s)).toBe(fullNormalizeName(s));
        expect(normalizeName(s)).toBe(fullNormalizeName(s)); // second call: from the memo
      }),
    );
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normalizeName(normalizeName(s))).toBe(normalizeName(s));
        expect(nameKey(nameKey(s))).toBe(nameKey(s));
      }),
    );
  });
});

describe('soundex', () => {
  it.each([
    ['Robert', 'R163'],
    ['Rupert', 'R163'],
    ['Rubin', 'R150'],
    ['Ashcraft', 'A261'],
    ['Ashcroft', 'A261'],
    ['Tymczak', 'T522'],
    ['Pfister', 'P236'],
    ['Honeyman', 'H555'],
    ['Lee', 'L000'],
    ["O'Hara", 'O600'],
  ])('%s → %s', (name, code) => {
    expect(soundex(name)).toBe(code);
  });

  it('is empty for a name without letters', () => {
    expect(soundex(' - ')).toBe('');
  });
});

describe('isWithinOneEdit', () => {
  it('answers editDistance(a, b) <= 1 without the matrix', () => {
    expect(isWithinOneEdit('SMITH', 'SMYTH')).toBe(true);
    expect(isWithinOneEdit('SMITH', 'SMTIH')).toBe(true);
    expect(isWithinOneEdit('SMITH', 'MSITH')).toBe(true);
    expect(isWithinOneEdit('SMITH', 'SMITHE')).toBe(true);
    expect(isWithinOneEdit('SMITH', 'MITH')).toBe(true);
    expect(isWithinOneEdit('SMITH', 'SMIHT')).toBe(true);
    expect(isWithinOneEdit('SMITH', 'SIMTH')).toBe(true);
    expect(isWithinOneEdit('SMITH', 'SMYTHE')).toBe(false);
    expect(isWithinOneEdit('SMITH', 'HTIMS')).toBe(false);
    expect(isWithinOneEdit('', 'A')).toBe(true);
    expect(isWithinOneEdit('', 'AB')).toBe(false);
  });
  it('agrees with editDistance on any strings (small alphabet, so near pairs are common)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'm', 'r', 'n'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(isWithinOneEdit(a, b)).toBe(editDistance(a, b) <= 1);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(editDistance('SMITH', 'SMITH')).toBe(0);
    expect(editDistance('SMITH', 'SMYTH')).toBe(1);
    expect(editDistance('SMITH', 'SMTIH')).toBe(1);
    expect(editDistance('SMITH', 'SMITHE')).toBe(1);
    expect(editDistance('KITTEN', 'SITTING')).toBe(3);
    expect(editDistance('', 'ABC')).toBe(3);
  });

  it('is symmetric and zero only for equal strings (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a === b);
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe('nameSimilarity', () => {
  it('ranks exact, one-typo (5+ letters) and phonetic agreement', () => {
    expect(nameSimilarity('SMITH', 'SMITH')).toBe('exact');
    expect(nameSimilarity('JOHNSON', 'JONSON')).toBe('typo');
    expect(nameSimilarity('SMITH', 'SMYTHE')).toBe('phonetic');
    expect(nameSimilarity('ANN', 'ANA')).toBe('phonetic');
    expect(nameSimilarity('LEE', 'LI')).toBe('phonetic');
    expect(nameSimilarity('SMITH', 'JONES')).toBeNull();
    expect(nameSimilarity('', 'JONES')).toBeNull();
  });
});

describe('given names', () => {
  it('pairs formal names and nicknames both ways', () => {
    expect(isNicknamePair('BOB', 'ROBERT')).toBe(true);
    expect(isNicknamePair('ROBERT', 'BOB')).toBe(true);
    expect(isNicknamePair('PEGGY', 'MARGARET')).toBe(true);
    expect(isNicknamePair('BOB', 'BOBBY')).toBe(false);
    expect(isNicknamePair('ROBERT', 'ROBERT')).toBe(false);
    expect(isNicknamePair('ROBERT', 'WILLIAM')).toBe(false);
  });

  it('has about 150 nickname pairs', () => {
    const pairs = NICKNAME_GROUPS.reduce((n, group) => n + group.length - 1, 0);
    expect(pairs).toBeGreaterThanOrEqual(150);
    for (const group of NICKNAME_GROUPS) for (const name of group) expect(name).toMatch(/^[A-Z]+$/);
  });

  it('knows common given names', () => {
    expect(isCommonGivenName('AMANDA')).toBe(true);
    expect(isCommonGivenName('ADAM')).toBe(true);
    expect(isCommonGivenName('XQZ')).toBe(false);
  });
});
