import { describe, expect, it } from 'vitest';
import { NAME_WARNING_MESSAGES, nameWarnings } from './name-warnings';

describe('nameWarnings (issue 22: what staff are told about a stored name)', () => {
  it('says nothing about a clean name, nor about stray spaces', () => {
    expect(nameWarnings('Zara', '', 'Excludedperson')).toEqual([]);
    expect(nameWarnings('Zara ', 'Ann  Marie', 'Excludedperson')).toEqual([]);
    expect(nameWarnings('José', '', 'Núñez-O’Brien')).toEqual([]);
  });

  it('names a look-alike letter from another alphabet', () => {
    expect(nameWarnings('Zara', '', 'Excludedpers\u043En')).toEqual([
      'Name mixes alphabets: Cyrillic "\u043E" in "Excludedpers\u043En"',
    ]);
  });

  it('says when a stored name still holds invisible characters, showing it without them', () => {
    expect(nameWarnings('Za\u200Bra', '', 'Excluded\u00ADperson')).toEqual([
      NAME_WARNING_MESSAGES.invisible('Zara Excludedperson'),
    ]);
  });

  it('says when a stored name uses full-width or mathematical letters', () => {
    expect(nameWarnings('\uFF3A\uFF41\uFF52\uFF41', '', 'Excludedperson')).toEqual([
      NAME_WARNING_MESSAGES.styled('Zara Excludedperson'),
    ]);
  });

  it('reports a mixed alphabet and invisible characters together', () => {
    expect(nameWarnings('Zar\u0430', '', 'Ex\u200Bcluded')).toHaveLength(2);
  });
});
