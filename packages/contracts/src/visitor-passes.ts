import { z } from 'zod';
import { ZMobile } from './contacts';
import { pageQuery, pageResponse, personName, ZId, ZIdText, ZIsoDate, ZListSearch, ZString, zText } from './common';
import { ZLocalTime } from './logs';
import { ZVisitorLanguage } from './visitor-wording';
import { ZVisitorType } from './visits';

/**
 * Issue 28 §1–4 (ADR 0053): hosts (the people who receive visitors), visitor passes (a
 * pre-registration with a host, a time window and a signed pass sent by e-mail / SMS), arrival by
 * pass at the kiosk and the desk, and the host told on arrival.
 */

/** How a host is told a visitor arrived (issue 28 §4). */
export const HOST_CHANNELS = ['email', 'sms', 'teams', 'slack'] as const;
export const ZHostChannel = z.enum(HOST_CHANNELS);
export type THostChannel = z.infer<typeof ZHostChannel>;
/** Where a host came from (issue 28 §1): the roster feed's staff, a user of the district, added or imported. */
export const HOST_SOURCES = ['roster', 'user', 'manual', 'import'] as const;

const ZEmailOrEmpty = z
  .union([z.literal(''), ZString.trim().toLowerCase().pipe(z.email('Enter an e-mail address').max(254))])
  .default('');

const hostFields = z.object({
  name: personName({ required: 'Enter the host’s name', max: 200 }),
  email: ZEmailOrEmpty,
  mobile: ZMobile.default(''),
  channel: ZHostChannel.default('email'),
  /** null: every building of the district */
  buildingId: ZId.nullable().default(null),
  /** admins only: the district (others: their own) */
  clientId: ZId.nullable().default(null),
});
/** The channel needs its address (issue 28 §4: told on their channel). */
const hostRules = (h: z.output<typeof hostFields>, ctx: z.RefinementCtx) => {
  if (h.channel === 'email' && h.email === '')
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an e-mail address to notify by e-mail' });
  if (h.channel === 'sms' && h.mobile === '')
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'Enter a mobile number to notify by text' });
};
/** POST /api/hosts */
export const ZHostCreate = hostFields.superRefine(hostRules);
export type THostCreate = z.input<typeof ZHostCreate>;

export const ZHostRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  channel: ZHostChannel,
  source: z.enum(HOST_SOURCES),
  active: z.boolean(),
  version: z.number().int(),
});
export type THostRow = z.infer<typeof ZHostRow>;

/** POST /api/hosts/search (the list and the "Person visiting" autocomplete; words in the body). */
export const ZHostListQuery = pageQuery(['name', 'id'], 'name').extend({
  q: ZListSearch,
  /** hosts of this building and the district-wide ones */
  buildingId: ZIdText.optional(),
  clientId: ZIdText.optional(),
});
export type THostListQuery = z.input<typeof ZHostListQuery>;
export const ZHostListResponse = pageResponse(ZHostRow);

/** POST /api/hosts/sync: the district's users and roster staff become hosts (idempotent by source). */
export const ZHostSyncRequest = z.object({ clientId: ZId.nullable().default(null) });
export const ZHostSyncResponse = z.object({ added: z.number().int(), updated: z.number().int() });

/**
 * PUT /api/hosts/webhooks: the district's Microsoft Teams / Slack incoming-webhook URLs (sealed at
 * rest, never sent back: the answer says only whether one is set). '' removes one; absent keeps it.
 */
const ZWebhookUrl = z.union([
  z.literal(''),
  zText(1000).pipe(z.url({ protocol: /^https?$/, message: 'Enter the incoming-webhook URL (https://…)' })),
]);
export const ZHostWebhooksRequest = z.object({
  clientId: ZId.nullable().default(null),
  teamsUrl: ZWebhookUrl.optional(),
  slackUrl: ZWebhookUrl.optional(),
});
export const ZHostWebhooksResponse = z.object({ teams: z.boolean(), slack: z.boolean() });

/** The visitor of an invitation (one, or a row of the group import). */
const passVisitorFields = z.object({
  firstname: personName({ required: 'Enter the first name' }),
  lastname: personName({ required: 'Enter the last name' }),
  dob: ZIsoDate.nullable().default(null),
  email: ZEmailOrEmpty,
  mobile: ZMobile.default(''),
});

