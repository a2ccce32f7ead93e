import type { AuthzEntry } from '../../test/authz/types';
import { insertRegisteredVisit } from './registered-entry.fixtures';

/**
 * Cancelling a registration check-in is a desk action at the visit's building (visits.checkOut):
 * another building's attendant finds no open visit there (409 'Unable to cancel check-in.'),
 * another district's registration is not found, the kiosk may not.
 */
export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/registrations/:id/cancel-check-in',
    note: 'a registration of tenant A checked in at building 1',
    request: async ({ world, deps }) => {
      const { registrationId } = await insertRegisteredVisit(deps.db, world.north.clientId, world.north.northHighId);
      return { url: `/api/registrations/${registrationId}/cancel-check-in` };
    },
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 409,
      kioskA: 403,
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
  },
];
