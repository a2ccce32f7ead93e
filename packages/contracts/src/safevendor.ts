import { z } from 'zod';
import {
  pageQuery,
  pageResponse,
  ZId,
  ZIdText,
  ZIsoDate,
  ZString,
  ZVersion,
  zText,
  versionField,
  ZListSearch,
} from './common';
import {
  exportChoiceFields,
  registrationContactFields,
  registrationExportColumns,
  registrationPersonFields,
  registrationRowFields,
} from './registration-fields';
import { ZRegTypeCode } from './registration-types';
import { ZArrestAlertSummary, ZRegistrationApprove, ZRegistrationBadges } from './registrations';

/**
 * SafeVendor (spec 001 §2 SafeVendor list, add/edit, 'SafeVendor Companies'; §3 SafeVendor
 * registration, Vendor company; §4 SafeVendor states; §8 confirmations; §9 constants; spec 002 §4
 * vendor check-in). ADR 0014: a SafeVendor registration is a registration with `vendor = true`
 * and a vendor company instead of a registration type, so approval, photos, information, badges,
 * arrest watch, registered check-in and exports are the registrations engine's.
 *
 * REST API (replaces SettingsData/SVCList, GetSVC, AddSVC, EditSVC and the SVRegistration calls of §7):
 *   GET  /api/vendor-companies                         the companies list (paged, active-only toggle)
 *   POST /api/vendor-companies   GET/PUT /api/vendor-companies/:id
 *   GET  /api/sv-registrations/companies               companies for the filter and the form (svregistrationdata/vendorcompanies)
 *   POST /api/sv-registrations/search                  list (status, company, search in the body)
 *   POST /api/sv-registrations  GET/PUT /api/sv-registrations/:id
 *   POST /api/sv-registrations/approve                 ids, expDate, doPrint, doPrintOrEmail (bulk: pending only)
 *   POST /api/sv-registrations/:id/deny | make-pending | cancel-email-warnings | expiration-email
 *   DELETE /api/sv-registrations/:id/photo             Clear Photo;  POST /api/sv-registrations/photos upload
 *   GET  /api/sv-registrations/:id/information         disclosure and authorization (SigDetails)
 *   GET  /api/sv-registrations/:id/badge.pdf, /api/sv-registrations/badges.pdf?ids=  badge PDFs
 *   POST /api/sv-registrations/print                   records the badges as printed ('generated')
 *   POST /api/sv-registrations/print-to-building       ZPL to a building's network printer, recorded as printed
 *   POST /api/sv-registrations/export                  export pipeline (/SVRegistration/Export)
 *   windows: /Badge/PrintSVRegistration/{id}, /Badge/PrintSVRegistrations/?ids=, /SVRegistration/Info/{id}
 */

// ------------------------------------------------------------------ vendor companies

/** A company's URL code: the same rules as a registration type's (ADR 0012), unique per client. */
export const ZVendorCompanyCode = ZRegTypeCode;

/** POST /api/vendor-companies, PUT /api/vendor-companies/:id (§3 Vendor company: isActive, name, code, ddUsername). */
export const ZVendorCompanyUpsert = z.object({
  /** admins choose the district; client admins always get their own (ignored on edit) */
  clientId: ZId.nullable().default(null),
  name: ZString.trim().min(1, 'Enter the company name').max(200),
  code: ZVendorCompanyCode,
  ddUsername: zText(100).default(''),
  isActive: z.boolean().default(true),
  /** ADR 0014: the company's approved vendors are in arrest watch */
  inArrestWatch: z.boolean().default(false),
});
export type TVendorCompanyUpsert = z.input<typeof ZVendorCompanyUpsert>;
export type TVendorCompanyValues = z.output<typeof ZVendorCompanyUpsert>;
/** PUT /api/vendor-companies/:id: the form and the version it started from (issue 23 §4). */
export const ZVendorCompanyUpdate = ZVendorCompanyUpsert.extend(versionField);
export type TVendorCompanyUpdate = z.input<typeof ZVendorCompanyUpdate>;

