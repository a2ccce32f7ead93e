import { legalHolds, visitors } from '../../db/schema/index';
import { type AuthzEntry, type AuthzFixture, districtAdminsOfA, idempotencyKeyHeader } from '../../test/authz/types';

/**
 * Retention (issue 26 §2): the platform administrator and district administrators; each request
 * names district A, so B's administrator is answered 404 (not their district).
 */
const admins = districtAdminsOfA;

const visitorOfA = async (f: AuthzFixture) => {
  const [v] = await f.deps.db
    .insert(visitors)
    .values({ clientId: f.world.north.clientId, firstname: 'Held', lastname: `Person${Date.now() % 100000}` })
    .returning({ id: visitors.id });
  return v!.id;
};

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/retention/settings',
    request: (f) => ({ url: `/api/retention/settings?clientId=${f.world.north.clientId}` }),
    expect: admins,
  },
  {
    method: 'PUT',
    route: '/api/retention/settings',
    request: (f) => ({
      body: { clientId: f.world.north.clientId, rules: [{ category: 'outboundMessages', days: 400 }] },
    }),
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/retention/preview',
    request: (f) => ({ url: `/api/retention/preview?clientId=${f.world.north.clientId}` }),
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/retention/holds',
    request: (f) => ({ url: `/api/retention/holds?clientId=${f.world.north.clientId}` }),
    expect: admins,
  },
  {
    method: 'POST',
    route: '/api/retention/holds',
    request: async (f) => ({
      headers: idempotencyKeyHeader(),
      body: {
        clientId: f.world.north.clientId,
        subjectType: 'visitor',
        subjectId: await visitorOfA(f),
        reason: 'Case 26-114',
      },
    }),
    expect: admins,
  },
  {
    method: 'POST',
    route: '/api/retention/hold-subjects/search',
    readOnly: true,
    request: (f) => ({ body: { clientId: f.world.north.clientId, subjectType: 'visitor', q: 'an' } }),
    expect: admins,
  },
  {
    method: 'POST',
    route: '/api/retention/holds/:id/release',
    request: async (f) => {
      const [hold] = await f.deps.db
        .insert(legalHolds)
        .values({
          clientId: f.world.north.clientId,
          subjectType: 'visitor',
          subjectId: await visitorOfA(f),
          reason: 'Case 26-115',
        })
        .returning({ id: legalHolds.id });
      return { url: `/api/retention/holds/${hold!.id}/release`, body: { clientId: f.world.north.clientId } };
    },
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/retention/runs',
    request: (f) => ({ url: `/api/retention/runs?clientId=${f.world.north.clientId}` }),
    expect: admins,
  },
  {
    method: 'POST',
    route: '/api/retention/runs',
    request: (f) => ({ headers: idempotencyKeyHeader(), body: { clientId: f.world.north.clientId } }),
    expect: admins,
  },
];
