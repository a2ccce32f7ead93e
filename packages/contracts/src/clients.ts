import { ZStateCodeOrEmpty } from './states';
import {
  DEFAULT_DASHBOARD_LABELS,
  DEFAULT_HEALTH_QUESTIONS,
  DEFAULT_KIOSK_LABELS,
  HIDDEN_LABEL,
} from '@sv/domain/front-desk-rules';
import { DEFAULT_REGISTRY_GATING, REGISTRY_GATING_POLICIES } from '@sv/domain/registry-gating';
import { z } from 'zod';
import {
  isStorableText,
  pageQuery,
  pageResponse,
  TEXT_MESSAGE,
  ZIsoDate,
  ZString,
  ZZipCode,
  versionField,
  patchFields,
  ZListSearch,
} from './common';

/**
 * Clients (districts) and their three settings sets (spec 000 §2 Clients screen, §3 Client;
 * spec 002 §3 client and kiosk settings, §9 default labels and questions).
 *
 * Label fields: an empty label means "use the default" (spec 002 §9 texts, re-exported below from
 * @sv/domain so the desk, the kiosk and these screens share one source); 'N/A' hides the button.
 * Secrets (background-check password, SIS client secret) are write-only: requests may carry a new
 * value ('' or absent keeps the saved one), responses only say whether one is saved.
 */
export { DEFAULT_DASHBOARD_LABELS, DEFAULT_HEALTH_QUESTIONS, DEFAULT_KIOSK_LABELS, HIDDEN_LABEL };

const trimmed = (max: number) => ZString.trim().max(max, `Use at most ${max} characters`);
/** A button label: '' = default text, 'N/A' hides the button (spec 002 §2, §9). */
const ZLabel = trimmed(60).default('');
/** '' or an http(s) address. */
const ZUrlOrEmpty = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Enter a full web address (https://…)' }).refine(isStorableText, TEXT_MESSAGE),
]);
export const ZOptionalUrl = ZUrlOrEmpty.default('');

// ---------------------------------------------------------------- clients

export const ZClientRow = z.object({
  id: z.number().int(),
  name: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  /** spec 000 §3 "a full address text" */
  address: z.string(),
  note: z.string(),
  active: z.boolean(),
});
export type TClientRow = z.infer<typeof ZClientRow>;

/** spec 000 §2: server-side table sorted by Id, with an active-only toggle (on by default). */
export const ZClientListQuery = pageQuery(['id', 'name'], 'id').extend({
  /** issue 25: server-side search (POST …/search body) */
  q: ZListSearch,
  activeOnly: z.stringbool().default(true),
});
export type TClientListQuery = z.input<typeof ZClientListQuery>;
export const ZClientListResponse = pageResponse(ZClientRow);
export type TClientListResponse = z.infer<typeof ZClientListResponse>;

export const ZClientLookupResponse = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
});
export type TClientLookupResponse = z.infer<typeof ZClientLookupResponse>;

/** Create or edit a client. New clients: active, empty address (spec 000 §4). */
export const ZClientUpsert = z.object({
  name: trimmed(200).min(1, 'Enter the district name'),
  street1: trimmed(200).default(''),
  street2: trimmed(200).default(''),
  city: trimmed(100).default(''),
  state: ZStateCodeOrEmpty.default(''),
  zipcode: z.union([ZZipCode, z.literal('')]).default(''),
  note: trimmed(2000).default(''),
  active: z.boolean().default(true),
});
export type TClientUpsert = z.input<typeof ZClientUpsert>;
/** PUT /api/clients/:id: the form and the version it started from (issue 23 §4). */
export const ZClientUpdate = ZClientUpsert.extend(versionField);
export type TClientUpdate = z.input<typeof ZClientUpdate>;

/**
 * A registration link of a district (issue 25, audit 000 U5; ADR 0039): the product's own public
 * form of one active registration type, `/register/{clientId}/{code}`, derived by the server. The
 * spec's visitor and volunteer URLs (000 §2) are these links, shown read-only and copyable, not
 * free text someone types (the typed URLs were stored and changed nothing). `path` is relative: the
 * screen puts it after the address the office opened the app at.
 */
export const ZRegistrationLink = z.object({
  registrationTypeId: z.number().int(),
  name: z.string(),
  path: z.string(),
});
export type TRegistrationLink = z.infer<typeof ZRegistrationLink>;

