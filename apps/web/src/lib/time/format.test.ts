import { localDateOf, localTimeOf, zonedTimeToInstant } from '@sv/domain';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  displayTimeZone,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatOptionalDateTime,
  formatTime,
  formatTimeOrDateTime,
  parseUsDate,
  todayIso,
} from './format';
import { ageOf, maskUsDate, pickedDate, yesterdayIso } from './fields';

const ZONES = ['America/Chicago', 'America/New_York'] as const;
const zone = fc.constantFrom(...ZONES, 'America/Denver', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu');
/** Instants from 1990 to 2060, on whole minutes or not. */
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms));
/** Real calendar dates 1900 … 2199. */
const isoDate = fc
  .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2199, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

/** The 12-hour reading of a 'HH:mm' wall clock. */
const twelveHour = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

describe('formats of an instant (spec 000 §9, 002 §9: mm/dd/yyyy, h:mm AM) in the building zone', () => {
  it('shows the spec formats', () => {
    const at = '2026-07-04T14:05:00Z';
    expect(formatTime(at, 'America/Chicago')).toBe('9:05 AM');
    expect(formatTime(at, 'America/New_York')).toBe('10:05 AM');
    expect(formatDate(at, 'America/Chicago')).toBe('07/04/2026');
    expect(formatDateTime(at, 'America/Chicago')).toBe('07/04/2026, 9:05 AM');
    expect(formatDateTime(new Date(at), 'America/New_York')).toBe('07/04/2026, 10:05 AM');
    expect(formatTime('2026-07-05T04:59:00Z', 'America/Chicago')).toBe('11:59 PM');
    expect(formatTime('2026-07-05T05:00:00Z', 'America/Chicago')).toBe('12:00 AM');
    expect(formatTime('2026-07-04T17:00:00Z', 'America/Chicago')).toBe('12:00 PM');
  });

  it("takes the day from the building's zone, not UTC's (a late-evening visit stays on its day)", () => {
    // 21:30 on Feb 28 in Chicago is already Mar 1 in UTC
    expect(formatDate('2026-03-01T03:30:00Z', 'America/Chicago')).toBe('02/28/2026');
    expect(formatDate('2026-03-01T03:30:00Z', 'UTC')).toBe('03/01/2026');
  });

  it('without a building zone uses the district default, never the browser zone', () => {
    expect(displayTimeZone(null)).toBe('America/Chicago');
    expect(displayTimeZone('')).toBe('America/Chicago');
    expect(displayTimeZone('America/New_York')).toBe('America/New_York');
    expect(formatDateTime('2026-01-15T18:00:00Z', null)).toBe('01/15/2026, 12:00 PM');
    expect(formatOptionalDateTime(null, 'America/Chicago')).toBe('');
    expect(formatOptionalDateTime('2026-01-15T18:00:00Z', undefined)).toBe('01/15/2026, 12:00 PM');
  });

  describe('whatever zone the browser runs in', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      process.env.TZ = saved;
    });
    it('shows the same text', () => {
      fc.assert(
        fc.property(instant, zone, (at, tz) => {
          process.env.TZ = 'Pacific/Auckland';
          const a = formatDateTime(at, tz);
          process.env.TZ = 'America/Los_Angeles';
          expect(formatDateTime(at, tz)).toBe(a);
        }),
        { numRuns: 200 },
      );
    });
  });

  it('agrees with the domain wall clock for any instant and zone (one spelling: mm/dd/yyyy, h:mm AM)', () => {
    fc.assert(
      fc.property(instant, zone, (at, tz) => {
        const text = formatDateTime(at, tz);
        expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4}, (1[0-2]|[1-9]):[0-5]\d [AP]M$/);
        expect(formatTime(at, tz)).toBe(twelveHour(localTimeOf(at, tz)));
        // parse ∘ format: the shown day reads back as the local day
        expect(parseUsDate(formatDate(at, tz))).toBe(localDateOf(at, tz));
      }),
      { numRuns: 500 },
    );
  });

  it('shows the time alone on the building-local today, else date and time', () => {
    const at = '2026-07-04T14:05:00Z';
    expect(formatTimeOrDateTime(at, 'America/Chicago', '2026-07-04')).toBe('9:05 AM');
    expect(formatTimeOrDateTime(at, 'America/Chicago', '2026-07-05')).toBe('07/04/2026, 9:05 AM');
  });

  it("names the zone where a screen lists several buildings' messages", () => {
    expect(formatDateTimeWithZone('2026-07-04T14:05:00Z', 'America/Chicago')).toBe('07/04/2026, 9:05 AM CDT');
    expect(formatDateTimeWithZone('2026-01-04T14:05:00Z', 'America/New_York')).toBe('01/04/2026, 9:05 AM EST');
  });
});

