import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../test-app';
import {
  coveredRoutes,
  describeMismatches,
  findCoverageGaps,
  findMalformedEntries,
  type LoadedEntry,
  loadAuthzEntries,
  type Mismatch,
  probe,
  routeKey,
  statusMatches,
} from './matrix';
import { PRINCIPAL_LOGINS, principalSessions } from './principals';
import { everyone, PRINCIPALS } from './types';

/**
 * The authorization matrix (security guide "Tenancy and authorization"): every registered route
 * has rows in features/<feature>/<feature>.authz.ts, and every principal gets exactly the status
 * its row says. One app (one database clone) for the file; each row builds its own objects.
 */
const entries = await loadAuthzEntries();

let t: TestApp;
let hasImpersonationRoute = false;
beforeAll(async () => {
  t = await createTestApp();
  hasImpersonationRoute = t.app.routeList.some((r) => r.method === 'POST' && r.url === '/api/impersonation');
});

describe('coverage', () => {
  it('every registered route has a row, and every row names a registered route', () => {
    const routes = coveredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(0);
    const gaps = findCoverageGaps(routes, entries);
    expect(gaps.missing, 'registered routes without a row in features/<feature>/<feature>.authz.ts').toEqual([]);
    expect(gaps.unknown, 'rows whose route is not registered').toEqual([]);
  });

  it('rows are well-formed: every principal, known statuses, concrete URLs, no state change on GET', () => {
    expect(findMalformedEntries(entries)).toEqual([]);
  });

  it('fails when a route is added without a row (self-test of the detector)', async () => {
    // A second app on the same deps, with extra routes registered the way features register theirs.
    const app = await buildApp(t.deps);
    app.get('/api/authz-selftest/unlisted', async () => ({ ok: true }));
    app.post(
      '/api/authz-selftest/unlisted/:id',
      { schema: { params: z.object({ id: z.string() }) } },
      async () => ({}),
    );
    await app.ready();
    try {
      const before = new Set(findCoverageGaps(coveredRoutes(t.app), entries).missing);
      const gaps = findCoverageGaps(coveredRoutes(app), entries);
      expect(gaps.missing.filter((k) => !before.has(k))).toEqual([
        'GET /api/authz-selftest/unlisted',
        'POST /api/authz-selftest/unlisted/:id',
      ]);
      // …and a row for a route that does not exist is reported too.
      const stale = findCoverageGaps(coveredRoutes(t.app), [
        ...entries,
        { method: 'DELETE', route: '/api/authz-selftest/gone', source: 'selftest' },
      ]);
      expect(stale.missing).toEqual([...before]);
      expect(stale.unknown).toEqual(['DELETE /api/authz-selftest/gone (selftest)']);
    } finally {
      await app.close();
    }
  });

  it('the runner reports a principal whose status differs from its row (self-test of the prober)', async () => {
    const sessions = await principalSessions(t);
    const wrong: LoadedEntry = {
      method: 'GET',
      route: '/api/auth/session',
      expect: { ...everyone('ok'), anonymous: 'ok' },
      source: 'selftest',
    };
    const res = await probe(t, wrong, sessions.anonymous);
    expect(statusMatches(wrong.expect.anonymous, res.statusCode)).toBe(false);
    expect(res.statusCode).toBe(401);
  });
});

describe('principals', () => {
  const expected = (w: TestApp['world']) =>
    ({
      admin: { id: w.users['admin@demo.test'], roleId: 1, clientId: null, buildingId: null },
      clientAdminA: { id: w.users['admin.north@demo.test'], roleId: 2, clientId: w.north.clientId, buildingId: null },
      attendantA1: {
        id: w.users['desk.northhigh@demo.test'],
        roleId: 3,
        clientId: w.north.clientId,
        buildingId: w.north.northHighId,
      },
      attendantA2: {
        id: w.users['desk.lincoln@demo.test'],
        roleId: 3,
        clientId: w.north.clientId,
        buildingId: w.north.lincolnId,
      },
      kioskA: {
        id: w.users['kiosk.northhigh@demo.test'],
        roleId: 4,
        clientId: w.north.clientId,
        buildingId: w.north.northHighId,
      },
      clientAdminB: { id: w.users['admin.south@demo.test'], roleId: 2, clientId: w.south.clientId, buildingId: null },
      attendantB: {
        id: w.users['desk.southelem@demo.test'],
        roleId: 3,
        clientId: w.south.clientId,
        buildingId: w.south.southElemId,
      },
      adminAsAttendantA1: {
        id: w.users['desk.northhigh@demo.test'],
        roleId: 3,
        clientId: w.north.clientId,
        buildingId: w.north.northHighId,
      },
    }) as const;

  it('each principal is who the matrix says (tenant, building, role, impersonation)', async () => {
    const sessions = await principalSessions(t);
    expect((await t.as(sessions.anonymous).get('/api/auth/session')).statusCode).toBe(401);
    for (const [p, who] of Object.entries(expected(t.world))) {
      const res = await t.as(sessions[p as keyof typeof sessions]).get('/api/auth/session');
      expect(res.statusCode, p).toBe(200);
      expect(res.json().user, p).toMatchObject(who);
      expect(res.json().user.impersonatedBy?.id ?? null, p).toBe(
        p === 'adminAsAttendantA1' ? t.world.users['admin@demo.test'] : null,
      );
    }
  });

  it('the sessions match a real sign-in of the same demo login', async () => {
    for (const [p, email] of Object.entries(PRINCIPAL_LOGINS)) {
      if (p === 'adminAsAttendantA1') continue;
      const real = await t.login(email);
      expect(real.userId, p).toBe(expected(t.world)[p as keyof typeof PRINCIPAL_LOGINS].id);
    }
  });

  it('the impersonation session matches the real POST /api/impersonation (once that route exists)', async (ctx) => {
    if (!hasImpersonationRoute) ctx.skip();
    const admin = await t.login('admin@demo.test');
    const start = await t.as(admin).post('/api/impersonation', { userId: t.world.users['desk.northhigh@demo.test'] });
    expect(start.statusCode).toBe(200);
    const c = start.cookies.find((x) => x.name.endsWith('sv_session'))!;
    const real = { cookie: `${c.name}=${c.value}`, csrfToken: start.json().csrfToken, userId: 0 };
    const direct = (await principalSessions(t)).adminAsAttendantA1;
    const a = (await t.as(real).get('/api/auth/session')).json().user;
    const b = (await t.as(direct).get('/api/auth/session')).json().user;
    expect(a).toEqual(b);
    expect(a.impersonatedBy.id).toBe(t.world.users['admin@demo.test']);
  });
});

describe('matrix', () => {
  it.for(entries.map((e) => [`${routeKey(e)}${e.note ? ` [${e.note}]` : ''}`, e] as const))('%s', async ([, entry]) => {
    const sessions = await principalSessions(t);
    const mismatches: Mismatch[] = [];
    for (const principal of PRINCIPALS) {
      const res = await probe(t, entry, sessions[principal]);
      const expected = entry.expect[principal];
      if (!statusMatches(expected, res.statusCode)) {
        mismatches.push({ principal, expected, got: res.statusCode, body: res.body });
      }
    }
    expect(mismatches, describeMismatches(entry, mismatches)).toEqual([]);
  });
});
