import { MESSAGES } from '@sv/contracts';
import { and, eq, isNull, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRegistration, createRegistrationType } from '../../../db/seed/factories';
import {
  authThrottle,
  buildings,
  nearbyEntries,
  outboundMessages,
  registrationBuildings,
  registrations,
  visitors,
} from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { insertVisitor } from '../screening/screening.fixtures';
import { issueArrivalToken } from './nearby.repository';
import { NEARBY_EXPIRES_AFTER_MINUTES, NEARBY_MESSAGES } from './nearby.service';

/**
 * Nearby visitors (issue 13 "Nearby visitors"; spec 002 §2 Dashboard, §3 Nearby log, §4 Nearby
 * visitor, §7 DeleteNearby / NearbyList / NearbyLogData; ADR 0017): arrivals inside and outside a
 * building's radius, the registration's buildings only, refused registrations, unknown tokens,
 * the rate limit, check-in closing the entry, removal, and the log's scope.
 */
const clock = new Date('2026-11-24T15:00:00Z'); // 09:00 in Chicago
let t: TestApp;
let desk: Session; // attendant of North High
let deskLincoln: Session;
let north: Session; // client admin of North district
let south: Session;
let admin: Session;

// North High at a point in Northfield IL; Lincoln 3 km east; radius 150 m each
const NH = { latitude: 42.1, longitude: -87.78 };
const LINCOLN = { latitude: 42.1, longitude: -87.744 };
const near = (p: { latitude: number; longitude: number }) => ({
  latitude: p.latitude + 0.0005,
  longitude: p.longitude,
}); // ≈ 56 m
const far = { latitude: 42.2, longitude: -87.78 }; // ≈ 11 km

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  [desk, deskLincoln, north, south, admin] = await Promise.all([
    t.login('desk.northhigh@demo.test'),
    t.login('desk.lincoln@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('admin@demo.test'),
  ]);
  const { north: n, south: s } = t.world;
  await t.deps.db
    .update(buildings)
    .set({ ...NH, radius: 150 })
    .where(eq(buildings.id, n.northHighId));
  await t.deps.db
    .update(buildings)
    .set({ ...LINCOLN, radius: 150 })
    .where(eq(buildings.id, n.lincolnId));
  // South Valley Elementary sits on North High's very spot: another district never sees it
  await t.deps.db
    .update(buildings)
    .set({ ...NH, radius: 150 })
    .where(eq(buildings.id, s.southElemId));
});

beforeEach(async () => {
  await t.deps.db.delete(authThrottle).where(like(authThrottle.key, 'pubreg:%'));
});

/** An approved registration of North district (optionally limited to buildings) and its arrival token. */
async function volunteer(over: Partial<typeof registrations.$inferInsert> = {}, buildingIds?: number[]) {
  const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 12 });
  const reg = await createRegistration(t.deps.db, type, {
    approved: true,
    expDate: '2099-12-31',
    ...over,
    ...(buildingIds ? { buildingIds } : {}),
  });
  const token = await issueArrivalToken(t.deps.db, reg.id, clock);
  return { reg, token, type };
}

const arrive = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/public/arrivals', payload: body, headers: { 'x-forwarded-for': '' } });

const openEntries = (registrationId: number) =>
  t.deps.db
    .select()
    .from(nearbyEntries)
    .where(and(eq(nearbyEntries.registrationId, registrationId), isNull(nearbyEntries.exitedAt)));