describe('DST edges (America/Chicago, America/New_York)', () => {
  it('spring forward: 1:59 AM is followed by 3:00 AM', () => {
    // 2026-03-08: 2:00 CST → 3:00 CDT in Chicago (08:00Z); 2:00 EST → 3:00 EDT in New York (07:00Z)
    expect(formatDateTime('2026-03-08T07:59:00Z', 'America/Chicago')).toBe('03/08/2026, 1:59 AM');
    expect(formatDateTime('2026-03-08T08:00:00Z', 'America/Chicago')).toBe('03/08/2026, 3:00 AM');
    expect(formatDateTime('2026-03-08T06:59:00Z', 'America/New_York')).toBe('03/08/2026, 1:59 AM');
    expect(formatDateTime('2026-03-08T07:00:00Z', 'America/New_York')).toBe('03/08/2026, 3:00 AM');
  });

  it('fall back: 1:30 AM shows twice, an hour apart', () => {
    expect(formatTime('2026-11-01T06:30:00Z', 'America/Chicago')).toBe('1:30 AM');
    expect(formatTime('2026-11-01T07:30:00Z', 'America/Chicago')).toBe('1:30 AM');
    expect(formatTime('2026-11-01T05:30:00Z', 'America/New_York')).toBe('1:30 AM');
    expect(formatTime('2026-11-01T06:30:00Z', 'America/New_York')).toBe('1:30 AM');
    expect(formatDateTimeWithZone('2026-11-01T06:30:00Z', 'America/Chicago')).toMatch(/CDT$/);
    expect(formatDateTimeWithZone('2026-11-01T07:30:00Z', 'America/Chicago')).toMatch(/CST$/);
  });

  /** Every minute of the transition days of 2024 … 2030. */
  const transitionDay = fc.constantFrom(
    ...[2024, 2025, 2026, 2027, 2028, 2029, 2030].flatMap((y) => {
      // second Sunday of March, first Sunday of November (US rule since 2007)
      const sunday = (month: number, nth: number) => {
        const first = new Date(Date.UTC(y, month, 1)).getUTCDay();
        return new Date(Date.UTC(y, month, 1 + ((7 - first) % 7) + 7 * (nth - 1))).toISOString().slice(0, 10);
      };
      return [sunday(2, 2), sunday(10, 1)];
    }),
  );
  const wallClock = fc
    .record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) })
    .map(({ h, m }) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  it("a building's wall-clock time on a transition day shows as itself (the skipped hour an hour later)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), transitionDay, wallClock, (tz, day, hhmm) => {
        const at = zonedTimeToInstant(day, hhmm, tz);
        const skipped = day.slice(5, 7) === '03' && hhmm.startsWith('02:');
        const expected = skipped ? `03${hhmm.slice(2)}` : hhmm;
        expect(formatTime(at, tz)).toBe(twelveHour(expected));
        expect(formatDate(at, tz)).toBe(formatCalendarDate(day));
      }),
      { numRuns: 500 },
    );
  });
});