/** One client for the edit screen; the volunteer URL is shown there (spec 000 §2). */
export const ZClientDetail = ZClientRow.extend({
  volunteerUrl: z.string(),
  visitorUrl: z.string(),
  /** the district's registration links (the spec's visitor/volunteer URLs), derived */
  registrationLinks: z.array(ZRegistrationLink),
  /** issue 23 §4: one version for the client and all its settings; send it back with an edit */
  version: z.number().int(),
});
export type TClientDetail = z.infer<typeof ZClientDetail>;

/** Settings saves answer the client id: "a positive number means success" (spec 000 §7). */
export const ZSavedResponse = z.object({
  id: z.number().int().positive(),
  /** after an edit: the record's new version, for the next save from the same screen (issue 23 §4) */
  version: z.number().int().optional(),
});
export type TSavedResponse = z.infer<typeof ZSavedResponse>;

// ---------------------------------------------------------------- general settings

/** SIS connection address: '' (not set), 'local' (built-in demo provider) or an http(s) address. */
const ZSisAddress = z.union([
  z.literal(''),
  z.literal('local'),
  z
    .url({ protocol: /^https?$/, error: "Enter the server's web address (https://…) or 'local'" })
    .refine(isStorableText, TEXT_MESSAGE),
]);
export const ZSisBaseUrl = ZSisAddress.default('');

const generalSettingsFields = {
  // Dashboard buttons (spec 002 §3, §9)
  visitorBtn: ZLabel,
  checkinBtn: ZLabel,
  checkoutBtn: ZLabel,
  pickupBtn: ZLabel,
  // Badges (spec 000 §3, 001 §9: a fixed expiry date or a number of months)
  badgeByDate: z.boolean().default(false),
  strExpDate: z.union([ZIsoDate, z.literal('')]).default(''),
  months: z.number().int().min(1, 'At least 1 month').max(120, 'At most 120 months').default(12),
  // Student information system (spec 000 §3 Skyward flag and connection; 002 §3, §4 SIS modes)
  skyward: z.boolean().default(false),
  sisBaseUrl: ZSisBaseUrl,
  /** token endpoint; '' = `${sisBaseUrl}/oauth/token` */
  sisTokenUrl: ZOptionalUrl,
  sisClientId: trimmed(200).default(''),
  /** 0 or empty = Skyward; another id = a general SIS (spec 002 §4) */
  clientsStudentInfoSystemId: z.number().int().min(0).max(1_000_000).nullable().default(null),
  sisStudentDropoffDetected: z.boolean().default(false),
  sisStudentPickupDetected: z.boolean().default(false),
  // Visitors
  disableAutoLogoutVisitors: z.boolean().default(false),
  enableCheckForVisitorsMoreOften: z.boolean().default(false),
  /** seconds; 0 = no delay (spec 002 §9) */
  successScreenDelay: z.number().int().min(0, 'Use 0 or more seconds').max(60, 'At most 60 seconds').default(0),
  visitorUrl: ZOptionalUrl,
  volunteerUrl: ZOptionalUrl,
  // Background check
  backgroundCheck: z.boolean().default(false),
  /**
   * Which registry matches stop a check-in until an attendant decides (issue 10 §7; ADR 0010,
   * docs/domain/confidence-levels.md "Gate or information"): 'dob-agrees' (default) gates the
   * matches whose date of birth agrees (Strong, Very Strong) and shows the weaker ones as
   * information; 'all-matches' gates every match.
   */
  registryGating: z.enum(REGISTRY_GATING_POLICIES).default(DEFAULT_REGISTRY_GATING),
};

const refineBadgeDate = (s: { badgeByDate: boolean; strExpDate: string }, ctx: z.RefinementCtx) => {
  if (s.badgeByDate && !s.strExpDate) {
    ctx.addIssue({ code: 'custom', path: ['strExpDate'], message: 'Choose the date badges expire' });
  }
};

/** What is stored (jsonb) and what GET answers, minus the secret. Missing keys take the defaults. */
export const ZClientSettings = z.object(generalSettingsFields);
export type TClientSettings = z.infer<typeof ZClientSettings>;

export const ZClientSettingsResponse = ZClientSettings.extend({
  clientId: z.number().int(),
  clientName: z.string(),
  /** whether a SIS client secret is saved; the secret itself is never sent (security guide) */
  hasSisClientSecret: z.boolean(),
  /** the district's registration links (the spec's visitor/volunteer URLs), derived; read-only */
  registrationLinks: z.array(ZRegistrationLink),
  /** issue 23 §4: the client's version; send it back with an edit */
  version: z.number().int(),
});
export type TClientSettingsResponse = z.infer<typeof ZClientSettingsResponse>;

