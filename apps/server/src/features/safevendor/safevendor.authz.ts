import { createVendorCompany, createVendorRegistration } from '../../../db/seed/factories';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { multipartBody, pngImage } from '../exclusions/exclusions.fixtures';
import { insertRegistrationPhoto, isoInDays } from '../registrations/registrations.fixtures';
import { idempotencyKeyHeader } from '../../test/authz/types';

type Row = Record<Principal, Expected>;

/** safeVendor.read lists: admins, client admins, attendants (their district); never kiosks. */
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

/** A vendor of tenant A (vendors are valid at every building of the district): tenant B 404. */
const readA: Row = { ...listReaders, clientAdminB: 404, attendantB: 404 };

/** safeVendor.manage / vendorCompanies.manage on an object of tenant A (ADR 0014: roles 1 and 2). */
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

/** …without an object of tenant A (B's admin acts on its own district). */
const manageOwn: Row = { ...manageA, clientAdminB: 'ok' };

let n = 0;
const companyOf = ({ deps, world }: AuthzFixture) => createVendorCompany(deps.db, world.north.clientId);
const vendorOf = async (f: AuthzFixture, over: Parameters<typeof createVendorRegistration>[2] = {}) =>
  createVendorRegistration(f.deps.db, await companyOf(f), over);
const pending = (f: AuthzFixture) => vendorOf(f);
const approved = (f: AuthzFixture) => vendorOf(f, { approved: true, expDate: isoInDays(14) });
const companyBody = () => ({ name: `Authz vendor ${++n}`, code: `authz-vendor-${n}-${Date.now()}` });
const saveBody = (vendorCompanyId: number) => ({
  vendorCompanyId,
  firstname: 'Matrix',
  lastname: 'Vendor',
  dob: '1980-05-06',
});

