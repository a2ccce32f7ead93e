import { MESSAGES, ROLE } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../db/seed/factories';
import { DEMO_PASSWORD } from '../../../db/seed/demo';
import { passwordTokens, users } from '../../db/schema/index';
import { newToken, sha256 } from '../../platform/auth/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lockSeconds, THROTTLE } from './login-throttle';
import { deviceCookieName } from './trusted-device';

/** issue 10 §4 / ADR 0009: sign-in throttling on a fake clock (deps.now). */
let offsetMs = 0;
const now = () => new Date(Date.parse('2026-03-02T08:00:00Z') + offsetMs);
const advance = (minutes: number) => {
  offsetMs += minutes * 60_000;
};

let t: TestApp;
let cookieName: string;
beforeAll(async () => {
  t = await createTestApp({ overrides: { now } });
  cookieName = deviceCookieName(t.deps.config.COOKIE_SECURE);
});

let seq = 0;
async function newAccount() {
  const user = await createUser(t.deps.db, {
    email: `throttle${++seq}.${Date.now().toString(36)}@demo.test`,
    roleId: ROLE.Attendant,
    clientId: t.world.north.clientId,
    buildingId: t.world.north.northHighId,
  });
  return user.email;
}

/** A sign-in attempt; `device` is the browser's trusted-device cookie value, if any. */
async function attempt(email: string, password: string, opts: { ip?: string; device?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: opts.ip ?? '10.20.0.1',
    headers: opts.device ? { cookie: `${cookieName}=${opts.device}` } : {},
  });
  const device = res.cookies.find((c) => c.name === cookieName)?.value;
  return { status: res.statusCode, message: res.json().message as string, device };
}

/** Signs in once so the browser holds a trusted-device entry for the account. */
async function trustedBrowser(email: string, ip = '10.20.0.1') {
  const first = await attempt(email, DEMO_PASSWORD, { ip });
  expect(first.status).toBe(200);
  expect(first.device).toBeTruthy();
  return first.device!;
}

describe('lock schedule', () => {
  it('locks an account for 30 s at the 5th failure, doubling to 15 min; an address at the 100th', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 30].map((n) => lockSeconds(THROTTLE.account, n))).toEqual([
      0, 30, 60, 120, 240, 480, 900, 900,
    ]);
    expect([99, 100, 101, 104, 1000].map((n) => lockSeconds(THROTTLE.address, n))).toEqual([0, 60, 120, 900, 900]);
    expect(lockSeconds(THROTTLE.device, 50)).toBe(0);
  });
});

