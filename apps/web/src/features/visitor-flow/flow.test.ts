import { describe, expect, it } from 'vitest';
import { CHECK_IN_FORM, checkInValues, lastVisitDefaults, usZipOf } from './flow';

describe('usZipOf (audit 002 B12)', () => {
  it('keeps the 5 digits of a US zip code, with or without its +4', () => {
    expect(usZipOf('60062')).toBe('60062');
    expect(usZipOf('60062-1234')).toBe('60062');
    expect(usZipOf('600621234')).toBe('60062');
    expect(usZipOf(' 02108 ')).toBe('02108');
  });
  it('answers null for anything else, never a few digits picked out of it', () => {
    expect(usZipOf('N1M 3J6')).toBeNull();
    expect(usZipOf('1234')).toBeNull();
    expect(usZipOf('')).toBeNull();
    expect(usZipOf(null)).toBeNull();
  });
});

describe('the check-in form is validated by the check-in contract (issue 24 §2)', () => {
  const fresh = checkInValues({ reasonId: null, reasonText: '', personVisiting: '' }, 'visitor');
  const issues = (values: object) => {
    const r = CHECK_IN_FORM.safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => String(i.path[0]));
  };

  it('starts from the card or the last visit: listed reason by id, else its text', () => {
    expect(checkInValues({ reasonId: '7', reasonText: '', personVisiting: 'Ms. Park' }, 'volunteer')).toEqual({
      visitorType: 'volunteer',
      visitReasonId: 7,
      reason: '',
      personVisiting: 'Ms. Park',
      hostId: null,
      allowedMinutes: null,
    });
    // issue 28 §1: a card's host is the one picked
    expect(
      checkInValues({ reasonId: null, reasonText: '', personVisiting: 'Pat Host', hostId: 12 }, 'visitor'),
    ).toMatchObject({
      personVisiting: 'Pat Host',
      hostId: 12,
    });
    const visitor = {
      lastVisit: { visitorType: 'vendor', visitReasonId: null, reason: 'Copier repair', personVisiting: 'Office' },
    } as unknown as Parameters<typeof lastVisitDefaults>[0];
    const last = lastVisitDefaults(visitor);
    expect(checkInValues(last, last.type)).toMatchObject({ visitorType: 'vendor', reason: 'Copier repair' });
    expect(issues(fresh)).toEqual([]);
  });

  it('refuses what the server would refuse, on the field it belongs to', () => {
    expect(issues({ ...fresh, allowedMinutes: 0 })).toEqual(['allowedMinutes']);
    expect(issues({ ...fresh, allowedMinutes: 24 * 60 + 1 })).toEqual(['allowedMinutes']);
    expect(issues({ ...fresh, allowedMinutes: 1.5 })).toEqual(['allowedMinutes']);
    expect(issues({ ...fresh, reason: 'x'.repeat(201) })).toEqual(['reason']);
    expect(issues({ ...fresh, personVisiting: 'a\u0000b' })).toEqual(['personVisiting']);
    expect(issues({ ...fresh, visitReasonId: 0 })).toEqual(['visitReasonId']);
    expect(issues({ ...fresh, visitorType: 'burglar' })).toEqual(['visitorType']);
    expect(issues({ ...fresh, allowedMinutes: 90, visitReasonId: 3, reason: 'Meeting' })).toEqual([]);
  });
});
