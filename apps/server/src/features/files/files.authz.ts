import { type AuthzEntry } from '../../test/authz/types';
import { insertPhoto } from '../exclusions/exclusions.fixtures';

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/files/:id',
    request: async ({ deps, world }) => ({ url: `/api/files/${await insertPhoto(deps.db, world.north.clientId)}` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      // kiosks may not read exclusion photos; the id's existence is not revealed
      kioskA: 404,
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
    note: 'an exclusion photo of tenant A',
  },
];
