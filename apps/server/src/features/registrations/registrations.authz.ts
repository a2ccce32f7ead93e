import { type AuthzEntry, type AuthzFixture, type Expected, type Principal } from '../../test/authz/types';
import { multipartBody, pngImage } from '../exclusions/exclusions.fixtures';
import { insertRegistration, insertRegistrationPhoto, isoInDays } from './registrations.fixtures';
import { idempotencyKeyHeader } from '../../test/authz/types';

type Row = Record<Principal, Expected>;

/** registrations.read lists: admins, client admins, attendants (scoped); never kiosks. */
const listReaders: Row = {
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

/** A registration of tenant A valid at every building: both A attendants read it; tenant B 404. */
const readA: Row = { ...listReaders, clientAdminB: 404, attendantB: 404 };

/** A registration of tenant A restricted to building 1: Lincoln's attendant gets 404 as well. */
const readBuilding1: Row = { ...readA, attendantA2: 404 };

/** registrations.manage on an object of tenant A: admins and A's client admin; attendants 403; B's admin 404. */
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

/** registrations.manage without an object of tenant A (B's admin acts on its own district). */
const manageOwn: Row = { ...manageA, clientAdminB: 'ok' };

const pending = ({ deps, world }: AuthzFixture) => insertRegistration(deps.db, world.north.clientId);
const approved = ({ deps, world }: AuthzFixture) =>
  insertRegistration(deps.db, world.north.clientId, { approved: true, expDate: isoInDays(14) });

const saveBody = (typeId: number) => ({
  registrationTypeId: typeId,
  firstname: 'Matrix',
  lastname: 'Volunteer',
  dob: '1980-05-06',
});

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/registrations/search',
    readOnly: true,
    request: () => ({ body: { status: 'all' } }),
    expect: listReaders,
    note: 'scoped list',
  },
  { method: 'GET', route: '/api/registrations/search-help', expect: listReaders, note: 'help text' },
  { method: 'GET', route: '/api/registrations/types', expect: listReaders, note: 'scoped lookups' },
  {
    method: 'POST',
    route: '/api/registrations/export',
    readOnly: true,
    request: () => ({ body: { status: 'all', columns: [1, 4, 5] } }),
    expect: manageOwn,
    note: 'export of the caller’s own scope (bulk personal data: managers only)',
  },
  {
    method: 'POST',
    route: '/api/registrations',
    request: async (f) => {
      const reg = await pending(f);
      return { headers: idempotencyKeyHeader(), body: saveBody(reg.registrationTypeId) };
    },
    // tenant B's client admin does not see tenant A's type: a field error, not a leak
    expect: { ...manageA, clientAdminB: 400 },
    note: 'a registration of a tenant-A type',
  },
  {
    method: 'GET',
    route: '/api/registrations/:id',
    request: async (f) => ({ url: `/api/registrations/${(await pending(f)).id}` }),
    expect: readA,
    note: 'a registration of tenant A valid at every building',
  },
  {
    method: 'GET',
    route: '/api/registrations/:id',
    request: async ({ deps, world }) => ({
      url: `/api/registrations/${(await insertRegistration(deps.db, world.north.clientId, { buildingIds: [world.north.northHighId] })).id}`,
    }),
    expect: readBuilding1,
    note: 'a registration of tenant A restricted to North High',
  },
  {
    method: 'PUT',
    route: '/api/registrations/:id',
    request: async (f) => {
      const reg = await pending(f);
      return {
        url: `/api/registrations/${reg.id}`,
        body: { ...saveBody(reg.registrationTypeId), version: reg.version },
      };
    },
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/registrations/:id/approval-default',
    request: async (f) => ({ url: `/api/registrations/${(await pending(f)).id}/approval-default` }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/registrations/approve',
    request: async (f) => ({ body: { ids: [(await pending(f)).id] } }),
    expect: manageA,
    note: 'one pending registration of tenant A',
  },
  {
    method: 'POST',
    route: '/api/registrations/:id/deny',
    request: async (f) => ({ url: `/api/registrations/${(await pending(f)).id}/deny`, body: { exclude: true } }),
    expect: manageA,
    note: 'deny and exclude',
  },
  {
    method: 'POST',
    route: '/api/registrations/:id/make-pending',
    request: async (f) => ({ url: `/api/registrations/${(await approved(f)).id}/make-pending`, body: {} }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/registrations/:id/cancel-email-warnings',
    request: async ({ deps, world }) => ({
      url: `/api/registrations/${(await insertRegistration(deps.db, world.north.clientId, { emailWarnings: true })).id}/cancel-email-warnings`,
      body: {},
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/registrations/:id/expiration-email',
    request: async (f) => ({ url: `/api/registrations/${(await approved(f)).id}/expiration-email`, body: {} }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/registrations/photos',
    request: async ({ world }) => {
      const { body, headers } = multipartBody(await pngImage(), { fields: { clientId: String(world.north.clientId) } });
      return { body, headers };
    },
    // a non-admin's clientId must be their own: tenant B's admin naming tenant A gets 404
    expect: { ...manageOwn, clientAdminB: 404 },
    note: 'a photo for tenant A',
  },
  {
    method: 'PUT',
    route: '/api/registrations/:id/photo',
    request: async (f) => ({
      url: `/api/registrations/${(await pending(f)).id}/photo`,
      body: { photoFileId: await insertRegistrationPhoto(f.deps.db, f.world.north.clientId) },
    }),
    expect: manageA,
  },
  {
    method: 'DELETE',
    route: '/api/registrations/:id/photo',
    request: async ({ deps, world }) => {
      const photoFileId = await insertRegistrationPhoto(deps.db, world.north.clientId);
      return {
        url: `/api/registrations/${(await insertRegistration(deps.db, world.north.clientId, { photoFileId })).id}/photo`,
      };
    },
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/registrations/:id/buildings',
    request: async (f) => ({ url: `/api/registrations/${(await pending(f)).id}/buildings` }),
    expect: readA,
  },
  {
    method: 'PUT',
    route: '/api/registrations/:id/buildings',
    request: async (f) => ({
      url: `/api/registrations/${(await pending(f)).id}/buildings`,
      body: { buildingIds: [f.world.north.northHighId] },
    }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/registrations/:id/information',
    request: async (f) => ({ url: `/api/registrations/${(await pending(f)).id}/information` }),
    expect: readA,
  },
  {
    method: 'GET',
    route: '/api/registrations/:id/badge.pdf',
    request: async (f) => ({ url: `/api/registrations/${(await approved(f)).id}/badge.pdf` }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/registrations/badges.pdf',
    request: async (f) => ({
      url: `/api/registrations/badges.pdf?ids=${(await approved(f)).id},${(await approved(f)).id}`,
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/registrations/:id/badge/print',
    note: 'an approved registration of tenant A, building 1 (no printer set: answers the PDF mode)',
    request: async (f) => ({
      url: `/api/registrations/${(await approved(f)).id}/badge/print`,
      body: { buildingId: f.world.north.northHighId },
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/registrations/badges.pdf',
    readOnly: false,
    request: async (f) => ({ body: { ids: [(await approved(f)).id] } }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/Badge/PrintRegistration/:id',
    request: async (f) => ({ url: `/Badge/PrintRegistration/${(await approved(f)).id}` }),
    // a browser window: signed out → redirected to sign in
    expect: { ...manageA, anonymous: 302 },
  },
  {
    method: 'GET',
    route: '/Badge/PrintRegistrations',
    request: async (f) => ({
      url: `/Badge/PrintRegistrations?ids=${(await approved(f)).id},${(await approved(f)).id}`,
    }),
    expect: { ...manageA, anonymous: 302 },
  },
  {
    method: 'GET',
    route: '/Registration/Info/:id',
    request: async (f) => ({ url: `/Registration/Info/${(await pending(f)).id}` }),
    expect: { ...readA, anonymous: 302 },
  },
  // a redirect to the list's export dialog, for those who may export
  { method: 'GET', route: '/Registration/Export', expect: { ...manageOwn, anonymous: 302 } },
];
