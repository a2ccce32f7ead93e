import type { AuthzEntry, Expected, Principal } from '../../test/authz/types';

/** The audit console (issue 26 §1): the platform administrator and district administrators only. */
const admins: Record<Principal, Expected> = {
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

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/audit', expect: admins },
  { method: 'GET', route: '/api/audit/facets', expect: admins },
  {
    method: 'POST',
    route: '/api/audit/search',
    readOnly: true,
    request: () => ({ body: { q: 'exclusion' } }),
    expect: admins,
    note: 'the console searched by free text (words in the body)',
  },
  {
    // the export kind 'audit' of the one export route, with tenant A's district: B's administrator is refused
    method: 'GET',
    route: '/api/exports/:kind',
    request: ({ world }) => ({ url: `/api/exports/audit?format=csv&clientId=${world.north.clientId}` }),
    expect: { ...admins, clientAdminB: 404 },
  },
];
