import type { AuthzEntry } from '../../test/authz/types';

/**
 * The emergency button (spec 000 §4). Every principal with a district has security contacts
 * in the demo world; the platform admin has no district (400, the spec's failure message).
 */
export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/emergency',
    expect: {
      anonymous: 401,
      admin: 400,
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 403,
      clientAdminB: 'ok',
      attendantB: 'ok',
      adminAsAttendantA1: 'ok',
    },
  },
];
