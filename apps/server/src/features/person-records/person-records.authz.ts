import { visitors } from '../../db/schema/index';
import { type AuthzEntry, type AuthzFixture, districtAdminsOfA } from '../../test/authz/types';

/**
 * A person's records (issue 26 §3): the platform administrator and district administrators; a
 * visitor of district A, so B's administrator is answered 404.
 */
const admins = districtAdminsOfA;

const visitorOfA = async (f: AuthzFixture) => {
  const [v] = await f.deps.db
    .insert(visitors)
    .values({ clientId: f.world.north.clientId, firstname: 'Requesting', lastname: 'Person' })
    .returning({ id: visitors.id });
  return v!.id;
};

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/person-records/:id',
    request: async (f) => ({ url: `/api/person-records/${await visitorOfA(f)}?clientId=${f.world.north.clientId}` }),
    expect: admins,
  },
  {
    method: 'GET',
    route: '/api/person-records/:id/archive.zip',
    request: async (f) => ({
      url: `/api/person-records/${await visitorOfA(f)}/archive.zip?clientId=${f.world.north.clientId}`,
    }),
    expect: admins,
  },
  {
    method: 'POST',
    route: '/api/person-records/:id/erase',
    request: async (f) => ({
      url: `/api/person-records/${await visitorOfA(f)}/erase`,
      body: { clientId: f.world.north.clientId, confirm: 'ERASE' },
    }),
    expect: admins,
  },
];
