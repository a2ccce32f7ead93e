import { z } from 'zod';
import {
  optionalPersonName,
  personName,
  pageQuery,
  pageResponse,
  ZId,
  ZIdText,
  ZIsoDate,
  ZString,
  ZVersion,
  ZZipCode,
  zText,
  versionField,
} from './common';
import {
  exportChoiceFields,
  registrationContactFields,
  registrationExportColumns,
  registrationPersonFields,
  registrationRowFields,
  ZOptionalEmail,
  ZPhone,
} from './registration-fields';
import { ZRegLanguage, ZRegTypeCode } from './registration-types';
import { ZState } from './states';

/**
 * Registrations (spec 001 §2 list, actions, modals, add/edit, send; §3 Registration; §4 states;
 * §5 validation; §9 constants) and the volunteer life cycle of issue 11: invitations, the public
 * form, approval, arrest watch and registered check-in.
 *
 * REST API (replaces the old RegistrationData / Registration / RegTypeData calls of §7):
 *   POST /api/registrations/search                 list (paging + filters in the body: no PII in URLs)
 *   GET  /api/registrations/search-help            the search help text (§2 "A help text for the search is fetched")
 *   GET  /api/registrations/:id                    one registration (with type, buildings, hours, alerts)
 *   POST /api/registrations                        add   (ZRegistrationSave)
 *   PUT  /api/registrations/:id                    edit  (ZRegistrationSave)
 *   POST /api/registrations/approve                approve one or many (ZRegistrationApprove)
 *   POST /api/registrations/:id/deny               deny, optionally adding an exclusion (ZRegistrationDeny)
 *   POST /api/registrations/:id/make-pending       (ZRegistrationMakePending)
 *   POST /api/registrations/:id/cancel-email-warnings
 *   POST /api/registrations/:id/expiration-email   send the expiration e-mail now
 *   PUT  /api/registrations/:id/photo              set the photo (an uploaded file id)  DELETE … clears it
 *   POST /api/registrations/photos                 upload a photo (multipart; ≤ CONSTANTS.photoMaxBytes)
 *   GET  /api/registrations/:id/buildings          PUT … (ZRegistrationBuildings)
 *   GET  /api/registrations/:id/information        disclosure, authorization, signature, answers (Info / SigDetails)
 *   GET  /api/registrations/:id/badge.pdf          registration badge PDF;  POST /api/registrations/badges.pdf { ids }
 *   POST /api/registrations/export                 streamed CSV/XLSX through the export pipeline
 *   POST /api/registration-types/:id/invitations   individual invitation (ZInvitationSend)
 *   POST /api/registration-types/:id/invitations/import  bulk file (import pipeline)
 *   GET  /api/public/registration-forms/:clientId/:code  (public) the form definition; POST …/submissions
 *   GET  /api/arrest-alerts/:id                    the arrest alert dialog;  POST /api/arrest-alerts/:id/review
 *   POST /api/registrations/badge-lookup           the desk's scan of a registration badge (registered check-in)
 */

/** Status filter (§2: Select, All, Pending, Approved, Denied, Expired, Under Review; §3 ids 0 all, 1, 2, 3, 5). */
export const REGISTRATION_STATUS_FILTERS = ['all', 'pending', 'approved', 'denied', 'expired', 'underReview'] as const;
export const ZRegistrationStatusFilter = z.enum(REGISTRATION_STATUS_FILTERS);
export type TRegistrationStatusFilter = z.infer<typeof ZRegistrationStatusFilter>;

/**
 * The list's sort columns. §9 "default sort column 4 ascending": column 4 of the table (0-based:
 * actions, type, status, expiration date, name…) is the name column (0: actions, 1: type, 2: status,
 * 3: expiration, 4: name), so the default order is by name ascending.
 */
export const REGISTRATION_SORTS = ['type', 'status', 'expDate', 'name', 'dob', 'created'] as const;

