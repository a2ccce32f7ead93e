import { clearedMatches } from '../../db/schema/index';
import type { SeedTenantB } from '../../test/authz/canary';
import { insertExclusion, insertVisitor } from './screening.fixtures';

/** Tenant-B rows of the screening tables (a visitor with a cleared potential match), for the canary test. */
export const seedTenantB: SeedTenantB = async ({ deps, world }) => {
  const clientId = world.south.clientId;
  const visitorId = await insertVisitor(deps.db, {
    clientId,
    firstname: 'Matrix',
    lastname: 'Screenee',
    dob: '1979-09-09',
  });
  const exclusionId = await insertExclusion(deps.db, {
    clientId,
    firstname: 'Matrix',
    lastname: 'Screenee',
    dob: '1970-01-01',
  });
  await deps.db.insert(clearedMatches).values([
    { clientId, visitorId, source: 'exclusion', matchRef: String(exclusionId), note: 'tenant B note' },
    { clientId, visitorId, source: 'registry', matchRef: 'DEMO:PLANTED-AAMVA-1', note: 'tenant B note' },
  ]);
};