describe('calendar dates (date of birth, visit date) are never shifted by a zone', () => {
  it('shows mm/dd/yyyy; a year-only registry date as it is; nothing as null', () => {
    expect(formatCalendarDate('1985-07-14')).toBe('07/14/1985');
    expect(formatCalendarDate('1985-07-14T00:00:00.000Z')).toBe('07/14/1985');
    expect(formatCalendarDate('1975')).toBe('1975');
    expect(formatCalendarDate(null)).toBeNull();
    expect(formatCalendarDate('')).toBeNull();
  });

  it('parse ∘ format is the identity on real dates, and format ∘ parse on accepted text', () => {
    fc.assert(
      fc.property(isoDate, (iso) => {
        const shown = formatCalendarDate(iso)!;
        expect(parseUsDate(shown)).toBe(iso);
        // the mask accepts what the field shows
        expect(maskUsDate(shown)).toBe(shown);
      }),
      { numRuns: 1000 },
    );
    const typed = fc
      .tuple(fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 9999 }))
      .map(([m, d, y]) => `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${String(y).padStart(4, '0')}`);
    fc.assert(
      fc.property(typed, (text) => {
        const iso = parseUsDate(text);
        if (iso !== null) expect(formatCalendarDate(iso)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads only real calendar dates', () => {
    expect(parseUsDate('02/29/2024')).toBe('2024-02-29');
    expect(parseUsDate('02/29/2023')).toBeNull();
    expect(parseUsDate('13/01/2000')).toBeNull();
    expect(parseUsDate('7/14/1985')).toBeNull();
    expect(parseUsDate('')).toBeNull();
  });
});

describe('the US date mask (spec 000 §5, 001 §5, 002 §5: mm/dd/yyyy as typed)', () => {
  it('masks digits as they are typed', () => {
    expect(
      ['0', '07', '071', '0714', '07141', '07141985', '0714198599', '07/14/1985', 'ab07c14', ''].map(maskUsDate),
    ).toEqual(['0', '07', '07/1', '07/14', '07/14/1', '07/14/1985', '07/14/1985', '07/14/1985', '07/14', '']);
  });

  it('is idempotent, keeps the first eight digits in order and has the mask shape', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const once = maskUsDate(raw);
        expect(maskUsDate(once)).toBe(once);
        expect(once.replace(/\//g, '')).toBe(raw.replace(/\D/g, '').slice(0, 8));
        expect(once).toMatch(/^(\d{0,2}|\d{2}\/\d{1,2}|\d{2}\/\d{2}\/\d{1,4})$/);
      }),
      { numRuns: 1000 },
    );
  });

  it('typing a date digit by digit ends on the date', () => {
    fc.assert(
      fc.property(isoDate, (iso) => {
        const shown = formatCalendarDate(iso)!;
        let text = '';
        for (const digit of shown.replace(/\D/g, '')) text = maskUsDate(text + digit);
        expect(text).toBe(shown);
      }),
      { numRuns: 200 },
    );
  });
});

describe('today, yesterday and age', () => {
  it("today is the calendar day in the given zone (the building's on a desk screen)", () => {
    const now = new Date('2026-01-06T03:00:00Z');
    expect(todayIso('America/Chicago', now)).toBe('2026-01-05');
    expect(todayIso('America/New_York', now)).toBe('2026-01-05');
    expect(todayIso('UTC', now)).toBe('2026-01-06');
    expect(yesterdayIso('America/Chicago', now)).toBe('2026-01-04');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('today in a zone is the local day of the instant, any instant', () => {
    fc.assert(
      fc.property(instant, zone, (at, tz) => {
        expect(todayIso(tz, at)).toBe(localDateOf(at, tz));
        expect(addDays(yesterdayIso(tz, at), 1)).toBe(todayIso(tz, at));
      }),
    );
  });

  it('counts whole years, the birthday included', () => {
    expect(ageOf('1980-07-04', '2026-07-03')).toBe(45);
    expect(ageOf('1980-07-04', '2026-07-04')).toBe(46);
    expect(ageOf('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOf('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOf('2030-01-01', '2026-01-01')).toBeNull();
    expect(ageOf(null, '2026-01-01')).toBeNull();
    expect(ageOf('1975', '2026-01-01')).toBeNull();
  });
});

describe('the day a date picker chose', () => {
  it("is the picker's text, or the local day of the picker's Date", () => {
    expect(pickedDate('2026-05-06')).toBe('2026-05-06');
    expect(pickedDate('2026-05-06 00:00:00')).toBe('2026-05-06');
    expect(pickedDate(new Date(2026, 4, 6))).toBe('2026-05-06');
    expect(pickedDate(null)).toBeUndefined();
  });
});
