import { MESSAGES, ROLE } from '@sv/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../db/seed/demo';
import { createUser } from '../../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('sign-in', () => {
  it('signs in with the demo password and answers the session with role links and a CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Admin.North@demo.test', password: 'demo-Visitor-2026' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'admin.north@demo.test',
      roleId: 2,
      roleName: 'Client Admin',
      clientName: 'North County Schools',
    });
    expect(body.csrfToken.length).toBeGreaterThanOrEqual(40);
    const cookie = res.cookies.find((c) => c.name === 'sv_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sv_session=${cookie.value}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.links.map((l: { key: string }) => l.key)).toContain('admin');
  });

  it('answers unknown e-mail and wrong password with the same message', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@demo.test', password: 'x-whatever-1' },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'desk.lincoln@demo.test', password: 'x-whatever-1' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MESSAGES.invalidCredentials);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json().requestId).toBeTruthy();
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'desk.southelem@demo.test', password: `bad-${i}-password` },
        remoteAddress: '10.9.9.9',
      });
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'desk.southelem@demo.test', password: 'demo-Visitor-2026' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.tooManyAttempts);
  });

  it('refuses a state change without the CSRF token, and cross-site requests', async () => {
    const s = await t.login('desk.northhigh@demo.test');
    const noToken = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie } });
    expect(noToken.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const ok = await t.as(s).post('/api/auth/logout');
    expect(ok.statusCode).toBe(200);
  });

  it('refuses text/plain bodies (no simple cross-site POST reaches a handler)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a&password=b',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('logout', () => {
  it('ends the session on the server and sends each kind of user to the right page', async () => {
    const desk = await t.login('desk.lincoln@demo.test');
    const out = await t.as(desk).post('/api/auth/logout');
    expect(out.json().redirectTo).toBe('/Account/Login');
    expect((await t.as(desk).get('/api/auth/session')).statusCode).toBe(401);
    const kiosk = await t.login('kiosk.northhigh@demo.test');
    const out2 = await t.as(kiosk).post('/api/auth/logout', { password: DEMO_PASSWORD });
    expect(out2.json().redirectTo).toBe('/safe/kiosk/login');
  });
});

describe('kiosk log-out (issue 25, audit 002 U4)', () => {
  let seq = 0;
  const kioskAccount = () =>
    createUser(t.deps.db, {
      email: `kiosk-out${++seq}.${Date.now().toString(36)}@demo.test`,
      roleId: ROLE.Kiosk,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
    });

  it('needs the kiosk account’s password: none or a wrong one leaves the kiosk signed in', async () => {
    const account = await kioskAccount();
    const s = await t.login(account.email);
    const none = await t.as(s).post('/api/auth/logout', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.kioskLogoutPasswordRequired);
    const wrong = await t.as(s).post('/api/auth/logout', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.kioskLogoutPasswordWrong);
    expect(wrong.json().fieldErrors.password).toEqual([MESSAGES.kioskLogoutPasswordWrong]);
    // another account's password (the desk's, which is the demo one too) is not this kiosk's
    const desk = await createUser(t.deps.db, {
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      password: 'a-desk-password-9',
    });
    expect((await t.as(s).post('/api/auth/logout', { password: 'a-desk-password-9' })).statusCode).toBe(400);
    void desk;
    expect((await t.as(s).get('/api/kiosk/config')).statusCode).toBe(200);
    const ok = await t.as(s).post('/api/auth/logout', { password: DEMO_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.as(s).get('/api/kiosk/config')).statusCode).toBe(401);
  });

  it('wrong passwords are throttled like sign-in: the 5th locks, then even the right one waits (429)', async () => {
    const account = await kioskAccount();
    const s = await t.login(account.email);
    for (let i = 0; i < 5; i++)
      expect((await t.as(s).post('/api/auth/logout', { password: `guess-${i}` })).statusCode).toBe(400);
    const locked = await t.as(s).post('/api/auth/logout', { password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.tooManyAttempts);
    expect((await t.as(s).get('/api/kiosk/config')).statusCode).toBe(200);
  });

  it('a staff session logs out without a password', async () => {
    const desk = await t.login('desk.lincoln@demo.test');
    expect((await t.as(desk).post('/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('platform', () => {
  it('reports database health and sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().database.ok).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('matches API routes case-insensitively and answers the one error shape for unknown API paths', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/API/Health' })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(missing.json()).sort()).toEqual(['code', 'message', 'requestId']);
  });

  it('sends a signed-out browser opening a server-rendered window to sign in and back (spec 000 §8)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Badge/print/12' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/Account/Login?returnUrl=%2FBadge%2Fprint%2F12');
    // API calls keep answering 401 in the error shape
    expect((await t.app.inject({ method: 'GET', url: '/api/visits/12' })).statusCode).toBe(401);
  });

  it('serves OpenAPI generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/auth/login']).toBeDefined();
  });
});
