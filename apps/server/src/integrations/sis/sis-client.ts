/**
 * Student information system (integrations guide "SIS / OneRoster"; spec 000 §2 Skyward connection
 * test, spec 002 student pickup and drop-off). Skyward and most SIS products expose OneRoster 1.1
 * REST under `/ims/oneroster/v1p1` with OAuth 2 client-credentials bearer tokens.
 *
 * Providers: the OneRoster HTTP client (oneroster-client.ts) and a built-in local provider
 * (local-sis.ts: a OneRoster CSV bundle) used when the base address is 'local', or empty on a demo
 * installation. Tests talk to a local peer that speaks OneRoster (src/test/peers/fake-sis.ts).
 */
export interface SisClient {
  readonly name: string;
  /** true when a token is issued and an authenticated OneRoster call answers; never throws */
  testConnection(): Promise<boolean>;
  /**
   * One page of a roster resource ('users' = every user, of which the sync keeps parents,
   * guardians and relatives; 'students'), changed after `since` (OneRoster dateLastModified
   * deltas), oldest change first. Throws SisError.
   */
  rosterPage(
    resource: RosterResource,
    opts: { since: Date | null; offset: number; limit: number },
  ): Promise<RosterUser[]>;
  /** The schools (OneRoster orgs of type school). Throws SisError. */
  schools(): Promise<{ sourcedId: string; name: string }[]>;
  /** A student and the users named in its `agents`, read now (the SIS pickup screen). Throws SisError. */
  studentWithAgents(sourcedId: string): Promise<{ student: RosterUser; agents: RosterUser[] } | null>;
  /**
   * Writes a tardy or early-release event back (beyond the spec). 'unsupported': the SIS accepts
   * no such write (nothing to retry). Throws SisError when it could not be delivered (retry).
   */
  writeEvent(event: SisEvent): Promise<'sent' | 'unsupported'>;
}

export type RosterResource = 'users' | 'students';

/** The part of a OneRoster 1.1 user the product keeps (REST `user` or a users.csv row). */
export interface RosterUser {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  dateLastModified: string;
  role: string;
  givenName: string;
  familyName: string;
  identifier: string;
  email: string;
  phone: string;
  agentSourcedIds: string[];
  orgSourcedIds: string[];
  /** YYYY-MM-DD from OneRoster demographics when the SIS shares it (lets the registry be searched) */
  birthDate?: string;
  /** the student's grade(s) when the SIS shares them (OneRoster `grades`; the first one is kept; issue 27 §2 roster groups) */
  grades?: string[];
}

export interface SisEvent {
  kind: 'pickup' | 'dropoff';
  /** our event id, the idempotency key of the write on the SIS side */
  eventId: number;
  studentSourcedId: string;
  at: string;
  reason: string;
  isExcused?: boolean;
}

/** 'unreachable': no answer (network, timeout, token refused); 'failed': the SIS answered with an error. */
export class SisError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'SisError';
  }
}

/** Roles of a student's agents that count as guardians (integrations guide). */
export const GUARDIAN_ROLES = new Set(['parent', 'guardian', 'relative']);

/**
 * Roles of the OneRoster users that are the district's staff (OneRoster 1.1 role vocabulary):
 * they become hosts visitors can name (issue 28 §1, ADR 0053).
 */
export const STAFF_ROLES = new Set(['teacher', 'administrator', 'aide', 'proctor']);

/** A client's saved (or unsaved, from the settings form) connection. */
export interface SisConnection {
  /** '' (not set), 'local' or an http(s) address */
  baseUrl: string;
  /** '' = `${baseUrl}/oauth/token` */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}