/** POST /api/registrations/search (§7 ListData: paging plus type, status, include-expired and the name/id/e-mail search). */
export const ZRegistrationSearch = pageQuery(REGISTRATION_SORTS, 'name').extend({
  /** admins may narrow to one client; others always get their own */
  clientId: ZId.nullable().default(null),
  status: ZRegistrationStatusFilter.default('pending'),
  registrationTypeId: ZId.nullable().default(null),
  firstname: zText(80).default(''),
  lastname: zText(80).default(''),
  /** the registration id as typed (digits) */
  id: zText(12).default(''),
  email: zText(254).default(''),
  includeExpired: z.boolean().default(false),
});
export type TRegistrationSearch = z.input<typeof ZRegistrationSearch>;

export const ZRegistrationDisplay = z.object({
  status: z.enum(['pending', 'approved', 'denied', 'expired']),
  underReview: z.boolean(),
  /** 'Pending' | 'Approved' | 'Denied' | 'Expired' | 'Under Review' */
  label: z.string(),
  showExpiration: z.boolean(),
  /** while pending: 'Background Check In Progress' | 'In Queue' | 'Needs Review' | 'Approved' | 'Pending' */
  backgroundCheck: z.string().nullable(),
  /**
   * Issue 23 §2: 'Demo provider: no real check was made' beside a demo provider's result, or that
   * background checks are not configured for the district while a check waits; null otherwise.
   */
  backgroundCheckNote: z.string().nullable(),
  /** 'Renewal of Approved; Currently: Pending' */
  renewal: z.string().nullable(),
  /** suspended by arrest watch until reviewed */
  suspended: z.boolean(),
});

/** The offered actions (domain registrationActions for the caller's role). */
export const REGISTRATION_ACTIONS = [
  'approve',
  'deny',
  'denyAndExclude',
  'makePending',
  'print',
  'sendExpirationEmail',
  'buildings',
  'clearPhoto',
  'uploadPhoto',
  'cancelEmailWarnings',
  'information',
  'edit',
] as const;
export const ZRegistrationAction = z.enum(REGISTRATION_ACTIONS);

export const ZRegistrationListItem = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  registrationTypeId: z.number().int(),
  registrationType: z.string(),
  ...registrationRowFields,
  hasPhoto: z.boolean(),
  display: ZRegistrationDisplay,
  /** empty for attendants (§2 "Attendants see no action menu") */
  actions: z.array(ZRegistrationAction),
});
export type TRegistrationListItem = z.infer<typeof ZRegistrationListItem>;
export const ZRegistrationListResponse = pageResponse(ZRegistrationListItem);
export type TRegistrationListResponse = z.infer<typeof ZRegistrationListResponse>;

/**
 * POST /api/registrations and PUT /api/registrations/:id (§2 Add/edit; §5: saves only with a date of
 * birth that is not in the future; §4 defaults: a new registration is approved, not a vendor, with an
 * empty address). `dob` is checked against the building-less "today" of the server's clock.
 */
export const ZRegistrationSave = z.object({
  /** admins choose; client admins get their own */
  clientId: ZId.nullable().default(null),
  registrationTypeId: ZId,
  ...registrationPersonFields,
  /** §4 default for a new registration: approved */
  approved: z.boolean().nullable().default(true),
  expDate: ZIsoDate.nullable().default(null),
  photoFileId: z.string().uuid().nullable().default(null),
  answers: z
    .array(z.object({ name: zText(100), value: zText(500) }))
    .max(50)
    .default([]),
  /** an edit: the version it started from (issue 23 §4); required on PUT */
  version: ZVersion.optional(),
});
export type TRegistrationSave = z.input<typeof ZRegistrationSave>;
export type TRegistrationValues = z.output<typeof ZRegistrationSave>;

export const ZArrestAlertSummary = z.object({
  id: z.number().int(),
  level: z.number().int(),
  levelLabel: z.string(),
  status: z.enum(['open', 'cleared', 'confirmed']),
  suspends: z.boolean(),
  createdAt: z.string(),
});

