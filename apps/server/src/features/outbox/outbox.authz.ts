import type { AuthzEntry } from '../../test/authz/types';

/** The outbox (issue 2 §7): administrators and client administrators (their client only). */
export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/outbox',
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 403,
      attendantA2: 403,
      kioskA: 403,
      clientAdminB: 'ok',
      attendantB: 403,
      adminAsAttendantA1: 403,
    },
  },
];
