import { type AuthzEntry, type Expected, type Principal } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';
import { clientVersion } from '../../test/versions';

/** Admin-only routes: the clients list and client create / edit (spec 000 §2). */
const adminOnly: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 403,
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 403,
  clientAdminB: 403,
  attendantB: 403,
  adminAsAttendantA1: 403,
};

/** A settings set of tenant A: admins and tenant A's client admin; tenant B's client admin gets 404. */
const settingsOfA: Record<Principal, Expected> = {
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

const settingsBody = {
  visitorBtn: 'N/A',
  months: 6,
  successScreenDelay: 3,
};

const kioskBody = { kioskvisitorBtn: 'WELCOME', enableCovidBanner: true };

const backgroundBody = { provider: 'demo', username: 'matrix', password: '' };

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/clients', expect: adminOnly },
  {
    method: 'POST',
    route: '/api/clients/search',
    readOnly: true,
    request: () => ({ body: { q: 'north' } }),
    expect: adminOnly,
    note: 'list searched (issue 25)',
  },
  {
    method: 'GET',
    route: '/api/clients/lookup',
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 403,
      clientAdminB: 'ok',
      attendantB: 'ok',
      adminAsAttendantA1: 'ok',
    },
    note: 'admins: every client; others: their own client only',
  },
  {
    method: 'POST',
    route: '/api/clients',
    request: () => ({ headers: idempotencyKeyHeader(), body: { name: 'Matrix District' } }),
    expect: adminOnly,
  },
  {
    method: 'GET',
    route: '/api/clients/:id',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}` }),
    expect: adminOnly,
  },
  {
    method: 'PUT',
    route: '/api/clients/:id',
    request: async ({ world, deps }) => ({
      url: `/api/clients/${world.north.clientId}`,
      body: {
        name: 'North County Schools',
        state: 'IL',
        zipcode: '60093',
        active: true,
        version: await clientVersion(deps.db, world.north.clientId),
      },
    }),
    expect: adminOnly,
  },
  {
    method: 'GET',
    route: '/api/clients/:id/settings',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}/settings` }),
    expect: settingsOfA,
  },
  {
    method: 'PATCH',
    route: '/api/clients/:id/settings',
    request: async ({ world, deps }) => ({
      url: `/api/clients/${world.north.clientId}/settings`,
      body: { ...settingsBody, version: await clientVersion(deps.db, world.north.clientId) },
    }),
    expect: settingsOfA,
  },
  {
    method: 'GET',
    route: '/api/clients/:id/kiosk-settings',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}/kiosk-settings` }),
    expect: settingsOfA,
  },
  {
    method: 'PATCH',
    route: '/api/clients/:id/kiosk-settings',
    request: async ({ world, deps }) => ({
      url: `/api/clients/${world.north.clientId}/kiosk-settings`,
      body: { ...kioskBody, version: await clientVersion(deps.db, world.north.clientId) },
    }),
    expect: settingsOfA,
  },
  {
    method: 'GET',
    route: '/api/clients/:id/background-settings',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}/background-settings` }),
    expect: settingsOfA,
  },
  {
    method: 'PATCH',
    route: '/api/clients/:id/background-settings',
    request: async ({ world, deps }) => ({
      url: `/api/clients/${world.north.clientId}/background-settings`,
      body: { ...backgroundBody, version: await clientVersion(deps.db, world.north.clientId) },
    }),
    expect: settingsOfA,
  },
  {
    method: 'POST',
    route: '/api/clients/:id/background-settings/test',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}/background-settings/test` }),
    expect: settingsOfA,
    readOnly: true,
    note: 'the demo district uses the demo provider: no network',
  },
  {
    method: 'POST',
    route: '/api/clients/:id/sis/test',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}/sis/test`, body: { sisBaseUrl: 'local' } }),
    expect: settingsOfA,
    readOnly: true,
    note: "the 'local' provider: no network",
  },
  {
    method: 'GET',
    route: '/api/clients/:id/desk-settings',
    request: ({ world }) => ({ url: `/api/clients/${world.north.clientId}/desk-settings` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 'ok',
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
  },
];
