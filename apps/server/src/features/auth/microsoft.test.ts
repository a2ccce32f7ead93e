import { ROLE } from '@sv/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../db/seed/factories';
import { auditEvents, oidcStates, users } from '../../db/schema/index';
import { followRedirects, type OidcPeer, startOidcProvider } from '../../test/peers/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../../platform/config';
import { identityOf, linkingEmail, safeLocalPath } from './microsoft.service';

const PUBLIC_URL = 'http://visitors.example.test';
const APPROVED_TENANT = '11111111-aaaa-4bbb-8ccc-000000000001';
const OTHER_TENANT = '22222222-aaaa-4bbb-8ccc-000000000002';

let idp: OidcPeer;
let t: TestApp;
beforeAll(async () => {
  idp = await startOidcProvider({
    clientId: 'safevisitor-test',
    clientSecret: 'local-test-secret-0123456789',
    redirectUri: `${PUBLIC_URL}/api/auth/microsoft/callback`,
    postLogoutRedirectUris: [`${PUBLIC_URL}/Account/Login`],
    accounts: [
      // North High attendant, approved tenant: linked by e-mail on first sign-in
      { sub: 'sub-hank', email: 'desk.northhigh@demo.test', tid: APPROVED_TENANT, oid: 'oid-hank' },
      // same e-mail as a real user, but the tenant is not approved: never linked
      { sub: 'sub-lina', email: 'desk.lincoln@demo.test', tid: OTHER_TENANT, oid: 'oid-lina' },
      // nobody in the app
      { sub: 'sub-stranger', email: 'stranger@elsewhere.test', tid: APPROVED_TENANT, oid: 'oid-stranger' },
      { sub: 'sub-kiosk', email: 'kiosk.northhigh@demo.test', tid: APPROVED_TENANT, oid: 'oid-kiosk' },
      { sub: 'sub-renamed', email: 'renamed.new@demo.test', tid: APPROVED_TENANT, oid: 'oid-renamed' },
      { sub: 'sub-disabled', email: 'disabled.ms@demo.test', tid: APPROVED_TENANT, oid: 'oid-disabled' },
    ],
  });
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: 'safevisitor-test',
      OIDC_CLIENT_SECRET: 'local-test-secret-0123456789',
      OIDC_LINK_TENANTS: `${APPROVED_TENANT}, some-other-approved-tenant`,
    },
  });
});
afterAll(() => idp.close());

const stateCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'sv_oidc_state')?.value;

