import { apiKeys } from '../../db/schema/index';
import { sha256 } from '../../platform/auth/tokens';
import {
  type AuthzEntry,
  type AuthzFixture,
  districtAdminsOfA,
  type Expected,
  type Principal,
} from '../../test/authz/types';

/**
 * API keys (issue 28 §5): district administrators only (the platform administrator belongs to no
 * district: 403); B's administrator lists and creates in B, and cannot revoke A's key (404).
 */
const ownDistrict: Record<Principal, Expected> = { ...districtAdminsOfA, admin: 403, clientAdminB: 'ok' };
const ofA: Record<Principal, Expected> = { ...districtAdminsOfA, admin: 403 };

export const keyOfA = async (f: AuthzFixture) => {
  const [k] = await f.deps.db
    .insert(apiKeys)
    .values({
      clientId: f.world.north.clientId,
      name: 'Authz key',
      prefix: 'sv_authz',
      keyHash: sha256(`sv_authz-${crypto.randomUUID()}`),
      createdBy: f.world.users['admin.north@demo.test'],
    })
    .returning({ id: apiKeys.id });
  return k!.id;
};

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/api-keys', expect: ownDistrict },
  {
    method: 'POST',
    route: '/api/api-keys',
    request: () => ({ body: { name: 'Matrix key', readOnly: true } }),
    expect: ownDistrict,
  },
  {
    method: 'POST',
    route: '/api/api-keys/:id/revoke',
    request: async (f) => ({ url: `/api/api-keys/${await keyOfA(f)}/revoke` }),
    expect: ofA,
  },
];
