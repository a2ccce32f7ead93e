import { badges, deniedEntries, preRegistrations, visitReasons, visitors, visits } from '../../db/schema/index';
import type { SeedTenantB } from '../../test/authz/canary';
import { withNameKeys } from '../../platform/db/identity-keys';

/**
 * Front-desk rows of tenant B (South Valley) for the canary test: a visitor with an open and a
 * closed visit, a badge, a denial, a pre-registration and a reason. The canary seeder then
 * overwrites their text columns with CANARY-B strings.
 */
export const seedTenantB: SeedTenantB = async ({ world, deps }) => {
  const { clientId, southElemId: buildingId } = world.south;
  const [visitor] = await deps.db
    .insert(visitors)
    .values(
      withNameKeys({
        clientId,
        buildingId,
        firstname: 'South',
        lastname: 'Visitor',
        dob: '1975-05-05',
        searchName: 'south visitor',
        currentDriversLicenseNumber: 'S000111',
      }),
    )
    .returning();
  const [reason] = await deps.db
    .insert(visitReasons)
    .values({ clientId, kind: 'visitor', label: 'South reason' })
    .returning();
  const [badge] = await deps.db
    .insert(badges)
    .values({ clientId, buildingId, visitorId: visitor.id, code: 'SOUTHBADGE01', personVisiting: 'South teacher' })
    .returning();
  await deps.db.insert(visits).values({
    clientId,
    buildingId,
    visitorId: visitor.id,
    badgeId: badge.id,
    visitReasonId: reason.id,
    reason: 'South reason',
    personVisiting: 'South teacher',
  });
  const [other] = await deps.db
    .insert(visitors)
    .values(withNameKeys({ clientId, firstname: 'Past', lastname: 'Visitor', searchName: 'past visitor' }))
    .returning();
  await deps.db
    .insert(visits)
    .values({ clientId, buildingId, visitorId: other.id, checkOut: new Date(), reason: 'Past reason' });
  await deps.db.insert(deniedEntries).values({ clientId, buildingId, visitorId: other.id, exclusionCount: 1 });
  await deps.db.insert(preRegistrations).values({
    clientId,
    buildingId,
    firstname: 'Scheduled',
    lastname: 'South',
    visitDate: '2026-11-23',
    visiting: 'South office',
    status: 'pending',
    bgResults: false,
  });
};