export const ZVendorCompanyRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  code: z.string(),
  ddUsername: z.string(),
  inArrestWatch: z.boolean(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
});
export type TVendorCompanyRow = z.infer<typeof ZVendorCompanyRow>;

/** GET /api/vendor-companies (§2: 100 rows a page, sorted by name, active-only toggle on by default). */
export const ZVendorCompanyListQuery = pageQuery(['name', 'code', 'ddUsername', 'client'], 'name').extend({
  /** issue 25: server-side search (POST …/search body) */
  q: ZListSearch,
  activeOnly: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(true),
  /** admins may narrow to one district */
  clientId: ZIdText.optional(),
});
export type TVendorCompanyListQuery = z.input<typeof ZVendorCompanyListQuery>;
export const ZVendorCompanyListResponse = pageResponse(ZVendorCompanyRow);
export type TVendorCompanyListResponse = z.infer<typeof ZVendorCompanyListResponse>;

/** GET /api/sv-registrations/companies: every company in scope (active and inactive) for the filter and the form. */
export const ZVendorCompanyOption = ZVendorCompanyRow.pick({
  id: true,
  clientId: true,
  clientName: true,
  name: true,
  isActive: true,
});
export const ZVendorCompanyOptions = z.object({ companies: z.array(ZVendorCompanyOption) });
export type TVendorCompanyOption = z.infer<typeof ZVendorCompanyOption>;

// ------------------------------------------------------------------ SafeVendor registrations

/** §3 status ids: 0 All, 1 Pending, 2 Approved, 3 Denied, 5 Expired (§9 default Pending). */
export const SV_STATUS_FILTERS = ['all', 'pending', 'approved', 'denied', 'expired'] as const;
export const SV_STATUS_IDS: Record<(typeof SV_STATUS_FILTERS)[number], number> = {
  all: 0,
  pending: 1,
  approved: 2,
  denied: 3,
  expired: 5,
};
export const ZSvStatusFilter = z.enum(SV_STATUS_FILTERS);
export type TSvStatusFilter = z.infer<typeof ZSvStatusFilter>;

export const SV_REGISTRATION_SORTS = ['company', 'status', 'expDate', 'name', 'dob', 'created'] as const;

/** POST /api/sv-registrations/search (§7 ListData: status, vCompany plus paging, search, order; §9 name ascending, Pending). */
export const ZSvRegistrationSearch = pageQuery(SV_REGISTRATION_SORTS, 'name').extend({
  /** admins may narrow to one district */
  clientId: ZId.nullable().default(null),
  status: ZSvStatusFilter.default('pending'),
  vendorCompanyId: ZId.nullable().default(null),
  /** first or last name (from the beginning), "first last", or the registration id */
  search: zText(100).default(''),
});
export type TSvRegistrationSearch = z.input<typeof ZSvRegistrationSearch>;

/** Status icon states (domain safeVendorDisplayState, spec 001 §2). */
export const SV_DISPLAY_STATES = [
  'Expired',
  'Printed',
  'Approved',
  'Denied',
  'Submitted',
  'Check Approved',
  'Has Issues',
  'Pending',
] as const;
export const ZSvDisplayState = z.enum(SV_DISPLAY_STATES);
export type TSvDisplayState = z.infer<typeof ZSvDisplayState>;

/** The Actions menu (domain safeVendorActions for the caller's role). */
export const SV_REGISTRATION_ACTIONS = [
  'approve',
  'deny',
  'makePending',
  'print',
  'sendExpirationEmail',
  'clearPhoto',
  'cancelEmailWarnings',
  'information',
  'edit',
] as const;
export const ZSvRegistrationAction = z.enum(SV_REGISTRATION_ACTIONS);
export type TSvRegistrationAction = z.infer<typeof ZSvRegistrationAction>;

