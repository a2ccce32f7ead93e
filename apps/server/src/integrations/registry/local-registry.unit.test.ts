import { scoreRegistryCandidate } from '@sv/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchableMonthDays } from './local-registry';

/**
 * The candidate statement leaves out records whose full date of birth the domain can never match
 * (issue 10 §9: fewer records fetched with their names and addresses per common-name screening).
 * It must never leave out one the domain would match.
 */
const dateArb = fc
  .date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2010-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('matchableMonthDays', () => {
  it('keeps the same day, the swapped day and month, and one-digit slips', () => {
    const days = matchableMonthDays('1980-05-06')!;
    expect(days).toEqual(expect.arrayContaining(['0506', '0605', '0507', '0516', '1506', '0406']));
    expect(days).not.toContain('1120');
    expect(matchableMonthDays('1980')).toBeNull();
    expect(matchableMonthDays('')).toBeNull();
  });

  it('contains every registry date of the same year that scoreRegistryCandidate matches (property)', () => {
    const person = { firstName: 'Mary', lastName: 'Johnson' };
    fc.assert(
      fc.property(dateArb, dateArb, fc.boolean(), (visitorDob, other, nearby) => {
        // half the time a date close to the visitor's, so slips and swaps are well covered
        const registryDob = nearby
          ? `${visitorDob.slice(0, 4)}-${visitorDob.slice(8, 10)}-${visitorDob.slice(5, 7)}`
          : `${visitorDob.slice(0, 4)}${other.slice(4)}`;
        if (Number.isNaN(Date.parse(registryDob))) return;
        const score = scoreRegistryCandidate(
          { ...person, dateOfBirth: visitorDob },
          { name: person, dob: registryDob },
        );
        const kept = matchableMonthDays(visitorDob)!.includes(registryDob.slice(5).replace('-', ''));
        if (score !== null) expect(kept).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('every one-digit change of the day or month that the domain matches is kept (exhaustive)', () => {
    const person = { firstName: 'Mary', lastName: 'Johnson' };
    const visitorDob = '1975-09-14';
    for (let m = 1; m <= 12; m++)
      for (let d = 1; d <= 31; d++) {
        const registryDob = `1975-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const score = scoreRegistryCandidate(
          { ...person, dateOfBirth: visitorDob },
          { name: person, dob: registryDob },
        );
        const kept = matchableMonthDays(visitorDob)!.includes(registryDob.slice(5).replace('-', ''));
        expect(kept, registryDob).toBe(score !== null);
      }
  });
});
