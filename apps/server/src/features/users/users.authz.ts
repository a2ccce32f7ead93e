import { ROLE } from '@sv/contracts';
import { createUser } from '../../../db/seed/factories';
import {
  type AuthzEntry,
  type AuthzFixture,
  type Expected,
  type Principal,
  listManagers,
} from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

type Row = Record<Principal, Expected>;

/** users.read / users.manage: admins and client admins; attendants and kiosks never (403). */
const managers: Row = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 403,
  clientAdminB: 'ok',
  attendantB: 403,
  adminAsAttendantA1: 403,
};
/** On an object of tenant A: tenant B's client admin gets 404. */
const managersOfA: Row = { ...managers, clientAdminB: 404 };

let n = 0;
const email = () => `authz.user${++n}.${Date.now().toString(36)}@matrix.example`;

const attendantOfA = async ({ deps, world }: AuthzFixture) =>
  (
    await createUser(deps.db, {
      roleId: ROLE.Attendant,
      clientId: world.north.clientId,
      buildingId: world.north.northHighId,
      password: null,
    })
  ).id;

const attendantBody = (world: AuthzFixture['world']) => ({
  name: 'Matrix Attendant',
  email: email(),
  roleId: ROLE.Attendant,
  clientId: world.north.clientId,
  buildingId: world.north.northHighId,
});

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/users', expect: managers, note: 'scoped list' },
  {
    method: 'POST',
    route: '/api/users/search',
    readOnly: true,
    request: () => ({ body: { q: 'desk' } }),
    expect: managers,
    note: 'scoped list searched (issue 25)',
  },
  { method: 'GET', route: '/api/users/form-options', expect: managers, note: 'scoped lookups' },
  {
    method: 'GET',
    route: '/api/users/attendants',
    request: ({ world }) => ({ url: `/api/users/attendants?buildingId=${world.north.northHighId}` }),
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 404,
      kioskA: 403,
      clientAdminB: 404,
      attendantB: 404,
      adminAsAttendantA1: 'ok',
    },
    note: 'attendants of building 1 of tenant A',
  },
  {
    method: 'POST',
    route: '/api/users',
    request: ({ world }) => ({ headers: idempotencyKeyHeader(), body: attendantBody(world) }),
    expect: managersOfA,
    note: 'an attendant of tenant A building 1',
  },
  {
    method: 'POST',
    route: '/api/users',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: { name: 'Matrix Admin', email: email(), roleId: ROLE.ClientAdmin, clientId: world.north.clientId },
    }),
    expect: { ...managersOfA, clientAdminA: 403, clientAdminB: 403 },
    note: 'a client administrator of tenant A: admins only (users.manageAdministrators)',
  },
  {
    method: 'GET',
    route: '/api/users/:id',
    request: async (f) => ({ url: `/api/users/${await attendantOfA(f)}` }),
    expect: managersOfA,
  },
  {
    method: 'PUT',
    route: '/api/users/:id',
    request: async (f) => ({
      url: `/api/users/${await attendantOfA(f)}`,
      // a fresh record: version 1 (issue 23 §4)
      body: { ...attendantBody(f.world), version: 1 },
    }),
    expect: managersOfA,
  },
  {
    // issue 26 §4: activating an active row changes nothing; B's administrator counts it as not found
    method: 'POST',
    route: '/api/users/bulk-active',
    request: async (f) => ({ body: { ids: [f.world.users['desk.northhigh@demo.test']], active: true } }),
    expect: listManagers,
  },
  {
    // issue 26 §4: an account that has signed in has history and stays; B's administrator counts it as not found
    method: 'POST',
    route: '/api/users/bulk-delete',
    request: async (f) => ({ body: { ids: [f.world.users['desk.northhigh@demo.test']] } }),
    expect: listManagers,
  },
];
