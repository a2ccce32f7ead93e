import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrestMatchEffect, typeIsWatched, type WatchContact } from './arrest-watch';
import type { ConfidenceLevelId } from './confidence';

const contact = (over: Partial<WatchContact> = {}): WatchContact => ({
  name: 'Safety Office',
  email: 'safety@example.org',
  mobile: '',
  notificationLevels: [],
  badgeLevels: [],
  ...over,
});

describe('typeIsWatched (spec 001 §4 options, ADR 0013)', () => {
  const base = { inArrestWatch: false, scheduledArrestWatchAll: false, arrestWatchApprovalDate: null };
  it.each([
    [{ ...base }, false],
    [{ ...base, inArrestWatch: true }, true],
    [{ ...base, scheduledArrestWatchAll: true }, true],
    [{ ...base, arrestWatchApprovalDate: '2026-11-24' }, true],
    [{ ...base, arrestWatchApprovalDate: '2026-11-01' }, true],
    [{ ...base, arrestWatchApprovalDate: '2026-11-25' }, false],
  ])('%j → %s on 2026-11-24', (type, watched) => {
    expect(typeIsWatched(type, '2026-11-24')).toBe(watched);
  });
});

describe('arrestMatchEffect', () => {
  it('notifies exactly the contacts whose notification levels include the level', () => {
    const a = contact({ name: 'A', notificationLevels: [3, 6] });
    const b = contact({ name: 'B', notificationLevels: [1] });
    const effect = arrestMatchEffect(3, [a, b], 'dob-agrees');
    expect(effect.notify.map((c) => c.name)).toEqual(['A']);
    expect(effect.alert).toBe(true);
    expect(effect.suspends).toBe(false);
  });
  it('suspends when a contact lists the level among badge levels', () => {
    const effect = arrestMatchEffect(2, [contact({ badgeLevels: [2] })], 'dob-agrees');
    expect(effect).toMatchObject({ alert: true, suspends: true, notify: [] });
  });
  it('without contacts records what the desk policy gates and nothing weaker', () => {
    // 'dob-agrees' gates strong and very strong (levels 2, 3, 5, 6), not moderate (1, 4)
    expect(arrestMatchEffect(3, [], 'dob-agrees').alert).toBe(true);
    expect(arrestMatchEffect(1, [], 'dob-agrees').alert).toBe(false);
    expect(arrestMatchEffect(1, [], 'all-matches').alert).toBe(true);
  });
  it('property: whatever the contacts, a suspending or notifying match is always an alert', () => {
    const level = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<ConfidenceLevelId>;
    const levels = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 });
    fc.assert(
      fc.property(level, fc.array(fc.record({ n: levels, b: levels }), { maxLength: 4 }), (l, cs) => {
        const e = arrestMatchEffect(
          l,
          cs.map((c) => contact({ notificationLevels: c.n, badgeLevels: c.b })),
          'dob-agrees',
        );
        if (e.suspends || e.notify.length > 0) expect(e.alert).toBe(true);
      }),
    );
  });
});
