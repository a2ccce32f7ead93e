import { z } from 'zod';
import { personName, pageQuery, pageResponse, ZIdText, ZIsoDate, ZString, versionField, ZListSearch } from './common';
import { ZConfidenceLevelIds, ZMobile } from './contacts';

/**
 * Registration types of a client (spec 001 §2 "Registration types list", "Edit registration
 * type"; §3 Registration type; §4 arrest-watch rules). The URL code is the public registration
 * form's address within its client (ADR 0012): lowercase letters, digits and hyphens, unique per client.
 */

export const REG_LANGUAGES = ['en', 'es'] as const;
export const ZRegLanguage = z.enum(REG_LANGUAGES);

export const ZRegTypeCode = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter the URL code')
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens');

export const ZRegTypeAttribute = z.object({
  name: ZString.trim().min(1, 'Enter the attribute name').max(100),
  value: ZString.trim().max(500).default(''),
});

/** An arrest-watch contact (§3 awContat): told about arrest alerts of this type's registrations. */
export const ZArrestWatchContact = z
  .object({
    name: personName({ required: 'Enter the contact name', max: 200 }),
    email: z
      .union([z.literal(''), ZString.trim().toLowerCase().pipe(z.email('Enter an e-mail address').max(254))])
      .default(''),
    mobile: ZMobile.default(''),
    /** confidence levels 1-6 this contact is notified about */
    notificationLevels: ZConfidenceLevelIds.default([]),
    /** confidence levels 1-6 that flag the badge */
    badgeLevels: ZConfidenceLevelIds.default([]),
  })
  .superRefine((c, ctx) => {
    if (c.email === '' && c.mobile === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an e-mail address or a mobile number' });
    }
  });

/** POST /api/clients/:clientId/registration-types and PUT /api/registration-types/:id. */
export const ZRegTypeUpsert = z.object({
  name: ZString.trim().min(1, 'Enter the name').max(200),
  isActive: z.boolean().default(true),
  code: ZRegTypeCode,
  /** §3 ddUsername: the account name of this type at the background-check provider (the list's Username column) */
  ddUsername: ZString.trim().max(200).default(''),
  extraUrls: z
    .array(ZString.trim().min(1).max(500).pipe(z.url('Enter a full address (https://…)')))
    .max(20)
    .default([]),
  attributes: z.array(ZRegTypeAttribute).max(50).default([]),
  awContacts: z.array(ZArrestWatchContact).max(50).default([]),
  /** §3 regLanguageType: the public form's language */
  language: ZRegLanguage.default('en'),
  inArrestWatch: z.boolean().default(false),
  /** 'scheduled arrest watch for all' (§4) */
  scheduledArrestWatchAll: z.boolean().default(false),
  arrestWatchApprovalDate: ZIsoDate.refine((d) => d >= '2000-01-01', 'Choose a date from 01/01/2000')
    .nullable()
    .default(null),
  /** expiry settings: badgeByDate uses strExpDate, otherwise today plus `months` (§9) */
  badgeByDate: z.boolean().default(false),
  strExpDate: ZIsoDate.nullable().default(null),
  months: z.number().int().min(0).max(120).nullable().default(null),
  /** days after which an unanswered invitation gets a reminder; 0 = none */
  reminderDays: z.number().int().min(0).max(90).default(0),
});
export type TRegTypeUpsert = z.input<typeof ZRegTypeUpsert>;
export type TRegTypeValues = z.output<typeof ZRegTypeUpsert>;
/** PUT /api/registration-types/:id: the form and the version it started from (issue 23 §4). */
export const ZRegTypeUpdate = ZRegTypeUpsert.extend(versionField);
export type TRegTypeUpdate = z.input<typeof ZRegTypeUpdate>;

export const ZRegTypeRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  code: z.string(),
  ddUsername: z.string(),
  extraUrls: z.array(z.string()),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  awContacts: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      mobile: z.string(),
      notificationLevels: z.array(z.number().int()),
      badgeLevels: z.array(z.number().int()),
    }),
  ),
  language: ZRegLanguage,
  inArrestWatch: z.boolean(),
  scheduledArrestWatchAll: z.boolean(),
  arrestWatchApprovalDate: z.string().nullable(),
  badgeByDate: z.boolean(),
  strExpDate: z.string().nullable(),
  months: z.number().int().nullable(),
  reminderDays: z.number().int(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
});
export type TRegTypeRow = z.infer<typeof ZRegTypeRow>;

export const ZRegTypeListItem = ZRegTypeRow.pick({
  id: true,
  clientId: true,
  name: true,
  isActive: true,
  code: true,
  ddUsername: true,
});
export type TRegTypeListItem = z.infer<typeof ZRegTypeListItem>;

/** GET /api/clients/:clientId/registration-types: the list (sorted by name, active-only on by default). */
export const ZRegTypeListQuery = pageQuery(['name', 'code', 'ddUsername'], 'name').extend({
  /** issue 25: server-side search (POST …/search body) */
  q: ZListSearch,
  activeOnly: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(true),
});
export type TRegTypeListQuery = z.input<typeof ZRegTypeListQuery>;
export const ZRegTypeListResponse = pageResponse(ZRegTypeListItem);

export const ZClientIdParam = z.object({ clientId: ZIdText });
