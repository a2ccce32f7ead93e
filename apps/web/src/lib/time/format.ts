import { CONSTANTS } from '@sv/contracts';
import { addDays, DATE_FORMAT, formatUsDate, isIsoDate, localDateOf, parseUsDate } from '@sv/domain';

/**
 * The web's one time module (issue 24 §2, ADR 0031): every date and time the web shows or reads
 * goes through `lib/time` (this file, `fields.ts` for date fields, `dob-input.tsx`). `time-boundary.test.ts` fails CI when
 * code elsewhere in apps/web/src formats a date itself.
 *
 * Rules:
 * - an instant is shown in the BUILDING's time zone (spec 002 §4, security guide: never the
 *   browser's offset); screens without a building use the district default
 *   (`displayTimeZone`);
 * - dates show and are typed as mm/dd/yyyy (spec 000 §9, 001 §9, 002 §9), times as 'h:mm AM',
 *   both together as 'mm/dd/yyyy, h:mm AM';
 * - a calendar date ('YYYY-MM-DD': a date of birth, a visit date) has no zone and is never shifted.
 */

export { addDays, DATE_FORMAT, isIsoDate, parseUsDate };

type Instant = string | Date;
/** A building's IANA zone; none (null, undefined, '') means the district default. */
type Zone = string | null | undefined;

/** The zone to show times in: the building's, else the district default (CONSTANTS.defaultTimeZone). */
export function displayTimeZone(buildingTimeZone: string | null | undefined): string {
  return buildingTimeZone || CONSTANTS.defaultTimeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
type Kind = 'date' | 'time' | 'zone';
const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
  zone: { timeZoneName: 'short' },
};

function formatter(zone: Zone, kind: Kind): Intl.DateTimeFormat {
  const timeZone = displayTimeZone(zone);
  const key = `${timeZone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...OPTIONS[kind] });
    formatters.set(key, f);
  }
  return f;
}

const asDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** 'h:mm AM' of an instant in `timeZone` ('9:05 AM', '11:59 PM'). */
export function formatTime(instant: Instant, timeZone: Zone): string {
  // Intl may put a narrow no-break space before AM/PM (ICU 72+): always a plain space
  return formatter(timeZone, 'time')
    .format(asDate(instant))
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** mm/dd/yyyy of the local day of an instant in `timeZone`. */
export function formatDate(instant: Instant, timeZone: Zone): string {
  return formatUsDate(localDateOf(asDate(instant), displayTimeZone(timeZone))) ?? '';
}

/** 'mm/dd/yyyy, h:mm AM' of an instant in `timeZone` (en-US's own order and comma). */
export function formatDateTime(instant: Instant, timeZone: Zone): string {
  return `${formatDate(instant, timeZone)}, ${formatTime(instant, timeZone)}`;
}

/** 'mm/dd/yyyy, h:mm AM CDT': for screens listing several buildings' zones (the message outbox). */
export function formatDateTimeWithZone(instant: Instant, timeZone: Zone): string {
  const zone = formatter(timeZone, 'zone')
    .formatToParts(asDate(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  return zone ? `${formatDateTime(instant, timeZone)} ${zone}` : formatDateTime(instant, timeZone);
}

/** The time alone when the instant falls on `today` (building-local 'YYYY-MM-DD'), else date and time. */
export function formatTimeOrDateTime(instant: Instant, timeZone: Zone, today: string): string {
  return localDateOf(asDate(instant), displayTimeZone(timeZone)) === today
    ? formatTime(instant, timeZone)
    : formatDateTime(instant, timeZone);
}

/** A nullable instant as 'mm/dd/yyyy, h:mm AM', or '' (badges, clearings, check-out). */
export const formatOptionalDateTime = (instant: Instant | null | undefined, timeZone: Zone) =>
  instant ? formatDateTime(instant, timeZone) : '';

/**
 * A calendar date ('YYYY-MM-DD': date of birth, visit date, expiry) as mm/dd/yyyy, never shifted
 * by a zone. Text that is not a full ISO date (a registry's year-only date) is shown as it is;
 * nothing → null.
 */
export function formatCalendarDate(isoDate: string | null | undefined): string | null {
  if (!isoDate) return null;
  return formatUsDate(isoDate.slice(0, 10)) ?? isoDate;
}

/**
 * A wall-clock moment the user chose ('YYYY-MM-DD' and 'HH:mm', already in the building's zone:
 * the logs' "On site at" filter) as 'mm/dd/yyyy, h:mm AM'. No zone arithmetic: it is shown as typed.
 */
export function formatWallClock(isoDate: string, hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const time = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  return `${formatCalendarDate(isoDate) ?? isoDate}, ${time}`;
}

/** The zone the browser runs in: only to guide a field; the server re-checks in the building's zone. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || CONSTANTS.defaultTimeZone;
}

/**
 * Today as 'YYYY-MM-DD' in `timeZone` (the building's when the screen has one), by default the
 * browser's calendar day: a date field's guide (calendar minimum, "up to yesterday"), never a
 * rule the server relies on.
 */
export function todayIso(timeZone: string = browserTimeZone(), now: Date = new Date()): string {
  return localDateOf(now, timeZone);
}
