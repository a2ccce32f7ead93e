/**
 * Whether a registration's badge admits its holder at a building today (spec 002 §4 "Check-in of
 * registration or SafeVendor types"; issue 11 "Registered check-in"): an approved, unexpired,
 * unsuspended registration that is not under review and is valid at this building. The check-in
 * service applies it on every path (desk scan, kiosk), after which the person is screened like
 * anyone else (ADR 0008).
 */
export interface RegistrationForAdmission {
  approved: boolean | null;
  underReview: boolean;
  /** ISO date; null = no expiry */
  expDate: string | null;
  /** set by arrest watch until an administrator reviews the alert */
  suspended: boolean;
  /** buildings the registration is limited to; empty = every building of its district */
  buildingIds: readonly number[];
}

export type RegistrationRefusal = 'suspended' | 'denied' | 'underReview' | 'pending' | 'expired' | 'notThisBuilding';

export type RegistrationAdmission = { ok: true } | { ok: false; reason: RegistrationRefusal };

/** The first reason that applies, most serious first: a suspension outranks everything. */
export function registrationAdmission(
  reg: RegistrationForAdmission,
  buildingId: number,
  todayIso: string,
): RegistrationAdmission {
  if (reg.suspended) return { ok: false, reason: 'suspended' };
  if (reg.approved === false) return { ok: false, reason: 'denied' };
  if (reg.underReview) return { ok: false, reason: 'underReview' };
  if (reg.approved !== true) return { ok: false, reason: 'pending' };
  if (reg.expDate !== null && reg.expDate < todayIso) return { ok: false, reason: 'expired' };
  if (reg.buildingIds.length > 0 && !reg.buildingIds.includes(buildingId))
    return { ok: false, reason: 'notThisBuilding' };
  return { ok: true };
}
