/**
 * "Never release a child without a current authorisation" (security guide "Integrity under
 * failure"; issue 12): the one rule every pickup path applies on the server (the desk's pickup
 * now, the kiosk's student modal when it arrives), through `students.service` → `recordPickup`.
 *
 * OneRoster has no pickup permission (integrations guide), so permission is the district's local
 * authorisation rows (pickup_authorizations):
 * - a 'deny' row in force (a court order) refuses, whatever else says yes;
 * - an 'allow' row without dates is a standing permission;
 * - an 'allow' row with validFrom / validTo is a time-limited exception, in force on the local days
 *   from validFrom to validTo inclusive (the student's building's zone: `today` is that day);
 * - nothing in force means no pickup. A revoked row is not in force.
 * On top: the student must be enrolled in the building the release happens in, and the person
 * must have been screened (exclusions and registry) without an undecided finding.
 */

export type PickupPath = 'desk' | 'kiosk';

export const PICKUP_PATHS: readonly PickupPath[] = ['desk', 'kiosk'];

export interface PickupRule {
  id: number;
  kind: 'allow' | 'deny';
  /** YYYY-MM-DD or null (open) */
  validFrom: string | null;
  validTo: string | null;
  revoked: boolean;
}

export type PickupScreening = 'clear' | 'flagged' | 'missing';

export interface PickupInput {
  path: PickupPath;
  /** the student's school; null when the SIS school is not mapped to a building */
  studentBuildingId: number | null;
  /** where the release happens */
  buildingId: number;
  studentActive: boolean;
  guardianActive: boolean;
  /** the rows of this student and this person */
  rules: PickupRule[];
  /** local date (YYYY-MM-DD) in the building's zone */
  today: string;
  screening: PickupScreening;
}

export type PickupRefusal =
  | 'not_enrolled_here'
  | 'inactive'
  | 'restricted'
  | 'expired'
  | 'not_yet_valid'
  | 'no_authorisation'
  | 'not_screened'
  | 'flagged';

export type PickupVerdict = { allowed: true; authorizationId: number } | { allowed: false; reason: PickupRefusal };

const inForce = (r: PickupRule, today: string) =>
  !r.revoked && (r.validFrom === null || r.validFrom <= today) && (r.validTo === null || today <= r.validTo);

/** Whether this person may be shown as allowed (the guardian table's canPickup), before screening. */
export function pickupPermission(
  rules: PickupRule[],
  today: string,
): { canPickup: true; authorizationId: number } | { canPickup: false; reason: PickupRefusal } {
  const live = rules.filter((r) => !r.revoked);
  if (live.some((r) => r.kind === 'deny' && inForce(r, today))) return { canPickup: false, reason: 'restricted' };
  // a standing permission before a dated one: the log names the most durable grant
  const allows = live
    .filter((r) => r.kind === 'allow' && inForce(r, today))
    .sort((a, b) => Number(a.validTo !== null) - Number(b.validTo !== null) || a.id - b.id);
  if (allows.length > 0) return { canPickup: true, authorizationId: allows[0].id };
  const dated = live.filter((r) => r.kind === 'allow');
  if (dated.some((r) => r.validTo !== null && r.validTo < today)) return { canPickup: false, reason: 'expired' };
  if (dated.some((r) => r.validFrom !== null && r.validFrom > today))
    return { canPickup: false, reason: 'not_yet_valid' };
  return { canPickup: false, reason: 'no_authorisation' };
}

/** The release decision. Refusals are checked from the most basic (wrong building) to screening. */
export function pickupAuthorization(input: PickupInput): PickupVerdict {
  if (input.studentBuildingId === null || input.studentBuildingId !== input.buildingId)
    return { allowed: false, reason: 'not_enrolled_here' };
  if (!input.studentActive || !input.guardianActive) return { allowed: false, reason: 'inactive' };
  const permission = pickupPermission(input.rules, input.today);
  if (!permission.canPickup) return { allowed: false, reason: permission.reason };
  if (input.screening === 'missing') return { allowed: false, reason: 'not_screened' };
  if (input.screening === 'flagged') return { allowed: false, reason: 'flagged' };
  return { allowed: true, authorizationId: permission.authorizationId };
}
