import { createContact } from '../../../db/seed/factories';
import { type AuthzEntry, type Expected, type Principal, listManagers } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

/** Contacts are administration (contacts.read / contacts.manage): admins and the client's admins. */
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

const freshContact = async ({ world, deps }: Parameters<NonNullable<AuthzEntry['request']>>[0]) => {
  const c = await createContact(deps.db, world.north.clientId, {
    contactType: 'Building',
    buildingId: world.north.northHighId,
  });
  return c;
};

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/contacts', expect: { ...manageA, clientAdminB: 'ok' } },
  {
    method: 'POST',
    route: '/api/contacts/search',
    readOnly: true,
    request: () => ({ body: { q: 'a' } }),
    expect: { ...manageA, clientAdminB: 'ok' },
    note: 'scoped list searched (issue 25)',
  },
  {
    method: 'GET',
    route: '/api/contacts',
    note: 'building filter naming building 1 of tenant A',
    request: ({ world }) => ({ url: `/api/contacts?buildingId=${world.north.northHighId}` }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/contacts',
    note: 'a Global contact of tenant A',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: {
        contactType: 'Global',
        clientId: world.north.clientId,
        name: 'Authz Contact',
        email: 'authz@example.org',
      },
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/contacts',
    note: 'a Building contact of building 1 of tenant A',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: { contactType: 'Building', buildingId: world.north.northHighId, name: 'Authz Desk', mobile: '5555550123' },
    }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/contacts/:id',
    note: 'a contact of building 1 of tenant A',
    request: async (f) => ({ url: `/api/contacts/${(await freshContact(f)).id}` }),
    expect: manageA,
  },
  {
    method: 'PUT',
    route: '/api/contacts/:id',
    note: 'a contact of building 1 of tenant A',
    request: async (f) => {
      const c = await freshContact(f);
      return {
        url: `/api/contacts/${c.id}`,
        body: {
          contactType: 'Building',
          buildingId: f.world.north.northHighId,
          name: `${c.name} edited`,
          email: c.email,
          version: 1,
        },
      };
    },
    expect: manageA,
  },
  {
    // issue 26 §4: activating an active row changes nothing; B's administrator counts it as not found
    method: 'POST',
    route: '/api/contacts/bulk-active',
    request: async (f) => ({ body: { ids: [(await freshContact(f)).id], active: true } }),
    expect: listManagers,
  },
];
