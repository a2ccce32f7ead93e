import { CONSTANTS, MESSAGES, ROLE } from '@sv/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../db/seed/factories';
import { auditEvents } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/** The app clock; tests move it forward to pass the 60-minute limit. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { now } });
});

/** The session after a rotation: the new cookie from the answer and the CSRF token it carries. */
function rotated(
  res: { cookies: { name: string; value: string }[]; json(): { csrfToken: string } },
  userId: number,
): Session {
  const c = res.cookies.find((x) => x.name === 'sv_session')!;
  return { cookie: `sv_session=${c.value}`, csrfToken: res.json().csrfToken, userId };
}

const auditRows = (actions: string[]) =>
  t.deps.db.select().from(auditEvents).where(inArray(auditEvents.action, actions)).orderBy(desc(auditEvents.id));

describe('impersonation search', () => {
  it('finds client users by name or e-mail, never admins, kiosks or disabled users', async () => {
    await createUser(t.deps.db, {
      email: 'desk.disabled@demo.test',
      name: 'Dora Desk',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
      active: false,
    });
    const admin = await t.login('admin@demo.test');
    const res = await t.as(admin).post('/api/impersonation/search', { search: 'desk' });
    expect(res.statusCode).toBe(200);
    const emails = res.json().results.map((r: { email: string }) => r.email);
    expect(emails).toEqual(
      expect.arrayContaining(['desk.northhigh@demo.test', 'desk.lincoln@demo.test', 'desk.southelem@demo.test']),
    );
    expect(emails).not.toContain('desk.disabled@demo.test');
    const byName = await t.as(admin).post('/api/impersonation/search', { search: 'High' });
    const names = byName.json().results.map((r: { email: string }) => r.email);
    expect(names).not.toContain('kiosk.northhigh@demo.test');
    expect(names).toContain('desk.northhigh@demo.test');
    expect(byName.json().results[0]).toMatchObject({ roleName: 'Attendant', clientName: 'North County Schools' });
    const admins = await t.as(admin).post('/api/impersonation/search', { search: 'admin' });
    expect(admins.json().results.map((r: { email: string }) => r.email)).not.toContain('admin@demo.test');
    // wildcards in the text are literal
    expect((await t.as(admin).post('/api/impersonation/search', { search: '%%' })).json().results).toEqual([]);
  });

  it('starts at 2 characters, returns at most 20, and is for admins only', async () => {
    const admin = await t.login('admin@demo.test');
    expect((await t.as(admin).post('/api/impersonation/search', { search: 'd' })).statusCode).toBe(400);
    for (let i = 0; i < 25; i++) {
      await createUser(t.deps.db, {
        email: `bulk${i}@demo.test`,
        name: `Bulkperson ${i}`,
        roleId: ROLE.Attendant,
        clientId: t.world.south.clientId,
        buildingId: t.world.south.southElemId,
      });
    }
    expect((await t.as(admin).post('/api/impersonation/search', { search: 'bulkperson' })).json().results).toHaveLength(
      20,
    );
    const clientAdmin = await t.login('admin.north@demo.test');
    expect((await t.as(clientAdmin).post('/api/impersonation/search', { search: 'desk' })).statusCode).toBe(403);
  });
});

