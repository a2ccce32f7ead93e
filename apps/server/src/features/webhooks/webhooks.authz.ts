import { webhookSubscriptions } from '../../db/schema/index';
import { createSecretBox } from '../../platform/crypto/secret-box';
import {
  type AuthzEntry,
  type AuthzFixture,
  districtAdminsOfA,
  type Expected,
  type Principal,
} from '../../test/authz/types';
import { webhookSecretContext } from './webhooks.delivery';

/**
 * Webhooks (issue 28 §5): district administrators only (the platform administrator: 403); B's
 * administrator lists and adds in B, and reaches none of A's subscriptions (404).
 */
const ownDistrict: Record<Principal, Expected> = { ...districtAdminsOfA, admin: 403, clientAdminB: 'ok' };
const ofA: Record<Principal, Expected> = { ...districtAdminsOfA, admin: 403 };

/** a subscription of A, turned off (nothing is sent anywhere by the matrix) */
export const webhookOfA = async (f: AuthzFixture) => {
  const clientId = f.world.north.clientId;
  const [w] = await f.deps.db
    .insert(webhookSubscriptions)
    .values({
      clientId,
      url: 'http://127.0.0.1:9/authz',
      events: ['visit.checked_in'],
      active: false,
      secret: createSecretBox(f.deps.config.APP_SECRET).seal('whsec_authz', webhookSecretContext(clientId)),
      createdBy: f.world.users['admin.north@demo.test'],
    })
    .returning({ id: webhookSubscriptions.id });
  return w!.id;
};

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/webhooks', expect: ownDistrict },
  {
    method: 'POST',
    route: '/api/webhooks',
    request: () => ({
      body: { url: 'http://127.0.0.1:9/matrix', events: ['visit.checked_in'], active: false },
    }),
    expect: ownDistrict,
  },
  {
    method: 'PUT',
    route: '/api/webhooks/:id',
    request: async (f) => ({
      url: `/api/webhooks/${await webhookOfA(f)}`,
      body: { url: 'http://127.0.0.1:9/changed', events: ['visit.checked_out'], active: false, version: 1 },
    }),
    expect: ofA,
  },
  {
    method: 'POST',
    route: '/api/webhooks/:id/test',
    request: async (f) => ({ url: `/api/webhooks/${await webhookOfA(f)}/test` }),
    expect: ofA,
  },
  {
    method: 'GET',
    route: '/api/webhooks/:id/deliveries',
    request: async (f) => ({ url: `/api/webhooks/${await webhookOfA(f)}/deliveries` }),
    expect: ofA,
  },
];
