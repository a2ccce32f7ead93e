import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RegistryOffender, type RegistryVisitor, scoreRegistryCandidate } from './registry-matching';

const visitor = (over: Partial<RegistryVisitor> = {}): RegistryVisitor => ({
  firstName: 'Robert',
  middleName: null,
  lastName: 'Smith',
  dateOfBirth: '1980-05-06',
  city: null,
  state: null,
  postalCode: null,
  ...over,
});
const offender = (over: Partial<RegistryOffender> = {}): RegistryOffender => ({
  name: { firstName: 'ROBERT', middleName: 'JAMES', lastName: 'SMITH' },
  aliases: [],
  dob: '1980-05-06',
  locations: [{ city: 'SPRINGFIELD', state: 'IL', zipCode: '62701' }],
  ...over,
});

describe('scoreRegistryCandidate: exactness', () => {
  it('is EXACT when first and last names agree, ignoring case, accents and punctuation', () => {
    expect(scoreRegistryCandidate(visitor({ firstName: 'róbert ', lastName: 'SMITH' }), offender())).toMatchObject({
      exactness: 'exact',
      level: 2,
      reasons: ['First and last name match exactly', 'Date of birth matches'],
    });
    expect(
      scoreRegistryCandidate(
        visitor({ lastName: "O'Neil" }),
        offender({ name: { firstName: 'Robert', lastName: 'ONEIL' } }),
      )?.exactness,
    ).toBe('exact');
  });

  it('is EXACT through an alias and says so', () => {
    const score = scoreRegistryCandidate(
      visitor({ firstName: 'Bobby', lastName: 'Jones' }),
      offender({ aliases: [{ firstName: 'BOBBY', lastName: 'JONES' }] }),
    );
    expect(score).toMatchObject({ exactness: 'exact', level: 2 });
    expect(score?.reasons[0]).toBe('First and last name match exactly (alias Bobby Jones)');
  });

  it.each([
    [{ firstName: 'Bob' }, 'Nickname: Bob → Robert'],
    [{ firstName: 'Rupert' }, 'First name sounds alike: Rupert → Robert'],
    [{ firstName: 'Robbert' }, 'First name differs by one letter: Robbert → Robert'],
    [{ firstName: 'R' }, 'First initial matches: R → Robert'],
    [{ firstName: 'Robert Lee' }, 'First name matches in part: Robert Lee → Robert'],
    [{ lastName: 'Smyth' }, 'Last name differs by one letter: Smyth → Smith'],
    [{ lastName: 'Smythe' }, 'Last name sounds alike: Smythe → Smith'],
    [{ firstName: 'Smith', lastName: 'Robert' }, 'First and last names are swapped'],
  ])('is MIXED for %j', (change, reason) => {
    const score = scoreRegistryCandidate(visitor(change), offender());
    expect(score).toMatchObject({ exactness: 'mixed', strength: 'strong', level: 5 });
    expect(score?.reasons).toContain(reason);
  });

  it('is no match when the names do not agree', () => {
    expect(scoreRegistryCandidate(visitor({ firstName: 'William' }), offender())).toBeNull();
    expect(scoreRegistryCandidate(visitor({ lastName: 'Jones' }), offender())).toBeNull();
    expect(scoreRegistryCandidate(visitor({ firstName: '' }), offender())).toBeNull();
    // A typo in a short last name is not enough: LEE/LEA would also be "alike" by one letter.
    expect(
      scoreRegistryCandidate(
        visitor({ firstName: 'William', lastName: 'Lee' }),
        offender({ name: { firstName: 'Robert', lastName: 'Lee' } }),
      ),
    ).toBeNull();
  });
});

describe('scoreRegistryCandidate: strength', () => {
  it('is MODERATE when either date of birth is unknown', () => {
    expect(scoreRegistryCandidate(visitor({ dateOfBirth: null }), offender())).toMatchObject({
      level: 1,
      strength: 'moderate',
      reasons: ['First and last name match exactly', 'Visitor date of birth unknown'],
    });
    expect(scoreRegistryCandidate(visitor(), offender({ dob: null }))?.reasons).toContain(
      'Registry has no date of birth',
    );
  });

  it('is MODERATE for a one-digit slip in the date, or a registry that gives only the year', () => {
    const slip = scoreRegistryCandidate(visitor({ dateOfBirth: '1980-05-07' }), offender());
    expect(slip).toMatchObject({ level: 1 });
    expect(slip?.reasons).toContain('Date of birth differs by one digit (possible typo)');
    expect(scoreRegistryCandidate(visitor(), offender({ dob: '1980' }))?.reasons).toContain(
      'Birth year matches (registry gives only the year)',
    );
  });

  it('is no match for another day of the same year (common names share birth years)', () => {
    expect(scoreRegistryCandidate(visitor({ dateOfBirth: '1980-11-20' }), offender())).toBeNull();
    expect(scoreRegistryCandidate(visitor({ dateOfBirth: '1980-05-28' }), offender())).toBeNull();
  });

  it('is STRONG when day and month are swapped', () => {
    const score = scoreRegistryCandidate(visitor({ dateOfBirth: '1980-06-05' }), offender());
    expect(score).toMatchObject({ level: 2 });
    expect(score?.reasons).toContain('Date of birth matches with day and month swapped');
  });

  it('is no match when a known birth year differs (parents on common names)', () => {
    expect(scoreRegistryCandidate(visitor({ dateOfBirth: '1981-05-06' }), offender())).toBeNull();
    expect(scoreRegistryCandidate(visitor({ firstName: 'Bob', dateOfBirth: '1975-05-06' }), offender())).toBeNull();
    expect(scoreRegistryCandidate(visitor(), offender({ dob: '1979' }))).toBeNull();
  });

  it('is VERY STRONG with a middle name, middle initial, city and state, or ZIP code', () => {
    expect(scoreRegistryCandidate(visitor({ middleName: 'James' }), offender())?.reasons).toContain(
      'Middle name matches',
    );
    expect(scoreRegistryCandidate(visitor({ middleName: 'J' }), offender())).toMatchObject({ level: 3 });
    expect(scoreRegistryCandidate(visitor({ middleName: 'Jim' }), offender())?.reasons).toContain(
      'Middle name is a nickname: Jim → James',
    );
    expect(scoreRegistryCandidate(visitor({ city: 'Springfield', state: 'il' }), offender())?.reasons).toContain(
      'City and state match: Springfield, IL',
    );
    expect(scoreRegistryCandidate(visitor({ postalCode: '62701-1234' }), offender())?.reasons).toContain(
      'ZIP code matches: 62701',
    );
    expect(scoreRegistryCandidate(visitor({ firstName: 'Bob', middleName: 'J' }), offender())).toMatchObject({
      level: 6,
    });
  });

  it('needs a date of birth before middle name or address can make it very strong', () => {
    expect(scoreRegistryCandidate(visitor({ middleName: 'James', dateOfBirth: null }), offender())).toMatchObject({
      level: 1,
    });
  });

  it('does not count a different middle name or a city in another state', () => {
    expect(scoreRegistryCandidate(visitor({ middleName: 'Paul' }), offender())).toMatchObject({ level: 2 });
    expect(scoreRegistryCandidate(visitor({ city: 'Springfield', state: 'MA' }), offender())).toMatchObject({
      level: 2,
    });
  });
});

