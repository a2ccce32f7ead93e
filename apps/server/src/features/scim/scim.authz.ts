import { type AuthzEntry, everyone } from '../../test/authz/types';

/**
 * SCIM 2.0 (issue 30 §3): only the district's own bearer token opens these routes; a session of
 * any principal, even the platform administrator's, is answered 401 (scim.test.ts covers the
 * tokens, including another district's).
 */
const routes: [AuthzEntry['method'], string, string][] = [
  ['GET', '/scim/v2/:district/Users', '/Users'],
  ['POST', '/scim/v2/:district/Users', '/Users'],
  ['GET', '/scim/v2/:district/Users/:id', '/Users/1'],
  ['PUT', '/scim/v2/:district/Users/:id', '/Users/1'],
  ['PATCH', '/scim/v2/:district/Users/:id', '/Users/1'],
  ['DELETE', '/scim/v2/:district/Users/:id', '/Users/1'],
  ['GET', '/scim/v2/:district/Groups', '/Groups'],
  ['POST', '/scim/v2/:district/Groups', '/Groups'],
  ['GET', '/scim/v2/:district/Groups/:id', '/Groups/1'],
  ['PUT', '/scim/v2/:district/Groups/:id', '/Groups/1'],
  ['PATCH', '/scim/v2/:district/Groups/:id', '/Groups/1'],
  ['DELETE', '/scim/v2/:district/Groups/:id', '/Groups/1'],
];

export const authz: AuthzEntry[] = routes.map(([method, route, path]) => ({
  method,
  route,
  request: (f) => ({
    url: `/scim/v2/${f.world.north.clientId}${path}`,
    ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { body: { schemas: [] } } : {}),
  }),
  expect: everyone(401),
}));
