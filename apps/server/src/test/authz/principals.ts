import { sessionCookieName } from '../../platform/auth/auth-plugin';
import type { Session, TestApp } from '../test-app';
import { PRINCIPALS, type Principal } from './types';

/**
 * The demo login behind each principal of the matrix (db/seed/demo.ts). Tenant A = North County
 * Schools (building 1 = North High, building 2 = Lincoln), tenant B = South Valley.
 * `adminAsAttendantA1` is the admin impersonating the North High attendant.
 */
export const PRINCIPAL_LOGINS = {
  admin: 'admin@demo.test',
  clientAdminA: 'admin.north@demo.test',
  attendantA1: 'desk.northhigh@demo.test',
  attendantA2: 'desk.lincoln@demo.test',
  kioskA: 'kiosk.northhigh@demo.test',
  clientAdminB: 'admin.south@demo.test',
  attendantB: 'desk.southelem@demo.test',
  adminAsAttendantA1: 'desk.northhigh@demo.test',
} as const satisfies Record<Exclude<Principal, 'anonymous'>, string>;

/** Principals that belong to tenant A: none of tenant B's data may reach them (canary test). */
export const TENANT_A_PRINCIPALS = [
  'clientAdminA',
  'attendantA1',
  'attendantA2',
  'kioskA',
  'adminAsAttendantA1',
] as const satisfies readonly Principal[];

export type PrincipalSessions = Record<Principal, Session | null>;

/**
 * A fresh server-side session for every principal (anonymous = null).
 *
 * Sessions are created with `deps.sessions.create` — the same row the login route writes
 * (and, for `adminAsAttendantA1`, the same row impersonation writes: userId = the attendant,
 * impersonatorId = the admin). That costs one insert instead of an argon2 verification, so the
 * matrix can hand every row fresh sessions (a row such as logout ends the session it uses) and
 * never trips the sign-in throttle. `principals.test.ts` checks these sessions against the real
 * login (and, once it exists, the real impersonation route).
 */
export async function principalSessions(t: TestApp): Promise<PrincipalSessions> {
  const out = { anonymous: null } as PrincipalSessions;
  for (const p of PRINCIPALS) out[p] = await principalSession(t, p);
  return out;
}

/** One fresh session for one principal (null for anonymous); see `principalSessions`. */
export async function principalSession(t: TestApp, p: Principal): Promise<Session | null> {
  if (p === 'anonymous') return null;
  const cookieName = sessionCookieName(t.deps.config.COOKIE_SECURE);
  const users = t.world.users;
  const userId = users[PRINCIPAL_LOGINS[p]];
  const impersonatorId = p === 'adminAsAttendantA1' ? users['admin@demo.test'] : null;
  const { token, csrfToken } = await t.deps.sessions.create({
    userId,
    impersonatorId,
    signedInWith: 'password',
    ip: '127.0.0.1',
    userAgent: 'authz',
    now: t.deps.now(),
  });
  return { cookie: `${cookieName}=${token}`, csrfToken, userId };
}
