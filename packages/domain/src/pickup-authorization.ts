import { canonicalName } from './identity';

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

/** 'reunification': a station of a reunification event (issue 27 §3, ADR 0050) */
export type PickupPath = 'desk' | 'kiosk' | 'reunification';

export const PICKUP_PATHS: readonly PickupPath[] = ['desk', 'kiosk', 'reunification'];

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

// ---------------------------------------------------------------- is this adult verified? (issue 22)

/**
 * "Releasing a child needs a verified adult" (issue 22): a name is typed text, so before a child is
 * released the adult must be shown to be the person on file, on every path. `adultVerifiedForRelease`
 * is the one rule; `releaseDecision` (authorisation, screening, then this) is what every release
 * path calls: the desk, the desk in SIS mode, the kiosk, and later reunification.
 *
 * - 'dob' (kiosk): a date of birth is on file for the adult and the one typed is that date. No
 *   date on file verifies nothing (the audit's B2: any date was accepted).
 * - 'one_time_code' (kiosk or desk): the adult typed the code the server sent to the phone or
 *   e-mail on file for THIS guardian, for THIS student, in time and within the attempts.
 * - 'id_scan' / 'id_typed' (desk): the attendant read the adult's licence (scanned, or number +
 *   state + date of birth typed). It must agree with whatever identity is on file; a scanned name
 *   must be the guardian's name.
 * - 'known_visitor' (desk): the attendant confirms the adult against an identity already on file
 *   (date of birth or licence); an adult with nothing on file cannot be "known".
 */
export const RELEASE_VERIFICATIONS = ['dob', 'one_time_code', 'id_scan', 'id_typed', 'known_visitor'] as const;
export type ReleaseVerificationMethod = (typeof RELEASE_VERIFICATIONS)[number];

/** Which methods each path accepts: a lobby screen cannot check an ID, a desk does not take a typed date alone. */
export const RELEASE_METHODS_BY_PATH: Record<PickupPath, readonly ReleaseVerificationMethod[]> = {
  kiosk: ['dob', 'one_time_code'],
  desk: ['one_time_code', 'id_scan', 'id_typed', 'known_visitor'],
  // issue 27 §3: "licence scan or ID check, as the identity issue defines for releases" (ADR 0050)
  reunification: ['id_scan', 'id_typed', 'known_visitor'],
};

/** What the district holds about the adult (the guardian row and their visitor record). */
export interface IdentityOnFile {
  guardianId: number;
  firstname: string;
  lastname: string;
  /** YYYY-MM-DD or null */
  dob: string | null;
  licenseNumber: string | null;
  licenseState: string | null;
}

export type ReleaseEvidence =
  | { method: 'dob'; dob: string }
  | {
      method: 'one_time_code';
      /** the stored challenge the code was checked against, after `oneTimeCodeCheck` said 'ok' */
      challenge: { guardianId: number; studentId: number; state: 'verified' | 'pending' | 'failed' | 'used' };
    }
  | {
      method: 'id_scan' | 'id_typed';
      licenseNumber: string;
      licenseState: string;
      dob: string;
      /** read from a scanned licence; typed entries may leave them out */
      firstName?: string;
      lastName?: string;
    }
  | { method: 'known_visitor' };

export type ReleaseVerificationRefusal =
  | 'missing'
  | 'method_not_here'
  | 'no_identity_on_file'
  | 'dob_mismatch'
  | 'code_not_verified'
  | 'id_incomplete'
  | 'id_mismatch';

export type ReleaseVerificationVerdict =
  | { verified: true; method: ReleaseVerificationMethod }
  | { verified: false; reason: ReleaseVerificationRefusal };

export interface ReleaseVerificationInput {
  path: PickupPath;
  studentId: number;
  onFile: IdentityOnFile;
  evidence: ReleaseEvidence | null;
}

