import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';

/**
 * Logs: every route is a read-only POST (filters and search text in the body). Asked for
 * building 1 of tenant A: staff of tenant A see it (attendants only their own building),
 * tenant B and attendants of building 2 get 404, kiosks 403.
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

/** Without filters every staff member gets their own scope's rows. */
const ownScope: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 'ok',
  kioskA: 403,
  clientAdminB: 'ok',
  attendantB: 'ok',
  adminAsAttendantA1: 'ok',
};

const ofBuilding =
  (extra: Record<string, unknown> = {}) =>
  (f: AuthzFixture) => ({
    body: { buildingId: f.world.north.northHighId, ...extra },
  });

const lists = ['/api/logs/visits/search', '/api/logs/vendors/search', '/api/logs/denied-entries/search'];
const exports = ['/api/logs/visits/export', '/api/logs/vendors/export'];

export const authz: AuthzEntry[] = [
  ...lists.flatMap((route): AuthzEntry[] => [
    { method: 'POST', route, readOnly: true, request: ofBuilding(), expect: buildingA1, note: 'building 1 of A' },
    { method: 'POST', route, readOnly: true, request: () => ({ body: {} }), expect: ownScope, note: 'own scope' },
  ]),
  {
    method: 'POST',
    route: '/api/logs/visits/chart',
    readOnly: true,
    request: ofBuilding(),
    expect: buildingA1,
    note: 'building 1 of A',
  },
  ...exports.flatMap((route): AuthzEntry[] => [
    {
      method: 'POST',
      route,
      readOnly: true,
      request: ofBuilding({ columns: [1, 3] }),
      expect: buildingA1,
      note: 'building 1 of A, default columns',
    },
    {
      method: 'POST',
      route,
      readOnly: true,
      request: () => ({ body: { columns: [1, 20] } }),
      // spec 002 §6: only the role named 'Client Admin' may export the badge id (and address, e-mail…)
      expect: {
        anonymous: 401,
        admin: 403,
        clientAdminA: 'ok',
        attendantA1: 403,
        attendantA2: 403,
        kioskA: 403,
        clientAdminB: 'ok',
        attendantB: 403,
        adminAsAttendantA1: 403,
      },
      note: 'a Client-Admin-only column',
    },
  ]),
  {
    method: 'GET',
    route: '/api/logs/on-site',
    request: (f) => ({ url: `/api/logs/on-site?buildingId=${f.world.north.northHighId}` }),
    expect: buildingA1,
    note: 'building 1 of A',
  },
  { method: 'GET', route: '/api/logs/on-site', expect: ownScope, note: 'own scope' },
  // the pickup log (issue 12): the same shape as the other logs
  {
    method: 'POST',
    route: '/api/logs/pickups/search',
    readOnly: true,
    request: ofBuilding(),
    expect: buildingA1,
    note: 'building 1 of A',
  },
  {
    method: 'POST',
    route: '/api/logs/pickups/search',
    readOnly: true,
    request: () => ({ body: {} }),
    expect: ownScope,
    note: 'own scope',
  },
  // issue 25: the denied entry log's export, scoped like its list
  {
    method: 'POST',
    route: '/api/logs/denied-entries/export',
    readOnly: true,
    request: ofBuilding({ columns: [1, 2, 4] }),
    expect: buildingA1,
    note: 'building 1 of A',
  },
  {
    method: 'POST',
    route: '/api/logs/pickups/export',
    readOnly: true,
    request: ofBuilding({ columns: [1, 2, 6] }),
    expect: buildingA1,
    note: 'building 1 of A',
  },
  // the nearby visitor log (ADR 0017): the same shape as the other logs
  {
    method: 'POST',
    route: '/api/logs/nearby/search',
    readOnly: true,
    request: ofBuilding(),
    expect: buildingA1,
    note: 'building 1 of A',
  },
  {
    method: 'POST',
    route: '/api/logs/nearby/search',
    readOnly: true,
    request: () => ({ body: {} }),
    expect: ownScope,
    note: 'own scope',
  },
  {
    method: 'POST',
    route: '/api/logs/nearby/export',
    readOnly: true,
    request: ofBuilding({ columns: [1, 2, 3, 4] }),
    expect: buildingA1,
    note: 'building 1 of A',
  },
];