// ------------------------------------------------------------ properties

const nameArb = fc.stringMatching(/^[A-Z][a-z]{1,9}$/);
const dobArb = fc
  .date({ min: new Date('1930-01-01'), max: new Date('2010-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const personArb = fc.record({
  firstName: nameArb,
  lastName: nameArb,
  middleName: fc.option(nameArb, { nil: null }),
  dateOfBirth: dobArb,
});
const STRENGTH = { moderate: 0, strong: 1, 'very strong': 2 } as const;
const EXACTNESS = { mixed: 0, exact: 1 } as const;

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', n: 'ñ', c: 'ç' };
const decorate = (s: string, flips: boolean[]) =>
  [...s]
    .map((ch, i) => {
      const flip = flips[i % flips.length];
      const accented = flip ? (ACCENTED[ch.toLowerCase()] ?? ch) : ch;
      return i % 2 === 0 ? accented.toUpperCase() : accented.toLowerCase();
    })
    .join('');

describe('registry matching properties', () => {
  it('exact names and equal dates of birth are at least Exact Strong', () => {
    fc.assert(
      fc.property(personArb, (p) => {
        const score = scoreRegistryCandidate(p, { name: p, dob: p.dateOfBirth });
        expect(score?.exactness).toBe('exact');
        expect([2, 3]).toContain(score?.level);
      }),
    );
  });

  it('adding agreement never lowers exactness or strength', () => {
    fc.assert(
      fc.property(personArb, personArb, fc.boolean(), (p, q, sameFirst) => {
        // A candidate whose names agree at least as a nickname/phonetic/exact match.
        const firstName = sameFirst ? p.firstName : q.firstName;
        const base = { name: { firstName, lastName: p.lastName, middleName: null }, dob: null, locations: [] };
        const before = scoreRegistryCandidate(p, base);
        const steps: RegistryOffender[] = [
          { ...base, dob: p.dateOfBirth },
          { ...base, dob: p.dateOfBirth, name: { ...base.name, middleName: p.middleName } },
          { ...base, dob: p.dateOfBirth, locations: [{ city: 'Dayton', state: 'OH' }] },
          { ...base, aliases: [{ firstName: p.firstName, lastName: p.lastName }] },
        ];
        const visitorWithCity = { ...p, city: 'Dayton', state: 'OH' };
        for (const richer of steps) {
          const after = scoreRegistryCandidate(visitorWithCity, richer);
          if (before === null) continue;
          expect(after).not.toBeNull();
          expect(EXACTNESS[after!.exactness]).toBeGreaterThanOrEqual(EXACTNESS[before.exactness]);
          expect(STRENGTH[after!.strength]).toBeGreaterThanOrEqual(STRENGTH[before.strength]);
        }
      }),
    );
  });

  it('a known date of birth in another year is never a match', () => {
    fc.assert(
      fc.property(personArb, fc.integer({ min: 1, max: 40 }), fc.boolean(), (p, years, earlier) => {
        const year = Number(p.dateOfBirth.slice(0, 4)) + (earlier ? -years : years);
        const dob = `${year}${p.dateOfBirth.slice(4)}`.replace(/-02-29$/, '-02-28');
        expect(scoreRegistryCandidate(p, { name: p, dob })).toBeNull();
        expect(scoreRegistryCandidate(p, { name: p, aliases: [p], dob: `${year}` })).toBeNull();
      }),
    );
  });

  it('letter case and accents do not change the result', () => {
    fc.assert(
      fc.property(personArb, personArb, fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }), (p, q, flips) => {
        const candidate: RegistryOffender = { name: q, dob: q.dateOfBirth };
        const plain = scoreRegistryCandidate(p, candidate);
        const decorated = { ...p, firstName: decorate(p.firstName, flips), lastName: decorate(p.lastName, flips) };
        expect(scoreRegistryCandidate(decorated, candidate)).toEqual(
          plain === null ? null : { ...plain, reasons: expect.any(Array) },
        );
        const self = scoreRegistryCandidate(decorated, { name: p, dob: p.dateOfBirth });
        expect(self?.exactness).toBe('exact');
      }),
    );
  });
});