/**
 * POST /api/visitor-passes (Idempotency-Key): invite a visitor for a window at a building; the
 * pass goes by e-mail and/or SMS. The window is the building's local date and times.
 */
export const ZVisitorPassCreate = passVisitorFields
  .extend({
    buildingId: ZId,
    visitDate: ZIsoDate,
    startTime: ZLocalTime,
    endTime: ZLocalTime,
    hostId: ZId.nullable().default(null),
    /** "Person visiting" typed when the host is not in the list */
    visiting: zText(200).default(''),
    reason: zText(200).default(''),
    visitorType: ZVisitorType.exclude(['responder']).default('visitor'),
    instructions: zText(1000).default(''),
    /** the language the pass's e-mail and SMS are written in (issue 29 §1, ADR 0055) */
    language: ZVisitorLanguage.default('en'),
  })
  .superRefine((p, ctx) => {
    if (p.email === '' && p.mobile === '')
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Enter an e-mail address or a mobile number for the pass',
      });
    if (p.endTime <= p.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end of the visit must be after its start' });
  });
export type TVisitorPassCreate = z.input<typeof ZVisitorPassCreate>;

export const PASS_STATUSES = ['active', 'revoked', 'expired', 'used'] as const;
export const ZVisitorPassRow = z.object({
  id: z.number().int(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  visitDate: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  hostId: z.number().int().nullable(),
  visiting: z.string(),
  reason: z.string(),
  /** the language of the pass's messages */
  language: ZVisitorLanguage,
  status: z.enum(PASS_STATUSES),
  /** the card's screening before arrival (issue 22): a possible match */
  flagged: z.boolean(),
  /** the host's notification of the visit, when checked in: queued | sent | outbox | failed | skipped */
  hostNotification: z.string().nullable(),
});
export type TVisitorPassRow = z.infer<typeof ZVisitorPassRow>;
export const ZVisitorPassListQuery = pageQuery(['windowStart', 'lastname', 'id'], 'windowStart').extend({
  q: ZListSearch,
  buildingId: ZIdText.optional(),
});
export type TVisitorPassListQuery = z.input<typeof ZVisitorPassListQuery>;
export const ZVisitorPassListResponse = pageResponse(ZVisitorPassRow);

/** The pass read by a scanner or typed (its text is the QR code's). */
export const ZPassScanRequest = z.object({ token: zText(400).pipe(z.string().min(1, 'Scan the pass')) });

/** POST /api/visitor-passes/scan (desk): the card and its visitor record, to open the screening step. */
export const ZDeskPassScanResponse = z.object({
  preRegistrationId: z.number().int(),
  visitorId: z.number().int(),
  hostId: z.number().int().nullable(),
  visiting: z.string(),
});

/** POST /api/kiosk/passes/scan: who the pass is for, named as a lobby screen names people. */
export const ZKioskPassScanResponse = z.object({
  displayName: z.string(),
  visiting: z.string(),
  buildingName: z.string(),
  photoRequired: z.boolean(),
});
/** POST /api/kiosk/passes/check-in (Idempotency-Key): screened now; checked in only through the admission gate. */
export const ZKioskPassCheckInRequest = ZPassScanRequest.extend({
  photoFileId: z.string().uuid().nullable().optional(),
});
export const ZKioskPassCheckInResponse = z.object({
  state: z.enum(['checked_in', 'see_office']),
  visitId: z.number().int().nullable(),
  badge: z.object({ printed: z.boolean(), required: z.boolean() }).nullable(),
});
export type TKioskPassCheckInResponse = z.infer<typeof ZKioskPassCheckInResponse>;
export type TKioskPassScanResponse = z.infer<typeof ZKioskPassScanResponse>;
export type TDeskPassScanResponse = z.infer<typeof ZDeskPassScanResponse>;
export type TVisitorPassListResponse = z.infer<typeof ZVisitorPassListResponse>;
export type THostListResponse = z.infer<typeof ZHostListResponse>;

/** Our sentences for a pass that cannot be used (issue 28 §3: "refused with a clear message"). */
export const PASS_MESSAGES = {
  invalid: 'This pass could not be read. Please see the front office.',
  revoked: 'This pass has been cancelled. Please see the front office.',
  early: 'This pass is not valid yet. Please come back at the time on your invitation, or see the front office.',
  expired: 'This pass has expired. Please see the front office.',
  otherBuilding: 'This pass is for another building. Please see the front office.',
  used: 'This pass has already been used.',
} as const;