/**
 * PATCH /api/clients/:id/settings (issue 23 §4, ADR 0025): only the settings sent change (a PUT of
 * a partial body used to turn background checks off), with the version the screen started from.
 * The badge-date rule is checked on the merged settings by the server.
 */
export const ZClientSettingsRequest = z.object({
  ...patchFields(generalSettingsFields),
  /** write-only: a new secret, or '' / absent to keep the saved one */
  sisClientSecret: ZString.max(500).default(''),
  /** remove the saved secret */
  clearSisClientSecret: z.boolean().default(false),
  ...versionField,
});
export type TClientSettingsRequest = z.input<typeof ZClientSettingsRequest>;
/** the badge-date rule of the general settings (checked on the stored settings merged with a PATCH) */
export const checkBadgeDate = refineBadgeDate;
/**
 * The settings screen's form: it sends every setting, so the badge-date rule is checked before
 * the request (the field says why; nothing is sent), as the server checks it after merging.
 */
export const ZClientSettingsForm = ZClientSettingsRequest.superRefine((s, ctx) =>
  refineBadgeDate({ badgeByDate: s.badgeByDate ?? false, strExpDate: s.strExpDate ?? '' }, ctx),
);

// ---------------------------------------------------------------- kiosk settings

export const ZKioskSettings = z.object({
  kioskvisitorBtn: ZLabel,
  kioskcheckinBtn: ZLabel,
  kioskCheckoutBtn: ZLabel,
  pickupBtn: ZLabel,
  kioskStudentCheckInBtn: ZLabel,
  kioskStudentCheckOutBtn: ZLabel,
  enableAutoCheckInKioskMode: z.boolean().default(false),
  enableCovidBanner: z.boolean().default(false),
  /** '' = the default question (spec 002 §9) */
  bannerQuestion1: trimmed(300).default(''),
  bannerQuestion2: trimmed(300).default(''),
  /**
   * the district's questions in Spanish, for the kiosk in Spanish (issue 25, ADR 0034); '' with a
   * district question: the kiosk shows that question as typed; '' with the default: its Spanish
   */
  bannerQuestion1Es: trimmed(300).default(''),
  bannerQuestion2Es: trimmed(300).default(''),
  clientsStudentInfoSystemId: z.number().int().min(0).max(1_000_000).nullable().default(null),
  sisStudentDropoffDetected: z.boolean().default(false),
  sisStudentPickupDetected: z.boolean().default(false),
});
export type TKioskSettings = z.infer<typeof ZKioskSettings>;
/** PATCH /api/clients/:id/kiosk-settings: only the settings sent change (issue 23 §4). */
export const ZKioskSettingsRequest = z.object({ ...patchFields(ZKioskSettings.shape), ...versionField });
export type TKioskSettingsRequest = z.input<typeof ZKioskSettingsRequest>;
export const ZKioskSettingsResponse = ZKioskSettings.extend({
  clientId: z.number().int(),
  clientName: z.string(),
  /** issue 23 §4: the client's version; send it back with an edit */
  version: z.number().int(),
});
export type TKioskSettingsResponse = z.infer<typeof ZKioskSettingsResponse>;

/** Default kiosk labels by settings key (spec 002 §9). */
export const KIOSK_LABEL_DEFAULTS = {
  kioskvisitorBtn: DEFAULT_KIOSK_LABELS.visitor,
  kioskcheckinBtn: DEFAULT_KIOSK_LABELS.checkIn,
  kioskCheckoutBtn: DEFAULT_KIOSK_LABELS.checkOut,
  pickupBtn: DEFAULT_KIOSK_LABELS.pickup,
  kioskStudentCheckInBtn: DEFAULT_KIOSK_LABELS.studentCheckIn,
  kioskStudentCheckOutBtn: DEFAULT_KIOSK_LABELS.studentCheckOut,
} as const;

/** Default dashboard labels by settings key (spec 002 §9). */
export const DASHBOARD_LABEL_DEFAULTS = {
  visitorBtn: DEFAULT_DASHBOARD_LABELS.visitor,
  checkinBtn: DEFAULT_DASHBOARD_LABELS.checkIn,
  checkoutBtn: DEFAULT_DASHBOARD_LABELS.checkOut,
  pickupBtn: DEFAULT_DASHBOARD_LABELS.pickup,
} as const;

// ---------------------------------------------------------------- background check settings

