import { createRegistrationType } from '../../../db/seed/factories';
import type { AuthzEntry, Expected, Principal } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

/**
 * Registration types are administration (regTypes.read / regTypes.manage): admins for any
 * client, client admins for their own; another district's answers 404; desk and kiosk 403.
 */
const manageA: Record<Principal, Expected> = {
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

let n = 0;
const body = () => ({ name: `Authz type ${++n}`, code: `authz-type-${n}-${Date.now()}` });

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/clients/:clientId/registration-types',
    note: 'the types of tenant A',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}/registration-types` }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/clients/:clientId/registration-types/search',
    readOnly: true,
    note: 'the types of tenant A, searched (issue 25)',
    request: ({ world }) => ({
      url: `/api/clients/${world.north.clientId}/registration-types/search`,
      body: { q: 'volunteer' },
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/clients/:clientId/registration-types',
    note: 'a type of tenant A',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      url: `/api/clients/${world.north.clientId}/registration-types`,
      body: body(),
    }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/registration-types/:id',
    note: 'a type of tenant A',
    request: async ({ world, deps }) => ({
      url: `/api/registration-types/${(await createRegistrationType(deps.db, world.north.clientId)).id}`,
    }),
    expect: manageA,
  },
  {
    method: 'PUT',
    route: '/api/registration-types/:id',
    note: 'a type of tenant A',
    request: async ({ world, deps }) => ({
      url: `/api/registration-types/${(await createRegistrationType(deps.db, world.north.clientId)).id}`,
      body: { ...body(), version: 1 },
    }),
    expect: manageA,
  },
];
