import { z } from 'zod';
import { ZId, ZString } from './common';

const count = z.number().int().min(0).max(999);

/**
 * spec 002 §4 DENY / §7 POST /VisitorData/Deny: records a denied entry with the counts of
 * exclusions, potential matches and registry hits shown to the attendant, then notifies
 * security. `level` is the highest confidence level (1-6) among the registry matches shown,
 * used to pick the contacts whose notification levels include it.
 */
export const ZDenyEntryRequest = z.object({
  buildingId: ZId,
  exclusionCount: count.default(0),
  potentialCount: count.default(0),
  watchdogCount: count.default(0),
  level: z.number().int().min(1).max(6).nullable().optional(),
  preRegistrationId: ZId.nullable().optional(),
});
export type TDenyEntryRequest = z.input<typeof ZDenyEntryRequest>;

export const ZDenyEntryResponse = z.object({
  deniedEntryId: z.number().int(),
  securityNotified: z.boolean(),
  message: z.string(),
  /** spec 002 §2: admins whose visitor has no active exclusion go on to the add-exclusion modal */
  offerAddExclusion: z.boolean(),
});

/** spec 002 §7 PUT /api/emergency (id, issues): notify security about a person on the premises. */
export const ZNotifySecurityRequest = z.object({
  buildingId: ZId,
  issues: ZString.trim().max(1000).default(''),
  level: z.number().int().min(1).max(6).nullable().optional(),
});
export const ZNotifySecurityResponse = z.object({ notified: z.number().int(), message: z.string() });
