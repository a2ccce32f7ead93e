import { type AuthzEntry, districtAdminsOfA, everyone } from '../../test/authz/types';

/**
 * A district's wording (issue 29 §1): its administrators and the platform administrator change it;
 * each request names district A, so B's administrator is answered 404. The kiosk and the public
 * forms read it without signing in.
 */
export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/public/visitor-wording/:clientId/:language',
    note: 'the visitor-facing text of tenant A: public by design',
    request: (f) => ({ url: `/api/public/visitor-wording/${f.world.north.clientId}/es` }),
    expect: everyone('ok'),
  },
  {
    method: 'GET',
    route: '/api/visitor-wording',
    request: (f) => ({ url: `/api/visitor-wording?clientId=${f.world.north.clientId}&language=es` }),
    expect: districtAdminsOfA,
  },
  {
    method: 'PUT',
    route: '/api/visitor-wording',
    request: (f) => ({
      body: {
        clientId: f.world.north.clientId,
        language: 'es',
        changes: [{ key: 'kiosk.welcome', text: '', version: 0 }],
      },
    }),
    expect: districtAdminsOfA,
  },
];
