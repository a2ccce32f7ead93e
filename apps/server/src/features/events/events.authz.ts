import type { AuthzEntry } from '../../test/authz/types';

/** The stream is opened with once=1 so the probe answers instead of holding the connection. */
export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/buildings/:buildingId/events',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/events?once=1` }),
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
];
