import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RegistrationForAdmission, registrationAdmission } from './registration-admission';

const ok: RegistrationForAdmission = {
  approved: true,
  underReview: false,
  expDate: '2027-06-30',
  suspended: false,
  buildingIds: [],
};
const TODAY = '2026-11-24';

describe('registrationAdmission (spec 002 §4, issue 11)', () => {
  it.each<[string, Partial<RegistrationForAdmission>, number, string | null]>([
    ['approved, unexpired, every building', {}, 1, null],
    ['expires today: still valid', { expDate: TODAY }, 1, null],
    ['no expiry', { expDate: null }, 1, null],
    ['limited to this building', { buildingIds: [1, 2] }, 2, null],
    ['limited to another building', { buildingIds: [1] }, 2, 'notThisBuilding'],
    ['expired yesterday', { expDate: '2026-11-23' }, 1, 'expired'],
    ['pending', { approved: null }, 1, 'pending'],
    ['denied', { approved: false }, 1, 'denied'],
    ['under review', { underReview: true }, 1, 'underReview'],
    ['suspended by arrest watch', { suspended: true }, 1, 'suspended'],
    ['suspended and expired: the suspension is the reason', { suspended: true, expDate: '2020-01-01' }, 1, 'suspended'],
  ])('%s', (_label, over, building, reason) => {
    const verdict = registrationAdmission({ ...ok, ...over }, building, TODAY);
    expect(verdict.ok ? null : verdict.reason).toBe(reason);
  });

  it('property: only an approved, unsuspended, unexpired registration valid here is admitted', () => {
    fc.assert(
      fc.property(
        fc.record({
          approved: fc.constantFrom(true, false, null),
          underReview: fc.boolean(),
          expDate: fc.option(fc.constantFrom('2026-11-23', '2026-11-24', '2026-11-25'), { nil: null }),
          suspended: fc.boolean(),
          buildingIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
        }),
        fc.integer({ min: 1, max: 4 }),
        (reg, building) => {
          const admitted = registrationAdmission(reg, building, TODAY).ok;
          const expected =
            reg.approved === true &&
            !reg.underReview &&
            !reg.suspended &&
            (reg.expDate === null || reg.expDate >= TODAY) &&
            (reg.buildingIds.length === 0 || reg.buildingIds.includes(building));
          expect(admitted).toBe(expected);
        },
      ),
    );
  });
});
