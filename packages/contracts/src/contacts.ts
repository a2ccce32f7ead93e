import { z } from 'zod';
import { personName, pageQuery, pageResponse, ZId, ZIdText, ZString, versionField, ZListSearch } from './common';

/**
 * Contacts (spec 000 §2 Contacts screen, §3 Contact, §4 "a Global contact has its building
 * cleared on save", §5 confidence levels joined comma-separated and set only when non-empty).
 * A contact is told about screening matches (notification levels), about badges printed for a
 * match (badge levels) and, when `receivesEmergency`, about the header emergency button.
 */

export const CONTACT_TYPES = ['Global', 'Building'] as const;
export const ZContactType = z.enum(CONTACT_TYPES);
export type TContactType = z.infer<typeof ZContactType>;

/** Confidence level ids 1..6 (spec 000 §3: 1 Exact Moderate … 6 Mixed Very Strong). */
export const ZConfidenceLevelIds = z
  .array(z.number().int().min(1).max(6))
  .max(6)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** US mobile number: digits only, 10 of them (a leading country code 1 is dropped); '' when none. */
export const ZMobile = z
  .string()
  .trim()
  .max(30)
  // audit 000 B9: "abc" was dropped silently; only digits and phone punctuation are a number
  .refine((s) => /^[\d\s().+-]*$/.test(s), 'Enter a 10-digit mobile number')
  .transform((s) => {
    const digits = s.replace(/\D/g, '');
    return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  })
  .refine((d) => d === '' || d.length === 10, 'Enter a 10-digit mobile number');

const ZContactBase = z.object({
  contactType: ZContactType.default('Building'),
  // issue 22: a contact is a person; the one person-name rule
  name: personName({ required: 'Enter the contact name', max: 200 }),
  title: ZString.trim().max(200).default(''),
  email: z
    .union([z.literal(''), ZString.trim().toLowerCase().pipe(z.email('Enter an e-mail address').max(254))])
    .default(''),
  mobile: ZMobile.default(''),
  active: z.boolean().default(true),
  receivesEmergency: z.boolean().default(true),
  /**
   * Confidence levels of screening matches this contact is notified about / that flag a badge.
   * Field-level rule (our reading of spec 000 §6 "elevatedReports is a per-user flag used in the
   * contact editor"): only admins and users with elevatedReports see or change them; for others
   * the server answers null here and keeps the stored levels on save.
   */
  confidenceLevelNotification: ZConfidenceLevelIds.default([]),
  confidenceLevelBadge: ZConfidenceLevelIds.default([]),
});

/**
 * POST /api/contacts and PUT /api/contacts/:id. A Global contact is district-wide: its building is
 * cleared on save. A Building contact needs a building of the contact's client.
 */
const contactUpsertFields = ZContactBase.extend({
  clientId: ZId.nullable().default(null),
  buildingId: ZId.nullable().default(null),
});
const contactRules = (c: z.output<typeof contactUpsertFields>, ctx: z.RefinementCtx) => {
  if (c.contactType === 'Building' && c.buildingId === null) {
    ctx.addIssue({ code: 'custom', path: ['buildingId'], message: 'Choose the building of this contact' });
  }
  if (c.email === '' && c.mobile === '') {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an e-mail address or a mobile number' });
  }
};
export const ZContactUpsert = contactUpsertFields.superRefine(contactRules);
export type TContactUpsert = z.input<typeof ZContactUpsert>;
/** PUT /api/contacts/:id: the form and the version it started from (issue 23 §4). */
export const ZContactUpdate = contactUpsertFields.extend(versionField).superRefine(contactRules);
export type TContactUpdate = z.input<typeof ZContactUpdate>;

export const ZContactRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  contactType: ZContactType,
  name: z.string(),
  title: z.string(),
  email: z.string(),
  mobile: z.string(),
  active: z.boolean(),
  receivesEmergency: z.boolean(),
  /** null when the signed-in user may not see confidence levels (admins and elevatedReports users may) */
  confidenceLevelNotification: z.array(z.number().int()).nullable(),
  confidenceLevelBadge: z.array(z.number().int()).nullable(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
});
export type TContactRow = z.infer<typeof ZContactRow>;

/** GET /api/contacts: the Contacts screen table. */
export const ZContactListQuery = pageQuery(['name', 'id', 'contactType'], 'name').extend({
  /** issue 25: server-side search (POST …/search body) */
  q: ZListSearch,
  activeOnly: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  /** client filter (admins only; others always see their own client) */
  clientId: ZIdText.optional(),
  /** contacts of one building (its Building contacts) */
  buildingId: ZIdText.optional(),
});
export type TContactListQuery = z.input<typeof ZContactListQuery>;
export const ZContactListResponse = pageResponse(ZContactRow);

/** GET /api/buildings/:id/contacts: the Buildings screen's expandable row (spec 000 §7 GET /Building/Contacts/{id}). */
export const ZBuildingContactsResponse = z.object({ data: z.array(ZContactRow) });
