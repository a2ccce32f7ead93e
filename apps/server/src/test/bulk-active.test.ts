import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createContact, createUser } from '../../db/seed/factories';
import { buildings, contacts, users } from '../db/schema/index';
import { createTestApp, type Session, type TestApp } from './test-app';

/**
 * Bulk activate / deactivate on the lists (issue 26 §4): users, buildings and contacts, each the
 * actor's scope only (another district's ids are counted as not found and change nothing).
 */
let t: TestApp;
let north: Session;
let south: Session;

beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
});

const TABLES = { users, buildings, contacts } as const;
const activeOf = async (kind: keyof typeof TABLES, ids: number[]) => {
  const table = TABLES[kind];
  const rows = await t.deps.db.select({ id: table.id, active: table.active }).from(table).where(inArray(table.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.active]));
};

describe.each([
  {
    kind: 'users' as const,
    make: async (clientId: number) =>
      (
        await createUser(t.deps.db, {
          clientId,
          roleId: 3,
          buildingId: null,
          email: `bulk${Math.random()}@example.test`,
        })
      ).id,
  },
  { kind: 'buildings' as const, make: async (clientId: number) => (await createBuilding(t.deps.db, clientId)).id },
  { kind: 'contacts' as const, make: async (clientId: number) => (await createContact(t.deps.db, clientId)).id },
])('bulk activate / deactivate $kind', ({ kind, make }) => {
  it('changes the district’s own and counts the rest', async () => {
    const a = await make(t.world.north.clientId);
    const b = await make(t.world.north.clientId);
    const other = await make(t.world.south.clientId);
    const res = await t.as(north).post(`/api/${kind}/bulk-active`, { ids: [a, b, other], active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2, unchanged: 0, notFound: 1 });
    expect(await activeOf(kind, [a, b, other])).toEqual({ [a]: false, [b]: false, [other]: true });
    const theirs = await t.as(south).post(`/api/${kind}/bulk-active`, { ids: [a], active: true });
    expect(theirs.json()).toEqual({ changed: 0, unchanged: 0, notFound: 1 });
    expect(await activeOf(kind, [a])).toEqual({ [a]: false });
  });
});

describe('bulk deactivating users', () => {
  it('refuses the administrator’s own account and ends the deactivated users’ sessions', async () => {
    const self = await t.as(north).post('/api/users/bulk-active', { ids: [north.userId], active: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account.');

    const desk = await t.login('desk.lincoln@demo.test');
    expect((await t.as(desk).get('/api/auth/session')).statusCode).toBe(200);
    const res = await t.as(north).post('/api/users/bulk-active', { ids: [desk.userId], active: false });
    expect(res.json()).toMatchObject({ changed: 1 });
    expect((await t.as(desk).get('/api/auth/session')).statusCode).toBe(401);
    await t.as(north).post('/api/users/bulk-active', { ids: [desk.userId], active: true });
  });
});
