/**
 * Background-check provider interface (spec 001 §4 "background-check states"; integrations guide:
 * an interface, a real HTTP client and a built-in local provider). A registration submitted on the
 * public form of a district with backgroundCheck on is sent to the provider; the provider answers
 * later, so the product polls it from an idempotent sweep (ADR 0005) and maps the answer onto the
 * registration's dd_status: 4 In Queue → 1 In Progress → 2 Approved or 3 Needs Review.
 */

/** Who is checked: what a consumer-reporting agency needs to run a check (no photo, no answers). */
export interface BackgroundCheckSubject {
  /**
   * Our stable id for this check ('sv-registration-<id>'): a provider that receives the same id
   * twice (a sweep retried after a crash between the call and our commit) returns the same check.
   */
  externalId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** 'YYYY-MM-DD' */
  dob: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  email: string;
}

/**
 * 'in_progress': the provider has it and is working; 'clear': nothing found (dd_status 2);
 * 'needs_review': something a person must look at (dd_status 3). Never "clear" for an unknown.
 */
export type BackgroundCheckStatus = 'in_progress' | 'clear' | 'needs_review';

export interface BackgroundCheckAnswer {
  /** the provider's reference of the check (stored as registrations.dd_reference) */
  reference: string;
  status: BackgroundCheckStatus;
  /**
   * The state criminal-record search, when the provider reports one (issue 25: "feed the
   * state-check fields from the background-check provider's answer"): 'clear' sets
   * has_state_check, 'issues' also has_state_issues. Absent: not reported, nothing changes.
   */
  stateCheck?: 'clear' | 'issues';
  /** true when the provider found a conviction (has_conviction). Absent: not reported. */
  conviction?: boolean;
}

/**
 * 'demo': the built-in demo provider (no real check is made; issue 23 §2 labels its results);
 * 'http': a district's agency.
 */
export type BackgroundCheckKind = 'demo' | 'http';

export interface BackgroundCheckProvider {
  readonly kind: BackgroundCheckKind;
  /** Starts (or finds, by externalId) a check. Throws BackgroundCheckUnavailable when the provider cannot answer. */
  submit(subject: BackgroundCheckSubject): Promise<BackgroundCheckAnswer>;
  /** The current status of a check. Throws BackgroundCheckUnavailable when the provider cannot answer. */
  status(reference: string): Promise<BackgroundCheckAnswer>;
}

/**
 * The provider could not be reached or answered something unreadable. The sweep leaves the
 * registration where it was and tries again later: never fail open (security guide).
 * The message is technical and carries no personal data.
 */
export class BackgroundCheckUnavailable extends Error {}

/** dd_status values (spec 001 §4). */
export const DD_STATUS = { inProgress: 1, approved: 2, needsReview: 3, inQueue: 4 } as const;

export const ddStatusOf = (s: BackgroundCheckStatus) =>
  s === 'clear' ? DD_STATUS.approved : s === 'needs_review' ? DD_STATUS.needsReview : DD_STATUS.inProgress;
