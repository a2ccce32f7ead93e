import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXCLUSION_DOB,
  type ExclusionForMatching,
  exclusionNameKey,
  exclusionTypeLabel,
  findExclusionMatches,
  isDirectExclusionMatch,
  isPotentialExclusionMatch,
  type VisitorForMatching,
} from './exclusion-matching';

const exclusion = (over: Partial<ExclusionForMatching> = {}): ExclusionForMatching => ({
  active: true,
  visitorId: null,
  buildingId: null,
  isGlobal: true,
  firstName: 'John',
  lastName: 'Smith',
  dateOfBirth: '1980-05-06',
  ...over,
});
const visitor = (over: Partial<VisitorForMatching> = {}): VisitorForMatching => ({
  id: 7,
  firstName: 'John',
  lastName: 'Smith',
  dateOfBirth: '1980-05-06',
  ...over,
});

describe('isPotentialExclusionMatch (spec 000 §5)', () => {
  it('matches on each of the three pairs', () => {
    expect(isPotentialExclusionMatch(exclusion(), visitor({ lastName: 'Jones' }), 1)).toBe(true);
    expect(isPotentialExclusionMatch(exclusion(), visitor({ dateOfBirth: '1990-01-01' }), 1)).toBe(true);
    expect(isPotentialExclusionMatch(exclusion(), visitor({ firstName: 'Jack' }), 1)).toBe(true);
  });

  it('does not match on a single field', () => {
    expect(isPotentialExclusionMatch(exclusion(), visitor({ lastName: 'Jones', dateOfBirth: '1990-01-01' }), 1)).toBe(
      false,
    );
    expect(isPotentialExclusionMatch(exclusion(), visitor({ firstName: 'Jack', dateOfBirth: '1990-01-01' }), 1)).toBe(
      false,
    );
    expect(isPotentialExclusionMatch(exclusion(), visitor({ firstName: 'Jack', lastName: 'Jones' }), 1)).toBe(false);
  });

  it('compares names case-insensitively, ignoring surrounding and repeated white space', () => {
    const mary = exclusion({ firstName: 'MARY ANN', lastName: 'SMITH' });
    expect(
      isPotentialExclusionMatch(mary, visitor({ firstName: ' mary  ann ', lastName: 'smith', dateOfBirth: null }), 1),
    ).toBe(true);
    // issue 22: spaces, hyphens and apostrophes fold away in the canonical key
    expect(
      isPotentialExclusionMatch(mary, visitor({ firstName: 'mary-ann', lastName: 'smith', dateOfBirth: null }), 1),
    ).toBe(true);
  });

  it('treats composed and decomposed accents as the same name', () => {
    expect(exclusionNameKey('Jos\u00e9')).toBe(exclusionNameKey('Jose\u0301'));
  });

  it('folds accents, look-alike letters and hidden characters (issue 22)', () => {
    expect(
      isPotentialExclusionMatch(exclusion({ firstName: 'José' }), visitor({ firstName: 'Jose', lastName: 'X' }), 1),
    ).toBe(true);
    const zara = exclusion({ firstName: 'Zara', lastName: 'Excludedperson', dateOfBirth: null });
    for (const last of [
      'Exclu\u200bdedperson',
      'Excludedpers\u043en',
      'Ｅｘｃｌｕｄｅｄｐｅｒｓｏｎ',
      'Exclúdedperson',
    ]) {
      expect(
        isPotentialExclusionMatch(zara, visitor({ firstName: 'Zara', lastName: last, dateOfBirth: null }), 1),
      ).toBe(true);
    }
  });

  it('accepts dates as ISO or mm/dd/yyyy', () => {
    expect(isPotentialExclusionMatch(exclusion({ dateOfBirth: '05/06/1980' }), visitor({ firstName: 'X' }), 1)).toBe(
      true,
    );
  });

  it('never treats the 01/01/1970 placeholder or a missing date as agreement', () => {
    const undated = exclusion({ dateOfBirth: DEFAULT_EXCLUSION_DOB });
    expect(isPotentialExclusionMatch(undated, visitor({ lastName: 'X', dateOfBirth: '1970-01-01' }), 1)).toBe(false);
    expect(isPotentialExclusionMatch(undated, visitor({ dateOfBirth: '1970-01-01' }), 1)).toBe(true);
    expect(
      isPotentialExclusionMatch(exclusion({ dateOfBirth: null }), visitor({ lastName: 'X', dateOfBirth: null }), 1),
    ).toBe(false);
  });

  it('ignores empty names', () => {
    expect(
      isPotentialExclusionMatch(
        exclusion({ firstName: '', lastName: '' }),
        visitor({ firstName: '', lastName: '' }),
        1,
      ),
    ).toBe(false);
  });

  it('applies global exclusions everywhere and building ones in their building only', () => {
    const local = exclusion({ isGlobal: false, buildingId: 3 });
    expect(isPotentialExclusionMatch(local, visitor(), 3)).toBe(true);
    expect(isPotentialExclusionMatch(local, visitor(), '3')).toBe(true);
    expect(isPotentialExclusionMatch(local, visitor(), 4)).toBe(false);
    expect(isPotentialExclusionMatch(local, visitor(), null)).toBe(false);
    expect(isPotentialExclusionMatch(exclusion({ isGlobal: false, buildingId: null }), visitor(), 4)).toBe(true);
    expect(isPotentialExclusionMatch(exclusion({ isGlobal: true, buildingId: 3 }), visitor(), 4)).toBe(true);
  });

  it('skips inactive exclusions and those linked to this person (they are direct)', () => {
    expect(isPotentialExclusionMatch(exclusion({ active: false }), visitor(), 1)).toBe(false);
    expect(isPotentialExclusionMatch(exclusion({ visitorId: 7 }), visitor(), 1)).toBe(false);
    expect(isPotentialExclusionMatch(exclusion({ visitorId: 99, linkedToPerson: true }), visitor(), 1)).toBe(false);
  });

  it('raises a namesake of an exclusion linked to someone else (issue 22)', () => {
    expect(isPotentialExclusionMatch(exclusion({ visitorId: 99 }), visitor(), 1)).toBe(true);
  });
});

