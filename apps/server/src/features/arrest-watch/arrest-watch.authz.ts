import { arrestAlerts } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { createWatchedType, insertRegistrations } from './arrest-watch.fixtures';

/** Arrest alerts are district administration: admins and the district's client admins; desk and kiosk 403. */
const reviewersA: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 403,
  adminAsAttendantA1: 403,
};

/** An open alert on an approved registration of tenant A. */
async function alertOfTenantA({ world, deps }: AuthzFixture): Promise<number> {
  const clientId = world.north.clientId;
  const type = await createWatchedType(deps.db, clientId);
  const [registrationId] = await insertRegistrations(deps.db, [
    { clientId, registrationTypeId: type.id, firstname: 'Authz', lastname: 'Alerted', dob: '1970-01-02' },
  ]);
  const [row] = await deps.db
    .insert(arrestAlerts)
    .values({ clientId, registrationId, matchRef: 'registry:ZZ:authz', level: 3, reasons: ['authz'], suspends: true })
    .returning({ id: arrestAlerts.id });
  return row.id;
}

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/arrest-alerts/:id',
    note: 'an alert of tenant A',
    request: async (f) => ({ url: `/api/arrest-alerts/${await alertOfTenantA(f)}` }),
    expect: reviewersA,
  },
  {
    method: 'POST',
    route: '/api/arrest-alerts/:id/review',
    note: 'an alert of tenant A',
    request: async (f) => ({
      url: `/api/arrest-alerts/${await alertOfTenantA(f)}/review`,
      body: { decision: 'cleared', version: 1 },
    }),
    expect: reviewersA,
  },
];
