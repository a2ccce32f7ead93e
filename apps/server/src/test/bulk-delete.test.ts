import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createUser } from '../../db/seed/factories';
import { auditEvents, buildings, users } from '../db/schema/index';
import { createTestApp, type Session, type TestApp } from './test-app';

/**
 * Bulk delete on the lists (issue 26 §4: "delete where the record has no history"): buildings and
 * user accounts. A row other records refer to stays (its history: a building's users, visits,
 * cards; an account that signed in or acted) and is counted as kept; another district's ids change
 * nothing and are counted as not found; one audit row per district names what went and what stayed.
 */
let t: TestApp;
let north: Session;
let south: Session;
let desk: Session;

beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  // the attendant has signed in: their account has history
  desk = await t.login('desk.northhigh@demo.test');
});

const TABLES = { users, buildings } as const;
const remaining = async (kind: keyof typeof TABLES, ids: number[]) => {
  const table = TABLES[kind];
  const rows = await t.deps.db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return rows.map((r) => r.id).sort((a, b) => a - b);
};
const lastAudit = async (action: string) =>
  (
    await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.clientId, t.world.north.clientId)))
  ).at(-1);

describe.each([
  {
    kind: 'users' as const,
    record: 'user',
    make: async (clientId: number) =>
      (
        await createUser(t.deps.db, {
          clientId,
          roleId: 3,
          buildingId: null,
          email: `del${Math.random()}@example.test`,
        })
      ).id,
    // the attendant of North High has signed in (beforeAll): history
    inUse: () => desk.userId,
  },
  {
    kind: 'buildings' as const,
    record: 'building',
    make: async (clientId: number) => (await createBuilding(t.deps.db, clientId)).id,
    // North High has users, visits and cards
    inUse: () => t.world.north.northHighId,
  },
])('bulk delete $kind', ({ kind, record, make, inUse }) => {
  it('deletes the district’s rows without history, keeps the rest, and counts another district’s as not found', async () => {
    const a = await make(t.world.north.clientId);
    const b = await make(t.world.north.clientId);
    const other = await make(t.world.south.clientId);
    const used = inUse();
    const res = await t.as(north).post(`/api/${kind}/bulk-delete`, { ids: [a, b, used, other, a] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2, kept: 1, notFound: 1 });
    expect(await remaining(kind, [a, b, used, other])).toEqual([used, other].sort((x, y) => x - y));
    expect((await lastAudit(`${record}.bulkDelete`))?.details).toEqual({ ids: [a, b], kept: [used] });
    // South's administrator cannot delete North's
    const theirs = await t.as(south).post(`/api/${kind}/bulk-delete`, { ids: [used] });
    expect(theirs.json()).toEqual({ deleted: 0, kept: 0, notFound: 1 });
    expect(await remaining(kind, [used])).toEqual([used]);
    // bad input: a 400 with a sentence, nothing deleted
    const none = await t.as(north).post(`/api/${kind}/bulk-delete`, { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Choose at least one row.');
  });

  it('is not the attendant’s', async () => {
    const a = await make(t.world.north.clientId);
    expect((await t.as(desk).post(`/api/${kind}/bulk-delete`, { ids: [a] })).statusCode).toBe(403);
    expect(await remaining(kind, [a])).toEqual([a]);
  });
});

describe('bulk deleting accounts', () => {
  it('keeps an account that acted, even one that never signed in', async () => {
    const acted = await createUser(t.deps.db, {
      clientId: t.world.north.clientId,
      roleId: 3,
      buildingId: null,
      email: `acted${Math.random()}@example.test`,
    });
    await t.deps.db.insert(auditEvents).values({
      actorUserId: acted.id,
      clientId: t.world.north.clientId,
      action: 'visitor.read',
      targetType: 'visitor',
      targetId: '1',
    });
    const res = await t.as(north).post('/api/users/bulk-delete', { ids: [acted.id] });
    expect(res.json()).toEqual({ deleted: 0, kept: 1, notFound: 0 });
    expect(await remaining('users', [acted.id])).toEqual([acted.id]);
  });
});