/**
 * spec 000 §3: "beyond a password field: not shown"; we keep the provider's credentials.
 * Issue 23 §2: which provider runs the district's background checks. 'none' (a new district:
 * registrations that need a check wait in the queue and the screens say checks are not
 * configured), 'demo' (the built-in demo provider: no real check is made, and every result says
 * so), or 'http' (the district's agency at `endpointUrl`, signing in with `username` and the
 * saved password).
 */
export const BACKGROUND_PROVIDERS = ['none', 'demo', 'http'] as const;
export type TBackgroundProvider = (typeof BACKGROUND_PROVIDERS)[number];
export const ZBackgroundSettings = z.object({
  provider: z.enum(BACKGROUND_PROVIDERS).default('none'),
  username: trimmed(200).default(''),
  endpointUrl: ZOptionalUrl,
});
export type TBackgroundSettings = z.infer<typeof ZBackgroundSettings>;
export const BACKGROUND_URL_REQUIRED = "Enter the provider's service address.";
/**
 * PATCH /api/clients/:id/background-settings: only the settings sent change (issue 23 §4). An
 * agency ('http') needs its address: checked on the merged settings by the service (a patch may
 * send the provider alone).
 */
export const ZBackgroundSettingsRequest = z.object({
  ...patchFields(ZBackgroundSettings.shape),
  /** write-only: a new password, or '' to keep the saved one */
  password: ZString.max(500).default(''),
  clearPassword: z.boolean().default(false),
  ...versionField,
});
export type TBackgroundSettingsRequest = z.input<typeof ZBackgroundSettingsRequest>;
export const ZBackgroundSettingsResponse = ZBackgroundSettings.extend({
  clientId: z.number().int(),
  clientName: z.string(),
  hasPassword: z.boolean(),
  /** issue 23 §4: the client's version; send it back with an edit */
  version: z.number().int(),
});
export type TBackgroundSettingsResponse = z.infer<typeof ZBackgroundSettingsResponse>;

/**
 * POST /api/clients/:id/background-settings/test: asks the saved provider (an 'http' one) for a
 * check that does not exist; any readable answer from the agency proves the address and the
 * account. 'none' and 'demo' answer without a call.
 */
export const ZBackgroundTestResponse = z.object({ ok: z.boolean(), message: z.string() });
export type TBackgroundTestResponse = z.infer<typeof ZBackgroundTestResponse>;

// ---------------------------------------------------------------- SIS connection test

/**
 * Test the SIS (Skyward) connection with the saved settings, or with unsaved ones from the form:
 * fields present here replace the saved ones; an empty secret uses the saved secret.
 */
export const ZSisTestRequest = z.object({
  sisBaseUrl: ZSisAddress.optional(),
  sisTokenUrl: ZUrlOrEmpty.optional(),
  sisClientId: trimmed(200).optional(),
  sisClientSecret: ZString.max(500).optional(),
});
export type TSisTestRequest = z.input<typeof ZSisTestRequest>;
/** spec 000 §8: 'Connection successful.' or the failure message (MESSAGES.skywardOk / skywardFailed). */
export const ZSisTestResponse = z.object({
  ok: z.boolean(),
  message: z.string(),
  /**
   * The test reached the built-in student information system ('local', or no address on a demo
   * installation), not a district's server (audit 000 U12: an empty address said "Connection
   * successful." with nothing configured). Present only then.
   */
  builtIn: z.literal(true).optional(),
});
export type TSisTestResponse = z.infer<typeof ZSisTestResponse>;

// ---------------------------------------------------------------- desk view

/**
 * What the front desk and the kiosk need to run (spec 002 §3 "Client settings used at the desk",
 * "Kiosk settings"): button labels and behaviour flags, readable by attendants and kiosk accounts
 * of the district. No SIS address, credentials or URLs.
 */
export const ZDeskSettingsResponse = z.object({
  clientId: z.number().int(),
  desk: ZClientSettings.pick({
    visitorBtn: true,
    checkinBtn: true,
    checkoutBtn: true,
    pickupBtn: true,
    skyward: true,
    clientsStudentInfoSystemId: true,
    sisStudentDropoffDetected: true,
    sisStudentPickupDetected: true,
    disableAutoLogoutVisitors: true,
    enableCheckForVisitorsMoreOften: true,
    successScreenDelay: true,
    backgroundCheck: true,
  }),
  kiosk: ZKioskSettings,
});
export type TDeskSettingsResponse = z.infer<typeof ZDeskSettingsResponse>;
