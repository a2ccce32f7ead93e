import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './dates';
import { approveAllDefaultExpiry, defaultApprovalExpiry } from './expiry';

const today = '2026-01-31';

describe('defaultApprovalExpiry (spec 001 §9)', () => {
  it('is not set while under review', () => {
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: '2026-06-30', months: 6 }, today, true)).toBeNull();
    expect(defaultApprovalExpiry({ badgeByDate: false, months: 6 }, today, true)).toBeNull();
  });

  it('uses the fixed date when it is not in the past', () => {
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: '2026-06-30', months: 6 }, today, false)).toBe(
      '2026-06-30',
    );
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: today, months: 6 }, today, false)).toBe(today);
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: '06/30/2026', months: 6 }, today, false)).toBe(
      '2026-06-30',
    );
  });

  it('falls back to today plus months when the fixed date is past, missing or unused', () => {
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: '2026-01-30', months: 1 }, today, false)).toBe(
      '2026-02-28',
    );
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: null, months: 3 }, today, false)).toBe('2026-04-30');
    expect(defaultApprovalExpiry({ badgeByDate: false, fixedDate: '2026-06-30', months: 1 }, today, false)).toBe(
      '2026-02-28',
    );
    expect(defaultApprovalExpiry({ badgeByDate: false, months: 1 }, '2028-01-31', false)).toBe('2028-02-29');
  });

  it('has no default without months to add', () => {
    expect(defaultApprovalExpiry({ badgeByDate: false, months: 0 }, today, false)).toBeNull();
    expect(defaultApprovalExpiry({ badgeByDate: false, months: null }, today, false)).toBeNull();
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: '2020-01-01', months: -2 }, today, false)).toBeNull();
    expect(defaultApprovalExpiry({ badgeByDate: true, fixedDate: 'not a date', months: 0 }, today, false)).toBeNull();
  });

  it('is never in the past when set (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: 60 }),
        (t, f, badgeByDate, months) => {
          const day = t.toISOString().slice(0, 10);
          const fixedDate = f.toISOString().slice(0, 10);
          const result = defaultApprovalExpiry({ badgeByDate, fixedDate, months }, day, false);
          if (result !== null) expect(result >= day).toBe(true);
          if (badgeByDate && fixedDate >= day) expect(result).toBe(fixedDate);
          else expect(result).toBe(months > 0 ? addMonths(day, months) : null);
        },
      ),
    );
  });
});

describe('approveAllDefaultExpiry', () => {
  it('is one year from today', () => {
    expect(approveAllDefaultExpiry('2026-05-10')).toBe('2027-05-10');
    expect(approveAllDefaultExpiry('2028-02-29')).toBe('2029-02-28');
  });
});
