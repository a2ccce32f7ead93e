import type { DemoWorld } from '../../../db/seed/demo';
import type { AppDeps } from '../../platform/deps';

/**
 * Principals of the authorization matrix (security guide). Tenant A = North County Schools
 * (building 1 = North High School, building 2 = Lincoln Elementary); tenant B = South Valley District.
 */
export const PRINCIPALS = [
  'anonymous',
  'admin',
  'clientAdminA',
  'attendantA1',
  'attendantA2',
  'kioskA',
  'clientAdminB',
  'attendantB',
  'adminAsAttendantA1',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** 'ok' = any 2xx (or a 3xx redirect for browser routes); otherwise the exact status. */
/** 302: a signed-out browser opening a server-rendered window is sent to sign in. */
export type Expected = 'ok' | 302 | 400 | 401 | 403 | 404 | 409 | 415 | 422 | 429;

export interface AuthzFixture {
  world: DemoWorld;
  deps: AppDeps;
}

export interface AuthzRequest {
  /** concrete URL (defaults to the route itself when it has no parameters) */
  url?: string;
  body?: unknown;
  /** extra headers, e.g. `Idempotency-Key` or a multipart `content-type` (cookie and CSRF are added) */
  headers?: Record<string, string>;
}

/**
 * One row of the matrix: a registered route, how to call it on an object of tenant A
 * (building 1 unless noted), and what each principal must get. Each feature exports its rows
 * from `features/<feature>/<feature>.authz.ts` as `export const authz: AuthzEntry[]`.
 * The request builder runs once per principal on a fresh object, so deletes are safe.
 */
export interface AuthzEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  request?: (f: AuthzFixture) => Promise<AuthzRequest> | AuthzRequest;
  expect: Record<Principal, Expected>;
  /** what the row probes when a route has several rows (object scope), e.g. 'building of tenant B' */
  note?: string;
  /**
   * A POST that only reads (searches and lists whose terms go in the body). The canary test
   * calls it as every tenant-A principal, like every GET. GET rows are always read-only:
   * never set `readOnly: false` on a GET (the matrix test refuses it: no state change on GET).
   */
  readOnly?: boolean;
}

/** Shorthands for common expectation rows. */
export const everyone = (e: Expected): Record<Principal, Expected> =>
  Object.fromEntries(PRINCIPALS.map((p) => [p, e])) as Record<Principal, Expected>;

/**
 * A district-administration route on an object of tenant A: the platform administrator and A's
 * district administrator; B's administrator is answered 404 (not their district); every other
 * role 403 (the permission), the signed-out 401.
 */
export const districtAdminsOfA: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 403,
  adminAsAttendantA1: 403,
};

/**
 * A bulk action of a list (issue 26 §4): a district administration permission; another district's
 * administrator is answered too (the ids outside their scope change nothing: counted as not found).
 */
export const listManagers: Record<Principal, Expected> = { ...districtAdminsOfA, clientAdminB: 'ok' };

/**
 * A fresh Idempotency-Key header: every create a client may retry requires one (issue 23 §4,
 * ADR 0024), so their rows send a new key per request (a reused key would replay an answer).
 */
export const idempotencyKeyHeader = () => ({ 'idempotency-key': `authz-${crypto.randomUUID()}` });