export const ZRegistration = ZRegistrationListItem.extend({
  ...registrationContactFields,
  underReview: z.boolean(),
  ddStatus: z.number().int().nullable(),
  photoFileId: z.string().nullable(),
  answers: z.array(z.object({ name: z.string(), value: z.string() })),
  source: z.enum(['admin', 'public', 'invitation']),
  hasSignature: z.boolean(),
  emailWarnings: z.boolean(),
  buildingIds: z.array(z.number().int()),
  visitorId: z.number().int().nullable(),
  suspendedReason: z.string().nullable(),
  /** the code printed under the badge's barcode (typed at the desk when a scan fails) */
  badgeCode: z.string(),
  /** volunteer hours (issue 11): total minutes of this registration's closed visits, and visit count */
  volunteerMinutes: z.number().int(),
  visitCount: z.number().int(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
  arrestAlerts: z.array(ZArrestAlertSummary),
  createdAt: z.string(),
  /** ADR 0038: the registration this one renews (display.renewal says its state), or null */
  renewalOfId: z.number().int().nullable().default(null),
  /** ADR 0038: the latest registration that renews this one, or null */
  renewedById: z.number().int().nullable().default(null),
});
export type TRegistration = z.infer<typeof ZRegistration>;

/**
 * POST /api/registrations/approve (§7 Approve: ids, expDate, doPrint, doPrintOrEmail, underReview;
 * §9: bulk approve changes only pending ones; single approval defaults the expiration from the type,
 * approve-all one year; none while under review).
 */
export const ZRegistrationApprove = z.object({
  ids: z.array(ZId).min(1, 'Choose at least one registration').max(1000),
  /** null: the §9 default (domain defaultApprovalExpiry) */
  expDate: ZIsoDate.nullable().default(null),
  underReview: z.boolean().default(false),
  /** open the badge PDF after approval */
  doPrint: z.boolean().default(false),
  /** e-mail the badge PDF to the volunteer (print-or-email) */
  doPrintOrEmail: z.boolean().default(false),
});
export type TRegistrationApprove = z.input<typeof ZRegistrationApprove>;
export const ZRegistrationApproveResponse = z.object({
  approvedIds: z.array(z.number().int()),
  /** ids left unchanged (bulk approve: not pending; or out of scope) */
  skippedIds: z.array(z.number().int()),
  emailed: z.number().int(),
});

/** POST /api/registrations/:id/deny (§7 Deny: id, exclude, underReview). Deny/Exclude adds the exclusion in the same transaction. */
export const ZRegistrationDeny = z.object({
  exclude: z.boolean().default(false),
  underReview: z.boolean().default(false),
  /** the exclusion's reason when excluding */
  reason: zText(2000).default(''),
});
export const ZRegistrationMakePending = z.object({ underReview: z.boolean().default(false) });
export const ZRegistrationBuildings = z.object({ buildingIds: z.array(ZId).max(500) });
export const ZRegistrationPhoto = z.object({ photoFileId: z.string().uuid() });

/** GET /api/registrations/:id/information (§2 "registration information (disclosure, authorization, additional form detail)"; SigDetails). */
export const ZRegistrationInformation = z.object({
  id: z.number().int(),
  name: z.string(),
  registrationType: z.string(),
  submittedAt: z.string(),
  source: z.enum(['admin', 'public', 'invitation']),
  disclosureText: z.string().nullable(),
  authorizationText: z.string().nullable(),
  signature: z
    .object({
      kind: z.enum(['typed', 'drawn']),
      value: z.string(),
      signedAt: z.string(),
      ip: z.string(),
      userAgent: z.string(),
      language: ZRegLanguage,
    })
    .nullable(),
  answers: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const ZRegistrationSearchHelp = z.object({ text: z.string() });

/** GET /api/registrations/types: the registration types the caller may filter and save with (active and inactive). */
export const ZRegistrationTypeOption = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  /** the district's name (admins choose among every district's types) */
  clientName: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});
export const ZRegistrationTypeOptions = z.object({ types: z.array(ZRegistrationTypeOption) });
export type TRegistrationTypeOption = z.infer<typeof ZRegistrationTypeOption>;

/**
 * GET /api/registrations/:id/approval-default (§9): the expiration date the Approve modal
 * pre-fills, computed on the server from the type's badgeByDate / strExpDate / months and
 * "today" in the district's zone; `approveAllExpDate` is the Approve-All default (one year).
 */
export const ZRegistrationApprovalDefault = z.object({
  expDate: z.string().nullable(),
  approveAllExpDate: z.string(),
  today: z.string(),
});
export type TRegistrationApprovalDefault = z.infer<typeof ZRegistrationApprovalDefault>;

/** GET /api/registrations/:id/buildings: the client's buildings and the ones chosen (none = every building). */
export const ZRegistrationBuildingOptions = z.object({
  buildings: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
  buildingIds: z.array(z.number().int()),
});
export type TRegistrationBuildingOptions = z.infer<typeof ZRegistrationBuildingOptions>;

/** POST /api/registrations/badges.pdf (§2 /Badge/PrintRegistrations/?ids=…): at most 100 badges in one PDF. */
export const REGISTRATION_BADGES_MAX = 100;
export const ZRegistrationBadges = z.object({
  ids: z.array(ZId).min(1, 'Choose at least one registration').max(REGISTRATION_BADGES_MAX),
});
/** GET /api/registrations/badges.pdf?ids=1,2,3 — the print window frames the PDF, and a frame can only GET. */
export const ZRegistrationBadgesQuery = z.object({
  ids: ZString.regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Use up to 100 registration ids separated by commas'),
});

/**
 * Export columns of the registration list (issue 11 "Export"; §2 "Export opens a server page"):
 * the ids the column chooser sends. Every column is ticked by default.
 */
export const REGISTRATION_EXPORT_COLUMNS = registrationExportColumns('Registration Type', 'Volunteer Hours');

/** POST /api/registrations/export: the list's filters, the format and the chosen columns (empty → 400 MESSAGES.exportNeedsColumn). */
export const ZRegistrationExport = ZRegistrationSearch.omit({ page: true, perPage: true }).extend(exportChoiceFields);
export type TRegistrationExport = z.input<typeof ZRegistrationExport>;

// ------------------------------------------------------------------ invitations (§2 Send, §5)

/**
 * POST /api/registration-types/:id/invitations (§3 invite: firstname, lastname, email, phoneNumber,
 * requestedExpirationDate; §5: names required, e-mail or phone, expiration date required and not
 * before today).
 */
export const ZInvitationSend = z
  .object({
    firstname: personName({ required: 'First name is required', max: 80 }),
    lastname: personName({ required: 'Last name is required', max: 80 }),
    email: ZOptionalEmail,
    phoneNumber: ZPhone,
    requestedExpirationDate: ZIsoDate.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.email === '' && v.phoneNumber === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email or phone is required' });
    }
    if (v.requestedExpirationDate === null) {
      ctx.addIssue({ code: 'custom', path: ['requestedExpirationDate'], message: 'Expiration date is required' });
    }
  });
