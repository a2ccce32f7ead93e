import { studentReasons } from '../../db/schema/index';
import { type AuthzEntry, type AuthzFixture, type Expected, type Principal } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

/** A fresh drop-off reason of tenant A for each principal. */
async function reasonOfA({ deps, world }: AuthzFixture) {
  const [row] = await deps.db
    .insert(studentReasons)
    .values({ clientId: world.north.clientId, kind: 'dropoff', name: 'Matrix appointment', isExcused: true })
    .returning({ id: studentReasons.id });
  return row.id;
}

const managersOfA: Record<Principal, Expected> = {
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

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/student-reasons',
    request: ({ world }) => ({ url: `/api/student-reasons?kind=dropoff&clientId=${world.north.clientId}` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 'ok',
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
    note: "tenant A's client named: tenant B gets 404; the desk and kiosk read their own client's",
  },
  {
    method: 'POST',
    route: '/api/student-reasons',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: { clientId: world.north.clientId, kind: 'pickup', name: 'Matrix early release' },
    }),
    expect: managersOfA,
  },
  {
    method: 'PUT',
    route: '/api/student-reasons/:id',
    request: async (f) => ({
      url: `/api/student-reasons/${await reasonOfA(f)}`,
      body: { kind: 'dropoff', name: 'Matrix appointment (edited)', isExcused: true, version: 1 },
    }),
    expect: managersOfA,
  },
];
