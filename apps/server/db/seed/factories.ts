import { randomBytes } from 'node:crypto';
import { ROLE, type TRoleId } from '@sv/contracts';
import {
  buildings,
  clients,
  contacts,
  registrationBuildings,
  registrations,
  registrationTypes,
  states,
  users,
  vendorCompanies,
} from '../../src/db/schema/index';
import type { Db } from '../../src/platform/db/database';
import { hashPassword } from '../../src/platform/auth/passwords';
import { US_STATES } from './us-states';

/** Letters for a number (a person's name holds no digits, issue 22): 0 → "a", 27 → "bb". */
const letterTag = (n: number): string => {
  let v = Math.abs(Math.trunc(n));
  let out = '';
  do {
    out = String.fromCharCode(97 + (v % 26)) + out;
    v = Math.floor(v / 26);
  } while (v > 0);
  return out;
};

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
      name: `User ${letterTag(n)}`,
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
    .values({
      clientId,
      name: `Contact ${letterTag(n)}`,
      email: `contact${n}@test.example`,
      contactType: 'Global',
      ...over,
    })
    .returning();
  return row;
}

export async function createRegistrationType(
  db: Db,
  clientId: number,
  over: Partial<typeof registrationTypes.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(registrationTypes)
    .values({ clientId, name: `Registration type ${n}`, code: `type-${n}`, ...over })
    .returning();
  return row;
}

/**
 * A registration of a type (spec 001 §3). Pending unless `approved` is given; the badge code is
 * random like the service's (features/registrations). `buildingIds` restricts it to buildings.
 */
export async function createRegistration(
  db: Db,
  type: { id: number; clientId: number },
  over: Partial<typeof registrations.$inferInsert> & { buildingIds?: number[] } = {},
) {
  const n = next();
  const { buildingIds = [], ...rest } = over;
  const [row] = await db
    .insert(registrations)
    .values({
      clientId: type.clientId,
      registrationTypeId: type.id,
      firstname: `Reg${letterTag(n)}`,
      lastname: 'Volunteer',
      email: `reg${n}@test.example`,
      dob: '1985-04-03',
      approved: null,
      badgeCode: randomBytes(8).toString('hex').toUpperCase(),
      ...rest,
    })
    .returning();
  if (buildingIds.length) {
    await db
      .insert(registrationBuildings)
      .values(buildingIds.map((buildingId) => ({ registrationId: row.id, buildingId })));
  }
  // a volunteer registration always has its type (registrations_owner_ck)
  return { ...row, registrationTypeId: type.id };
}

/** A SafeVendor company of a client (spec 001 §3 Vendor company; ADR 0014). */
export async function createVendorCompany(
  db: Db,
  clientId: number,
  over: Partial<typeof vendorCompanies.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(vendorCompanies)
    .values({ clientId, name: `Vendor company ${n}`, code: `vendor-${n}`, ...over })
    .returning();
  return row;
}

/** A SafeVendor registration of a company (ADR 0014: vendor = true, no type). Pending unless `approved` is given. */
export async function createVendorRegistration(
  db: Db,
  company: { id: number; clientId: number },
  over: Partial<typeof registrations.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(registrations)
    .values({
      clientId: company.clientId,
      registrationTypeId: null,
      vendor: true,
      vendorCompanyId: company.id,
      firstname: `Vendor${letterTag(n)}`,
      lastname: 'Supplier',
      email: `vendor${n}@test.example`,
      dob: '1979-06-12',
      approved: null,
      badgeCode: randomBytes(8).toString('hex').toUpperCase(),
      ...over,
    })
    .returning();
  return { ...row, vendorCompanyId: company.id };
}
