import { visitors } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture } from '../../test/authz/types';
import { withNameKeys } from '../../platform/db/identity-keys';

async function visitorOfA({ world, deps }: AuthzFixture) {
  const [v] = await deps.db
    .insert(visitors)
    .values(withNameKeys({ clientId: world.north.clientId, firstname: 'Matrix', lastname: 'Denial' }))
    .returning();
  return v.id;
}

/** both routes require an Idempotency-Key (issue 10 §5); a fresh one per request */
const key = () => `authz-${Math.random().toString(36).slice(2, 14)}`;

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/visitors/:id/denials',
    request: async (f) => ({
      url: `/api/visitors/${await visitorOfA(f)}/denials`,
      body: { buildingId: f.world.north.northHighId },
      headers: { 'idempotency-key': key() },
    }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 404,
      kioskA: 403,
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
  },
  {
    method: 'POST',
    route: '/api/visitors/:id/security-notifications',
    request: async (f) => ({
      url: `/api/visitors/${await visitorOfA(f)}/security-notifications`,
      body: { buildingId: f.world.north.northHighId, issues: 'matrix' },
      headers: { 'idempotency-key': key() },
    }),
    // kiosks may alert security about a visitor at their own building (spec 002 §4 kiosk check-in with issues)
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 404,
      kioskA: 'ok',
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
  },
];