/** A real calendar date written YYYY-MM-DD (a scanned card can carry anything). */
const isIsoDate = (d: string | null | undefined): d is string => {
  if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const [y, m, day] = d.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, day));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === day;
};
/** Licence numbers as printed vary in spaces and dashes; states in case. */
export const licenceKey = (s: string | null | undefined) => (s ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

/** Whether the adult in front of the kiosk or the desk is the person on file (pure; see above). */
export function adultVerifiedForRelease(input: ReleaseVerificationInput): ReleaseVerificationVerdict {
  const { onFile, evidence } = input;
  if (!evidence) return { verified: false, reason: 'missing' };
  if (!RELEASE_METHODS_BY_PATH[input.path].includes(evidence.method))
    return { verified: false, reason: 'method_not_here' };
  const dobOnFile = isIsoDate(onFile.dob) ? onFile.dob : null;
  const licenceOnFile =
    licenceKey(onFile.licenseNumber) && licenceKey(onFile.licenseState)
      ? { number: licenceKey(onFile.licenseNumber), state: licenceKey(onFile.licenseState) }
      : null;
  switch (evidence.method) {
    case 'dob':
      if (dobOnFile === null) return { verified: false, reason: 'no_identity_on_file' };
      return evidence.dob === dobOnFile
        ? { verified: true, method: 'dob' }
        : { verified: false, reason: 'dob_mismatch' };
    case 'one_time_code': {
      const c = evidence.challenge;
      return c.state === 'verified' && c.guardianId === onFile.guardianId && c.studentId === input.studentId
        ? { verified: true, method: 'one_time_code' }
        : { verified: false, reason: 'code_not_verified' };
    }
    case 'id_scan':
    case 'id_typed': {
      const number = licenceKey(evidence.licenseNumber);
      const state = licenceKey(evidence.licenseState);
      if (!number || !state || !isIsoDate(evidence.dob)) return { verified: false, reason: 'id_incomplete' };
      if (evidence.method === 'id_scan' && (!evidence.firstName?.trim() || !evidence.lastName?.trim()))
        return { verified: false, reason: 'id_incomplete' };
      if (evidence.firstName !== undefined || evidence.lastName !== undefined) {
        const same =
          canonicalName(evidence.firstName) === canonicalName(onFile.firstname) &&
          canonicalName(evidence.lastName) === canonicalName(onFile.lastname) &&
          canonicalName(onFile.lastname) !== '';
        if (!same) return { verified: false, reason: 'id_mismatch' };
      }
      if (dobOnFile !== null && dobOnFile !== evidence.dob) return { verified: false, reason: 'id_mismatch' };
      if (licenceOnFile && (licenceOnFile.number !== number || licenceOnFile.state !== state))
        return { verified: false, reason: 'id_mismatch' };
      return { verified: true, method: evidence.method };
    }
    case 'known_visitor':
      return dobOnFile !== null || licenceOnFile !== null
        ? { verified: true, method: 'known_visitor' }
        : { verified: false, reason: 'no_identity_on_file' };
  }
}

/** Whether anything is on file a release could be checked against (the desk's ID step is required otherwise). */
export const identityOnFile = (onFile: Pick<IdentityOnFile, 'dob' | 'licenseNumber' | 'licenseState'>) =>
  isIsoDate(onFile.dob) || (licenceKey(onFile.licenseNumber) !== '' && licenceKey(onFile.licenseState) !== '');

export type ReleaseDecision =
  | { allowed: true; authorizationId: number; verification: ReleaseVerificationMethod }
  | { allowed: false; reason: PickupRefusal }
  | { allowed: false; reason: 'unverified'; verification: ReleaseVerificationRefusal };

/**
 * The release: the authorisation rule and the screening first (a court order is named as such even
 * for an unverified adult), then the adult's verification. Every release path calls this.
 */
export function releaseDecision(
  input: PickupInput & { studentId: number; onFile: IdentityOnFile; evidence: ReleaseEvidence | null },
): ReleaseDecision {
  const verdict = pickupAuthorization(input);
  if (!verdict.allowed) return verdict;
  const v = adultVerifiedForRelease(input);
  if (!v.verified) return { allowed: false, reason: 'unverified', verification: v.reason };
  return { allowed: true, authorizationId: verdict.authorizationId, verification: v.method };
}

// ---------------------------------------------------------------- one-time codes (issue 22)

export const ONE_TIME_CODE = { digits: 6, ttlMinutes: 10, maxAttempts: 5 } as const;

export type OneTimeCodeOutcome = 'ok' | 'wrong' | 'expired' | 'locked' | 'used';

/**
 * One attempt at a code: `attempts` is the count BEFORE this one. Expired or used codes and a
 * sixth attempt never succeed, even with the right digits.
 */
export function oneTimeCodeCheck(c: {
  state: 'pending' | 'verified' | 'failed' | 'used';
  expiresAt: Date;
  now: Date;
  attempts: number;
  matches: boolean;
}): OneTimeCodeOutcome {
  if (c.state === 'used' || c.state === 'verified') return 'used';
  if (c.state === 'failed' || c.attempts >= ONE_TIME_CODE.maxAttempts) return 'locked';
  if (c.now.getTime() >= c.expiresAt.getTime()) return 'expired';
  if (!c.matches) return c.attempts + 1 >= ONE_TIME_CODE.maxAttempts ? 'locked' : 'wrong';
  return 'ok';
}

/** The hint a lobby screen may show: never the whole phone number or address. */
export function maskedContact(channel: 'sms' | 'email', value: string): string {
  if (channel === 'sms') {
    const digits = value.replace(/\D/g, '');
    return `•••-•••-${digits.slice(-4)}`;
  }
  const [user = '', domain = ''] = value.trim().split('@');
  const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
  return `${user.slice(0, 1)}•••@${domain.slice(0, 1)}•••${tld}`;
}