export const authz: AuthzEntry[] = [
  // ------------------------------------------------------------ vendor companies
  {
    method: 'GET',
    route: '/api/vendor-companies',
    note: 'the companies of the caller’s scope',
    expect: { ...manageOwn },
  },
  {
    method: 'POST',
    route: '/api/vendor-companies/search',
    readOnly: true,
    note: 'the companies of the caller’s scope, searched (issue 25)',
    request: () => ({ body: { q: 'supplies' } }),
    expect: { ...manageOwn },
  },
  {
    method: 'POST',
    route: '/api/vendor-companies',
    note: 'a company of tenant A (a client admin’s clientId is ignored: B’s admin adds one to B)',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: { ...companyBody(), clientId: world.north.clientId },
    }),
    expect: manageOwn,
  },
  {
    method: 'GET',
    route: '/api/vendor-companies/:id',
    note: 'a company of tenant A',
    request: async (f) => ({ url: `/api/vendor-companies/${(await companyOf(f)).id}` }),
    expect: manageA,
  },
  {
    method: 'PUT',
    route: '/api/vendor-companies/:id',
    note: 'a company of tenant A',
    request: async (f) => ({
      url: `/api/vendor-companies/${(await companyOf(f)).id}`,
      body: { ...companyBody(), version: 1 },
    }),
    expect: manageA,
  },
  // ------------------------------------------------------------ SafeVendor registrations
  { method: 'GET', route: '/api/sv-registrations/companies', expect: listReaders, note: 'scoped lookups' },
  {
    method: 'POST',
    route: '/api/sv-registrations/search',
    readOnly: true,
    request: () => ({ body: { status: 'all' } }),
    expect: listReaders,
    note: 'scoped list',
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/export',
    readOnly: true,
    request: () => ({ body: { status: 'all', columns: [1, 4, 5] } }),
    expect: manageOwn,
    note: 'export of the caller’s own scope (bulk personal data: managers only)',
  },
  {
    method: 'POST',
    route: '/api/sv-registrations',
    request: async (f) => ({ headers: idempotencyKeyHeader(), body: saveBody((await companyOf(f)).id) }),
    // tenant B's client admin does not see tenant A's company: a field error, not a leak
    expect: { ...manageA, clientAdminB: 400 },
  },
  {
    method: 'GET',
    route: '/api/sv-registrations/:id',
    request: async (f) => ({ url: `/api/sv-registrations/${(await pending(f)).id}` }),
    expect: readA,
  },
  {
    method: 'PUT',
    route: '/api/sv-registrations/:id',
    request: async (f) => {
      const r = await pending(f);
      return { url: `/api/sv-registrations/${r.id}`, body: { ...saveBody(r.vendorCompanyId), version: r.version } };
    },
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/sv-registrations/:id/approval-default',
    request: async (f) => ({ url: `/api/sv-registrations/${(await pending(f)).id}/approval-default` }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/approve',
    request: async (f) => ({ body: { ids: [(await pending(f)).id] } }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/:id/deny',
    request: async (f) => ({ url: `/api/sv-registrations/${(await pending(f)).id}/deny`, body: {} }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/:id/make-pending',
    request: async (f) => ({
      url: `/api/sv-registrations/${(await vendorOf(f, { approved: false })).id}/make-pending`,
      body: {},
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/:id/cancel-email-warnings',
    request: async (f) => ({
      url: `/api/sv-registrations/${(await vendorOf(f, { emailWarnings: true })).id}/cancel-email-warnings`,
      body: {},
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/:id/expiration-email',
    request: async (f) => ({ url: `/api/sv-registrations/${(await approved(f)).id}/expiration-email`, body: {} }),
    expect: manageA,
  },
  {
    method: 'DELETE',
    route: '/api/sv-registrations/:id/photo',
    request: async (f) => {
      const photoFileId = await insertRegistrationPhoto(f.deps.db, f.world.north.clientId);
      return { url: `/api/sv-registrations/${(await vendorOf(f, { photoFileId })).id}/photo` };
    },
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/photos',
    request: async ({ world }) => {
      const { body, headers } = multipartBody(await pngImage(), { fields: { clientId: String(world.north.clientId) } });
      return { body, headers };
    },
    // a non-admin's clientId must be their own: tenant B's admin naming tenant A gets 404
    expect: { ...manageOwn, clientAdminB: 404 },
    note: 'a photo for tenant A',
  },
  {
    method: 'GET',
    route: '/api/sv-registrations/:id/information',
    request: async (f) => ({ url: `/api/sv-registrations/${(await pending(f)).id}/information` }),
    expect: readA,
  },
  {
    method: 'GET',
    route: '/api/sv-registrations/:id/badge.pdf',
    request: async (f) => ({ url: `/api/sv-registrations/${(await approved(f)).id}/badge.pdf` }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/sv-registrations/badges.pdf',
    request: async (f) => ({
      url: `/api/sv-registrations/badges.pdf?ids=${(await approved(f)).id},${(await approved(f)).id}`,
    }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/print',
    request: async (f) => ({ body: { ids: [(await approved(f)).id] } }),
    expect: manageA,
  },
  {
    method: 'POST',
    route: '/api/sv-registrations/print-to-building',
    note: 'a vendor and a building of tenant A; the building has no printer, so allowed callers get 409',
    request: async (f) => ({ body: { ids: [(await approved(f)).id], buildingId: f.world.north.northHighId } }),
    expect: { ...manageA, admin: 409, clientAdminA: 409 },
  },
  {
    method: 'GET',
    route: '/Badge/PrintSVRegistration/:id',
    request: async (f) => ({ url: `/Badge/PrintSVRegistration/${(await approved(f)).id}` }),
    // a browser window: signed out → redirected to sign in
    expect: { ...manageA, anonymous: 302 },
  },
  {
    method: 'GET',
    route: '/Badge/PrintSVRegistrations',
    request: async (f) => ({
      url: `/Badge/PrintSVRegistrations?ids=${(await approved(f)).id},${(await approved(f)).id}`,
    }),
    expect: { ...manageA, anonymous: 302 },
  },
  {
    method: 'GET',
    route: '/SVRegistration/Info/:id',
    request: async (f) => ({ url: `/SVRegistration/Info/${(await pending(f)).id}` }),
    expect: { ...readA, anonymous: 302 },
  },
  {
    method: 'GET',
    route: '/SVRegistration/Export',
    request: () => ({ url: '/SVRegistration/Export?status=0' }),
    expect: { ...manageOwn, anonymous: 302 },
  },
];