const listOf = async (s: Session, buildingId: number) => {
  const res = await t.as(s).get(`/api/buildings/${buildingId}/nearby`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { registrationId: number; visitorName: string; distanceMetres: number }[];
};

describe('arrival (ADR 0017)', () => {
  it('inside the radius opens one entry for that building only, listed live on its dashboard', async () => {
    const { reg, token } = await volunteer();
    const res = await arrive({ token, ...near(NH), accuracy: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nearby).toEqual([{ buildingName: 'North High School', distanceMetres: 56 }]);
    // a second report while still inside keeps the one open entry
    expect((await arrive({ token, ...NH })).statusCode).toBe(200);
    const open = await openEntries(reg.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ buildingId: t.world.north.northHighId, distanceMetres: 0 });
    const list = await listOf(desk, t.world.north.northHighId);
    expect(list.find((c) => c.registrationId === reg.id)).toMatchObject({
      visitorName: `${reg.firstname} ${reg.lastname}`,
      distanceMetres: 0,
    });
    expect((await listOf(deskLincoln, t.world.north.lincolnId)).some((c) => c.registrationId === reg.id)).toBe(false);
  });

  it('a later position outside the radius closes the entry (exit date)', async () => {
    const { reg, token } = await volunteer();
    await arrive({ token, ...near(NH) });
    const res = await arrive({ token, ...far });
    expect(res.statusCode).toBe(200);
    expect(res.json().nearby).toEqual([]);
    expect(await openEntries(reg.id)).toHaveLength(0);
    const [closed] = await t.deps.db.select().from(nearbyEntries).where(eq(nearbyEntries.registrationId, reg.id));
    expect(closed.exitedAt?.toISOString()).toBe(clock.toISOString());
    expect(closed.exitReason).toBe('left');
  });

  it("only the registration's buildings count; another district's building on the same spot never does", async () => {
    const { reg, token } = await volunteer({}, [t.world.north.lincolnId]);
    const res = await arrive({ token, ...NH });
    expect(res.statusCode).toBe(200);
    expect(res.json().nearby).toEqual([]);
    expect(await openEntries(reg.id)).toHaveLength(0);
    // unrestricted: North High only, never South Valley Elementary at the same coordinates
    const other = await volunteer();
    await arrive({ token: other.token, ...NH });
    expect((await openEntries(other.reg.id)).map((e) => e.buildingId)).toEqual([t.world.north.northHighId]);
  });

  it('a suspended, expired, pending or denied registration is refused (403), nothing opened', async () => {
    for (const over of [
      { suspendedAt: clock },
      { expDate: '2026-11-23' },
      { approved: null },
      { approved: false },
    ] as Partial<typeof registrations.$inferInsert>[]) {
      const { reg, token } = await volunteer(over);
      const res = await arrive({ token, ...NH });
      expect(res.statusCode, JSON.stringify(over)).toBe(403);
      expect(res.json().message).toBe(NEARBY_MESSAGES.notAdmitted);
      expect(await openEntries(reg.id)).toHaveLength(0);
    }
  });

  it('a token of nobody is 404; a malformed token or position is 400, never 500', async () => {
    const res = await arrive({ token: 'A'.repeat(43), ...NH });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NEARBY_MESSAGES.unknownLink);
    const { token } = await volunteer();
    for (const body of [
      { token: 'short', ...NH },
      { token, latitude: 91, longitude: 0 },
      { token, latitude: 'x', longitude: 0 },
      { token, ...NH, extra: 1 },
      {},
    ]) {
      expect((await arrive(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is rate limited per address like the public registration submissions (429)', async () => {
    const { token } = await volunteer();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await arrive({ token, ...far })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('the approval e-mail carries the personal arrival link, and a new one replaces the old token', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 12 });
    const reg = await createRegistration(t.deps.db, type, {});
    const res = await t.as(north).post('/api/registrations/approve', { ids: [reg.id], doPrintOrEmail: true });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.recipient, reg.email), eq(outboundMessages.kind, 'registration.approved')));
    const link = /\/arrive\/([A-Za-z0-9_-]{43})\b/.exec(mail.body);
    expect(link).not.toBeNull();
    expect((await arrive({ token: link?.[1], ...NH })).statusCode).toBe(200);
    await issueArrivalToken(t.deps.db, reg.id, clock);
    expect((await arrive({ token: link?.[1], ...NH })).statusCode).toBe(404);
  });
});

describe('stale arrivals (spec 002 §7 ClearNearby)', () => {
  it(`an entry with no check-in closes itself after ${NEARBY_EXPIRES_AFTER_MINUTES} minutes and leaves the list; a fresh one stays`, async () => {
    const stale = await volunteer();
    await arrive({ token: stale.token, ...near(NH) });
    const started = clock.getTime();
    try {
      clock.setTime(started + 30 * 60_000);
      const fresh = await volunteer();
      await arrive({ token: fresh.token, ...near(NH) });
      // not yet: the first arrived 30 minutes ago
      await t.services.nearby.expireStale();
      expect(await openEntries(stale.reg.id)).toHaveLength(1);

      clock.setTime(started + (NEARBY_EXPIRES_AFTER_MINUTES + 1) * 60_000);
      expect(await t.services.nearby.expireStale()).toBeGreaterThanOrEqual(1);
      expect(await openEntries(stale.reg.id)).toHaveLength(0);
      expect(await openEntries(fresh.reg.id)).toHaveLength(1);
      const [closed] = await t.deps.db
        .select()
        .from(nearbyEntries)
        .where(eq(nearbyEntries.registrationId, stale.reg.id));
      expect(closed).toMatchObject({ exitReason: 'expired', deletedAt: null });
      const list = await listOf(desk, t.world.north.northHighId);
      expect(list.some((c) => c.registrationId === stale.reg.id)).toBe(false);
      expect(list.some((c) => c.registrationId === fresh.reg.id)).toBe(true);
      // idempotent: a second sweep closes nothing more
      expect(await t.services.nearby.expireStale()).toBe(0);
    } finally {
      clock.setTime(started);
    }
  });
});

