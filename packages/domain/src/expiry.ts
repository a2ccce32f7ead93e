import { addMonths, addYears, isIsoDate, parseUsDate } from './dates';

/** The expiry settings of a registration type or client (spec 001 §3: badgeByDate, strExpDate, months). */
export interface ExpirySettings {
  /** Badges expire on a fixed date rather than after a number of months. */
  badgeByDate: boolean;
  /** The fixed date, ISO 'YYYY-MM-DD' or as stored, 'MM/DD/YYYY' (strExpDate). */
  fixedDate?: string | null;
  /** Months from approval when there is no usable fixed date. */
  months?: number | null;
}

function toIso(value: string | null | undefined): string | null {
  if (!value) return null;
  if (isIsoDate(value)) return value;
  return parseUsDate(value);
}

/**
 * The expiration date pre-filled when approving one registration (spec 001 §9):
 * - none while the registration is under review (the reviewer decides);
 * - with badgeByDate, the fixed date when it is today or later;
 * - otherwise (no badgeByDate, or a fixed date in the past) today plus the type's months,
 *   clamped to the end of the month (Jan 31 + 1 month = Feb 28/29);
 * - none when there are no months to add (0, negative or missing): the approver must pick a date.
 */
export function defaultApprovalExpiry(settings: ExpirySettings, todayIso: string, underReview: boolean): string | null {
  if (underReview) return null;
  const fixed = settings.badgeByDate ? toIso(settings.fixedDate) : null;
  if (fixed !== null && fixed >= todayIso) return fixed;
  const months = settings.months ?? 0;
  return Number.isInteger(months) && months > 0 ? addMonths(todayIso, months) : null;
}

/** The expiration date pre-filled by Approve All: one year from today (spec 001 §9; Feb 29 → Feb 28). */
export function approveAllDefaultExpiry(todayIso: string): string {
  return addYears(todayIso, 1);
}
