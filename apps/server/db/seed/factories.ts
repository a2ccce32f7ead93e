import { ROLE, type TRoleId } from '@sv/contracts';
import { buildings, clients, contacts, states, users } from '../../src/db/schema/index';
import type { Db } from '../../src/platform/db/database';
import { hashPassword } from '../../src/platform/auth/passwords';
import { US_STATES } from './us-states';

/**
 * Data factories shared by the demo seed and the tests (architecture guide: one seed/factory
 * module). Each takes only what the caller cares about and fills the rest sensibly.
 */
let counter = 0;
const next = () => ++counter;

export async function ensureStates(db: Db) {
  await db
    .insert(states)
    .values([...US_STATES])
    .onConflictDoNothing();
}

export async function createClient(db: Db, over: Partial<typeof clients.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(clients)
    .values({
      name: `District ${n}`,
      street1: `${n} Main St`,
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      ...over,
    })
    .returning();
  return row;
}

export async function createBuilding(db: Db, clientId: number, over: Partial<typeof buildings.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(buildings)
    .values({
      clientId,
      name: `Building ${n}`,
      street1: `${n} School Rd`,
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      ...over,
    })
    .returning();
  return row;
}

const hashCache = new Map<string, Promise<string>>();
/** argon2 takes ~40 ms; tests create many users with the same password, so hash once per password. */
const cachedHash = (password: string) => {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
};

export async function createUser(
  db: Db,
  over: Partial<typeof users.$inferInsert> & { roleId: TRoleId; password?: string | null },
) {
  const n = next();
  const { password = 'demo-Visitor-2026', ...rest } = over;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${n}.${Date.now().toString(36)}@test.example`,
      name: `User ${n}`,
      passwordHash: password ? await cachedHash(password) : null,
      homepage: rest.roleId === ROLE.Kiosk ? '/safe/kiosk' : '/',
      ...rest,
    })
    .returning();
  return row;
}

export async function createContact(db: Db, clientId: number, over: Partial<typeof contacts.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(contacts)
    .values({ clientId, name: `Contact ${n}`, email: `contact${n}@test.example`, contactType: 'Global', ...over })
    .returning();
  return row;
}