describe('impersonation round trip', () => {
  it('acts as the person in a rotated session, audits every request, and ends back as the admin', async () => {
    const admin = await t.login('admin@demo.test');
    const deskId = t.world.users['desk.northhigh@demo.test'];
    const start = await t.as(admin).post('/api/impersonation', { userId: deskId });
    expect(start.statusCode).toBe(200);
    expect(start.json().homepage).toBe('/');
    const as = rotated(start, deskId);
    expect(as.cookie).not.toBe(admin.cookie);

    // the old cookie no longer works (session id rotated)
    expect((await t.as(admin).get('/api/auth/session')).statusCode).toBe(401);

    const me = await t.as(as).get('/api/auth/session');
    expect(me.json().user).toMatchObject({
      email: 'desk.northhigh@demo.test',
      roleId: ROLE.Attendant,
      impersonatedBy: { id: admin.userId, name: 'Alex Admin' },
    });
    // the impersonating session has no admin powers
    expect((await t.as(as).post('/api/impersonation/search', { search: 'desk' })).statusCode).toBe(403);

    // every request while impersonating is audited with both users (written once the response
    // is sent, so wait for the rows)
    await vi.waitFor(
      async () => {
        const requests = await t.deps.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'impersonation.request'), eq(auditEvents.actorUserId, deskId)));
        expect(requests.map((r) => (r.details as { route: string }).route).sort()).toEqual([
          '/api/auth/session',
          '/api/impersonation/search',
        ]);
        expect(requests.every((r) => r.impersonatorId === admin.userId)).toBe(true);
        expect(
          requests.find((r) => (r.details as { route: string }).route === '/api/impersonation/search')!.details,
        ).toMatchObject({ method: 'POST', status: 403 });
      },
      { timeout: 5000, interval: 50 },
    );

    const end = await t.as(as).delete('/api/impersonation');
    expect(end.statusCode).toBe(200);
    const back = rotated(end, admin.userId);
    expect((await t.as(as).get('/api/auth/session')).statusCode).toBe(401);
    const meAgain = await t.as(back).get('/api/auth/session');
    expect(meAgain.json().user).toMatchObject({ email: 'admin@demo.test', impersonatedBy: null });
    expect(meAgain.json().csrfToken).toBe(end.json().csrfToken);

    const [endRow, startRow] = await auditRows(['impersonation.start', 'impersonation.end']);
    expect(startRow).toMatchObject({
      action: 'impersonation.start',
      actorUserId: admin.userId,
      targetId: String(deskId),
    });
    expect(endRow).toMatchObject({ action: 'impersonation.end', actorUserId: admin.userId, targetId: String(deskId) });
    expect(startRow.clientId).toBe(t.world.north.clientId);
  });

  it('refuses non-admins (403), unknown people (404), admins, kiosks and disabled users (400)', async () => {
    const clientAdmin = await t.login('admin.north@demo.test');
    expect(
      (await t.as(clientAdmin).post('/api/impersonation', { userId: t.world.users['desk.northhigh@demo.test'] }))
        .statusCode,
    ).toBe(403);
    const admin = await t.login('admin@demo.test');
    expect((await t.as(admin).post('/api/impersonation', { userId: 999_999 })).statusCode).toBe(404);
    const otherAdmin = await createUser(t.deps.db, {
      email: 'admin2@demo.test',
      name: 'Second Admin',
      roleId: ROLE.Admin,
    });
    const disabled = await createUser(t.deps.db, {
      email: 'off.desk@demo.test',
      name: 'Off Desk',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      active: false,
    });
    for (const userId of [otherAdmin.id, disabled.id, t.world.users['kiosk.northhigh@demo.test'], admin.userId]) {
      const res = await t.as(admin).post('/api/impersonation', { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.impersonationNotAllowed);
    }
    // the refused attempts did not rotate or end the admin's session
    expect((await t.as(admin).get('/api/auth/session')).statusCode).toBe(200);
    // ending when not impersonating
    const notImp = await t.as(admin).delete('/api/impersonation');
    expect(notImp.statusCode).toBe(400);
    expect(notImp.json().message).toBe(MESSAGES.notImpersonating);
  });

  it(`expires after ${CONSTANTS.impersonationMaxMinutes} minutes: the next request is the admin again, in a new session`, async () => {
    const admin = await t.login('admin@demo.test');
    const lincolnId = t.world.users['desk.lincoln@demo.test'];
    const as = rotated(await t.as(admin).post('/api/impersonation', { userId: lincolnId }), lincolnId);

    offsetMs = (CONSTANTS.impersonationMaxMinutes - 1) * 60_000;
    try {
      expect((await t.as(as).get('/api/auth/session')).json().user.email).toBe('desk.lincoln@demo.test');
      offsetMs = (CONSTANTS.impersonationMaxMinutes + 1) * 60_000;
      const res = await t.as(as).get('/api/auth/session');
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: 'admin@demo.test', impersonatedBy: null });
      const back = rotated(res, admin.userId);
      expect(back.cookie).not.toBe(as.cookie);
      // the impersonating cookie is dead; the new one works
      expect((await t.as(as).get('/api/auth/session')).statusCode).toBe(401);
      expect((await t.as(back).get('/api/auth/session')).json().user.email).toBe('admin@demo.test');
      const [expired] = await auditRows(['impersonation.expired']);
      expect(expired).toMatchObject({ actorUserId: admin.userId, targetId: String(lincolnId) });
    } finally {
      offsetMs = 0;
    }
  });

  it('logout while impersonating ends the session on the server', async () => {
    const admin = await t.login('admin@demo.test');
    const deskId = t.world.users['desk.northhigh@demo.test'];
    const as = rotated(await t.as(admin).post('/api/impersonation', { userId: deskId }), deskId);
    const out = await t.as(as).post('/api/auth/logout');
    expect(out.json().redirectTo).toBe('/Account/Login');
    expect((await t.as(as).get('/api/auth/session')).statusCode).toBe(401);
  });
});
