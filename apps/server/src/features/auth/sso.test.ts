import { ROLE, SSO_MESSAGES } from '@sv/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, districtSso, oidcStates, ssoLinks, users } from '../../db/schema/index';
import { followRedirects, type OidcPeer, startOidcProvider } from '../../test/peers/oidc-provider';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { issuerOf } from './sso.service';

/**
 * Issue 30 §1–§2 against the real OIDC peer configured as two districts' providers: one issuer,
 * a client per district (as two districts on the same Google or Entra cloud would be).
 */
const PUBLIC_URL = 'http://visitors.example.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;
const A = { clientId: 'district-a', secret: 'district-a-secret-0123456789' };
const B = { clientId: 'district-b', secret: 'district-b-secret-0123456789' };

let idp: OidcPeer;
let t: TestApp;
let adminA: Session;
let adminB: Session;
let platform: Session;

beforeAll(async () => {
  idp = await startOidcProvider({
    clientId: A.clientId,
    clientSecret: A.secret,
    redirectUri: CALLBACK,
    extraClients: [{ clientId: B.clientId, clientSecret: B.secret, redirectUri: CALLBACK }],
    accounts: [
      { sub: 'sub-desk-north', email: 'desk.northhigh@demo.test' },
      { sub: 'sub-desk-south', email: 'desk.southelem@demo.test' },
      { sub: 'sub-new-teacher', email: 'new.teacher@north.example', name: 'New Teacher' },
      { sub: 'sub-waiting', email: 'waiting.person@north.example', name: 'Waiting Person' },
      { sub: 'sub-admin-north', email: 'admin.north@demo.test' },
    ],
  });
  t = await createTestApp({ env: { PUBLIC_URL } });
  adminA = await t.login('admin.north@demo.test');
  adminB = await t.login('admin.south@demo.test');
  platform = await t.login('admin@demo.test');
});
afterAll(() => idp.close());

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

function settingsBody(over: Record<string, unknown> = {}) {
  return {
    slug: null,
    kind: 'oidc',
    issuer: idp.issuer,
    oidcClientId: A.clientId,
    clientSecret: '',
    enabled: false,
    requireSso: false,
    breakGlassUserId: null,
    provisioning: 'link',
    defaultRoleId: null,
    defaultBuildingId: null,
    groupRules: [],
    domains: [],
    ...over,
  };
}

async function save(session: Session, over: Record<string, unknown>) {
  const current = (await t.as(session).get('/api/sso/settings')).json();
  return t
    .as(session)
    .put('/api/sso/settings', settingsBody({ ...currentFields(current), ...over, version: current.version }));
}
function currentFields(s: Record<string, unknown>) {
  if (!s.oidcClientId) return {};
  return {
    slug: s.slug,
    kind: s.kind,
    issuer: s.kind === 'microsoft' ? s.tenant : s.issuer,
    oidcClientId: s.oidcClientId,
    enabled: s.enabled,
    requireSso: s.requireSso,
    breakGlassUserId: s.breakGlassUserId,
    provisioning: s.provisioning,
    defaultRoleId: s.defaultRoleId,
    defaultBuildingId: s.defaultBuildingId,
    groupRules: s.groupRules,
    domains: (s.domains as { domain: string }[]).map((d) => d.domain),
  };
}

/** A browser navigation through the provider (auto sign-in of `loginHint`) back to the app's callback. */
async function throughProvider(startUrl: string, loginHint: string, session: Session | null = null) {
  const start = await t.app.inject({
    method: 'GET',
    url: startUrl,
    headers: session ? { cookie: session.cookie } : {},
  });
  expect(start.statusCode).toBe(302);
  const authUrl = new URL(String(start.headers.location));
  if (authUrl.origin !== idp.issuer) return { start, authUrl, res: start, session: undefined, callbackUrl: '' };
  authUrl.searchParams.set('login_hint', loginHint);
  const callback = await followRedirects(authUrl, (u) => u.origin === PUBLIC_URL);
  expect(callback.pathname).toBe('/api/auth/sso/callback');
  const callbackUrl = `${callback.pathname}${callback.search}`;
  const res = await t.app.inject({
    method: 'GET',
    url: callbackUrl,
    headers: { cookie: `sv_sso_state=${cookieOf(start, 'sv_sso_state')}` },
  });
  return { start, authUrl, res, session: cookieOf(res, 'sv_session'), callbackUrl };
}

