import { type AuthzEntry, type Expected, type Principal } from '../../test/authz/types';
import { clientVersion } from '../../test/versions';

/** System settings: administrators of a client (admins name the client; others get their own). */
const administrators: Record<Principal, Expected> = {
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
    route: '/api/system-settings',
    request: ({ world }) => ({ url: `/api/system-settings?clientId=${world.north.clientId}` }),
    expect: administrators,
    note: "tenant A's client named: tenant B's client admin gets 404",
  },
  {
    method: 'PUT',
    route: '/api/system-settings',
    request: async ({ world, deps }) => ({
      body: {
        clientId: world.north.clientId,
        visitorUrl: 'https://visit.northcounty.example/',
        volunteerUrl: 'https://volunteer.northcounty.example/',
        version: await clientVersion(deps.db, world.north.clientId),
      },
    }),
    expect: administrators,
  },
];
