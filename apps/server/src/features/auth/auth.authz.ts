import { DEMO_PASSWORD } from '../../../db/seed/demo';
import { type AuthzEntry, everyone } from '../../test/authz/types';

const adminOnly = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 403,
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 403,
  clientAdminB: 403,
  attendantB: 403,
  // the actor while impersonating is the attendant: no admin powers (spec 000 §4)
  adminAsAttendantA1: 403,
} as const;

const signedIn = { ...everyone('ok'), anonymous: 401 } as const;

/**
 * Sign-in, session, logout, password e-mails, Microsoft sign-in and impersonation
 * (issue 2 §3, §6). Public routes answer everyone the same; the Microsoft routes are browser
 * navigations that always redirect (here to /Account/Login?error=microsoft: the matrix app has
 * no identity provider configured).
 */
export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/auth/login',
    request: () => ({ body: { email: 'desk.lincoln@demo.test', password: DEMO_PASSWORD } }),
    expect: everyone('ok'),
    note: 'public; a signed-in browser may sign in again (a new session)',
  },
  { method: 'GET', route: '/api/auth/session', expect: signedIn },
  {
    method: 'POST',
    route: '/api/auth/logout',
    // a kiosk session ends only with the kiosk account's password (issue 25); staff send none
    request: () => ({ body: { password: DEMO_PASSWORD } }),
    expect: signedIn,
    note: 'ends the session it uses',
  },
  {
    method: 'POST',
    route: '/api/auth/password-emails',
    request: () => ({ body: { email: 'nobody@example.test' } }),
    expect: everyone('ok'),
    note: 'public; the same answer for known and unknown addresses',
  },
  {
    method: 'POST',
    route: '/api/auth/password',
    request: () => ({ body: { token: 'x'.repeat(43), password: 'a-Long-enough-pass-9' } }),
    expect: everyone(400),
    note: 'public; an unknown token is refused for everyone',
  },
  {
    method: 'POST',
    route: '/api/users/:id/password-email',
    request: ({ world }) => ({ url: `/api/users/${world.users['desk.northhigh@demo.test']}/password-email` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 403,
      attendantA2: 403,
      kioskA: 403,
      clientAdminB: 404,
      attendantB: 403,
      adminAsAttendantA1: 403,
    },
  },
  { method: 'GET', route: '/api/auth/providers', expect: everyone('ok') },
  { method: 'GET', route: '/api/auth/microsoft/start', expect: everyone('ok'), note: '302 redirect' },
  { method: 'GET', route: '/api/auth/microsoft/callback', expect: everyone('ok'), note: '302 redirect, no session' },
  { method: 'GET', route: '/api/auth/microsoft/sign-out', expect: everyone('ok'), note: '302 redirect' },
  {
    method: 'POST',
    route: '/api/impersonation/search',
    request: () => ({ body: { search: 'desk' } }),
    expect: adminOnly,
  },
  {
    method: 'POST',
    route: '/api/impersonation',
    request: ({ world }) => ({ body: { userId: world.users['desk.northhigh@demo.test'] } }),
    expect: adminOnly,
  },
  {
    method: 'DELETE',
    route: '/api/impersonation',
    expect: { ...everyone(400), anonymous: 401, adminAsAttendantA1: 'ok' },
    note: 'only an impersonating session can end impersonation; others: 400 not impersonating',
  },
];
