import { preRegistrations } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { randomNameTag } from '../../test/names';

async function cardOfA({ world, deps }: AuthzFixture, status = 'scheduled') {
  const [row] = await deps.db
    .insert(preRegistrations)
    .values({
      clientId: world.north.clientId,
      buildingId: world.north.northHighId,
      firstname: 'Matrix',
      lastname: `Card${randomNameTag(5)}`,
      visitDate: '2026-11-23',
      status,
    })
    .returning();
  return row.id;
}

const atBuilding1: Record<Principal, Expected> = {
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
    method: 'GET',
    route: '/api/buildings/:buildingId/preregistrations',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/preregistrations` }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/preregistrations/:id/allow',
    // the card has no date of birth: the fresh screening's 'not_run' is confirmed, and the building
    // requires a photo the card does not have, so permitted principals reach the photo rule (400)
    request: async (f) => ({
      url: `/api/preregistrations/${await cardOfA(f)}/allow`,
      body: { confirmedRefs: [{ source: 'registry_status', ref: 'not_run' }] },
      headers: { 'idempotency-key': `authz-allow-${Math.random().toString(36).slice(2, 12)}` },
    }),
    expect: { ...atBuilding1, admin: 400, clientAdminA: 400, attendantA1: 400, adminAsAttendantA1: 400 },
  },
  {
    method: 'POST',
    route: '/api/preregistrations/:id/visitor',
    request: async (f) => ({ url: `/api/preregistrations/${await cardOfA(f)}/visitor`, body: {} }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/preregistrations/:id/deny',
    request: async (f) => ({
      url: `/api/preregistrations/${await cardOfA(f)}/deny`,
      body: {},
      headers: { 'idempotency-key': `authz-deny-${Math.random().toString(36).slice(2, 12)}` },
    }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/preregistrations/:id/close',
    request: async (f) => ({ url: `/api/preregistrations/${await cardOfA(f)}/close`, body: {} }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/preregistrations/:id/cancel-check-in',
    // a scheduled card has no check-in to cancel: permitted principals get the spec's 409 message
    request: async (f) => ({ url: `/api/preregistrations/${await cardOfA(f)}/cancel-check-in`, body: {} }),
    expect: { ...atBuilding1, admin: 409, clientAdminA: 409, attendantA1: 409, adminAsAttendantA1: 409 },
  },
];