export type TInvitationSend = z.input<typeof ZInvitationSend>;
export const ZInvitationSent = z.object({ id: z.number().int(), channels: z.array(z.enum(['email', 'sms'])) });

// ------------------------------------------------------------------ public form (issue 11)

/** The form's address: the district id and the type's URL code (the code's own rule: a bad one is 400, never a query). */
export const ZPublicFormParams = z.object({ clientId: ZIdText, code: ZRegTypeCode });
export const ZPublicFormQuery = z.object({
  invitation: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/)
    .optional(),
});

export const ZPublicForm = z.object({
  clientName: z.string(),
  registrationType: z.string(),
  language: ZRegLanguage,
  /** the type's attributes, asked as extra questions */
  questions: z.array(z.object({ name: z.string(), hint: z.string() })),
  disclosureText: z.string(),
  authorizationText: z.string(),
  /**
   * From the personal link of an invitation; a renewal invitation's (ADR 0038) also carries the
   * registration on file: middle name, address, answers. Never the date of birth: the person
   * types it, and only the same person (names and date of birth) renews the registration.
   */
  prefill: z
    .object({
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      phone: z.string(),
      middlename: z.string().default(''),
      street1: z.string().default(''),
      street2: z.string().default(''),
      city: z.string().default(''),
      state: z.string().default(''),
      zipcode: z.string().default(''),
      answers: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
    })
    .nullable(),
  /** ADR 0038: the link renews a registration; its photo is kept unless a new one is chosen */
  renewal: z.object({ expDate: z.string().nullable(), hasPhoto: z.boolean() }).nullable().default(null),
  photoMaxBytes: z.number().int(),
  /** the state list (GET /api/states needs a session; the public form has none) */
  states: z.array(ZState),
});
export type TPublicForm = z.infer<typeof ZPublicForm>;