describe('isDirectExclusionMatch (spec 002 §5)', () => {
  it('requires an active exclusion linked to this visitor', () => {
    expect(isDirectExclusionMatch(exclusion({ visitorId: 7 }), 7)).toBe(true);
    expect(isDirectExclusionMatch(exclusion({ visitorId: '7' }), 7)).toBe(true);
    expect(isDirectExclusionMatch(exclusion({ visitorId: 8 }), 7)).toBe(false);
    expect(isDirectExclusionMatch(exclusion({ visitorId: 7, active: false }), 7)).toBe(false);
    expect(isDirectExclusionMatch(exclusion({ visitorId: null }), null)).toBe(false);
  });

  it('respects the building scope when one is given', () => {
    const local = exclusion({ visitorId: 7, isGlobal: false, buildingId: 3 });
    expect(isDirectExclusionMatch(local, 7, 3)).toBe(true);
    expect(isDirectExclusionMatch(local, 7, 4)).toBe(false);
    expect(isDirectExclusionMatch(local, 7)).toBe(true);
  });
});

describe('findExclusionMatches', () => {
  it('splits direct and potential matches and says which fields agreed', () => {
    const linked = exclusion({ visitorId: 7, firstName: 'Johnny' });
    const byName = exclusion({ dateOfBirth: '1999-09-09' });
    const unrelated = exclusion({ firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1999-09-09' });
    const result = findExclusionMatches([linked, byName, unrelated], visitor(), 1);
    expect(result.direct.map((m) => m.exclusion)).toEqual([linked]);
    expect(result.direct[0].reasons).toEqual([
      'Exclusion is linked to this visitor',
      'Last name matches',
      'Date of birth matches',
    ]);
    expect(result.potential).toEqual([
      { exclusion: byName, agreed: ['firstName', 'lastName'], reasons: ['First name matches', 'Last name matches'] },
    ]);
  });
});

describe('exclusionTypeLabel (spec 000 §3)', () => {
  it.each([
    ['FailedBackgroundCheck', 'Failed Background Check'],
    ['Trespassed', 'Trespassed'],
    ['TerminatedEmployee', 'Terminated Employee'],
    ['ViolentOrThreateningBehavior', 'Violent Or Threatening Behavior'],
    ['RestrictedAccess', 'Restricted Access'],
  ])('labels %s', (type, label) => {
    expect(exclusionTypeLabel(type, 'ignored reason')).toBe(label);
  });

  it('shows the reason for any other type', () => {
    expect(exclusionTypeLabel('Other', ' Custody order ')).toBe('Custody order');
    expect(exclusionTypeLabel(null, 'Custody order')).toBe('Custody order');
    expect(exclusionTypeLabel('CustodyOrder', '')).toBe('Custody Order');
    expect(exclusionTypeLabel(null, null)).toBe('');
  });
});

// ------------------------------------------------------------ properties

const nameArb = fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,12}[A-Za-z]$/);
const dobArb = fc
  .date({ min: new Date('1930-01-02'), max: new Date('2015-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
  .filter((d) => d !== DEFAULT_EXCLUSION_DOB);
const person = fc.record({ firstName: nameArb, lastName: nameArb, dateOfBirth: dobArb });
const randomCase = (s: string, flips: boolean[]) =>
  [...s].map((ch, i) => (flips[i % flips.length] ? ch.toUpperCase() : ch.toLowerCase())).join('');
// two letters more: never one typo away, never a nickname
const other = (value: string) => `${value}xq`;
const otherDob = (value: string) => (value.startsWith('19') ? `20${value.slice(2)}` : `19${value.slice(2)}`);

describe('exclusion matching properties', () => {
  it('is insensitive to letter case', () => {
    fc.assert(
      fc.property(person, person, fc.array(fc.boolean(), { minLength: 1 }), (a, b, flips) => {
        const ex = exclusion(a);
        const v = visitor(b);
        const recased = visitor({
          ...b,
          firstName: randomCase(b.firstName, flips),
          lastName: randomCase(b.lastName, flips),
        });
        expect(isPotentialExclusionMatch(ex, recased, 1)).toBe(isPotentialExclusionMatch(ex, v, 1));
        const same = visitor({
          ...a,
          firstName: randomCase(a.firstName, flips),
          lastName: randomCase(a.lastName, flips),
        });
        expect(isPotentialExclusionMatch(ex, same, 1)).toBe(true);
      }),
    );
  });

  it('never matches inactive, other-building or same-person exclusions as potential', () => {
    fc.assert(
      fc.property(
        person,
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 51, max: 100 }),
        fc.integer({ min: 1, max: 1000 }),
        (p, building, elsewhere, linkedTo) => {
          const v = visitor(p);
          expect(isPotentialExclusionMatch(exclusion({ ...p, active: false }), v, building)).toBe(false);
          expect(
            isPotentialExclusionMatch(exclusion({ ...p, isGlobal: false, buildingId: elsewhere }), v, building),
          ).toBe(false);
          expect(
            isPotentialExclusionMatch(exclusion({ ...p, visitorId: linkedTo, linkedToPerson: true }), v, building),
          ).toBe(false);
          expect(
            isPotentialExclusionMatch(exclusion({ ...p, isGlobal: false, buildingId: building }), v, building),
          ).toBe(true);
        },
      ),
    );
  });

  it('each of the three pairs alone suffices', () => {
    fc.assert(
      fc.property(person, fc.constantFrom('firstName', 'lastName', 'dateOfBirth'), (p, differing) => {
        const v = visitor({
          ...p,
          [differing]: differing === 'dateOfBirth' ? otherDob(p.dateOfBirth) : other(p[differing as 'firstName']),
        });
        expect(isPotentialExclusionMatch(exclusion(p), v, 1)).toBe(true);
      }),
    );
  });

  it('a single agreeing field never matches', () => {
    fc.assert(
      fc.property(person, fc.constantFrom('firstName', 'lastName', 'dateOfBirth'), (p, agreeing) => {
        const v = visitor({
          firstName: agreeing === 'firstName' ? p.firstName : other(p.firstName),
          lastName: agreeing === 'lastName' ? p.lastName : other(p.lastName),
          dateOfBirth: agreeing === 'dateOfBirth' ? p.dateOfBirth : otherDob(p.dateOfBirth),
        });
        expect(isPotentialExclusionMatch(exclusion(p), v, 1)).toBe(false);
        expect(findExclusionMatches([exclusion(p)], v, 1).potential).toEqual([]);
      }),
    );
  });
});

describe('identity rules beyond the spec (issue 22)', () => {
  const dana = exclusion({ firstName: 'Robert', lastName: 'Linkedonly', dateOfBirth: '1966-06-16' });
  const potential = (v: Partial<VisitorForMatching>) => findExclusionMatches([dana], visitor(v), 1).potential;

  it('raises swapped first and last names, whatever the date of birth', () => {
    expect(potential({ firstName: 'Linkedonly', lastName: 'Robert', dateOfBirth: null })[0].reasons).toEqual([
      'First and last names are swapped',
    ]);
  });

  it('raises a nickname or a typo in both names when the date of birth agrees or nearly agrees', () => {
    expect(potential({ firstName: 'Bob', lastName: 'Linkedonly', dateOfBirth: '1966-06-17' })[0].reasons).toEqual([
      'First name is a nickname of it',
      'Last name matches',
      'Date of birth differs by one digit',
    ]);
    expect(potential({ firstName: 'Robrt', lastName: 'Linkedomly', dateOfBirth: '1966-06-16' })[0].reasons).toEqual([
      'First name differs by one letter',
      'Last name differs by one letter',
      'Date of birth matches',
    ]);
    expect(potential({ firstName: 'Bob', lastName: 'Linkedonly', dateOfBirth: '1966-16-06' })).toEqual([]);
    const swappedDay = exclusion({ firstName: 'Robert', lastName: 'Linkedonly', dateOfBirth: '1966-06-11' });
    expect(
      findExclusionMatches(
        [swappedDay],
        visitor({ firstName: 'Bob', lastName: 'Linkedonly', dateOfBirth: '1966-11-06' }),
        1,
      ).potential[0].reasons,
    ).toContain('Date of birth has day and month swapped');
  });

  it('does not raise a nickname with a date of birth far off, or other people', () => {
    expect(potential({ firstName: 'Bob', lastName: 'Linkedonly', dateOfBirth: '1976-07-16' })).toEqual([]);
    expect(potential({ firstName: 'Roberta', lastName: 'Lindqvist', dateOfBirth: '1966-06-16' })).toEqual([]);
  });

  it('makes an exclusion linked to another record of the person a direct match', () => {
    const linked = exclusion({ visitorId: 99, linkedToPerson: true });
    const result = findExclusionMatches([linked], visitor(), 1);
    expect(result.direct[0].reasons[0]).toBe('Exclusion is linked to another record of this person');
    expect(result.potential).toEqual([]);
  });
});
