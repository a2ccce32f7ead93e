import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backgroundCheckNote,
  backgroundCheckState,
  CHECKS_NOT_CONFIGURED_NOTE,
  DEMO_CHECK_NOTE,
  type RegistrationForRules,
  registrationActions,
  registrationDisplay,
  registrationStatus,
  safeVendorActions,
  safeVendorDisplayState,
} from './registration-rules';

const reg = (over: Partial<RegistrationForRules> = {}): RegistrationForRules => ({
  approved: null,
  underReview: false,
  isExpired: false,
  ...over,
});
const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe('registration status (spec 001 §4)', () => {
  it('derives pending, approved, denied and expired', () => {
    expect(registrationStatus(reg())).toBe('pending');
    expect(registrationStatus(reg({ approved: true }))).toBe('approved');
    expect(registrationStatus(reg({ approved: true, isExpired: true }))).toBe('expired');
    expect(registrationStatus(reg({ approved: false }))).toBe('denied');
  });

  it('lets under review override the label and hide the expiration date', () => {
    expect(registrationDisplay(reg({ approved: true, underReview: true }))).toMatchObject({
      status: 'approved',
      label: 'Under Review',
      showExpiration: false,
      backgroundCheck: null,
    });
  });

  it('shows renewals', () => {
    expect(registrationDisplay(reg({ renewalApproved: true, renewalIsExpired: true })).renewal).toBe(
      'Renewal of Expired; Currently: Pending',
    );
    expect(registrationDisplay(reg({ approved: true, renewalApproved: false })).renewal).toBe(
      'Renewal of Denied; Currently: Approved',
    );
    expect(registrationDisplay(reg()).renewal).toBeNull();
  });

  it.each([
    [{ ddStatus: 1, hasConviction: true }, 'Background Check In Progress'],
    [{ ddStatus: 4 }, 'In Queue'],
    [{ ddStatus: 3 }, 'Needs Review'],
    [{ ddStatus: 2, hasStateIssues: true }, 'Needs Review'],
    [{ hasConviction: true }, 'Needs Review'],
    [{ ddStatus: 2 }, 'Approved'],
    [{ hasStateCheck: true }, 'Approved'],
    [{ hasStateCheck: false }, 'Pending'],
    [{ ddStatus: 0 }, 'Pending'],
  ])('background check state for %j is %s', (over, state) => {
    expect(backgroundCheckState(reg(over))).toBe(state);
    expect(registrationDisplay(reg(over)).backgroundCheck).toBe(state);
  });
});

describe('what is said beside a background check (issue 23 §2)', () => {
  it.each([
    [{ ddStatus: 2, ddProvider: 'demo', districtCheckProvider: 'demo' }, DEMO_CHECK_NOTE],
    [{ ddStatus: 3, ddProvider: 'demo', districtCheckProvider: 'http' }, DEMO_CHECK_NOTE],
    [{ ddStatus: 1, ddProvider: 'demo', districtCheckProvider: 'none' }, DEMO_CHECK_NOTE],
    [{ ddStatus: 2, ddProvider: 'http', districtCheckProvider: 'http' }, null],
    [{ ddStatus: 4, districtCheckProvider: 'none' }, CHECKS_NOT_CONFIGURED_NOTE],
    [{ ddStatus: 4, districtCheckProvider: 'demo' }, null],
    [{ ddStatus: 4, districtCheckProvider: 'http' }, null],
    [{ ddStatus: null, districtCheckProvider: 'none' }, null],
  ])('%j → %s', (over, note) => {
    expect(backgroundCheckNote(reg(over))).toBe(note);
    expect(registrationDisplay(reg(over)).backgroundCheckNote).toBe(note);
  });

  it('labels a demo result after the decision too (the result is still shown beside it)', () => {
    expect(registrationDisplay(reg({ approved: true, ddStatus: 2, ddProvider: 'demo' })).backgroundCheckNote).toBe(
      DEMO_CHECK_NOTE,
    );
  });
});

