import { ROLE } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { districtDomains, districtSso, ssoPending } from '../../db/schema/index';
import {
  type AuthzEntry,
  type AuthzFixture,
  districtAdminsOfA,
  everyone,
  type Expected,
  type Principal,
} from '../../test/authz/types';

/**
 * District sign-in (issue 30, ADR 0052): the settings are district administration (the platform
 * administrator and the district's own administrator; another district's is answered 404); domain
 * claims are verified by the platform administrator only; the sign-in routes are anonymous browser
 * navigations (redirects) and the lookup answers every caller.
 */
const platformOnly: Record<Principal, Expected> = { ...everyone(403), anonymous: 401, admin: 'ok' };
/** the same rows on district B's object: A's administrator is answered 404, B's is served */
const districtAdminsOfB: Record<Principal, Expected> = {
  ...districtAdminsOfA,
  clientAdminA: 404,
  clientAdminB: 'ok',
};
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function versionOf(f: AuthzFixture, clientId: number) {
  const [row] = await f.deps.db
    .select({ version: districtSso.version })
    .from(districtSso)
    .where(eq(districtSso.clientId, clientId));
  return row?.version ?? 1;
}

/** A settings save of one provider kind (a tenancy row per provider: issue 30 §4). */
const save = (kind: 'microsoft' | 'google' | 'oidc', district: 'north' | 'south') => async (f: AuthzFixture) => {
  const clientId = f.world[district].clientId;
  return {
    body: {
      clientId,
      slug: null,
      kind,
      issuer:
        kind === 'microsoft'
          ? '11111111-aaaa-4bbb-8ccc-000000000001'
          : kind === 'oidc'
            ? 'https://idp.example.org'
            : '',
      oidcClientId: `client-${kind}`,
      enabled: false,
      requireSso: false,
      breakGlassUserId: null,
      provisioning: 'link',
      defaultRoleId: null,
      defaultBuildingId: null,
      groupRules: [],
      domains: [],
      version: await versionOf(f, clientId),
    },
  };
};

/** A's configuration with a default role, so an approval can create the user. */
async function northDefaults(f: AuthzFixture) {
  await f.deps.db
    .insert(districtSso)
    .values({
      clientId: f.world.north.clientId,
      defaultRoleId: ROLE.Attendant,
      defaultBuildingId: f.world.north.northHighId,
    })
    .onConflictDoUpdate({
      target: districtSso.clientId,
      set: { defaultRoleId: ROLE.Attendant, defaultBuildingId: f.world.north.northHighId },
    });
}
async function pendingOfA(f: AuthzFixture) {
  const t = tag();
  const [row] = await f.deps.db
    .insert(ssoPending)
    .values({
      clientId: f.world.north.clientId,
      issuer: 'https://idp.example.org',
      subject: `sub-${t}`,
      email: `p${t}@north.example`,
    })
    .returning({ id: ssoPending.id });
  return row!.id;
}

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/sso/settings',
    request: (f) => ({ url: `/api/sso/settings?clientId=${f.world.north.clientId}` }),
    expect: districtAdminsOfA,
  },
  {
    method: 'GET',
    route: '/api/sso/settings',
    note: 'district B',
    request: (f) => ({ url: `/api/sso/settings?clientId=${f.world.south.clientId}` }),
    expect: districtAdminsOfB,
  },
  {
    method: 'PUT',
    route: '/api/sso/settings',
    note: 'generic OIDC provider of A',
    request: save('oidc', 'north'),
    expect: districtAdminsOfA,
  },
  {
    method: 'PUT',
    route: '/api/sso/settings',
    note: 'Microsoft Entra ID provider of A',
    request: save('microsoft', 'north'),
    expect: districtAdminsOfA,
  },
  {
    method: 'PUT',
    route: '/api/sso/settings',
    note: 'Google Workspace provider of A',
    request: save('google', 'north'),
    expect: districtAdminsOfA,
  },
  {
    method: 'PUT',
    route: '/api/sso/settings',
    note: 'generic OIDC provider of B',
    request: save('oidc', 'south'),
    expect: districtAdminsOfB,
  },
  {
    method: 'POST',
    route: '/api/sso/domains/:id/verify',
    request: async (f) => {
      const [row] = await f.deps.db
        .insert(districtDomains)
        .values({ clientId: f.world.north.clientId, domain: `d${tag()}.north.example` })
        .returning({ id: districtDomains.id });
      return { url: `/api/sso/domains/${row!.id}/verify` };
    },
    expect: platformOnly,
  },
  {
    method: 'POST',
    route: '/api/sso/scim-token',
    request: (f) => ({ body: { clientId: f.world.north.clientId } }),
    expect: districtAdminsOfA,
  },
  {
    method: 'POST',
    route: '/api/sso/scim-token',
    note: 'district B',
    request: (f) => ({ body: { clientId: f.world.south.clientId } }),
    expect: districtAdminsOfB,
  },
  {
    method: 'GET',
    route: '/api/sso/pending',
    request: (f) => ({ url: `/api/sso/pending?clientId=${f.world.north.clientId}` }),
    expect: districtAdminsOfA,
  },
  {
    method: 'POST',
    route: '/api/sso/pending/:id/approve',
    request: async (f) => {
      await northDefaults(f);
      return { url: `/api/sso/pending/${await pendingOfA(f)}/approve`, body: { clientId: f.world.north.clientId } };
    },
    expect: districtAdminsOfA,
  },
  {
    method: 'POST',
    route: '/api/sso/pending/:id/reject',
    request: async (f) => ({
      url: `/api/sso/pending/${await pendingOfA(f)}/reject`,
      body: { clientId: f.world.north.clientId },
    }),
    expect: districtAdminsOfA,
  },
  {
    method: 'GET',
    route: '/api/sso/test/start',
    request: (f) => ({ url: `/api/sso/test/start?clientId=${f.world.north.clientId}` }),
    expect: districtAdminsOfA,
  },
  {
    method: 'POST',
    route: '/api/auth/sso/discover',
    readOnly: true,
    request: () => ({ body: { email: 'someone@north.example' } }),
    expect: { ...everyone('ok'), anonymous: 'ok' },
  },
  {
    method: 'GET',
    route: '/api/auth/sso/districts/:district',
    note: 'no provider switched on: nobody learns more than "no district sign-in here"',
    request: (f) => ({ url: `/api/auth/sso/districts/${f.world.north.clientId}` }),
    expect: everyone(404),
  },
  {
    method: 'GET',
    route: '/api/auth/sso/:district/start',
    note: 'a browser navigation: always a redirect (to the provider, or back to sign-in)',
    request: (f) => ({ url: `/api/auth/sso/${f.world.north.clientId}/start` }),
    expect: everyone('ok'),
  },
  {
    method: 'GET',
    route: '/api/auth/sso/callback',
    note: 'without the browser-bound state: back to sign-in, no session',
    request: () => ({ url: '/api/auth/sso/callback?state=unknown&code=x' }),
    expect: everyone('ok'),
  },
];
