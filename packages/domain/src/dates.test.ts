import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  autoCheckoutInstant,
  badgeExpiryInstant,
  DATE_FORMAT,
  formatUsDate,
  isDobAcceptable,
  isFromEarlierLocalDay,
  localWallClock,
  isIsoDate,
  localDateOf,
  localTimeOf,
  parseUsDate,
  zonedDayBounds,
  zonedTimeToInstant,
} from './dates';

const utc = (s: string) => new Date(s);
const hours = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;

describe('US dates (spec 000 §5, §9)', () => {
  it('uses the mm/dd/yyyy format', () => {
    expect(DATE_FORMAT).toBe('MM/DD/YYYY');
  });

  it('parses strict real dates', () => {
    expect(parseUsDate('07/04/1976')).toBe('1976-07-04');
    expect(parseUsDate(' 02/29/2024 ')).toBe('2024-02-29');
    expect(parseUsDate('12/31/1999')).toBe('1999-12-31');
  });

  it.each([
    '02/29/2023',
    '13/01/2000',
    '00/10/2000',
    '04/31/2000',
    '4/1/2000',
    '2000-01-01',
    '01/01/20',
    '',
    'mm/dd/yyyy',
  ])('rejects %j', (text) => {
    expect(parseUsDate(text)).toBeNull();
  });

  it('formats ISO dates and rejects invalid ones', () => {
    expect(formatUsDate('1976-07-04')).toBe('07/04/1976');
    expect(formatUsDate('2023-02-29')).toBeNull();
    expect(formatUsDate('07/04/1976')).toBeNull();
  });

  it('round-trips every real date (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (d) => {
        const isoDate = d.toISOString().slice(0, 10);
        expect(isIsoDate(isoDate)).toBe(true);
        expect(parseUsDate(formatUsDate(isoDate)!)).toBe(isoDate);
      }),
    );
  });

  it('accepts a date of birth up to yesterday only', () => {
    const today = '2026-05-10';
    expect(isDobAcceptable('2026-05-09', today)).toBe(true);
    expect(isDobAcceptable('1950-01-01', today)).toBe(true);
    expect(isDobAcceptable('2026-05-10', today)).toBe(false);
    expect(isDobAcceptable('2027-01-01', today)).toBe(false);
    expect(isDobAcceptable('1899-12-31', today)).toBe(false);
    expect(isDobAcceptable('2023-02-29', today)).toBe(false);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('clamps month ends', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-10-31', 4)).toBe('2026-02-28');
    expect(addMonths('2025-05-15', 12)).toBe('2026-05-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('addMonths never overshoots the target month (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -36, max: 36 }),
        (d, n) => {
          const from = d.toISOString().slice(0, 10);
          const to = addMonths(from, n);
          expect(isIsoDate(to)).toBe(true);
          const [fy, fm] = from.split('-').map(Number);
          const [ty, tm, td] = to.split('-').map(Number);
          expect(ty * 12 + tm - (fy * 12 + fm)).toBe(n);
          expect(td).toBeLessThanOrEqual(Number(from.slice(8)));
        },
      ),
    );
  });
});

