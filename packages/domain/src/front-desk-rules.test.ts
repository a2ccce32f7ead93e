import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buttonSpan,
  canNetworkPrint,
  currentVisit,
  DEFAULT_DASHBOARD_LABELS,
  DEFAULT_HEALTH_QUESTIONS,
  DEFAULT_KIOSK_LABELS,
  dashboardRefreshMs,
  denyButtonLabel,
  healthBannerOutcome,
  isHiddenLabel,
  latestBadge,
  sisMode,
  sisPhase,
  successScreenDelayMs,
  visibleButtons,
  visitorCardColumns,
} from './front-desk-rules';

describe('button labels (spec 002 §2, §9)', () => {
  it('has the spec defaults', () => {
    expect(Object.values(DEFAULT_DASHBOARD_LABELS)).toEqual([
      'TEMPORARY VISITOR',
      'SAFEVISITOR ID BADGE CHECK IN',
      'CHECK OUT',
      'STUDENT PICKUP',
    ]);
    expect(Object.values(DEFAULT_KIOSK_LABELS)).toEqual([
      'KIOSK TEMPORARY VISITOR',
      'KIOSK SAFEVISITOR ID BADGE CHECK IN',
      'Visitor / Volunteer Checkout',
      'STUDENT PICKUP',
      'KIOSK STUDENT CHECK IN',
      'KIOSK STUDENT CHECK OUT',
    ]);
    expect(DEFAULT_HEALTH_QUESTIONS).toHaveLength(2);
    expect(DEFAULT_HEALTH_QUESTIONS[0]).toMatch(/diagnosed/);
    expect(DEFAULT_HEALTH_QUESTIONS[1]).toMatch(/30 days.*high-risk/);
  });

  it('hides N/A buttons (trimmed, any case) and falls back to defaults for empty labels', () => {
    expect(visibleButtons({ visitor: 'Guest', checkIn: ' n/a ', checkOut: '', pickup: null })).toEqual([
      { key: 'visitor', label: 'Guest' },
      { key: 'checkOut', label: 'CHECK OUT' },
      { key: 'pickup', label: 'STUDENT PICKUP' },
    ]);
    expect(visibleButtons({}, DEFAULT_KIOSK_LABELS).map((b) => b.key)).toEqual([
      'visitor',
      'checkIn',
      'checkOut',
      'pickup',
      'studentCheckIn',
      'studentCheckOut',
    ]);
    expect(isHiddenLabel('N/A')).toBe(true);
    expect(isHiddenLabel('NA')).toBe(false);
  });

  it('spans 12 grid columns between visible buttons', () => {
    expect([1, 2, 3, 4, 5, 6].map(buttonSpan)).toEqual([12, 6, 4, 3, 2, 2]);
    expect(buttonSpan(0)).toBe(12);
  });

  it('never shows a hidden button and always fits the row (property)', () => {
    const label = fc.oneof(
      fc.constantFrom('N/A', 'n/a', ' N/A ', '', null),
      fc.string({ minLength: 1, maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.record({ visitor: label, checkIn: label, checkOut: label, pickup: label }), (labels) => {
        const buttons = visibleButtons(labels);
        for (const b of buttons) {
          expect(isHiddenLabel(labels[b.key])).toBe(false);
          expect(b.label.trim()).not.toBe('');
        }
        expect(buttons.length * buttonSpan(buttons.length)).toBeLessThanOrEqual(12);
      }),
    );
  });
});

describe('SIS mode (spec 002 §4)', () => {
  const base = { pickupBtn: 'STUDENT PICKUP', studentInfoSystemId: 0, dropoffDetected: false, pickupDetected: false };
  it('is Skyward without a system id unless the pickup button is hidden', () => {
    expect(sisMode(base)).toBe('Skyward');
    expect(sisMode({ ...base, studentInfoSystemId: null })).toBe('Skyward');
    expect(sisMode({ ...base, pickupBtn: 'N/A' })).toBeNull();
    expect(sisPhase(base)).toBeNull();
  });

  it('is General with a system id and a detected flow', () => {
    expect(sisMode({ ...base, studentInfoSystemId: 2, pickupDetected: true })).toBe('General');
    expect(sisMode({ ...base, studentInfoSystemId: 2 })).toBeNull();
    expect(sisPhase({ ...base, studentInfoSystemId: 2, pickupDetected: true, dropoffDetected: true })).toBe('choose');
    expect(sisPhase({ ...base, studentInfoSystemId: 2, pickupDetected: true })).toBe('Pickup');
    expect(sisPhase({ ...base, studentInfoSystemId: 2, dropoffDetected: true })).toBe('Dropoff');
  });
});

describe('constants and layout (spec 002 §9, 000 §9)', () => {
  it('refreshes every 15 s or 2 h', () => {
    expect(dashboardRefreshMs(true)).toBe(15_000);
    expect(dashboardRefreshMs(false)).toBe(7_200_000);
    expect(dashboardRefreshMs(undefined)).toBe(7_200_000);
  });

  it('delays success screens only for a positive setting', () => {
    expect(successScreenDelayMs(3)).toBe(3000);
    expect(successScreenDelayMs(0)).toBeNull();
    expect(successScreenDelayMs(-1)).toBeNull();
    expect(successScreenDelayMs(null)).toBeNull();
    expect(successScreenDelayMs(Number.NaN)).toBeNull();
  });

  it('lays visitor cards out in 1 to 4 columns at 768/992/1200 px', () => {
    expect([0, 767, 768, 991, 992, 1199, 1200, 2560].map(visitorCardColumns)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('prints over the network only with an address of at least 7 characters', () => {
    expect(canNetworkPrint('1.2.3.4')).toBe(true);
    expect(canNetworkPrint('10.0.0.25:9100')).toBe(true);
    expect(canNetworkPrint('1.2.3.')).toBe(false);
    expect(canNetworkPrint('  1.2.3  ')).toBe(false);
    expect(canNetworkPrint(null)).toBe(false);
  });

  it('labels the deny button (spec 002 §2, §6)', () => {
    expect(denyButtonLabel({ isAdmin: true, hasActiveExclusion: false })).toBe('Deny & Add Exclusion');
    expect(denyButtonLabel({ isAdmin: true, hasActiveExclusion: true })).toBe('Deny');
    expect(denyButtonLabel({ isAdmin: false, hasActiveExclusion: false })).toBe('Deny');
  });

  it('resolves the health banner (spec 002 §4)', () => {
    expect(healthBannerOutcome([false, true])).toBe('problem');
    expect(healthBannerOutcome([true, null])).toBe('problem');
    expect(healthBannerOutcome([false, false])).toBe('dismiss');
    expect(healthBannerOutcome([false, null])).toBe('pending');
    expect(healthBannerOutcome([])).toBe('pending');
  });
});

describe('latest badge and current visit (spec 000 §3)', () => {
  it('picks the badge with the newest creation date', () => {
    const badges = [
      { id: 1, createdDate: '2026-01-02T10:00:00Z' },
      { id: 2, createdDate: '2026-03-01T08:00:00Z' },
      { id: 3, createdDate: null },
      { id: 4, createdDate: new Date('2025-12-31T00:00:00Z') },
    ];
    expect(latestBadge(badges)?.id).toBe(2);
    expect(latestBadge([])).toBeNull();
  });

  it('picks the open visit with the latest check-in', () => {
    const visits = [
      { id: 1, checkIn: '2026-03-01T08:00:00Z', checkOut: null },
      { id: 2, checkIn: '2026-03-02T08:00:00Z', checkOut: '2026-03-02T09:00:00Z' },
      { id: 3, checkIn: '2026-03-01T12:00:00Z' },
    ];
    expect(currentVisit(visits)?.id).toBe(3);
    expect(currentVisit([visits[1]])).toBeNull();
  });

  it('current visit is open and no open visit started later (property)', () => {
    const visit = fc.record({
      checkIn: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
      checkOut: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(visit, { maxLength: 12 }), (visits) => {
        const current = currentVisit(visits);
        const open = visits.filter((v) => v.checkOut === null);
        if (open.length === 0) expect(current).toBeNull();
        else {
          expect(current?.checkOut).toBeNull();
          for (const v of open) expect(v.checkIn.getTime()).toBeLessThanOrEqual(current!.checkIn.getTime());
        }
      }),
    );
  });
});
