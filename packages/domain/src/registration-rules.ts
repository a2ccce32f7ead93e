/**
 * Registration and SafeVendor display states and action menus (spec 001 §2 "Registration actions
 * menu", §3, §4; spec 000 §6 roles).
 */

export const ROLE_ADMIN = 1;
export const ROLE_CLIENT_ADMIN = 2;
export const ROLE_ATTENDANT = 3;

export type RegistrationStatus = 'pending' | 'approved' | 'denied' | 'expired';

export interface RegistrationForRules {
  /** true approved, false denied, null pending. */
  approved: boolean | null;
  underReview?: boolean | null;
  isExpired?: boolean | null;
  ddStatus?: number | null;
  hasStateCheck?: boolean | null;
  hasStateIssues?: boolean | null;
  hasConviction?: boolean | null;
  /** which provider ran the check: 'demo' (no real check) or 'http' (issue 23 §2) */
  ddProvider?: string | null;
  /** the district's Background Settings provider: 'none' | 'demo' | 'http' (issue 23 §2) */
  districtCheckProvider?: string | null;
  hasPhoto?: boolean | null;
  isUploadPhoto?: boolean | null;
  hasEmailChain?: boolean | null;
  isSendExpirationEmail?: boolean | null;
  /** An open arrest alert suspends the badge: nothing prints it until the alert is reviewed (issue 25, audit 001 U8). */
  suspended?: boolean | null;
  /** The decision on the registration this one renews; undefined when it is not a renewal. */
  renewalApproved?: boolean | null;
  renewalIsExpired?: boolean | null;
}

/** Spec 001 §4: pending (approved null), approved, denied, expired (approved and past expiry). */
export function registrationStatus(reg: Pick<RegistrationForRules, 'approved' | 'isExpired'>): RegistrationStatus {
  if (reg.approved === null || reg.approved === undefined) return 'pending';
  if (reg.approved === false) return 'denied';
  return reg.isExpired ? 'expired' : 'approved';
}

const STATUS_LABEL: Record<RegistrationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
  expired: 'Expired',
};

export type BackgroundCheckState =
  | 'Background Check In Progress'
  | 'In Queue'
  | 'Needs Review'
  | 'Approved'
  | 'Pending';

/**
 * The background-check state shown while a registration is pending (spec 001 §4), first rule
 * that applies: ddStatus 1 in progress, 4 in queue, 3 / state issues / a conviction needs review,
 * 2 / a state check without issues approved, otherwise pending.
 */
export function backgroundCheckState(reg: RegistrationForRules): BackgroundCheckState {
  if (reg.ddStatus === 1) return 'Background Check In Progress';
  if (reg.ddStatus === 4) return 'In Queue';
  if (reg.ddStatus === 3 || reg.hasStateIssues || reg.hasConviction) return 'Needs Review';
  if (reg.ddStatus === 2 || (reg.hasStateCheck && !reg.hasStateIssues)) return 'Approved';
  return 'Pending';
}

/** Issue 23 §2: every result of the built-in demo provider says this, on every screen and export. */
export const DEMO_CHECK_NOTE = 'Demo provider: no real check was made';
/** Issue 23 §2: a district without a provider says so instead of showing approvals. */
export const CHECKS_NOT_CONFIGURED_NOTE =
  'Background checks are not configured for this district: this check waits until a provider is chosen in Background Settings.';

/**
 * What must be said beside a background-check result (issue 23 §2): a result of the demo provider
 * is not a check; a check queued in a district with no provider waits for one.
 */
export function backgroundCheckNote(
  reg: Pick<RegistrationForRules, 'ddStatus' | 'ddProvider' | 'districtCheckProvider'>,
): string | null {
  if (reg.ddStatus === 4) return reg.districtCheckProvider === 'none' ? CHECKS_NOT_CONFIGURED_NOTE : null;
  if (reg.ddStatus !== null && reg.ddStatus !== undefined && reg.ddProvider === 'demo') return DEMO_CHECK_NOTE;
  return null;
}

export interface RegistrationDisplay {
  status: RegistrationStatus;
  underReview: boolean;
  /** Status text; 'Under Review' overrides it (spec 001 §4). */
  label: string;
  /** Under review hides the expiration date. */
  showExpiration: boolean;
  /** Only while pending. */
  backgroundCheck: BackgroundCheckState | null;
  /** DEMO_CHECK_NOTE or CHECKS_NOT_CONFIGURED_NOTE beside the check's result, or null (issue 23 §2) */
  backgroundCheckNote: string | null;
  /** "Renewal of Approved; Currently: Pending", or null when not a renewal. */
  renewal: string | null;
}

/** Everything the registration list shows about a registration's state. */
export function registrationDisplay(reg: RegistrationForRules): RegistrationDisplay {
  const status = registrationStatus(reg);
  const underReview = reg.underReview === true;
  const label = underReview ? 'Under Review' : STATUS_LABEL[status];
  let renewal: string | null = null;
  if (reg.renewalApproved !== undefined) {
    const previous = registrationStatus({ approved: reg.renewalApproved, isExpired: reg.renewalIsExpired });
    renewal = `Renewal of ${STATUS_LABEL[previous]}; Currently: ${label}`;
  }
  return {
    status,
    underReview,
    label,
    showExpiration: !underReview,
    backgroundCheck: status === 'pending' ? backgroundCheckState(reg) : null,
    backgroundCheckNote: backgroundCheckNote(reg),
    renewal,
  };
}

