import { ROLE } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../db/seed/factories';
import { buildApp } from '../../app';
import { sessions as sessionsTable, users } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../test-app';
import { buildRequest, loadAuthzEntries, send, statusMatches } from './matrix';
import { principalSessions } from './principals';
import { PRINCIPALS } from './types';

/** Security guide "Sessions and requests", checked on the real app with a fake clock. */
const getEntries = (await loadAuthzEntries()).filter((e) => e.method === 'GET');

let clock = new Date('2026-03-02T15:00:00Z');
const advanceMinutes = (m: number) => {
  clock = new Date(clock.getTime() + m * 60_000);
};

let t: TestApp;
let idle: number;
let absoluteMinutes: number;
beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  idle = t.deps.config.SESSION_IDLE_MINUTES;
  absoluteMinutes = t.deps.config.SESSION_ABSOLUTE_HOURS * 60;
});

/** A fresh attendant of North High signed in through the real login route. */
async function freshLogin(): Promise<{ session: Session; userId: number }> {
  const email = `sessions.${Math.random().toString(36).slice(2, 10)}@test.example`;
  const user = await createUser(t.deps.db, {
    email,
    roleId: ROLE.Attendant,
    clientId: t.world.north.clientId,
    buildingId: t.world.north.northHighId,
  });
  return { session: await t.login(email), userId: user.id };
}
const sessionStatus = async (s: Session) => (await t.as(s).get('/api/auth/session')).statusCode;

describe('server-side timeouts', () => {
  it('ends a session after the idle timeout, and activity keeps it alive', async () => {
    const active = await freshLogin();
    const idleOne = await freshLogin();
    const half = Math.ceil(idle / 2) + 1;
    expect(half * 2).toBeGreaterThan(idle);
    expect(half * 2).toBeLessThan(absoluteMinutes); // what ends idleOne is the idle timeout, not the lifetime
    advanceMinutes(half);
    expect(await sessionStatus(active.session)).toBe(200);
    advanceMinutes(half); // past the idle timeout since sign-in, within it since the last request
    expect(await sessionStatus(active.session)).toBe(200);
    expect(await sessionStatus(idleOne.session)).toBe(401);
    const rows = await t.deps.db.select().from(sessionsTable).where(eq(sessionsTable.userId, idleOne.userId));
    expect(rows).toEqual([]); // removed on the server, not just refused
    advanceMinutes(-half * 2); // going back in time does not revive it
    expect(await sessionStatus(idleOne.session)).toBe(401);
    advanceMinutes(half * 2);
  });

  it('ends an active session at its absolute lifetime', async () => {
    const { session } = await freshLogin();
    const start = clock.getTime();
    const step = Math.max(1, idle - 1);
    let requests = 0;
    while (clock.getTime() + step * 60_000 - start < absoluteMinutes * 60_000) {
      advanceMinutes(step);
      expect(await sessionStatus(session)).toBe(200);
      requests++;
    }
    expect(requests).toBeGreaterThan(0);
    advanceMinutes(step);
    expect(clock.getTime() - start).toBeGreaterThan(absoluteMinutes * 60_000);
    expect(await sessionStatus(session)).toBe(401);
  });

  it("ends a deactivated user's sessions at the next request", async () => {
    const { session, userId } = await freshLogin();
    expect(await sessionStatus(session)).toBe(200);
    await t.deps.db.update(users).set({ active: false }).where(eq(users.id, userId));
    expect(await sessionStatus(session)).toBe(401);
    await t.deps.db.update(users).set({ active: true }).where(eq(users.id, userId));
    expect(await sessionStatus(session)).toBe(401); // reactivation does not revive the old session
  });
});

describe('cookie', () => {
  it('is HttpOnly, SameSite=Lax, host-only on /, without Secure over plain HTTP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'desk.lincoln@demo.test', password: 'demo-Visitor-2026' },
    });
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'sv_session')!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(c.secure).toBeFalsy();
    expect(c.domain).toBeUndefined();
  });

  it('with COOKIE_SECURE: Secure and the __Host- prefix, and only that cookie is honoured', async () => {
    const app = await buildApp({ ...t.deps, config: { ...t.deps.config, COOKIE_SECURE: true } });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'desk.lincoln@demo.test', password: 'demo-Visitor-2026' },
      });
      expect(res.statusCode).toBe(200);
      const c = res.cookies.find((x) => x.name.endsWith('sv_session'))!;
      expect(c.name).toBe('__Host-sv_session');
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
      expect(c.domain).toBeUndefined(); // __Host- requires no Domain
      const ok = await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `${c.name}=${c.value}` },
      });
      expect(ok.statusCode).toBe(200);
      const unprefixed = await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `sv_session=${c.value}` },
      });
      expect(unprefixed.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('requests', () => {
  it('accepts JSON only: text/plain and form bodies answer 415 and never reach the handler', async () => {
    const { session } = await freshLogin();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': type },
        payload: 'a=b',
      });
      expect(res.statusCode, type).toBe(415);
    }
    expect(await sessionStatus(session)).toBe(200); // logout did not run
  });
});

describe('GET routes need no CSRF token and change no data (sessions and the audit trail of reads aside)', () => {
  it('the matrix has GET rows', () => {
    expect(getEntries.length).toBeGreaterThan(0);
  });

  it.for(getEntries.map((e) => [`${e.route}${e.note ? ` [${e.note}]` : ''}`, e] as const))(
    'GET %s',
    async ([, entry]) => {
      const sessions = await principalSessions(t);
      // Build the requests first: the builders create their objects (that is not the GET's doing).
      const calls = [];
      for (const p of PRINCIPALS) calls.push({ p, req: await buildRequest(t, entry) });
      const before = await snapshot();
      const wrong: string[] = [];
      for (const { p, req } of calls) {
        const res = await send(t, entry, req, sessions[p], { csrf: false });
        if (!statusMatches(entry.expect[p], res.statusCode)) {
          wrong.push(`GET ${req.url} as ${p} without CSRF: expected ${entry.expect[p]}, got ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await snapshot()).toEqual(before);
    },
  );
});

/** A digest of every table's contents except the ones reads may legitimately write. */
async function snapshot(): Promise<Record<string, string>> {
  const skip = new Set(['sessions', 'audit_events', '__drizzle_migrations']);
  const tables = await t.deps.database.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    if (skip.has(table_name)) continue;
    const [row] = await t.deps.database.query<{ digest: string }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM "${table_name}" x`,
    );
    out[table_name] = row.digest;
  }
  expect(Object.keys(out).length).toBeGreaterThan(3);
  return out;
}
