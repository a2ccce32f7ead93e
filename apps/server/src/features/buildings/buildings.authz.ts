import { createBuilding } from '../../../db/seed/factories';
import { type AuthzEntry, type Expected, type Principal, listManagers } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

/** Building administration (buildings.manage): admins and client admins of the building's client. */
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
/** Administration screens without a tenant object in the request (lists answer the actor's own scope). */
const adminsOnly: Record<Principal, Expected> = { ...manageA, clientAdminB: 'ok' };

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/buildings', expect: adminsOnly },
  {
    method: 'POST',
    route: '/api/buildings/search',
    readOnly: true,
    request: () => ({ body: { q: 'high' } }),
    expect: adminsOnly,
    note: 'scoped list searched (issue 25)',
  },
  {
    method: 'GET',
    route: '/api/buildings',
    note: "client filter naming tenant A: others' clientId is forced to their own",
    request: ({ world }) => ({ url: `/api/buildings?clientId=${world.north.clientId}&activeOnly=true` }),
    expect: adminsOnly,
  },
  {
    method: 'GET',
    route: '/api/buildings/lookup',
    request: ({ world }) => ({ url: `/api/buildings/lookup?clientId=${world.north.clientId}` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 'ok',
      clientAdminB: 'ok',
      attendantB: 'ok',
      adminAsAttendantA1: 'ok',
    },
  },
  {
    method: 'POST',
    route: '/api/buildings',
    note: 'new building of tenant A',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: { name: `Authz ${Math.random()}`, clientId: world.north.clientId },
    }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/buildings/:id',
    note: 'building 1 of tenant A: the desk and kiosk of that building read its settings',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 404,
      kioskA: 'ok',
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
  },
  {
    method: 'PUT',
    route: '/api/buildings/:id',
    note: 'a fresh building of tenant A',
    request: async ({ world, deps }) => {
      const b = await createBuilding(deps.db, world.north.clientId);
      return {
        url: `/api/buildings/${b.id}`,
        body: { name: `${b.name} renamed`, street1: b.street1, city: b.city, version: 1 },
      };
    },
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/buildings/:id/contacts',
    note: 'contacts of building 1 of tenant A (contacts.read)',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/contacts` }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/buildings/:id/test-print',
    note: 'building 1 of tenant A has no printer address: the managers get the 409 that says so',
    readOnly: true,
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/test-print`, body: {} }),
    expect: { ...manageA, admin: 409, clientAdminA: 409 },
  },
  {
    method: 'GET',
    route: '/api/buildings/:id/test-page.zpl',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/test-page.zpl` }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/buildings/:id/test-page.pdf',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/test-page.pdf` }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/Building/PrintTestPage/:id',
    request: ({ world }) => ({ url: `/Building/PrintTestPage/${world.north.northHighId}` }),
    // a browser window: signed out → redirected to sign in
    expect: { ...manageA, anonymous: 302 },
  },
  {
    method: 'POST',
    route: '/api/geocode',
    note: 'an address lookup (no tenant data): building editors only',
    readOnly: true,
    request: () => ({ body: { street1: '1 Capitol Ave', city: 'Springfield', state: 'IL', zipcode: '' } }),
    expect: adminsOnly,
  },
  {
    // issue 26 §4: activating an active row changes nothing; B's administrator counts it as not found
    method: 'POST',
    route: '/api/buildings/bulk-active',
    request: async (f) => ({ body: { ids: [f.world.north.northHighId], active: true } }),
    expect: listManagers,
  },
  {
    // issue 26 §4: a building in use (users, visits) has history and stays; B's administrator counts it as not found
    method: 'POST',
    route: '/api/buildings/bulk-delete',
    request: async (f) => ({ body: { ids: [f.world.north.northHighId] } }),
    expect: listManagers,
  },
];
