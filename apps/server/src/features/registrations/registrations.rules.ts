import { randomBytes } from 'node:crypto';
import { REGISTRATION_ACTIONS, type TRegistrationListItem } from '@sv/contracts';
import {
  addDays,
  backgroundCheckNote,
  backgroundCheckState,
  type RegistrationAction,
  type RegistrationForRules,
  registrationActions,
  registrationDisplay,
  safeVendorActions,
} from '@sv/domain';
import { type RegistrationKind, type RegistrationListRow, type StoredRegistration } from './registrations.repository';

/** Our own messages (the spec is silent on these); shown verbatim by the web. */
export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  typeRequired: 'Choose a registration type of this district.',
  typeInactive: 'This registration type is no longer active. Choose an active type.',
  clientMismatch: 'The registration type belongs to another district.',
  companyRequired: 'Choose a vendor company of this district.',
  companyInactive: 'This vendor company is no longer active. Choose an active company.',
  companyMismatch: 'The vendor company belongs to another district.',
  dobFuture: 'The date of birth must be before today.',
  photoNotFound: 'The photo was not found. Upload it again.',
  expDateRequired: 'Choose an expiration date.',
  expDatePast: 'The expiration date cannot be in the past.',
  buildingsOfClient: 'Choose buildings of the registration’s district.',
  noEmail: 'This registration has no e-mail address.',
  /** ADR 0035: the same person's live registration of the same type (or company) exists */
  duplicate: (name: string, state: 'a pending' | 'an approved', owner: 'type' | 'company', id: number) =>
    `${name} already has ${state} registration ${owner === 'type' ? 'of this type' : 'with this company'} (ID ${id}). Open that one instead of adding another.`,
  nothingToPrint: 'None of these registrations is approved, so there is no badge to print.',
  /** issue 25 (audit 001 U8): an open arrest alert suspends the badge; it is printed again once the alert is cleared */
  printSuspended:
    'This badge is suspended pending an arrest-watch review: it can be printed once the alert is cleared.',
  noPrinter: 'No network printer is set for this building: print the PDF badge.',
  printerDown: 'The badge printer did not answer. Check that it is on, or print the PDF badge.',
  /** 409: the action is not offered for the registration's current state (spec 001 §2 actions menu) */
  notOffered: {
    approve: 'This registration cannot be approved in its current state.',
    deny: 'This registration cannot be denied in its current state.',
    denyAndExclude: 'This registration cannot be denied in its current state.',
    makePending: 'This registration is already pending.',
    print: 'Only an approved registration has a badge to print.',
    sendExpirationEmail: 'An expiration e-mail is only sent for approved registrations that expire within 30 days.',
    buildings: 'Buildings can only be chosen for a pending or approved registration.',
    clearPhoto: 'This registration has no photo.',
    uploadPhoto: 'This registration already has a photo. Remove it first.',
    cancelEmailWarnings: 'This registration has no e-mail warnings to cancel.',
    information: 'Not available.',
    edit: 'Not available.',
  } satisfies Record<RegistrationAction, string>,
} as const;

/** The search help (§2 "A help text for the search is fetched"); our own words. */
export const REGISTRATION_SEARCH_HELP = [
  'Choose a status to list registrations in that state; Pending is shown first.',
  'First name and last name match from the beginning of the name and ignore capitals: "jo" finds Jo, John and Jones.',
  'ID finds one registration by its number. E-mail matches from the beginning of the address.',
  'Expired registrations (approved, past their expiration date) are left out of All and Approved unless you tick Include expired; the Expired status lists only them.',
  'Clear search resets every filter to Pending.',
].join('\n');

/** Exclusion type of a Deny/Exclude (EXCLUSION_TYPE_OPTIONS has no "registration denied"): 'Other' shows the reason. */
export const DENY_EXCLUSION_TYPE = 'Other';
export const DENY_EXCLUSION_REASON = 'Registration denied';

/**
 * The expiration e-mail window (our rule; spec 001 §3 only names the flag isSendExpirationEmail):
 * an approved registration with an expiration date from 30 days ago to 30 days ahead — the
 * volunteer is reminded shortly before the badge expires or shortly after it has.
 */
export const EXPIRATION_EMAIL_WINDOW_DAYS = 30;

/** Crockford base32 (no I, L, O, U): printed under the barcode and typed if a scan fails. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A random, unguessable registration badge code: 16 characters, 80 bits. */
export function newRegistrationBadgeCode(): string {
  return Array.from(randomBytes(16), (b) => CODE_ALPHABET[b % 32]).join('');
}