/** Start → provider (auto sign-in of `loginHint`) → the callback, injected into the app. */
async function signInWithMicrosoft(loginHint: string, opts: { kiosk?: boolean } = {}) {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/microsoft/start?kiosk=${opts.kiosk ? 1 : 0}` });
  expect(start.statusCode).toBe(302);
  const authUrl = new URL(String(start.headers.location));
  expect(authUrl.origin).toBe(idp.issuer);
  authUrl.searchParams.set('login_hint', loginHint);
  const callback = await followRedirects(authUrl, (u) => u.origin === PUBLIC_URL);
  expect(callback.pathname).toBe('/api/auth/microsoft/callback');
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `sv_oidc_state=${stateCookie(start)}` },
  });
  const session = res.cookies.find((c) => c.name === 'sv_session');
  return { start, authUrl, callback, res, session };
}

describe('Microsoft sign-in (OIDC round trip against the local provider)', () => {
  it('advertises the provider and sends state, nonce and PKCE S256 to it', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ microsoft: true });
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/microsoft/start' });
    const url = new URL(String(start.headers.location));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/microsoft/callback`);
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);
    // the verifier and nonce stay on the server, bound to the browser by an HttpOnly cookie
    const [row] = await t.deps.db
      .select()
      .from(oidcStates)
      .where(eq(oidcStates.state, url.searchParams.get('state')!));
    expect(row.codeVerifier).not.toBe(url.searchParams.get('code_challenge'));
    const cookie = start.cookies.find((c) => c.name === 'sv_oidc_state')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.value).toBe(url.searchParams.get('state'));
  });

  it('links an approved-tenant account by e-mail once, signs in and lands on the homepage', async () => {
    const { res, session } = await signInWithMicrosoft('desk.northhigh@demo.test');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(session?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sv_session=${session!.value}` },
    });
    expect(me.json().user).toMatchObject({ email: 'desk.northhigh@demo.test', signedInWith: 'microsoft' });
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, t.world.users['desk.northhigh@demo.test']));
    expect(u).toMatchObject({ oidcTenantId: APPROVED_TENANT, oidcObjectId: 'oid-hank' });
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(u.id)))
      .orderBy(desc(auditEvents.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.microsoft.linked', 'auth.login.succeeded']),
    );
    // logout of a Microsoft user goes through the external sign-out (spec 000 §2)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `sv_session=${session!.value}`, 'x-csrf-token': me.json().csrfToken },
    });
    expect(out.json().redirectTo).toBe('/Account/MicrosoftSignOut');
  });

  it('refuses an unknown person with no session', async () => {
    const { res, session } = await signInWithMicrosoft('stranger@elsewhere.test');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/Account/Login?error=microsoft');
    expect(session).toBeUndefined();
    const [failed] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.login.failed'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(failed.details).toMatchObject({ method: 'microsoft', reason: 'unknown_identity' });
  });

  it('never links by e-mail when the tenant is not approved', async () => {
    const { res, session } = await signInWithMicrosoft('desk.lincoln@demo.test');
    expect(res.headers.location).toBe('/Account/Login?error=microsoft');
    expect(session).toBeUndefined();
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, t.world.users['desk.lincoln@demo.test']));
    expect(u.oidcObjectId).toBeNull();
  });

  it('keeps using tenant id + object id after the e-mail changes', async () => {
    const user = await createUser(t.deps.db, {
      email: 'renamed.new@demo.test',
      name: 'Renamed Person',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
    });
    expect((await signInWithMicrosoft('renamed.new@demo.test')).session).toBeDefined();
    await t.deps.db.update(users).set({ email: 'renamed.changed@demo.test' }).where(eq(users.id, user.id));
    const again = await signInWithMicrosoft('renamed.new@demo.test');
    expect(again.res.headers.location).toBe('/');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sv_session=${again.session!.value}` },
    });
    expect(me.json().user).toMatchObject({ id: user.id, email: 'renamed.changed@demo.test' });
  });

  it('refuses a disabled user even when linked', async () => {
    const user = await createUser(t.deps.db, {
      email: 'disabled.ms@demo.test',
      name: 'Disabled Person',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
      oidcTenantId: APPROVED_TENANT,
      oidcObjectId: 'oid-disabled',
      active: false,
    });
    const { res, session } = await signInWithMicrosoft('disabled.ms@demo.test');
    expect(res.headers.location).toBe('/Account/Login?error=microsoft');
    expect(session).toBeUndefined();
    expect(user.active).toBe(false);
  });

  it('sends kiosk accounts to the kiosk, and kiosk failures back to the kiosk sign-in', async () => {
    const ok = await signInWithMicrosoft('kiosk.northhigh@demo.test', { kiosk: true });
    expect(ok.res.headers.location).toBe('/safe/kiosk');
    const bad = await signInWithMicrosoft('stranger@elsewhere.test', { kiosk: true });
    expect(bad.res.headers.location).toBe('/safe/kiosk/login?error=microsoft');
  });

  it('refuses a callback without the browser-bound state cookie, a replayed state, and an expired one', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/microsoft/start' });
    const authUrl = new URL(String(start.headers.location));
    authUrl.searchParams.set('login_hint', 'desk.northhigh@demo.test');
    const callback = await followRedirects(authUrl, (u) => u.origin === PUBLIC_URL);
    const url = `${callback.pathname}${callback.search}`;
    const noCookie = await t.app.inject({ method: 'GET', url });
    expect(noCookie.headers.location).toBe('/Account/Login?error=microsoft');
    expect(noCookie.cookies.find((c) => c.name === 'sv_session')).toBeUndefined();
    const withCookie = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `sv_oidc_state=${stateCookie(start)}` },
    });
    expect(withCookie.headers.location).toBe('/');
    const replay = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `sv_oidc_state=${stateCookie(start)}` },
    });
    expect(replay.headers.location).toBe('/Account/Login?error=microsoft');

    const late = await t.app.inject({ method: 'GET', url: '/api/auth/microsoft/start' });
    const lateState = stateCookie(late)!;
    await t.deps.db
      .update(oidcStates)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(oidcStates.state, lateState));
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/auth/microsoft/callback?code=abc&state=${lateState}`,
      headers: { cookie: `sv_oidc_state=${lateState}` },
    });
    expect(expired.headers.location).toBe('/Account/Login?error=microsoft');
    const [reason] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.login.failed')))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(reason.details).toMatchObject({ reason: 'state_unknown_or_expired' });
  });

  it("sends /Account/MicrosoftSignOut to the provider's end-session endpoint", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/microsoft/sign-out' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/Account/Login`);
  });
});