const signIn = (district: string, hint: string) => throughProvider(`/api/auth/sso/${district}/start`, hint);

async function me(token: string | undefined) {
  return t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `sv_session=${token}` } });
}

describe('district sign-in settings (issue 30 §1)', () => {
  it('keeps the secret write-only and refuses to switch on an untested configuration', async () => {
    const saved = await save(adminA, {
      oidcClientId: A.clientId,
      clientSecret: A.secret,
      slug: 'north-county',
      domains: ['north.example'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(A.secret);
    expect(saved.json()).toMatchObject({
      hasSecret: true,
      enabled: false,
      testedAt: null,
      signInUrl: `${PUBLIC_URL}/login/north-county`,
    });
    expect(saved.json().domains).toEqual([expect.objectContaining({ domain: 'north.example', verified: false })]);
    const [row] = await t.deps.db.select().from(districtSso).where(eq(districtSso.clientId, t.world.north.clientId));
    expect(row.clientSecret).toMatch(/^v1\./);
    expect(row.clientSecret).not.toContain(A.secret);
    const on = await save(adminA, { enabled: true });
    expect(on.statusCode).toBe(400);
    expect(on.json().message).toBe(SSO_MESSAGES.notTested);
  });

  it('a test sign-in proves the saved configuration and signs nobody in; a changed configuration is untested again', async () => {
    const test = await throughProvider('/api/sso/test/start', 'admin.north@demo.test', adminA);
    // state, nonce and PKCE S256 on the test flow too
    for (const p of ['state', 'nonce', 'code_challenge'])
      expect(test.authUrl.searchParams.get(p)?.length).toBeGreaterThan(20);
    expect(test.authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(test.authUrl.searchParams.get('client_id')).toBe(A.clientId);
    expect(test.res.headers.location).toBe(`/client/sso/${t.world.north.clientId}?test=ok`);
    expect(test.session).toBeUndefined();
    const s = (await t.as(adminA).get('/api/sso/settings')).json();
    expect(s.testedAt).not.toBeNull();
    expect(s.testedEmail).toBe('admin.north@demo.test');
    expect((await save(adminA, { enabled: true })).statusCode).toBe(200);

    // a wrong secret: the test fails, and saving it made the configuration untested and off
    expect(
      (await save(adminA, { enabled: false, clientSecret: 'wrong-secret-000000000000' })).json().testedAt,
    ).toBeNull();
    const bad = await throughProvider('/api/sso/test/start', 'admin.north@demo.test', adminA);
    expect(bad.res.headers.location).toBe(`/client/sso/${t.world.north.clientId}?test=failed`);
    expect((await save(adminA, { clientSecret: A.secret })).statusCode).toBe(200);
    await throughProvider('/api/sso/test/start', 'admin.north@demo.test', adminA);
    expect((await save(adminA, { enabled: true })).json()).toMatchObject({ enabled: true });
  });

  it('district B configures its own client on the same issuer', async () => {
    expect((await save(adminB, { oidcClientId: B.clientId, clientSecret: B.secret })).statusCode).toBe(200);
    const test = await throughProvider('/api/sso/test/start', 'desk.southelem@demo.test', adminB);
    expect(test.res.headers.location).toBe(`/client/sso/${t.world.south.clientId}?test=ok`);
    expect((await save(adminB, { enabled: true })).json()).toMatchObject({ enabled: true });
    // another district's administrator cannot read or write A's settings
    expect((await t.as(adminB).get(`/api/sso/settings?clientId=${t.world.north.clientId}`)).statusCode).toBe(404);
  });
});

describe('signing in through a district provider (issue 30 §1–§2)', () => {
  it('links the active user of that district with the same e-mail, and signs in', async () => {
    const { res, session } = await signIn('north-county', 'desk.northhigh@demo.test');
    expect(res.headers.location).toBe('/');
    const who = await me(session);
    expect(who.json().user).toMatchObject({ email: 'desk.northhigh@demo.test', signedInWith: 'sso' });
    const links = await t.deps.db
      .select()
      .from(ssoLinks)
      .where(eq(ssoLinks.userId, t.world.users['desk.northhigh@demo.test']));
    expect(links).toEqual([
      expect.objectContaining({ clientId: t.world.north.clientId, issuer: idp.issuer, subject: 'sub-desk-north' }),
    ]);
    // also by the district's id
    expect((await signIn(String(t.world.north.clientId), 'desk.northhigh@demo.test')).res.headers.location).toBe('/');
  });

  it('never lets a user of district A’s provider reach district B, by e-mail or by link', async () => {
    // B's attendant signs in at A's provider: A has no such user, B's user is never considered
    const cross = await signIn('north-county', 'desk.southelem@demo.test');
    expect(cross.res.headers.location).toBe('/Account/Login?error=sso');
    expect(cross.session).toBeUndefined();
    const southId = t.world.users['desk.southelem@demo.test'];
    expect(await t.deps.db.select().from(ssoLinks).where(eq(ssoLinks.userId, southId))).toEqual([]);
    // A's linked account at B's provider: the link is A's, and B has no user with that e-mail
    const other = await signIn(String(t.world.south.clientId), 'desk.northhigh@demo.test');
    expect(other.res.headers.location).toBe('/Account/Login?error=sso');
    // B's own user at B's provider signs in, into B
    const own = await signIn(String(t.world.south.clientId), 'desk.southelem@demo.test');
    expect((await me(own.session)).json().user).toMatchObject({ id: southId, clientId: t.world.south.clientId });
  });

  it('checks state, nonce and PKCE: no browser cookie, a replay, a changed verifier or nonce all fail', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/sso/north-county/start' });
    const authUrl = new URL(String(start.headers.location));
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    authUrl.searchParams.set('login_hint', 'desk.northhigh@demo.test');
    const callback = await followRedirects(authUrl, (u) => u.origin === PUBLIC_URL);
    const url = `${callback.pathname}${callback.search}`;
    const cookie = { cookie: `sv_sso_state=${cookieOf(start, 'sv_sso_state')}` };
    const noCookie = await t.app.inject({ method: 'GET', url });
    expect(noCookie.headers.location).toBe('/Account/Login?error=sso');
    const ok = await t.app.inject({ method: 'GET', url, headers: cookie });
    expect(ok.headers.location).toBe('/');
    const replay = await t.app.inject({ method: 'GET', url, headers: cookie });
    expect(replay.headers.location).toBe('/Account/Login?error=sso');
    expect(cookieOf(replay, 'sv_session')).toBeUndefined();

    for (const tamper of ['codeVerifier', 'nonce'] as const) {
      const s = await t.app.inject({ method: 'GET', url: '/api/auth/sso/north-county/start' });
      const u = new URL(String(s.headers.location));
      u.searchParams.set('login_hint', 'desk.northhigh@demo.test');
      const cb = await followRedirects(u, (x) => x.origin === PUBLIC_URL);
      const state = u.searchParams.get('state')!;
      await t.deps.db
        .update(oidcStates)
        .set({ [tamper]: `tampered-${tamper}-0123456789012345678901234567890123` })
        .where(eq(oidcStates.state, state));
      const res = await t.app.inject({
        method: 'GET',
        url: `${cb.pathname}${cb.search}`,
        headers: { cookie: `sv_sso_state=${state}` },
      });
      expect(res.headers.location, tamper).toBe('/Account/Login?error=sso');
      expect(cookieOf(res, 'sv_session'), tamper).toBeUndefined();
      const [failed] = await t.deps.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'auth.login.failed'))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      expect(failed.details).toMatchObject({ method: 'sso', reason: 'token_invalid' });
    }
  });

  it('finds the district from a verified domain only; the platform administrator verifies claims', async () => {
    const ask = (email: string) => t.as(null).post('/api/auth/sso/discover', { email });
    expect((await ask('someone@north.example')).json()).toEqual({ district: null });
    const claim = (await t.as(adminA).get('/api/sso/settings')).json().domains[0];
    expect((await t.as(adminA).post(`/api/sso/domains/${claim.id}/verify`)).statusCode).toBe(403);
    expect((await t.as(platform).post(`/api/sso/domains/${claim.id}/verify`)).statusCode).toBe(200);
    expect((await ask('Someone@North.Example')).json()).toEqual({
      district: { key: 'north-county', name: expect.any(String), kind: 'oidc' },
    });
    // B claims the same domain: the platform cannot verify it for a second district
    await save(adminB, { domains: ['north.example'] });
    const bClaim = (await t.as(adminB).get('/api/sso/settings')).json().domains[0];
    expect((await t.as(platform).post(`/api/sso/domains/${bClaim.id}/verify`)).statusCode).toBe(409);
    expect((await ask('x@unknown.example')).json()).toEqual({ district: null });
  });

  it('creates a user on first sign-in when the district chose it, with its role and building', async () => {
    expect((await signIn('north-county', 'new.teacher@north.example')).res.headers.location).toBe(
      '/Account/Login?error=sso',
    );
    const res = await save(adminA, {
      provisioning: 'create',
      defaultRoleId: ROLE.Attendant,
      defaultBuildingId: t.world.north.lincolnId,
    });
    expect(res.statusCode).toBe(200);
    const { session } = await signIn('north-county', 'new.teacher@north.example');
    expect((await me(session)).json().user).toMatchObject({
      email: 'new.teacher@north.example',
      name: 'New Teacher',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
    });
    const [created] = await t.deps.db.select().from(users).where(eq(users.email, 'new.teacher@north.example'));
    expect(created.passwordHash).toBeNull();
  });

  it('or holds it for an administrator’s approval', async () => {
    await save(adminA, { provisioning: 'approve' });
    const first = await signIn('north-county', 'waiting.person@north.example');
    expect(first.res.headers.location).toBe('/Account/Login?error=sso-pending');
    const pending = (await t.as(adminA).get('/api/sso/pending')).json().data;
    expect(pending).toEqual([expect.objectContaining({ email: 'waiting.person@north.example' })]);
    expect((await t.as(adminB).post(`/api/sso/pending/${pending[0].id}/approve`, {})).statusCode).toBe(404);
    expect((await t.as(adminA).post(`/api/sso/pending/${pending[0].id}/approve`, {})).statusCode).toBe(200);
    const again = await signIn('north-county', 'waiting.person@north.example');
    expect((await me(again.session)).json().user).toMatchObject({ email: 'waiting.person@north.example' });
    expect((await t.as(adminA).get('/api/sso/pending')).json().data).toEqual([]);
  });
});

describe('require SSO (issue 30 §1)', () => {
  it('refuses the district staff’s passwords except the break-glass administrator’s', async () => {
    const noBreakGlass = await save(adminA, { requireSso: true, breakGlassUserId: null });
    expect(noBreakGlass.json().message).toBe(SSO_MESSAGES.breakGlassRequired);
    const adminId = t.world.users['admin.north@demo.test'];
    // an attendant cannot be the break-glass administrator
    const notAdmin = await save(adminA, {
      requireSso: true,
      breakGlassUserId: t.world.users['desk.lincoln@demo.test'],
    });
    expect(notAdmin.json().message).toBe(SSO_MESSAGES.breakGlassInvalid);
    expect((await save(adminA, { requireSso: true, breakGlassUserId: adminId })).statusCode).toBe(200);

    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo-Visitor-2026' } });
    const refused = await login('desk.lincoln@demo.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SSO_MESSAGES.passwordRefused);
    expect(cookieOf(refused, 'sv_session')).toBeUndefined();
    expect((await login('admin.north@demo.test')).statusCode).toBe(200);
    // another district is not affected; SSO still signs A's staff in
    expect((await login('desk.southelem@demo.test')).statusCode).toBe(200);
    expect((await signIn('north-county', 'desk.northhigh@demo.test')).res.headers.location).toBe('/');
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.login.sso_required'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit.targetId).toBe(String(t.world.users['desk.lincoln@demo.test']));
    // the settings changes are audited with what changed
    const [settingsAudit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'sso.settings.update'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(settingsAudit.details).toMatchObject({ requireSso: true, breakGlassUserId: adminId });
    await save(adminA, { requireSso: false });
    expect((await login('desk.lincoln@demo.test')).statusCode).toBe(200);
  });
});

describe('the issuer of each provider kind (issue 30 §1)', () => {
  it('Entra ID from its tenant, Google fixed, any OIDC issuer over https (http only on loopback)', () => {
    expect(issuerOf('microsoft', '11111111-AAAA-4bbb-8ccc-000000000001')).toBe(
      'https://login.microsoftonline.com/11111111-aaaa-4bbb-8ccc-000000000001/v2.0',
    );
    expect(issuerOf('microsoft', 'https://evil.example/x')).toBeNull();
    expect(issuerOf('google', 'https://evil.example')).toBe('https://accounts.google.com');
    expect(issuerOf('oidc', 'https://idp.district.org/realms/staff/')).toBe('https://idp.district.org/realms/staff');
    expect(issuerOf('oidc', 'http://idp.district.org')).toBeNull();
    expect(issuerOf('oidc', 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(issuerOf('oidc', 'not a url')).toBeNull();
  });
});