describe('time zones', () => {
  it('finds the local date and time', () => {
    expect(localDateOf(utc('2026-01-01T05:59:00Z'), 'America/Chicago')).toBe('2025-12-31');
    expect(localDateOf(utc('2026-01-01T06:00:00Z'), 'America/Chicago')).toBe('2026-01-01');
    expect(localTimeOf(utc('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('13:00');
  });

  it('resolves skipped and repeated wall times like Temporal "compatible"', () => {
    // Chicago springs forward 02:00 → 03:00 on 2026-03-08: 02:30 does not exist.
    expect(zonedTimeToInstant('2026-03-08', '02:30', 'America/Chicago').toISOString()).toBe('2026-03-08T08:30:00.000Z');
    // Chicago falls back 02:00 → 01:00 on 2026-11-01: 01:30 happens twice; the first (CDT) wins.
    expect(zonedTimeToInstant('2026-11-01', '01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(zonedTimeToInstant('2026-06-15', '09:00', 'America/Phoenix').toISOString()).toBe('2026-06-15T16:00:00.000Z');
  });

  it.each([
    // zone, instant on the day, expected start, expected end, expected length in hours
    ['America/Chicago', '2026-03-08T15:00:00Z', '2026-03-08T06:00:00.000Z', '2026-03-09T05:00:00.000Z', 23],
    ['America/Chicago', '2026-11-01T15:00:00Z', '2026-11-01T05:00:00.000Z', '2026-11-02T06:00:00.000Z', 25],
    ['Europe/London', '2026-03-29T12:00:00Z', '2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z', 23],
    ['Europe/London', '2026-10-25T12:00:00Z', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z', 25],
    ['Pacific/Auckland', '2026-04-04T22:00:00Z', '2026-04-04T11:00:00.000Z', '2026-04-05T12:00:00.000Z', 25],
    ['Pacific/Auckland', '2026-09-27T01:00:00Z', '2026-09-26T12:00:00.000Z', '2026-09-27T11:00:00.000Z', 23],
    ['America/Phoenix', '2026-03-08T15:00:00Z', '2026-03-08T07:00:00.000Z', '2026-03-09T07:00:00.000Z', 24],
  ])('day bounds in %s around %s', (zone, instant, start, end, length) => {
    const bounds = zonedDayBounds(utc(instant), zone);
    expect(bounds.start.toISOString()).toBe(start);
    expect(bounds.end.toISOString()).toBe(end);
    expect(hours(bounds.start, bounds.end)).toBe(length);
  });

  it.each([
    ['America/Chicago', '2026-03-08T15:00:00Z', '2026-03-09T04:59:00.000Z'],
    ['America/Chicago', '2026-11-01T15:00:00Z', '2026-11-02T05:59:00.000Z'],
    ['America/Chicago', '2026-11-01T06:30:00Z', '2026-11-02T05:59:00.000Z'],
    ['Europe/London', '2026-03-29T09:00:00Z', '2026-03-29T22:59:00.000Z'],
    ['Europe/London', '2026-10-25T09:00:00Z', '2026-10-25T23:59:00.000Z'],
    ['Pacific/Auckland', '2026-04-04T22:00:00Z', '2026-04-05T11:59:00.000Z'],
    ['Pacific/Auckland', '2026-09-26T20:00:00Z', '2026-09-27T10:59:00.000Z'],
    ['America/Phoenix', '2026-03-08T15:00:00Z', '2026-03-09T06:59:00.000Z'],
  ])('auto check-out in %s for a check-in at %s (spec 002 §4)', (zone, checkIn, expected) => {
    expect(autoCheckoutInstant(utc(checkIn), zone).toISOString()).toBe(expected);
  });

  it('never checks out before the check-in', () => {
    const lastMinute = utc('2026-01-15T05:59:30Z'); // 23:59:30 in Chicago
    expect(autoCheckoutInstant(lastMinute, 'America/Chicago')).toEqual(lastMinute);
  });

  it('tells visits from an earlier local day apart', () => {
    const checkIn = utc('2026-01-15T23:00:00Z'); // 17:00 in Chicago, Jan 15
    expect(isFromEarlierLocalDay(checkIn, utc('2026-01-16T05:00:00Z'), 'America/Chicago')).toBe(false);
    expect(isFromEarlierLocalDay(checkIn, utc('2026-01-16T06:00:00Z'), 'America/Chicago')).toBe(true);
  });

  const ZONES = [
    'America/Chicago',
    'America/New_York',
    'Europe/London',
    'Pacific/Auckland',
    'America/Phoenix',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'America/St_Johns',
  ];

  it('auto check-out is 23:59 on the check-in local day, never before the check-in (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (checkIn, zone) => {
          const out = autoCheckoutInstant(checkIn, zone);
          const { start, end } = zonedDayBounds(checkIn, zone);
          expect(localDateOf(out, zone)).toBe(localDateOf(checkIn, zone));
          expect(out.getTime()).toBeGreaterThanOrEqual(checkIn.getTime());
          expect(out.getTime()).toBeLessThan(end.getTime());
          expect(start.getTime()).toBeLessThanOrEqual(checkIn.getTime());
          if (localTimeOf(checkIn, zone) < '23:59') {
            expect(localTimeOf(out, zone)).toBe('23:59');
            expect(out.getUTCSeconds()).toBe(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('zonedTimeToInstant inverts localDateOf/localTimeOf for wall times that exist (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (instant, zone) => {
          const whole = new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
          const back = zonedTimeToInstant(localDateOf(whole, zone), localTimeOf(whole, zone), zone);
          expect(localDateOf(back, zone)).toBe(localDateOf(whole, zone));
          expect(localTimeOf(back, zone)).toBe(localTimeOf(whole, zone));
          // Repeated wall times resolve to the earlier instant.
          expect(back.getTime()).toBeLessThanOrEqual(whole.getTime());
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('badgeExpiryInstant (audit 002 B13)', () => {
  const zone = 'America/Chicago';
  it('is the allowed minutes after check-in when the desk set a duration', () => {
    const checkIn = new Date('2026-11-24T15:00:00Z'); // 09:00 in Chicago
    expect(badgeExpiryInstant(checkIn, zone, 30).toISOString()).toBe('2026-11-24T15:30:00.000Z');
  });
  it('never runs past the automatic check-out at 23:59', () => {
    const checkIn = new Date('2026-11-25T05:00:00Z'); // 23:00 in Chicago
    expect(badgeExpiryInstant(checkIn, zone, 120)).toEqual(autoCheckoutInstant(checkIn, zone));
  });
  it('without a duration is the automatic check-out', () => {
    const checkIn = new Date('2026-11-24T15:00:00Z');
    expect(badgeExpiryInstant(checkIn, zone, null)).toEqual(autoCheckoutInstant(checkIn, zone));
    expect(badgeExpiryInstant(checkIn, zone)).toEqual(autoCheckoutInstant(checkIn, zone));
  });
});

describe('localWallClock: the cached offsets agree with Intl to the second (issue 24 §6)', () => {
  const zones = [
    'America/Chicago',
    'America/New_York',
    'America/Phoenix',
    'Pacific/Honolulu',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'UTC',
  ];
  const exact = (instant: Date, timeZone: string) => {
    const parts: Record<string, number> = {};
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    for (const p of f.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    return {
      year: parts.year,
      month: parts.month,
      day: parts.day,
      hour: parts.hour % 24,
      minute: parts.minute,
      second: parts.second,
    };
  };

  it('at random instants from 1850 (local mean time) to 2100', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1850-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (d, zone) => {
          expect({ ...localWallClock(d, zone) }).toEqual(exact(d, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('every second around the 2026 clock changes in Chicago and on Lord Howe (30-minute change)', () => {
    const around = [
      ['America/Chicago', Date.UTC(2026, 2, 8, 8, 0)], // 02:00 CST → 03:00 CDT
      ['America/Chicago', Date.UTC(2026, 10, 1, 7, 0)], // 02:00 CDT → 01:00 CST
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15, 0)], // 02:00 +11 → 01:30 +10:30
    ] as const;
    for (const [zone, at] of around) {
      for (let t = at - 3_600_000; t <= at + 3_600_000; t += 1000) {
        const d = new Date(t);
        const got = localWallClock(d, zone);
        const want = exact(d, zone);
        if (got.hour !== want.hour || got.minute !== want.minute || got.second !== want.second || got.day !== want.day)
          expect({ zone, at: d.toISOString(), got: { ...got } }).toEqual({ zone, at: d.toISOString(), got: want });
      }
    }
  });
});
