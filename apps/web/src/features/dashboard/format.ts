import { formatUsDate, localDateOf } from '@sv/domain';

/** Wall-clock time of an instant in the building's time zone ('9:05 AM'), never the browser's. */
export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** Time only when the instant falls on `today` (building-local), else the date (MM/DD/YYYY) and time. */
export function formatTimeOrDate(iso: string, timeZone: string, today: string): string {
  const instant = new Date(iso);
  const day = localDateOf(instant, timeZone);
  const time = formatTime(iso, timeZone);
  return day === today ? time : `${formatUsDate(day) ?? day} ${time}`;
}

/** A date of birth ('YYYY-MM-DD') as MM/DD/YYYY (spec 002 §9). */
export const formatDob = (dob: string | null) => (dob ? (formatUsDate(dob) ?? dob) : null);

export const fullName = (first: string, last: string, middle = '') => [first, middle, last].filter(Boolean).join(' ');

/**
 * A visit's day as MM/DD/YYYY on the desk's clock: shown beside a name so two records of one name
 * can be told apart (issue 22), not a log time.
 */
export const formatVisitDay = (iso: string | null) =>
  iso ? (formatUsDate(localDateOf(new Date(iso), Intl.DateTimeFormat().resolvedOptions().timeZone)) ?? null) : null;
