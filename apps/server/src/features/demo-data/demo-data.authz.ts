import type { AuthzEntry } from '../../test/authz/types';

/**
 * Removing the demo data (issue 23 §1): platform administrators only. In the matrix the only
 * platform administrator is the demo one, so the removal is refused (409) and nothing changes.
 */
export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/demo-data/remove',
    expect: {
      anonymous: 401,
      admin: 409,
      clientAdminA: 403,
      attendantA1: 403,
      attendantA2: 403,
      kioskA: 403,
      clientAdminB: 403,
      attendantB: 403,
      adminAsAttendantA1: 403,
    },
  },
];
