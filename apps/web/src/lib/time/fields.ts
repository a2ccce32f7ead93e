import { addDays } from '@sv/domain';
import { todayIso } from './format';

/**
 * What date fields need (issue 24 §2, ADR 0031), apart from the display formatters of `format.ts`
 * so a screen that only shows times does not load them: the mm/dd/yyyy mask, the day a picker
 * chose, yesterday (the last day a date of birth may be), an age, and the tardy slip's offset.
 */

/** What a date field shows while it is empty (the spec's mask, spec 000 §5). */
export const US_DATE_PLACEHOLDER = 'mm/dd/yyyy';

/** Keeps the digits and inserts the slashes of mm/dd/yyyy as they are typed (spec 000 §5 mask). */
export function maskUsDate(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * The calendar day a date picker chose ('YYYY-MM-DD'): Mantine gives 'YYYY-MM-DD' text; a Date
 * from a picker is the browser's local midnight of that day, so its local parts are the day.
 */
export function pickedDate(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}`;
}

/** Yesterday as 'YYYY-MM-DD' (the last day a date of birth may be, spec 000 §5). */
export const yesterdayIso = (timeZone?: string, now?: Date) => addDays(todayIso(timeZone, now), -1);

/** Whole years between a date of birth ('YYYY-MM-DD…') and `today`, or null. */
export function ageOf(dob: string | null | undefined, today: string = todayIso()): number | null {
  if (!dob || !/^\d{4}-\d{2}-\d{2}/.test(dob)) return null;
  const [y, m, d] = dob.slice(0, 10).split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age >= 0 ? age : null;
}

/**
 * The browser's UTC offset in minutes (east positive): only for the spec's tardy-slip route,
 * whose path carries it (spec 002 "Calls": /GenerateAndPrint/GenerateTardySlipForEvent/{id}/{offset}).
 */
export function browserOffsetMinutes(now: Date = new Date()): number {
  return -now.getTimezoneOffset();
}