describe('registration actions menu (spec 001 §2)', () => {
  it('gives attendants no menu', () => {
    expect(registrationActions(reg({ underReview: true, hasPhoto: true }), 3).size).toBe(0);
  });

  it('offers a pending registration approve, deny, buildings and the always-on items', () => {
    expect(sorted(registrationActions(reg(), 2))).toEqual([
      'approve',
      'buildings',
      'deny',
      'denyAndExclude',
      'edit',
      'information',
    ]);
  });

  it('offers an approved registration deny, make pending, print and buildings', () => {
    expect(sorted(registrationActions(reg({ approved: true }), 1))).toEqual([
      'buildings',
      'deny',
      'denyAndExclude',
      'edit',
      'information',
      'makePending',
      'print',
    ]);
  });

  it('offers no print while an open arrest alert suspends the badge (issue 25, audit 001 U8)', () => {
    expect(registrationActions({ approved: true, suspended: true }, 2).has('print')).toBe(false);
    expect(registrationActions({ approved: true, suspended: false }, 2).has('print')).toBe(true);
    expect(safeVendorActions({ approved: true, suspended: true }, 1).has('print')).toBe(false);
  });

  it('offers an expired registration only make pending besides the always-on items', () => {
    expect(sorted(registrationActions(reg({ approved: true, isExpired: true }), 2))).toEqual([
      'edit',
      'information',
      'makePending',
    ]);
  });

  it('offers everything decisive while under review', () => {
    const actions = registrationActions(reg({ approved: true, isExpired: true, underReview: true }), 2);
    for (const a of ['approve', 'deny', 'denyAndExclude', 'makePending'] as const) expect(actions.has(a)).toBe(true);
  });

  it('follows the photo, email and expiration-email flags', () => {
    expect(registrationActions(reg({ hasPhoto: true, isUploadPhoto: true }), 2).has('clearPhoto')).toBe(true);
    expect(registrationActions(reg({ hasPhoto: true, isUploadPhoto: true }), 2).has('uploadPhoto')).toBe(false);
    expect(registrationActions(reg({ isUploadPhoto: true }), 2).has('uploadPhoto')).toBe(true);
    expect(registrationActions(reg({}), 2).has('uploadPhoto')).toBe(false);
    expect(registrationActions(reg({ hasEmailChain: true }), 2).has('cancelEmailWarnings')).toBe(true);
    expect(registrationActions(reg({ isSendExpirationEmail: true }), 2).has('sendExpirationEmail')).toBe(true);
  });

  it('never offers approving an approved registration or denying a denied one unless under review (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          approved: fc.constantFrom(true, false, null),
          underReview: fc.boolean(),
          isExpired: fc.boolean(),
          hasPhoto: fc.boolean(),
          isUploadPhoto: fc.boolean(),
        }),
        fc.constantFrom(1, 2),
        (r, role) => {
          const actions = registrationActions(r, role);
          if (!r.underReview && r.approved === true) expect(actions.has('approve')).toBe(false);
          if (!r.underReview && r.approved === false) expect(actions.has('deny')).toBe(false);
          if (!r.underReview && r.isExpired) expect(actions.has('approve') || actions.has('deny')).toBe(false);
          expect(actions.has('clearPhoto') && actions.has('uploadPhoto')).toBe(false);
          expect(actions.has('print')).toBe(registrationStatus(r) === 'approved');
          expect(actions.has('information') && actions.has('edit')).toBe(true);
        },
      ),
    );
  });
});

describe('SafeVendor (spec 001 §4)', () => {
  it('shows the Actions menu to roleId 1 and, for their district, roleId 2 (ADR 0014); never to attendants or kiosks', () => {
    expect(safeVendorActions({ approved: null }, 2)).toEqual(safeVendorActions({ approved: null }, 1));
    expect(safeVendorActions({ approved: null }, 3).size).toBe(0);
    expect(safeVendorActions({ approved: null }, 4).size).toBe(0);
  });

  it('follows the pending → approved/denied → pending transitions', () => {
    expect(sorted(safeVendorActions({ approved: null }, 1))).toEqual(['approve', 'deny', 'edit', 'information']);
    expect(sorted(safeVendorActions({ approved: true }, 1))).toEqual([
      'deny',
      'edit',
      'information',
      'makePending',
      'print',
    ]);
    expect(sorted(safeVendorActions({ approved: false }, 1))).toEqual([
      'approve',
      'edit',
      'information',
      'makePending',
    ]);
    expect(sorted(safeVendorActions({ approved: true, isExpired: true }, 1))).toEqual([
      'edit',
      'information',
      'makePending',
    ]);
    expect(
      safeVendorActions({ approved: null, hasPhoto: true, hasEmailChain: true, isSendExpirationEmail: true }, 1),
    ).toEqual(
      new Set(['approve', 'deny', 'clearPhoto', 'cancelEmailWarnings', 'sendExpirationEmail', 'information', 'edit']),
    );
  });

  it.each([
    [{ approved: true, isExpired: true, generated: true }, 'Expired'],
    [{ approved: true, generated: true }, 'Printed'],
    [{ approved: true }, 'Approved'],
    [{ approved: false, ddStatus: 3 }, 'Denied'],
    [{ approved: null, ddStatus: 1 }, 'Submitted'],
    [{ approved: null, ddStatus: 2 }, 'Check Approved'],
    [{ approved: null, ddStatus: 3 }, 'Has Issues'],
    [{ approved: null }, 'Pending'],
  ])('displays %j as %s', (r, state) => {
    expect(safeVendorDisplayState(r)).toBe(state);
  });
});