describe('per-account counter', () => {
  it('locks after 5 failures for 30 s only, and failures age out', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) expect((await attempt(email, `wrong-${i}-pass`)).status).toBe(401);
    const locked = await attempt(email, DEMO_PASSWORD);
    expect(locked).toMatchObject({ status: 429, message: MESSAGES.tooManyAttempts });
    advance(0.5);
    expect((await attempt(email, DEMO_PASSWORD)).status).toBe(200);

    // 4 typos, then an hour without any: they have leaked away, so 4 more typos lock nothing
    const other = await newAccount();
    for (let i = 0; i < 4; i++) await attempt(other, `typo-${i}-pass`);
    advance(61);
    for (let i = 0; i < 4; i++) expect((await attempt(other, `typo-${i}-again`)).status).toBe(401);
    expect((await attempt(other, DEMO_PASSWORD)).status).toBe(200);
  });

  it('refused attempts during a lock neither count nor extend it', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) await attempt(email, `wrong-${i}-pass`);
    for (let i = 0; i < 20; i++) expect((await attempt(email, `wrong-x${i}-pass`)).status).toBe(429);
    advance(0.5);
    expect((await attempt(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('answers known and unknown e-mails the same way, locked or not', async () => {
    const known = await newAccount();
    const unknown = `nobody${Date.now()}@demo.test`;
    const seen = [];
    for (let i = 0; i < 6; i++) {
      const a = await attempt(known, `wrong-${i}-pass`, { ip: '10.20.1.1' });
      const b = await attempt(unknown, `wrong-${i}-pass`, { ip: '10.20.1.2' });
      seen.push([a.status, a.message, b.status, b.message]);
    }
    for (const [s1, m1, s2, m2] of seen) expect([s1, m1]).toEqual([s2, m2]);
    expect(seen.at(-1)?.[0]).toBe(429);
  });

  it('a password reset clears the account counter and its lock', async () => {
    const email = await newAccount();
    for (let i = 0; i < 8; i++) await attempt(email, `wrong-${i}-pass`);
    expect((await attempt(email, DEMO_PASSWORD)).status).toBe(429);
    const token = newToken();
    const user = await findUser(email);
    await t.deps.db.insert(passwordTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      purpose: 'reset',
      createdAt: now(),
      expiresAt: new Date(now().getTime() + 3600_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'Granite-Harbor-77' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(email, 'Granite-Harbor-77')).status).toBe(200);
  });
});

describe('a stranger cannot lock out a named account or a school', () => {
  it('a stranger guessing every 5 minutes is slowed to the leak rate and never keeps the user out of their trusted browser', async () => {
    const email = await newAccount();
    const desk = await trustedBrowser(email, '10.30.0.5');
    const hours = 6;
    let guesses = 0;
    let refused = 0;
    for (let minute = 0; minute < hours * 60; minute += 5) {
      const s = await attempt(email, `guess-${minute}-pw`, { ip: '203.0.113.7' });
      if (s.status === 401) guesses++;
      if (s.status === 429) refused++;
      if (minute % 30 === 0) {
        const mine = await attempt(email, DEMO_PASSWORD, { ip: '10.30.0.5', device: desk });
        expect(mine.status).toBe(200);
      }
      advance(5);
    }
    // 5 free failures, at most 5 more while the lock doubles to its cap, then one per leak
    expect(guesses).toBeLessThanOrEqual(THROTTLE.account.free + 5 + (hours * 60) / THROTTLE.account.leakMinutes);
    expect(refused).toBeGreaterThan(guesses);
  });

  it('the stranger keeps an untrusted browser out at most 15 minutes after they stop', async () => {
    const email = await newAccount();
    for (let i = 0; i < 30; i++) {
      await attempt(email, `guess-${i}-pw`, { ip: '203.0.113.8' });
      advance(1);
    }
    expect((await attempt(email, DEMO_PASSWORD, { ip: '10.30.0.6' })).status).toBe(429);
    advance(THROTTLE.account.maxLockMinutes);
    expect((await attempt(email, DEMO_PASSWORD, { ip: '10.30.0.6' })).status).toBe(200);
  });

  it("one typo does not lock a school's shared address; a flood there binds only untrusted browsers, briefly", async () => {
    const school = '198.51.100.20';
    const staff = await newAccount();
    const desk = await trustedBrowser(staff, school);
    // a morning of staff typos on many accounts behind the school's address
    for (let i = 0; i < 30; i++) {
      await attempt(`typo${i}@demo.test`, 'not-the-password', { ip: school });
      advance(5);
    }
    const colleague = await newAccount();
    expect((await attempt(colleague, 'one-typo-here', { ip: school })).status).toBe(401);
    expect((await attempt(colleague, DEMO_PASSWORD, { ip: school })).status).toBe(200);

    // someone floods failures from the school's address (spread over accounts)
    for (let i = 0; i < THROTTLE.address.free; i++)
      await attempt(`flood${i}@demo.test`, 'not-the-password', { ip: school });
    const newcomer = await newAccount();
    expect((await attempt(newcomer, DEMO_PASSWORD, { ip: school })).status).toBe(429);
    // the trusted front-desk browser signs in regardless
    expect((await attempt(staff, DEMO_PASSWORD, { ip: school, device: desk })).status).toBe(200);
    // and the address lock ends: at most 15 minutes, and the counter leaks 100 an hour
    advance(THROTTLE.address.maxLockMinutes);
    expect((await attempt(newcomer, DEMO_PASSWORD, { ip: school })).status).toBe(200);
  });
});

describe('trusted-device cookie', () => {
  it('is HttpOnly, SameSite=Strict, long-lived, and holds several users of a shared desk', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a, password: DEMO_PASSWORD },
    });
    const cookie = res.cookies.find((c) => c.name === cookieName)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.maxAge).toBe(90 * 86_400);
    const both = (await attempt(b, DEMO_PASSWORD, { device: cookie.value })).device!;
    for (const email of [a, b]) {
      for (let i = 0; i < 6; i++) await attempt(email, `guess-${i}-pw`, { ip: '203.0.113.9' });
      expect((await attempt(email, DEMO_PASSWORD, { ip: '203.0.113.9' })).status).toBe(429);
      expect((await attempt(email, DEMO_PASSWORD, { device: both })).status).toBe(200);
    }
  });

  it('a forged entry, or another user’s entry, is not trusted', async () => {
    const victim = await newAccount();
    const attacker = await newAccount();
    const own = await trustedBrowser(attacker);
    for (let i = 0; i < 6; i++) await attempt(victim, `guess-${i}-pw`);
    // the attacker's genuine entry names the attacker, not the victim
    expect((await attempt(victim, DEMO_PASSWORD, { device: own })).status).toBe(429);
    const user = await findUser(victim);
    const [, , issued, nonce, mac] = own.split('.');
    const forged = `v1.${user.id}.${issued}.${nonce}.${mac}`;
    expect((await attempt(victim, DEMO_PASSWORD, { device: forged })).status).toBe(429);
  });

  it('stops being trusted after 10 failures, so a stolen cookie does not give unlimited guesses', async () => {
    const email = await newAccount();
    const desk = await trustedBrowser(email);
    for (let i = 0; i < THROTTLE.device.free; i++) {
      expect((await attempt(email, `guess-${i}-pw`, { device: desk })).status).toBe(401);
    }
    // from now on it is an untrusted browser: 5 failures lock the account for it
    for (let i = 0; i < 5; i++) await attempt(email, `guess-u${i}-pw`, { device: desk });
    expect((await attempt(email, DEMO_PASSWORD, { device: desk })).status).toBe(429);
  });
});

async function findUser(email: string) {
  const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row;
}