export type RuleRow = Pick<
  StoredRegistration,
  | 'approved'
  | 'underReview'
  | 'expDate'
  | 'ddStatus'
  | 'hasStateCheck'
  | 'hasStateIssues'
  | 'hasConviction'
  | 'ddProvider'
  | 'photoFileId'
  | 'emailWarnings'
> & {
  suspendedAt?: Date | null;
  renewalOfId?: number | null;
  renewalApproved?: boolean | null;
  renewalExpDate?: string | null;
  districtCheckProvider?: string | null;
};

export const isExpiredOn = (r: { approved: boolean | null; expDate: string | null }, today: string) =>
  r.approved === true && r.expDate !== null && r.expDate < today;

/**
 * The export's Background Check cell (issue 23 §2): the check's state and, beside it, what must be
 * said about it — "Demo provider: no real check was made" or that checks are not configured.
 */
export function backgroundCheckCell(rules: RegistrationForRules): string | null {
  if (rules.ddStatus === null || rules.ddStatus === undefined) return null;
  const note = backgroundCheckNote(rules);
  const state = backgroundCheckState(rules);
  return note ? `${state} (${note})` : state;
}

/** The domain's view of a row (spec 001 §3 flags computed from the stored columns). */
export function rulesOf(r: RuleRow, today: string): RegistrationForRules {
  const expired = isExpiredOn(r, today);
  const windowStart = addDays(today, -EXPIRATION_EMAIL_WINDOW_DAYS);
  const windowEnd = addDays(today, EXPIRATION_EMAIL_WINDOW_DAYS);
  return {
    approved: r.approved,
    underReview: r.underReview,
    isExpired: expired,
    ddStatus: r.ddStatus,
    hasStateCheck: r.hasStateCheck,
    hasStateIssues: r.hasStateIssues,
    hasConviction: r.hasConviction,
    ddProvider: r.ddProvider,
    districtCheckProvider: r.districtCheckProvider ?? null,
    hasPhoto: r.photoFileId !== null,
    isUploadPhoto: true,
    hasEmailChain: r.emailWarnings,
    suspended: r.suspendedAt !== null && r.suspendedAt !== undefined,
    isSendExpirationEmail:
      r.approved === true && !r.underReview && r.expDate !== null && r.expDate >= windowStart && r.expDate <= windowEnd,
    ...(r.renewalOfId
      ? {
          renewalApproved: r.renewalApproved ?? null,
          renewalIsExpired: isExpiredOn(
            { approved: r.renewalApproved ?? null, expDate: r.renewalExpDate ?? null },
            today,
          ),
        }
      : {}),
  };
}

/**
 * The offered actions of a row (spec 001 §2 registration actions menu; §4 SafeVendor transitions):
 * the volunteer rules, or SafeVendor's (domain safeVendorActions) for a vendor (ADR 0014).
 */
export function offeredActions(
  rules: RegistrationForRules,
  roleId: number,
  kind: RegistrationKind = 'volunteer',
): ReadonlySet<RegistrationAction> {
  return kind === 'vendor' ? safeVendorActions(rules, roleId) : registrationActions(rules, roleId);
}

export function actionsFor(r: RuleRow, roleId: number, today: string, kind: RegistrationKind = 'volunteer') {
  const offered = offeredActions(rulesOf(r, today), roleId, kind);
  return REGISTRATION_ACTIONS.filter((a) => offered.has(a));
}

/** A volunteer row always has a type (registrations_owner_ck with vendor = false). */
export function typeIdOf(r: { registrationTypeId: number | null }): number {
  if (r.registrationTypeId === null) throw new Error('A volunteer registration without a registration type');
  return r.registrationTypeId;
}

export function toListItem(r: RegistrationListRow, roleId: number, today: string, suspendedAt: Date | null) {
  const rules = rulesOf(r, today);
  return {
    id: r.id,
    clientId: r.clientId,
    registrationTypeId: typeIdOf(r),
    registrationType: r.registrationType,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    dob: r.dob,
    expDate: r.expDate,
    note: r.note,
    approved: r.approved,
    hasPhoto: r.photoFileId !== null,
    display: { ...registrationDisplay(rules), suspended: suspendedAt !== null },
    actions: actionsFor(r, roleId, today),
  } satisfies TRegistrationListItem;
}

export const sourceOf = (s: string): 'admin' | 'public' | 'invitation' =>
  s === 'public' || s === 'invitation' ? s : 'admin';

export const fullName = (r: { firstname: string; middlename?: string; lastname: string }) =>
  [r.firstname, r.middlename ?? '', r.lastname].filter((p) => p.trim() !== '').join(' ');

export { sourceOf as registrationSourceOf };
