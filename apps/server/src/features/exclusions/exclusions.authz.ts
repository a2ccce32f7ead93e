import { type AuthzEntry, type AuthzFixture, type Expected, type Principal } from '../../test/authz/types';
import { insertExclusion, multipartBody, pngImage } from './exclusions.fixtures';
import { idempotencyKeyHeader } from '../../test/authz/types';
import { nameTag } from '../../test/names';

type Row = Record<Principal, Expected>;

/** exclusions.read: admins, client admins, attendants; never kiosks. Lists are scoped, never refused by tenant. */
const readers: Row = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 'ok',
  kioskA: 403,
  clientAdminB: 'ok',
  attendantB: 'ok',
  adminAsAttendantA1: 'ok',
};

/** An object of tenant A, building 1 (North High): other buildings' attendants and tenant B get 404. */
const readBuilding1: Row = { ...readers, attendantA2: 404, clientAdminB: 404, attendantB: 404 };

/** exclusions.manage on an object of tenant A: admins and A's client admin; tenant B's client admin 404. */
const manageA: Row = {
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

const building1Exclusion = async ({ deps, world }: AuthzFixture) =>
  insertExclusion(deps.db, { clientId: world.north.clientId, buildingId: world.north.northHighId });

// a new person per request: saving the same active exclusion twice is refused (issue 25, audit 000 B6)
let saves = 0;
const saveBody = (world: AuthzFixture['world']) => ({
  clientId: world.north.clientId,
  isGlobal: false,
  buildingId: world.north.northHighId,
  active: true,
  firstname: 'Matrix',
  lastname: `Sample${nameTag(++saves)}`,
  dob: '1980-05-06',
  exclusionType: 'Trespassed',
  reason: '',
});

const photo = async () => multipartBody(await pngImage());

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/exclusions', expect: readers, note: 'scoped list' },
  {
    method: 'POST',
    route: '/api/exclusions/search',
    readOnly: true,
    request: () => ({ body: { q: 'pat' } }),
    expect: readers,
    note: 'scoped list searched (issue 25)',
  },
  { method: 'GET', route: '/api/exclusions/form-options', expect: readers, note: 'scoped lookups' },
  {
    method: 'POST',
    route: '/api/exclusions/potential-matches',
    readOnly: true,
    request: ({ world }) => ({
      body: { buildingId: world.north.northHighId, firstname: 'Pat', lastname: 'Nobody', dob: '1980-01-02' },
    }),
    expect: readBuilding1,
    note: 'screening at building 1 of tenant A',
  },
  {
    method: 'POST',
    route: '/api/exclusions',
    request: ({ world }) => ({ headers: idempotencyKeyHeader(), body: saveBody(world) }),
    expect: manageA,
    note: 'an exclusion for building 1 of tenant A',
  },
  {
    method: 'POST',
    route: '/api/exclusions/photos',
    request: async ({ world }) => {
      const m = multipartBody(await pngImage(), { fields: { clientId: String(world.north.clientId) } });
      return { body: m.body, headers: m.headers };
    },
    expect: manageA,
    note: 'a photo for tenant A',
  },
  {
    method: 'GET',
    route: '/api/exclusions/:id',
    request: async (f) => ({ url: `/api/exclusions/${await building1Exclusion(f)}` }),
    expect: readBuilding1,
    note: 'exclusion of building 1 of tenant A',
  },
  {
    method: 'GET',
    route: '/api/exclusions/:id',
    request: async ({ deps, world }) => ({
      url: `/api/exclusions/${await insertExclusion(deps.db, { clientId: world.north.clientId, buildingId: null })}`,
    }),
    expect: { ...readers, clientAdminB: 404, attendantB: 404 },
    note: 'global exclusion of tenant A: every attendant of A sees it',
  },
  {
    method: 'PUT',
    route: '/api/exclusions/:id',
    request: async (f) => ({
      url: `/api/exclusions/${await building1Exclusion(f)}`,
      // a fresh record: version 1 (issue 23 §4)
      body: { ...saveBody(f.world), version: 1 },
    }),
    expect: manageA,
  },
  {
    // issue 26 §4: B's administrator is answered (nothing of A changed: counted as not found)
    method: 'POST',
    route: '/api/exclusions/bulk-active',
    request: async (f) => ({ body: { ids: [await building1Exclusion(f)], active: false } }),
    expect: { ...manageA, clientAdminB: 'ok' },
  },
  {
    method: 'POST',
    route: '/api/exclusions/:id/photo',
    request: async (f) => {
      const m = await photo();
      return { url: `/api/exclusions/${await building1Exclusion(f)}/photo`, body: m.body, headers: m.headers };
    },
    expect: manageA,
  },
  {
    method: 'DELETE',
    route: '/api/exclusions/:id/photo',
    request: async (f) => ({ url: `/api/exclusions/${await building1Exclusion(f)}/photo` }),
    expect: manageA,
  },
];
