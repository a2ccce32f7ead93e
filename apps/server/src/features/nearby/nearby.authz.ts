import { like } from 'drizzle-orm';
import { createRegistration, createRegistrationType } from '../../../db/seed/factories';
import { authThrottle, nearbyEntries } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { everyone } from '../../test/authz/types';
import { issueArrivalToken } from './nearby.repository';

/**
 * Nearby visitors (ADR 0017). The arrival is anonymous by design: the capability is the token
 * (its tenancy and refusals are tested in nearby.test.ts). The dashboard's list reads like the
 * logs (logs.read); removing needs the check-out roles; both on building 1 of tenant A: staff
 * of tenant A (attendants only their own building), 404 for tenant B and building 2, kiosks 403.
 */
const buildingA1: Record<Principal, Expected> = {
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

/** An approved registration of tenant A with its arrival token (fresh counters for the one matrix address). */
async function arrivingVolunteer(f: AuthzFixture) {
  await f.deps.db.delete(authThrottle).where(like(authThrottle.key, 'pubreg:arrive:%'));
  const type = await createRegistrationType(f.deps.db, f.world.north.clientId, { months: 12 });
  const reg = await createRegistration(f.deps.db, type, { approved: true, expDate: '2099-12-31' });
  return { reg, token: await issueArrivalToken(f.deps.db, reg.id, f.deps.now()) };
}

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/public/arrivals',
    note: 'an approved registration of tenant A',
    request: async (f) => {
      const { token } = await arrivingVolunteer(f);
      return { body: { token, latitude: 42.1, longitude: -87.78 } };
    },
    expect: everyone('ok'),
  },
  {
    method: 'GET',
    route: '/api/buildings/:buildingId/nearby',
    request: (f) => ({ url: `/api/buildings/${f.world.north.northHighId}/nearby` }),
    expect: buildingA1,
    note: 'building 1 of A',
  },
  {
    method: 'DELETE',
    route: '/api/buildings/:buildingId/nearby/:registrationId',
    request: async (f) => {
      const { reg } = await arrivingVolunteer(f);
      await f.deps.db.insert(nearbyEntries).values({
        clientId: reg.clientId,
        buildingId: f.world.north.northHighId,
        registrationId: reg.id,
        enteredAt: f.deps.now(),
        distanceMetres: 20,
      });
      return { url: `/api/buildings/${f.world.north.northHighId}/nearby/${reg.id}` };
    },
    expect: buildingA1,
    note: 'an open entry at building 1 of A',
  },
];
