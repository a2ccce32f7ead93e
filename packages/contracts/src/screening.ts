import { z } from 'zod';

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
 * - 'not_run': the visitor lacks first name, last name or date of birth (`message` says so).
 *
 * `issueCount` = direct exclusions + uncleared potential exclusions + uncleared registry matches,
 * plus 1 when the registry check failed, so 0 means nothing needs the attendant's decision.
 * The summary counts feed the denial record (spec 002 §7 Deny: exclusionCount, potentialCount,
 * watchdogCount).
 */

export const SCREENING_MESSAGES = {
  registryNeedsIdentity: 'Background check requires first name, last name and date of birth.',
} as const;

export const ZScreeningParams = z.object({ visitorId: z.coerce.number().int().positive() });

export const ZScreeningRequest = z.object({ buildingId: z.number().int().positive() });
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
  /** cleared earlier for this visitor: shown, but not counted as an issue */
  cleared: z.boolean(),
});
export type TScreeningMatch = z.infer<typeof ZScreeningMatch>;

export const ZScreeningResponse = z.object({
  visitorId: z.number().int(),
  buildingId: z.number().int(),
  registry: z.object({
    status: z.enum(['ok', 'failed', 'not_run']),
    message: z.string().optional(),
    matches: z.array(ZScreeningMatch),
  }),
  exclusions: z.object({
    direct: z.array(ZScreeningMatch),
    potential: z.array(ZScreeningMatch),
  }),
  issueCount: z.number().int(),
  screenedAt: z.string(),
  summary: z.object({
    exclusionCount: z.number().int(),
    potentialCount: z.number().int(),
    watchdogCount: z.number().int(),
  }),
});
export type TScreeningResponse = z.infer<typeof ZScreeningResponse>;

export const ZClearMatchRequest = z.object({
  source: z.enum(['registry', 'exclusion']),
  matchRef: z.string().trim().min(1).max(200),
  note: z.string().trim().max(1000).optional(),
});
export type TClearMatchRequest = z.infer<typeof ZClearMatchRequest>;

export const ZClearedMatchResponse = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  source: z.enum(['registry', 'exclusion']),
  matchRef: z.string(),
  clearedBy: z.number().int().nullable(),
  clearedAt: z.string(),
  note: z.string(),
});
export type TClearedMatchResponse = z.infer<typeof ZClearedMatchResponse>;
