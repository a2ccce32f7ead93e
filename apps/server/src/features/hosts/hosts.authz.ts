import { type AuthzEntry, districtAdminsOfA, idempotencyKeyHeader } from '../../test/authz/types';

/** Hosts (issue 28 §1): read by the desk (the autocomplete), managed by district administrators. */
export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/hosts/search',
    readOnly: true,
    request: () => ({ body: { q: 'a' } }),
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
    note: 'scoped list searched',
  },
  {
    method: 'POST',
    route: '/api/hosts',
    note: 'a district-wide host of tenant A',
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: { clientId: world.north.clientId, name: 'Matrix Host', email: 'matrix.host@example.test' },
    }),
    expect: districtAdminsOfA,
  },
  {
    method: 'POST',
    route: '/api/hosts/sync-users',
    note: "tenant A's users",
    request: ({ world }) => ({ body: { clientId: world.north.clientId } }),
    expect: districtAdminsOfA,
  },
  {
    method: 'PUT',
    route: '/api/hosts/webhooks',
    note: "tenant A's Slack URL",
    request: ({ world }) => ({
      body: { clientId: world.north.clientId, slackUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' },
    }),
    expect: districtAdminsOfA,
  },
];