describe('check-in and removal', () => {
  it('checking in with the registration closes its open nearby entries in the same transaction', async () => {
    const { clientId, northHighId } = t.world.north;
    const person = { firstname: 'Nia', lastname: 'Nearbycheck', dob: '1984-04-04' };
    const visitorId = await insertVisitor(t.deps.db, { clientId, ...person });
    await t.deps.db
      .update(visitors)
      .set({ photoFileId: await insertPhoto(t.deps.db, clientId) })
      .where(eq(visitors.id, visitorId));
    const { reg, token } = await volunteer({ visitorId, ...person });
    await arrive({ token, ...NH });
    expect(await openEntries(reg.id)).toHaveLength(1);
    const screening = await t.as(desk).post(`/api/visitors/${visitorId}/screening`, { buildingId: northHighId });
    expect(screening.statusCode, screening.body).toBe(200);
    const checkIn = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': `nearby-${reg.id}` },
      payload: {
        screeningId: screening.json().id,
        visitorId,
        buildingId: northHighId,
        visitorType: 'volunteer',
        registrationId: reg.id,
      },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(await openEntries(reg.id)).toHaveLength(0);
    const [closed] = await t.deps.db.select().from(nearbyEntries).where(eq(nearbyEntries.registrationId, reg.id));
    expect(closed.exitReason).toBe('checked_in');
    expect((await listOf(desk, northHighId)).some((c) => c.registrationId === reg.id)).toBe(false);
  });

  it('remove (DeleteNearby) marks the entry deleted: gone from the list, kept in the log as removed', async () => {
    const { northHighId } = t.world.north;
    const { reg, token } = await volunteer({ lastname: 'Removedfromlist' });
    await arrive({ token, ...NH });
    const url = `/api/buildings/${northHighId}/nearby/${reg.id}`;
    // an attendant of another building, or another district, finds nothing to remove
    expect((await t.as(deskLincoln).delete(url)).statusCode).toBe(404);
    expect((await t.as(south).delete(url)).statusCode).toBe(404);
    const res = await t.as(desk).delete(url);
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(desk, northHighId)).some((c) => c.registrationId === reg.id)).toBe(false);
    const [row] = await t.deps.db.select().from(nearbyEntries).where(eq(nearbyEntries.registrationId, reg.id));
    expect(row.deletedAt).not.toBeNull();
    expect(row.exitReason).toBe('removed');
    expect((await t.as(desk).delete(url)).statusCode).toBe(404);
    const log = await t.as(desk).post('/api/logs/nearby/search', { search: reg.lastname });
    expect(log.json().data).toEqual([expect.objectContaining({ registrationId: reg.id, removed: true })]);
    // the spec's confirmation text is the one the dashboard shows (spec 002 §8)
    expect(MESSAGES.removeNearbyConfirm).toBe('Are you sure you want to remove this visitor?');
  });
});

describe('nearby log scope (spec 002 §6)', () => {
  it('an attendant of building A never sees B; nothing crosses districts; export has the columns', async () => {
    const { northHighId, lincolnId } = t.world.north;
    const a = await volunteer({ lastname: 'Scopenorthhigh' });
    const b = await volunteer({ lastname: 'Scopelincoln' });
    await arrive({ token: a.token, ...NH });
    await arrive({ token: b.token, ...LINCOLN });
    const names = async (s: Session, body: object = {}) => {
      const res = await t.as(s).post('/api/logs/nearby/search', { search: 'scope', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { visitorName: string }[]).map((r) => r.visitorName.split(' ').pop()).sort();
    };
    expect(await names(desk)).toEqual(['Scopenorthhigh']);
    expect(await names(deskLincoln)).toEqual(['Scopelincoln']);
    expect(await names(north)).toEqual(['Scopelincoln', 'Scopenorthhigh']);
    expect(await names(north, { buildingId: lincolnId })).toEqual(['Scopelincoln']);
    expect(await names(admin)).toEqual(['Scopelincoln', 'Scopenorthhigh']);
    expect(await names(south)).toEqual([]);
    expect((await t.as(desk).post('/api/logs/nearby/search', { buildingId: lincolnId })).statusCode).toBe(404);
    expect((await t.as(south).post('/api/logs/nearby/search', { buildingId: northHighId })).statusCode).toBe(404);
    // the default range is the last 7 days up to today in the building's zone
    const range = (await t.as(desk).post('/api/logs/nearby/search', {})).json().range;
    expect(range).toEqual({ from: '2026-11-18', to: '2026-11-24', timeZone: 'America/Chicago' });

    const csv = await t.as(north).post('/api/logs/nearby/export', { columns: [1, 2, 3, 4], search: 'scope' });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Visitor,Building,Entered,Left');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain('11/24/2026 09:00 AM');
    expect((await t.as(north).post('/api/logs/nearby/export', { columns: [] })).statusCode).toBe(400);
  });

  it('the building list of another building or district is 404', async () => {
    const { northHighId } = t.world.north;
    expect((await t.as(deskLincoln).get(`/api/buildings/${northHighId}/nearby`)).statusCode).toBe(404);
    expect((await t.as(south).get(`/api/buildings/${northHighId}/nearby`)).statusCode).toBe(404);
    // registrations restricted to a building are never listed elsewhere
    const { reg } = await volunteer({}, [northHighId]);
    const rows = await t.deps.db
      .select()
      .from(registrationBuildings)
      .where(eq(registrationBuildings.registrationId, reg.id));
    expect(rows).toHaveLength(1);
  });
});
