/**
 * Calendar dates (ISO 'YYYY-MM-DD' strings) and time-zone arithmetic using only `Intl`.
 *
 * Rules never read the clock: callers pass `today`/`now` (architecture guideline 8), so the
 * server decides what "today" is in the building's time zone (security guide: no client-supplied
 * offsets).
 */

/** The date format every date field shows and accepts (spec 000 §9, 001 §9, 002 §9). */
export const DATE_FORMAT = 'MM/DD/YYYY';

/** Earliest date of birth we accept; anything older is a typing mistake. */
export const MIN_DOB = '1900-01-01';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Whether `value` is an ISO calendar date that exists ('2023-02-29' does not). */
export function isIsoDate(value: string): boolean {
  const m = ISO.exec(value);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * 'mm/dd/yyyy' (the input mask, spec 000 §5) → 'YYYY-MM-DD', or null unless it is exactly that
 * shape and a real calendar date.
 */
export function parseUsDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(year, month, day) ? iso(year, month, day) : null;
}

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', or null when `isoDate` is not a real ISO date. */
export function formatUsDate(isoDate: string): string | null {
  if (!isIsoDate(isoDate)) return null;
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

/** Adds (or subtracts) whole days to an ISO date. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/**
 * Adds calendar months, clamping to the last day of the target month (Jan 31 + 1 month =
 * Feb 28, or Feb 29 in a leap year), as people expect of "one month from today".
 */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Adds calendar years; Feb 29 becomes Feb 28 in a non-leap year. */
export function addYears(isoDate: string, years: number): string {
  return addMonths(isoDate, years * 12);
}

/**
 * Whether a date of birth may be saved: a real date from 1900 up to yesterday (spec 000 §5,
 * 001 §5, 002 §5: the calendar allows dates up to yesterday; a future date clears the field).
 */
export function isDobAcceptable(dob: string, todayIso: string): boolean {
  return isIsoDate(dob) && dob >= MIN_DOB && dob < todayIso;
}

// ------------------------------------------------------------------ time zones

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function exactLocalParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/**
 * Offsets (local − UTC, ms) per zone, cached by UTC day and, on a day whose two ends disagree
 * (a clock change), by 15-minute slice. `formatToParts` costs microseconds, and a year's export
 * formats millions of instants (issue 24 §6: ≥ 100k rows/s). tzdb changes a zone's offset at
 * most once in a day and, in the years this product stores, at whole quarter hours (UTC); a
 * slice whose two ends still disagree (historic local mean time) is computed exactly each time.
 */
const DAY_MS = 86_400_000;
const SLICE_MS = 15 * 60_000;
const CACHE_LIMIT = 20_000;
const dayOffsets = new Map<string, Map<number, number | null>>();
const sliceOffsets = new Map<string, Map<number, number | null>>();

function exactOffset(epochMs: number, timeZone: string): number {
  const p = exactLocalParts(new Date(epochMs), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - epochMs;
}

/** The one offset of span `index` (of `length` ms) in `timeZone`, or null when it changes inside. */
function spanOffset(cache: Map<string, Map<number, number | null>>, index: number, length: number, timeZone: string) {
  let zone = cache.get(timeZone);
  if (!zone) {
    zone = new Map();
    cache.set(timeZone, zone);
  }
  let offset = zone.get(index);
  if (offset === undefined) {
    const from = index * length;
    const first = exactOffset(from, timeZone);
    offset = first === exactOffset(from + length - 1000, timeZone) ? first : null;
    if (zone.size > CACHE_LIMIT) zone.clear();
    zone.set(index, offset);
  }
  return offset;
}

function cachedOffset(epochMs: number, timeZone: string): number | null {
  return (
    spanOffset(dayOffsets, Math.floor(epochMs / DAY_MS), DAY_MS, timeZone) ??
    spanOffset(sliceOffsets, Math.floor(epochMs / SLICE_MS), SLICE_MS, timeZone)
  );
}

function localParts(instant: Date, timeZone: string): LocalParts {
  const epochMs = instant.getTime();
  const offset = Number.isFinite(epochMs) ? cachedOffset(epochMs, timeZone) : null;
  if (offset === null) return exactLocalParts(instant, timeZone);
  const wall = new Date(epochMs + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The zone's UTC offset at `epochMs`, in milliseconds (local − UTC), to the second. */
function offsetAt(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const p = localParts(new Date(wholeSecond), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/** The wall clock of `instant` in `timeZone`, as numbers (month 1–12, hour 0–23). */
export function localWallClock(instant: Date, timeZone: string): Readonly<LocalParts> {
  return localParts(instant, timeZone);
}

/** The local calendar date ('YYYY-MM-DD') of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return iso(p.year, p.month, p.day);
}

/** The local wall-clock time ('HH:mm') of `instant` in `timeZone`. */
export function localTimeOf(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time` ('HH:mm').
 *
 * Like `Temporal`'s 'compatible' disambiguation: a time repeated when clocks go back resolves to
 * the earlier instant; a time skipped when clocks go forward resolves to the same distance past
 * the gap (02:30 on a spring-forward night in Chicago → 03:30 CDT).
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const day = 86_400_000;
  const before = offsetAt(wall - day, timeZone);
  const after = offsetAt(wall + day, timeZone);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((t) => t + offsetAt(t, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(matches.length > 0 ? matches[0] : wall - before);
}

/** Local midnight of `instant`'s local day to the next local midnight (23, 24 or 25 hours). */
export function zonedDayBounds(instant: Date, timeZone: string): { start: Date; end: Date } {
  const date = localDateOf(instant, timeZone);
  return {
    start: zonedTimeToInstant(date, '00:00', timeZone),
    end: zonedTimeToInstant(addDays(date, 1), '00:00', timeZone),
  };
}

/**
 * When a visit left open is checked out automatically: 23:59:00 local time on the check-in's
 * local day (spec 002 §4 "Automatic check-out"). A check-in made during that last minute is
 * closed at its own instant so a visit never ends before it began.
 */
export function autoCheckoutInstant(checkIn: Date, timeZone: string): Date {
  const at = zonedTimeToInstant(localDateOf(checkIn, timeZone), '23:59', timeZone);
  return at.getTime() < checkIn.getTime() ? new Date(checkIn.getTime()) : at;
}

/**
 * When a visit's badge expires (spec 002 §3 Visit "visit duration begin and allowed minutes"; audit
 * 002 B13): the allowed minutes after check-in when the desk set a duration, never later than the
 * automatic check-out at 23:59 local time; without a duration, that check-out.
 */
export function badgeExpiryInstant(checkIn: Date, timeZone: string, allowedMinutes?: number | null): Date {
  const endOfDay = autoCheckoutInstant(checkIn, timeZone);
  if (!allowedMinutes || allowedMinutes <= 0) return endOfDay;
  const byDuration = new Date(checkIn.getTime() + allowedMinutes * 60_000);
  return byDuration.getTime() < endOfDay.getTime() ? byDuration : endOfDay;
}

/** Whether a visit checked in at `checkIn` belongs to an earlier local day than `now` (spec 002 §4). */
export function isFromEarlierLocalDay(checkIn: Date, now: Date, timeZone: string): boolean {
  return localDateOf(checkIn, timeZone) < localDateOf(now, timeZone);
}