export type RegistrationAction =
  | 'approve'
  | 'deny'
  | 'denyAndExclude'
  | 'makePending'
  | 'print'
  | 'sendExpirationEmail'
  | 'buildings'
  | 'clearPhoto'
  | 'uploadPhoto'
  | 'cancelEmailWarnings'
  | 'information'
  | 'edit';

/**
 * The registration actions menu (spec 001 §2). Attendants (roleId 3) get no menu. "Approved" for
 * Print and Buildings means the approved state, not an expired one.
 */
export function registrationActions(reg: RegistrationForRules, roleId: number): ReadonlySet<RegistrationAction> {
  const actions = new Set<RegistrationAction>();
  if (roleId === ROLE_ATTENDANT) return actions;
  const status = registrationStatus(reg);
  const underReview = reg.underReview === true;
  const expired = reg.isExpired === true;
  if (underReview || (reg.approved !== true && !expired)) actions.add('approve');
  if (underReview || (reg.approved !== false && !expired)) {
    actions.add('deny');
    actions.add('denyAndExclude');
  }
  if (underReview || reg.approved !== null) actions.add('makePending');
  // a suspended badge is not printed (issue 25, audit 001 U8): the desk would refuse it anyway
  if (status === 'approved' && reg.suspended !== true) actions.add('print');
  if (reg.isSendExpirationEmail) actions.add('sendExpirationEmail');
  if (status === 'pending' || status === 'approved') actions.add('buildings');
  if (reg.hasPhoto) actions.add('clearPhoto');
  else if (reg.isUploadPhoto) actions.add('uploadPhoto');
  if (reg.hasEmailChain) actions.add('cancelEmailWarnings');
  actions.add('information');
  actions.add('edit');
  return actions;
}

export interface SafeVendorForRules {
  approved: boolean | null;
  isExpired?: boolean | null;
  /** The badge has been printed. */
  generated?: boolean | null;
  /** 1 submitted, 2 approved, 3 has issues (spec 001 §3). */
  ddStatus?: number | null;
  ddProvider?: string | null;
  districtCheckProvider?: string | null;
  hasPhoto?: boolean | null;
  hasEmailChain?: boolean | null;
  isSendExpirationEmail?: boolean | null;
  /** An open arrest alert suspends the badge (issue 25, audit 001 U8). */
  suspended?: boolean | null;
}

export type SafeVendorAction =
  | 'approve'
  | 'deny'
  | 'makePending'
  | 'print'
  | 'sendExpirationEmail'
  | 'clearPhoto'
  | 'cancelEmailWarnings'
  | 'information'
  | 'edit';

/**
 * SafeVendor transitions (spec 001 §4): Approve when not approved and not expired; Deny when not
 * denied and not expired; Make Pending when decided; Print only when approved (not expired) and
 * not suspended by an open arrest alert (issue 25).
 * Spec 001 §2/§6 show the Actions menu to roleId 1 and say nothing else about the other roles;
 * client administrators (roleId 2) also get it, for their own district only (ADR 0014): they run
 * the same approval workflow for their volunteers, the navigation already gives them the SafeVendor
 * list and companies, and without the menu nobody in a district could approve its own vendors.
 * Attendants (roleId 3) read the list without a menu, like the registration list.
 */
export function safeVendorActions(reg: SafeVendorForRules, roleId: number): ReadonlySet<SafeVendorAction> {
  const actions = new Set<SafeVendorAction>();
  if (roleId !== ROLE_ADMIN && roleId !== ROLE_CLIENT_ADMIN) return actions;
  const expired = reg.isExpired === true;
  if (reg.approved !== true && !expired) actions.add('approve');
  if (reg.approved !== false && !expired) actions.add('deny');
  if (reg.approved !== null) actions.add('makePending');
  if (reg.approved === true && !expired && reg.suspended !== true) actions.add('print');
  if (reg.isSendExpirationEmail) actions.add('sendExpirationEmail');
  if (reg.hasPhoto) actions.add('clearPhoto');
  if (reg.hasEmailChain) actions.add('cancelEmailWarnings');
  actions.add('information');
  actions.add('edit');
  return actions;
}

export type SafeVendorDisplayState =
  | 'Expired'
  | 'Printed'
  | 'Approved'
  | 'Denied'
  | 'Submitted'
  | 'Check Approved'
  | 'Has Issues'
  | 'Pending';

/**
 * The SafeVendor status icon (spec 001 §2): expired, printed, approved or denied; a pending one
 * shows its digital-submission status (ddStatus 1 submitted, 2 approved, 3 has issues). A pending
 * vendor whose background check came back clean is still pending: it says 'Check Approved', never
 * the 'Approved' of a decided registration (issue 25, audit 001 B1).
 */
export function safeVendorDisplayState(reg: SafeVendorForRules): SafeVendorDisplayState {
  if (reg.approved === true) {
    if (reg.isExpired) return 'Expired';
    return reg.generated ? 'Printed' : 'Approved';
  }
  if (reg.approved === false) return 'Denied';
  if (reg.ddStatus === 1) return 'Submitted';
  if (reg.ddStatus === 2) return 'Check Approved';
  if (reg.ddStatus === 3) return 'Has Issues';
  return 'Pending';
}