/** POST /api/public/registration-forms/:clientId/:code/submissions (no sign-in; rate limited; honeypot `website`). */
export const ZPublicSubmission = z.object({
  invitation: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/)
    .nullable()
    .default(null),
  // issue 22 / issue 23 §5: the one person-name rule; the confirmation e-mail carries only the cleaned name
  firstname: personName({ required: 'Enter your first name', max: 80 }),
  middlename: optionalPersonName(80),
  lastname: personName({ required: 'Enter your last name', max: 80 }),
  dob: ZIsoDate,
  street1: ZString.trim().min(1, 'Enter your street address').max(200),
  street2: zText(200).default(''),
  city: ZString.trim().min(1, 'Enter your city').max(100),
  state: ZString.trim().length(2, 'Choose your state'),
  zipcode: ZZipCode,
  email: ZString.trim().toLowerCase().pipe(z.email('Enter a valid email').max(254)),
  phone: ZString.trim().min(7, 'Enter your phone number').max(30),
  answers: z
    .array(z.object({ name: zText(100), value: zText(500) }))
    .max(50)
    .default([]),
  /** a JPEG/PNG/WebP data URL (≤ CONSTANTS.photoMaxBytes decoded), re-encoded on the server */
  photo: z.string().max(14_000_000).nullable().default(null),
  signature: z.object({
    kind: z.enum(['typed', 'drawn']),
    /** stored (jsonb): storable text only */
    value: ZString.min(1, 'Sign the form').max(500_000),
  }),
  agreed: z.literal(true, { message: 'Read and accept the disclosure and authorization' }),
  /** honeypot: people leave it empty */
  website: z.string().max(200).default(''),
});
export type TPublicSubmission = z.input<typeof ZPublicSubmission>;
export const ZPublicSubmissionResult = z.object({ ok: z.literal(true), reference: z.string() });
export type TPublicSubmissionResult = z.infer<typeof ZPublicSubmissionResult>;

// ------------------------------------------------------------------ arrest alerts (§3, §4)

export const ZArrestAlert = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  registrationName: z.string(),
  registrationType: z.string(),
  level: z.number().int(),
  levelLabel: z.string(),
  reasons: z.array(z.string()),
  /** what the registry says: name, date of birth, address, offenses, source */
  details: z.record(z.string(), z.unknown()),
  status: z.enum(['open', 'cleared', 'confirmed']),
  suspends: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string(),
  /** issue 23 §4: send it back with a review */
  version: z.number().int(),
});
export type TArrestAlert = z.infer<typeof ZArrestAlert>;
/** POST /api/arrest-alerts/:id/review: cleared (not this person) lifts the suspension; confirmed keeps it and denies. */
export const ZArrestAlertReview = z.object({
  decision: z.enum(['cleared', 'confirmed']),
  note: zText(2000).default(''),
  /** issue 23 §4: the version the reviewer saw; "confirmed" never silently becomes "cleared" */
  ...versionField,
});

// ------------------------------------------------------------------ registered check-in (002 §4)

/** POST /api/registrations/badge-lookup: the desk scanned a registration badge at a building. */
export const ZRegistrationBadgeLookup = z.object({
  buildingId: ZId,
  code: ZString.trim().min(1).max(100),
});
export const ZRegistrationBadgeLookupResult = z.object({
  /** admissible: approved, unexpired, unsuspended, allowed at this building */
  ok: z.boolean(),
  /** the reason it is refused (shown verbatim) */
  reason: z.string().nullable(),
  registrationId: z.number().int(),
  /** the registration type, or for a SafeVendor registration its company (ADR 0014) */
  registrationType: z.string(),
  /** a SafeVendor registration: checked in with visitor type 'vendor' (spec 002 §4; ADR 0014) */
  vendor: z.boolean(),
  name: z.string(),
  /** the district visitor record the screening and check-in use */
  visitorId: z.number().int().nullable(),
});
export type TRegistrationBadgeLookupResult = z.infer<typeof ZRegistrationBadgeLookupResult>;

/** POST /api/registrations/:id/badge/print: the building whose label printer prints the badge. */
export const ZRegistrationPrintBadge = z.object({ buildingId: ZId });
