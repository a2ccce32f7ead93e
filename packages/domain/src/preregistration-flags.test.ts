import { describe, expect, it } from 'vitest';
import { canonicalName } from './identity';
import { type ExclusionForFlagging, cardExclusionFlags } from './preregistration-flags';

const zara: ExclusionForFlagging = {
  id: 7,
  active: true,
  isGlobal: true,
  buildingId: null,
  visitorId: null,
  firstKey: canonicalName('Zara'),
  lastKey: canonicalName('Excludedperson'),
  dob: '1980-05-05',
  firstname: 'Zara',
  lastname: 'Excludedperson',
};
const card = (first: string, last: string, dob: string | null, extra: Partial<{ visitorId: number }> = {}) => ({
  firstname: first,
  lastname: last,
  dob,
  buildingId: 1,
  ...extra,
});

describe('cardExclusionFlags (issue 22: pre-registrations screened before arrival)', () => {
  it('applies the spec 000 §5 pairs on the canonical keys', () => {
    // invisible character, Cyrillic о, accent: one key
    expect(cardExclusionFlags(card('Za\u200Bra', 'Exclúdedpers\u043En', null), [zara])).toEqual([
      {
        exclusionId: 7,
        label: 'Possible exclusion match: Zara Excludedperson',
        reasons: ['First name matches', 'Last name matches'],
      },
    ]);
    expect(cardExclusionFlags(card('Zara', 'Other', '1980-05-05'), [zara])[0].reasons).toEqual([
      'First name matches',
      'Date of birth matches',
    ]);
    expect(cardExclusionFlags(card('Other', 'EXCLUDED-PERSON', '1980-05-05'), [zara])).toHaveLength(1);
    // one field alone is not enough
    expect(cardExclusionFlags(card('Zara', 'Other', '1999-01-01'), [zara])).toEqual([]);
    expect(cardExclusionFlags(card('Other', 'Other', '1980-05-05'), [zara])).toEqual([]);
  });

  it('flags swapped first and last names, and a nickname with the date of birth (the one matcher)', () => {
    expect(cardExclusionFlags(card('Excludedperson', 'Zara', null), [zara])[0].reasons).toEqual([
      'First and last names are swapped',
    ]);
    const robert = { ...zara, firstKey: canonicalName('Robert'), firstname: 'Robert' };
    expect(cardExclusionFlags(card('Bob', 'Excludedperson', '1980-05-05'), [robert])).toHaveLength(1);
  });

  it('never counts the 01/01/1970 placeholder, and skips inactive and other buildings’ exclusions', () => {
    const undated = { ...zara, dob: '1970-01-01' };
    expect(cardExclusionFlags(card('Zara', 'Other', '1970-01-01'), [undated])).toEqual([]);
    expect(cardExclusionFlags(card('Zara', 'Excludedperson', null), [{ ...zara, active: false }])).toEqual([]);
    const elsewhere = { ...zara, isGlobal: false, buildingId: 2 };
    expect(cardExclusionFlags(card('Zara', 'Excludedperson', null), [elsewhere])).toEqual([]);
  });

  it('flags an exclusion linked to a visitor record by name too, and one linked to the card’s own visitor', () => {
    const linked = { ...zara, visitorId: 99 };
    expect(cardExclusionFlags(card('Zara', 'Excludedperson', null), [linked])).toHaveLength(1);
    const own = { ...zara, firstKey: 'someoneelse', lastKey: 'entirely', visitorId: 5 };
    expect(cardExclusionFlags(card('Pat', 'Lee', null, { visitorId: 5 }), [own])[0].reasons).toEqual([
      'Exclusion is linked to this visitor',
    ]);
  });
});
