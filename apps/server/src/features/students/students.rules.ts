import { CONSTANTS, PICKUP_MESSAGES } from '@sv/contracts';
import {
  type PickupPath,
  type PickupRefusal,
  type PickupRule,
  type PickupScreening,
  type ReleaseVerificationRefusal,
} from '@sv/domain';
import type { ScreeningFinding } from '../../db/schema/index';

export const REFUSAL_MESSAGE: Record<PickupRefusal, string> = {
  not_enrolled_here: PICKUP_MESSAGES.notEnrolledHere,
  inactive: PICKUP_MESSAGES.inactive,
  restricted: PICKUP_MESSAGES.restricted,
  expired: PICKUP_MESSAGES.expired,
  not_yet_valid: PICKUP_MESSAGES.notYetValid,
  no_authorisation: PICKUP_MESSAGES.notAuthorised,
  not_screened: PICKUP_MESSAGES.notScreened,
  flagged: PICKUP_MESSAGES.flagged,
};

/**
 * Why a pickup was refused or the adult sent to the office (issue 22): the desk's card and the
 * security alert say it in these words; the audit row keeps the code.
 */
export type PickupDiversion =
  | PickupRefusal
  | ReleaseVerificationRefusal
  | 'not_listed'
  | 'code_expired'
  | 'code_locked'
  | 'too_many_codes';

export const DIVERSION_TEXT: Record<PickupDiversion, string> = {
  not_enrolled_here: 'The student is not enrolled in this building.',
  inactive: 'The student or this person is no longer active in the student information system.',
  restricted: 'A court order or restriction on file: this person may not pick up this student.',
  expired: 'This person’s permission to pick up this student has expired.',
  not_yet_valid: 'This person’s permission to pick up this student has not started yet.',
  no_authorisation: 'This person is not authorised to pick up this student.',
  not_screened: 'This person could not be screened.',
  flagged: 'The screening found a possible exclusion or registry match.',
  not_listed: 'The name typed is not among this student’s people.',
  missing: 'The adult’s identity was not checked.',
  method_not_here: 'The adult’s identity was not checked.',
  no_identity_on_file: 'No date of birth, phone or e-mail is on file to verify this adult.',
  dob_mismatch: 'The date of birth typed does not agree with the one on file.',
  code_not_verified: 'The code sent to the phone or e-mail on file was not confirmed.',
  code_expired: 'The code sent to the phone or e-mail on file expired before it was entered.',
  code_locked: 'The code sent to the phone or e-mail on file was entered wrong too many times.',
  too_many_codes: 'Too many codes were asked for this person in a few minutes.',
  id_incomplete: 'The ID shown was incomplete.',
  id_mismatch: 'The ID shown does not agree with what is on file for this person.',
};

/** Verification refusals that are the attendant's input to correct (400, no card), not a refused adult. */
export const INPUT_PROBLEMS: Partial<Record<ReleaseVerificationRefusal, string>> = {
  missing: PICKUP_MESSAGES.verificationRequired,
  method_not_here: PICKUP_MESSAGES.verificationRequired,
  no_identity_on_file: PICKUP_MESSAGES.noIdentityOnFile,
  id_incomplete: PICKUP_MESSAGES.idIncomplete,
};

export const FALLBACK_ZONE = 'America/Chicago';
export const printable = (s: string) =>
  s
    .replace(/[^0-9A-Za-z -]/g, '')
    .trim()
    .toUpperCase()
    .slice(0, 40);
export const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** The rows of one person, as the pure rule reads them. */
export const rulesOf = (
  rows: {
    id: number;
    guardianId: number;
    kind: string;
    validFrom: string | null;
    validTo: string | null;
    revokedAt: Date | null;
  }[],
  guardianId: number,
): PickupRule[] =>
  rows
    .filter((r) => r.guardianId === guardianId)
    .map((r) => ({
      id: r.id,
      kind: r.kind === 'deny' ? 'deny' : 'allow',
      validFrom: r.validFrom,
      validTo: r.validTo,
      revoked: r.revokedAt !== null,
    }));

/**
 * What a screening of the guardian says for a release: a finding that would need a decision at
 * check-in (a linked or potential exclusion, a gating registry match, not cleared before) stops
 * the pickup. A registry that could not be searched (no birth date from the SIS, or no answer) is
 * shown as a notice: the person is one the district authorised, and the exclusion list was checked.
 */
export function screeningForRelease(
  s: { visitorId: number; buildingId: number; screenedAt: Date; findings: unknown } | null,
  expect: { visitorId: number; buildingId: number; now: Date },
): PickupScreening {
  if (!s || s.visitorId !== expect.visitorId || s.buildingId !== expect.buildingId) return 'missing';
  const age = expect.now.getTime() - s.screenedAt.getTime();
  if (age < 0 || age > CONSTANTS.screeningValidMinutes * 60_000) return 'missing';
  const findings = s.findings as ScreeningFinding[];
  return findings.some((f) => f.gating && !f.clearedBefore && f.source !== 'registry_status') ? 'flagged' : 'clear';
}

/** Who drives a release use case for the permission check: the kiosk as itself, the desk and a reunification station as staff. */
export const viaOf = (path: PickupPath): 'desk' | 'kiosk' => (path === 'kiosk' ? 'kiosk' : 'desk');
