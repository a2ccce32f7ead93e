import { z } from 'zod';
import {
  personName,
  pageQuery,
  pageResponse,
  ZId,
  ZIdText,
  ZIsoDate,
  ZString,
  versionField,
  ZListSearch,
} from './common';

/**
 * Exclusions, the banned-person list (spec 000 §2 Exclusions screen, §3 Exclusion, §4 new
 * exclusion defaults, §5 date of birth and potential matches; spec 002 §5).
 * Matching rules live in @sv/domain (exclusion-matching.ts).
 */

/** Types with a fixed label (spec 000 §3); 'Other' and any other type show the reason text. */
export const EXCLUSION_TYPE_OPTIONS = [
  'FailedBackgroundCheck',
  'Trespassed',
  'TerminatedEmployee',
  'ViolentOrThreateningBehavior',
  'RestrictedAccess',
  'Other',
] as const;

/**
 * Sort keys. 'name' (last, first) is the first column and the default sort, ascending; the
 * screen does not offer it as a user sort (spec 000 §2) but the API keeps it as the default.
 */
export const EXCLUSION_SORTS = ['name', 'dob', 'type', 'building', 'client', 'created', 'active'] as const;

const boolParam = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const ZExclusionsQuery = pageQuery(EXCLUSION_SORTS, 'name').extend({
  /** issue 25: server-side search (POST …/search body) */
  q: ZListSearch,
  /** spec 000 §2: the active-only toggle is on by default */
  activeOnly: boolParam.default(true),
  /** admins only (the client filter); everyone else is held to their scope */
  clientId: ZIdText.optional(),
});
export type TExclusionsQuery = z.input<typeof ZExclusionsQuery>;

export const ZExclusion = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  /** null = global */
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  isGlobal: z.boolean(),
  active: z.boolean(),
  firstname: z.string(),
  lastname: z.string(),
  /** ISO date; 1970-01-01 stands for "not known" (spec 000 §5) */
  dob: ZIsoDate,
  exclusionType: z.string(),
  /** the spaced label, or the reason text for any other type (spec 000 §3) */
  typeLabel: z.string(),
  reason: z.string(),
  photoFileId: z.string().uuid().nullable(),
  created: z.string(),
  createdBy: z.number().int().nullable(),
  /** spec 000 §4: an exclusion linked to a visitor shows that visitor's name and dob */
  visitorId: z.number().int().nullable(),
  visitor: z.object({ name: z.string(), dob: ZIsoDate.nullable() }).nullable(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
});
export type TExclusion = z.infer<typeof ZExclusion>;

export const ZExclusionsResponse = pageResponse(ZExclusion);
export type TExclusionsResponse = z.infer<typeof ZExclusionsResponse>;
export const ZExclusionResponse = z.object({ exclusion: ZExclusion });

const exclusionSaveFields = z.object({
  /** admins choose; everyone else gets their own client */
  clientId: ZId.nullable().default(null),
  /** spec 000 §4: new exclusions are global by default; needs 'exclusions.setGlobal' */
  isGlobal: z.boolean().default(true),
  /** required when not global: an ACTIVE building of the same client */
  buildingId: ZId.nullable().default(null),
  active: z.boolean().default(true),
  // issue 22: the one person-name rule (cleaned before it is stored and keyed)
  firstname: personName({ required: 'Enter a first name', max: 100 }),
  lastname: personName({ required: 'Enter a last name', max: 100 }),
  /** missing → 1970-01-01 (spec 000 §5); a date from today on is refused */
  dob: ZIsoDate.nullable().default(null),
  // audit 000 B8: one of the six types the form and the import offer ("Loitering" was accepted)
  exclusionType: ZString.trim()
    .min(1, 'Choose a type')
    .refine((v) => (EXCLUSION_TYPE_OPTIONS as readonly string[]).includes(v), 'Choose a type'),
  reason: ZString.trim().max(2000).default(''),
  photoFileId: z.string().uuid().nullable().default(null),
  /** create only: the visitor this exclusion is about (front desk "Deny & Add Exclusion") */
  visitorId: ZId.nullable().default(null),
});
const exclusionRules = (v: z.output<typeof exclusionSaveFields>, ctx: z.RefinementCtx) => {
  if (!v.isGlobal && v.buildingId === null) {
    ctx.addIssue({ code: 'custom', path: ['buildingId'], message: 'Choose a building or make it global' });
  }
  if (v.exclusionType === 'Other' && v.reason.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Describe the reason' });
  }
};
export const ZExclusionSave = exclusionSaveFields.superRefine(exclusionRules);
export type TExclusionSave = z.input<typeof ZExclusionSave>;
/** PUT /api/exclusions/:id: the form and the version it started from (issue 23 §4). */
export const ZExclusionUpdate = exclusionSaveFields.extend(versionField).superRefine(exclusionRules);
export type TExclusionUpdate = z.input<typeof ZExclusionUpdate>;

/** spec 002 §7 POST /Exclusion/PotentialMatches: screening at the moment of check-in. */
export const ZPotentialMatchesRequest = z.object({
  buildingId: ZId,
  firstname: ZString.trim().max(100).default(''),
  lastname: ZString.trim().max(100).default(''),
  dob: ZIsoDate.nullable().default(null),
  visitorId: ZId.nullable().default(null),
});
export type TPotentialMatchesRequest = z.input<typeof ZPotentialMatchesRequest>;

export const ZExclusionMatch = z.object({
  exclusion: ZExclusion,
  /** which fields agree: firstName, lastName, dateOfBirth */
  agreed: z.array(z.enum(['firstName', 'lastName', 'dateOfBirth'])),
  /** why it matched, in words */
  reasons: z.array(z.string()),
});
export const ZPotentialMatchesResponse = z.object({
  direct: z.array(ZExclusionMatch),
  potential: z.array(ZExclusionMatch),
});
export type TPotentialMatchesResponse = z.infer<typeof ZPotentialMatchesResponse>;

/** Clients and ACTIVE buildings the exclusion form may choose from (spec 000 §2). */
export const ZExclusionFormOptions = z.object({
  clients: z.array(z.object({ id: z.number().int(), name: z.string() })),
  buildings: z.array(z.object({ id: z.number().int(), clientId: z.number().int(), name: z.string() })),
});
export type TExclusionFormOptions = z.infer<typeof ZExclusionFormOptions>;

/**
 * Activate or deactivate many exclusions at once (issue 26 §4, the list's multi-select): ids outside
 * the actor's scope are counted as not found and changed nothing.
 */
export const ZExclusionBulkActive = z.object({
  ids: z.array(ZId).min(1, 'Choose at least one exclusion.').max(500, 'Choose at most 500 exclusions at a time.'),
  active: z.boolean(),
});
export type TExclusionBulkActive = z.input<typeof ZExclusionBulkActive>;
export const ZExclusionBulkResult = z.object({
  changed: z.number().int(),
  /** already in that state */
  unchanged: z.number().int(),
  notFound: z.number().int(),
});
export type TExclusionBulkResult = z.infer<typeof ZExclusionBulkResult>;
