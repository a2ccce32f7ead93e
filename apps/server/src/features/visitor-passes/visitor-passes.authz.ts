import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { createPass } from './visitor-passes.fixtures';

/** passes.manage on an object of building 1 of tenant A (issue 28 §2). */
const building1: Record<Principal, Expected> = {
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
/** Kiosk routes: kiosk accounts only, at their own building. */
const kioskOnly: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 403,
  clientAdminA: 403,
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 'ok',
  clientAdminB: 403,
  attendantB: 403,
  adminAsAttendantA1: 403,
};

const passA1 = ({ deps, world }: AuthzFixture) =>
  createPass(deps, { clientId: world.north.clientId, buildingId: world.north.northHighId });

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/visitor-passes',
    note: 'an invitation at building 1 of tenant A',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: {
        buildingId: world.north.northHighId,
        firstname: 'Matrix',
        lastname: 'Invitee',
        email: 'matrix.invitee@example.test',
        visitDate: '2099-06-01',
        startTime: '09:00',
        endTime: '10:00',
        visiting: 'Front office',
      },
    }),
    expect: building1,
  },
  {
    method: 'POST',
    route: '/api/visitor-passes/search',
    readOnly: true,
    request: () => ({ body: { q: 'a' } }),
    expect: { ...building1, attendantA2: 'ok', clientAdminB: 'ok', attendantB: 'ok' },
    note: 'scoped list searched',
  },
  {
    method: 'GET',
    route: '/api/visitor-passes/:id',
    note: 'a pass of building 1 of tenant A',
    request: async (f) => ({ url: `/api/visitor-passes/${(await passA1(f)).id}` }),
    expect: building1,
  },
  {
    method: 'POST',
    route: '/api/visitor-passes/:id/revoke',
    note: 'a pass of building 1 of tenant A',
    request: async (f) => ({ url: `/api/visitor-passes/${(await passA1(f)).id}/revoke` }),
    expect: building1,
  },
  {
    method: 'POST',
    route: '/api/visitor-passes/scan',
    note: 'a pass of building 1 of tenant A scanned at building 1',
    request: async (f) => ({ body: { token: (await passA1(f)).token, buildingId: f.world.north.northHighId } }),
    expect: { ...building1, kioskA: 403 },
  },
  {
    method: 'POST',
    route: '/api/kiosk/passes/scan',
    note: "a pass of the kiosk's building",
    request: async (f) => ({ body: { token: (await passA1(f)).token } }),
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/passes/check-in',
    note: "a pass of the kiosk's building, with the photo the building requires",
    request: async (f) => ({
      headers: idempotencyKeyHeader(),
      body: { token: (await passA1(f)).token, photoFileId: await insertPhoto(f.deps.db, f.world.north.clientId) },
    }),
    expect: kioskOnly,
  },
];