describe('without OIDC configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ env: { OIDC_LOGOUT_URL: 'https://login.example.test/logout' } });
  });

  it('offers no Microsoft sign-in and redirects its routes to the sign-in page', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      microsoft: false,
    });
    const start = await plain.app.inject({ method: 'GET', url: '/api/auth/microsoft/start' });
    expect(start.headers.location).toBe('/Account/Login?error=microsoft');
    const out = await plain.app.inject({ method: 'GET', url: '/api/auth/microsoft/sign-out' });
    expect(out.headers.location).toBe('https://login.example.test/logout');
  });
});

describe('claims', () => {
  it('uses tid + oid, else issuer + sub; links by verified e-mail or preferred_username', () => {
    expect(identityOf({ tid: 't', oid: 'o', iss: 'i', sub: 's' })).toEqual({ tenantId: 't', objectId: 'o' });
    expect(identityOf({ iss: 'https://idp', sub: 's' })).toEqual({ tenantId: 'https://idp', objectId: 's' });
    expect(identityOf({ sub: 's' })).toBeNull();
    expect(linkingEmail({ email: 'a@b.test' })).toBe('a@b.test');
    expect(linkingEmail({ email: 'a@b.test', email_verified: false, preferred_username: 'upn@b.test' })).toBe(
      'upn@b.test',
    );
    expect(linkingEmail({ email_verified: false, email: 'a@b.test' })).toBeNull();
    expect(safeLocalPath('//evil.test')).toBe('/');
    expect(safeLocalPath('https://evil.test')).toBe('/');
    expect(safeLocalPath('/exclusion')).toBe('/exclusion');
  });
});

describe('OIDC_LINK_TENANTS configuration', () => {
  it('is a comma-separated list, needs OIDC_ISSUER, and refuses ids with spaces', () => {
    const base = { NODE_ENV: 'test', OIDC_ISSUER: 'https://login.example.test/v2.0', OIDC_CLIENT_ID: 'x' };
    expect(loadConfig({ ...base, OIDC_LINK_TENANTS: ' t-1 , t-2,, ' }).OIDC_LINK_TENANTS).toEqual(['t-1', 't-2']);
    expect(loadConfig(base).OIDC_LINK_TENANTS).toEqual([]);
    expect(() => loadConfig({ OIDC_LINK_TENANTS: 't-1' })).toThrow(/OIDC_LINK_TENANTS: needs OIDC_ISSUER/);
    expect(() => loadConfig({ ...base, OIDC_LINK_TENANTS: 'a b' })).toThrow(/tenant ids must not contain spaces/);
  });
});
