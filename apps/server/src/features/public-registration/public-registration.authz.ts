import { like } from 'drizzle-orm';
import { createRegistrationType } from '../../../db/seed/factories';
import { authThrottle } from '../../db/schema/index';
import { type AuthzEntry, type AuthzFixture, everyone } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

/**
 * The public registration form (issue 11) is anonymous by design: every principal, signed in or
 * not, gets the form of an active type of tenant A and may submit it. Its tenancy is the address
 * (client id + URL code), tested in public-registration.test.ts. Every row makes its own type and
 * starts from fresh per-address counters (all matrix requests come from one address).
 */
async function formOfA(f: AuthzFixture) {
  await f.deps.db.delete(authThrottle).where(like(authThrottle.key, 'pubreg:%'));
  const type = await createRegistrationType(f.deps.db, f.world.north.clientId);
  return `/api/public/registration-forms/${type.clientId}/${type.code}`;
}

export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/public/registration-forms/:clientId/:code',
    note: 'an active type of tenant A',
    request: async (f) => ({ url: await formOfA(f) }),
    expect: everyone('ok'),
  },
  {
    method: 'POST',
    route: '/api/public/registration-forms/:clientId/:code/submissions',
    note: 'an active type of tenant A',
    request: async (f) => ({
      headers: idempotencyKeyHeader(),
      url: `${await formOfA(f)}/submissions`,
      body: {
        firstname: 'Authz',
        lastname: 'Applicant',
        dob: '1980-04-02',
        street1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipcode: '62701',
        email: 'authz.applicant@example.test',
        phone: '5555550100',
        signature: { kind: 'typed', value: 'Authz Applicant' },
        agreed: true,
      },
    }),
    expect: everyone('ok'),
  },
];