/** §3 SafeVendor registration as the list shows it. */
export const ZSvRegistrationListItem = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  vendorCompanyId: z.number().int(),
  /** vCompany */
  company: z.string(),
  ...registrationRowFields,
  isExpired: z.boolean(),
  /** the badge has been printed */
  generated: z.boolean(),
  ddStatus: z.number().int().nullable(),
  hasPhoto: z.boolean(),
  displayState: ZSvDisplayState,
  /** issue 23 §2: the demo provider's label, or "not configured", beside the check's state; null otherwise */
  backgroundCheckNote: z.string().nullable(),
  /** suspended by arrest watch until reviewed */
  suspended: z.boolean(),
  /** empty for attendants */
  actions: z.array(ZSvRegistrationAction),
});
export type TSvRegistrationListItem = z.infer<typeof ZSvRegistrationListItem>;
export const ZSvRegistrationListResponse = pageResponse(ZSvRegistrationListItem);
export type TSvRegistrationListResponse = z.infer<typeof ZSvRegistrationListResponse>;

/**
 * POST /api/sv-registrations and PUT /api/sv-registrations/:id (§2 add/edit: address with state
 * lookup, date of birth; §5 "SafeVendor add/edit saves nothing if no date is given"). A new one
 * is pending (ADR 0014): the administrator approves it with an expiration date.
 */
export const ZSvRegistrationSave = z.object({
  vendorCompanyId: ZId,
  ...registrationPersonFields,
  expDate: ZIsoDate.nullable().default(null),
  photoFileId: z.string().uuid().nullable().default(null),
  /** an edit: the version it started from (issue 23 §4); required on PUT */
  version: ZVersion.optional(),
});
export type TSvRegistrationSave = z.input<typeof ZSvRegistrationSave>;
export type TSvRegistrationValues = z.output<typeof ZSvRegistrationSave>;

export const ZSvRegistration = ZSvRegistrationListItem.extend({
  ...registrationContactFields,
  photoFileId: z.string().nullable(),
  /** the code printed under the badge's barcode, typed at the desk when a scan fails; '' for attendants */
  badgeCode: z.string(),
  source: z.enum(['admin', 'public', 'invitation']),
  hasSignature: z.boolean(),
  emailWarnings: z.boolean(),
  visitorId: z.number().int().nullable(),
  suspendedReason: z.string().nullable(),
  arrestAlerts: z.array(ZArrestAlertSummary),
  createdAt: z.string(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
  /** ADR 0038: 'Renewal of Approved; Currently: Pending' (spec 001 §4), or null when not a renewal */
  renewal: z.string().nullable().default(null),
  /** ADR 0038: the registration this one renews, and the latest one that renews this one */
  renewalOfId: z.number().int().nullable().default(null),
  renewedById: z.number().int().nullable().default(null),
});
export type TSvRegistration = z.infer<typeof ZSvRegistration>;

/** POST /api/sv-registrations/approve (§3 Approval details: ids, expDate, doPrint, doPrintOrEmail). */
export const ZSvRegistrationApprove = ZRegistrationApprove.omit({ underReview: true });
export type TSvRegistrationApprove = z.input<typeof ZSvRegistrationApprove>;

/** POST /api/sv-registrations/print: records the badges as printed (spec 001 §3 generated) before the print window opens. */
export const ZSvRegistrationPrint = ZRegistrationBadges;
export const ZSvRegistrationPrintResponse = z.object({ printedIds: z.array(z.number().int()) });

/** POST /api/sv-registrations/print-to-building: ZPL to the building's network printer (issue 15), recorded as printed. */
export const ZSvRegistrationPrintToBuilding = ZRegistrationBadges.extend({ buildingId: ZId });
export type TSvRegistrationPrintToBuilding = z.input<typeof ZSvRegistrationPrintToBuilding>;

/** Export columns of the SafeVendor list (every one ticked by default). */
export const SV_REGISTRATION_EXPORT_COLUMNS = registrationExportColumns('Company', 'Badge Printed');

/** POST /api/sv-registrations/export (/SVRegistration/Export?status&companyId&search, in a body: no PII in URLs). */
export const ZSvRegistrationExport = ZSvRegistrationSearch.omit({ page: true, perPage: true }).extend(
  exportChoiceFields,
);
export type TSvRegistrationExport = z.input<typeof ZSvRegistrationExport>;
