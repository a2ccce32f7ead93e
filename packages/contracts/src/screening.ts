import { z } from 'zod';
import { ZId, ZIdText, ZString } from './common';

/**
 * Screening at check-in (spec 002 §4 check-in of registration types, §5 background check and
 * exclusion matches, §7 offender search, §8 'Unable to run Background Check at this time.'),
 * always run on the server at the moment of the request (security guide).
 *
 * Registry `status`:
 * - 'ok': the registry answered in full; `matches` are every record that matched;
 * - 'failed': a failure, timeout or partial answer (a jurisdiction offline, too many matches …).
 *   `message` is MESSAGES.backgroundCheckFailed and `matches` are those found so far — never a
 *   silent clear;
 * - 'not_run': the visitor lacks first name, last name or date of birth (`message` says so);
 * - 'off': the district's "Run background checks on visitors" setting is off, so the registry was
 *   not searched (`message` says so; exclusions are always checked).
 *
 * Every screening is kept on the server under `id` (issue 10 §1): a check-in names the screening it
 * relies on (`screeningId`), and a clearing names the screening whose finding it answers. A check-in
 * is accepted only within CONSTANTS.screeningValidMinutes of the screening and when every finding that
 * needs a decision was cleared or overruled.
 *
 * `issueCount` = direct exclusions + uncleared potential exclusions + uncleared gating registry
 * matches, plus 1 when the registry check failed, so 0 means nothing needs the attendant's
 * decision. A registry match with `gating: false` is shown for information (a weaker namesake
 * under the district's `registryGating` setting) and is not counted.
 * The summary counts feed the denial record (spec 002 §7 Deny: exclusionCount, potentialCount,
 * watchdogCount).
 */

export const SCREENING_MESSAGES = {
  registryNeedsIdentity: 'Background check requires first name, last name and date of birth.',
  registryOff: 'Background checks are off for this district: the sex-offender registry was not searched.',
  /** check-in refusals of the admission gate (issue 10 §1) */
  notScreened: 'Screen this visitor at this building before checking them in.',
  screeningExpired: 'The screening is too old. Screen the visitor again before checking them in.',
  undecidedFindings: 'Some screening results still need a decision. Review them on the Allow / Deny Entry screen.',
  excluded: 'This visitor is on the exclusion list and cannot be checked in. Deny entry and notify security.',
  newFindings: 'New screening results appeared since this visitor was screened. Screen the visitor again.',
  notShown: 'That result was not shown in this screening.',
} as const;

export const ZScreeningParams = z.object({ visitorId: ZIdText });

export const ZScreeningRequest = z.object({ buildingId: ZId });
export type TScreeningRequest = z.infer<typeof ZScreeningRequest>;

export const ZScreeningMatch = z.object({
  /** the reference to clear it by (cleared-matches `matchRef`): '<source>:<record id>' or the exclusion id */
  id: z.string(),
  kind: z.enum(['registry', 'direct', 'potential']),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string().optional(),
  /** 'YYYY-MM-DD'; a registry may give only 'YYYY', or nothing */
  dob: z.string().nullable(),
  /** registry matches: confidence level 1–6 and its label (docs/domain/confidence-levels.md) */
  level: z.number().int().min(1).max(6).optional(),
  levelLabel: z.string().optional(),
  /** why it matched, strongest evidence first */
  reasons: z.array(z.string()),
  photoUrl: z.string().optional(),
  /** registry: jurisdiction, record page and absconder flag */
  jurisdiction: z.string().optional(),
  offenderUri: z.string().optional(),
  absconder: z.boolean().optional(),
  /** exclusions: type label (spec 000 §3) */
  typeLabel: z.string().optional(),
  /** exclusions: the reason written on the exclusion (audit 002 B7), when there is one */
  exclusionReason: z.string().optional(),
  /** cleared earlier for this visitor: shown, but not counted as an issue */
  cleared: z.boolean(),
  /** a cleared match: who cleared it and when (audit 002 B8) */
  clearedBy: z.string().optional(),
  clearedAt: z.string().datetime({ offset: true }).optional(),
  /**
   * registry matches: whether it needs an attendant's decision under the district's
   * `registryGating` setting (false: shown for information, not counted in issueCount /
   * watchdogCount). Absent on exclusion matches, which always need a decision.
   */
  gating: z.boolean().optional(),
});
export type TScreeningMatch = z.infer<typeof ZScreeningMatch>;

export const ZScreeningResponse = z.object({
  /** the screening's id: the check-in and every clearing name it */
  id: z.string().uuid(),
  visitorId: z.number().int(),
  buildingId: z.number().int(),
  registry: z.object({
    status: z.enum(['ok', 'failed', 'not_run', 'off']),
    message: z.string().optional(),
    matches: z.array(ZScreeningMatch),
  }),
  exclusions: z.object({
    direct: z.array(ZScreeningMatch),
    potential: z.array(ZScreeningMatch),
  }),
  issueCount: z.number().int(),
  /**
   * What staff should know about the person's name as stored (issue 22): it mixes alphabets inside
   * one word ('Name mixes alphabets: Cyrillic "о" in "Excludedpersоn"'), or it still holds invisible
   * or styled characters saved before names were cleaned. Shown near the name; matching already
   * compares names without them.
   */
  nameWarnings: z.array(z.string()),
  screenedAt: z.string(),
  summary: z.object({
    exclusionCount: z.number().int(),
    potentialCount: z.number().int(),
    /** uncleared registry matches that gate (informational ones are not counted) */
    watchdogCount: z.number().int(),
    /** registry matches shown for information only (weaker namesakes; issue 10 §7) */
    informationalCount: z.number().int(),
  }),
});
export type TScreeningResponse = z.infer<typeof ZScreeningResponse>;

/**
 * A decision on one finding of one screening (issue 10 §1). 'registry_status' overrules a registry
 * that could not answer ('failed') or could not be asked ('not_run'): matchRef is that status. It is
 * remembered for this screening only; registry and exclusion clearings are also remembered for the
 * visitor's later screenings (shown as cleared, never hidden).
 */
export const ZClearMatchRequest = z.object({
  screeningId: z.string().uuid(),
  source: z.enum(['registry', 'exclusion', 'registry_status']),
  matchRef: ZString.trim().min(1).max(200),
  note: ZString.trim().max(1000).optional(),
});
export type TClearMatchRequest = z.infer<typeof ZClearMatchRequest>;

export const ZClearedMatchResponse = z.object({
  id: z.number().int(),
  screeningId: z.string(),
  visitorId: z.number().int(),
  source: z.enum(['registry', 'exclusion', 'registry_status']),
  matchRef: z.string(),
  clearedBy: z.number().int().nullable(),
  clearedAt: z.string(),
  note: z.string(),
});
export type TClearedMatchResponse = z.infer<typeof ZClearedMatchResponse>;
