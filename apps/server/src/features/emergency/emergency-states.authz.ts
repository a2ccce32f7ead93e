import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  emergencyRosterEntries,
  emergencyStateBuildings,
  emergencyStateEvents,
  emergencyStates,
} from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

/**
 * Emergency states and drills (issue 27, ADR 0037). The rows share one database with the other
 * features' rows, and an active state at North High would make the kiosk's rows answer 409: so the
 * start row starts at building 2 (Lincoln, which has no kiosk) and frees it first (one active state
 * per building), and the other rows act on a state of North High started just now by its attendant
 * (attendantA1, so the starter's cancel window is open) whose building row is already inactive.
 */
async function freeLincoln(f: AuthzFixture) {
  await f.deps.db
    .update(emergencyStateBuildings)
    .set({ active: false })
    .where(eq(emergencyStateBuildings.buildingId, f.world.north.lincolnId));
}

async function stateAtA1(f: AuthzFixture) {
  const now = f.deps.now();
  const [s] = await f.deps.db
    .insert(emergencyStates)
    .values({
      clientId: f.world.north.clientId,
      kind: 'Lockdown',
      drill: true,
      startedBy: f.world.users['desk.northhigh@demo.test'],
      startedAt: now,
    })
    .returning({ id: emergencyStates.id });
  await f.deps.db
    .insert(emergencyStateBuildings)
    .values({ stateId: s.id, buildingId: f.world.north.northHighId, active: false });
  await f.deps.db.insert(emergencyStateEvents).values({ stateId: s.id, kind: 'start', at: now });
  return s.id;
}

/** A state of North High with one person on its roster (issue 27 §2). */
async function rosterEntryAtA1(f: AuthzFixture) {
  const stateId = await stateAtA1(f);
  const [e] = await f.deps.db
    .insert(emergencyRosterEntries)
    .values({
      stateId,
      buildingId: f.world.north.northHighId,
      clientId: f.world.north.clientId,
      personKind: 'visit',
      displayName: 'Authz Roster Person',
      groupLabel: 'visitor',
    })
    .returning({ id: emergencyRosterEntries.id });
  return { stateId, entryId: e.id };
}

const staffOfA1: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 404,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 404,
  adminAsAttendantA1: 'ok',
};

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/emergency-states',
    note: 'a lockdown drill at building 2 of A (staff of another building: their own building only)',
    request: async (f) => {
      await freeLincoln(f);
      return {
        headers: idempotencyKeyHeader(),
        body: { kind: 'Lockdown', drill: true, buildingIds: [f.world.north.lincolnId], confirmation: 'LOCKDOWN' },
      };
    },
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 403,
      attendantA2: 'ok',
      kioskA: 403,
      clientAdminB: 404,
      attendantB: 403,
      adminAsAttendantA1: 403,
    },
  },
  {
    method: 'GET',
    route: '/api/emergency-states/active',
    note: "every principal reads its own building's (the kiosk included); none of another's",
    request: (f) => ({ url: `/api/emergency-states/active?buildingId=${f.world.north.northHighId}` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 'ok',
      clientAdminB: 'ok',
      attendantB: 'ok',
      adminAsAttendantA1: 'ok',
    },
  },
  {
    method: 'GET',
    route: '/api/emergency-states',
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 403,
      clientAdminB: 'ok',
      attendantB: 'ok',
      adminAsAttendantA1: 'ok',
    },
  },
  {
    method: 'GET',
    route: '/api/emergency-states/:id',
    request: async (f) => ({ url: `/api/emergency-states/${await stateAtA1(f)}` }),
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/emergency-states/:id/cancel',
    note: 'only the starter (attendantA1), within the cancel window',
    request: async (f) => ({ url: `/api/emergency-states/${await stateAtA1(f)}/cancel` }),
    expect: { ...staffOfA1, admin: 403, clientAdminA: 403 },
  },
  {
    method: 'POST',
    route: '/api/emergency-states/:id/end',
    note: 'administrators only',
    request: async (f) => ({ url: `/api/emergency-states/${await stateAtA1(f)}/end`, body: { notes: 'All clear.' } }),
    expect: { ...staffOfA1, attendantA1: 403, attendantA2: 403, attendantB: 403, adminAsAttendantA1: 403 },
  },
  {
    method: 'POST',
    route: '/api/emergency-states/:id/notes',
    request: async (f) => ({
      url: `/api/emergency-states/${await stateAtA1(f)}/notes`,
      body: { text: 'Doors checked.' },
    }),
    expect: staffOfA1,
  },
  {
    method: 'GET',
    route: '/api/emergency-states/:id/roster',
    note: 'staff of the building and district administrators (issue 27 §2)',
    request: async (f) => ({ url: `/api/emergency-states/${(await rosterEntryAtA1(f)).stateId}/roster` }),
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/emergency-states/:id/roster/marks',
    request: async (f) => {
      const { stateId, entryId } = await rosterEntryAtA1(f);
      return {
        url: `/api/emergency-states/${stateId}/roster/marks`,
        body: { entryId, status: 'accounted', clientMarkId: randomUUID(), pressedAt: f.deps.now().toISOString() },
      };
    },
    expect: staffOfA1,
  },
  {
    method: 'GET',
    route: '/api/drills/report',
    note: 'district A named',
    request: (f) => ({ url: `/api/drills/report?clientId=${f.world.north.clientId}` }),
    expect: { ...staffOfA1, attendantA2: 'ok' },
  },
  {
    method: 'PUT',
    route: '/api/drills/requirements',
    note: 'district A',
    request: (f) => ({
      body: { clientId: f.world.north.clientId, requirements: [{ kind: 'Lockdown', requiredCount: 2 }] },
    }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 403,
      attendantA2: 403,
      kioskA: 403,
      clientAdminB: 404,
      attendantB: 403,
      adminAsAttendantA1: 403,
    },
  },
];
