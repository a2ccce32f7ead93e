import { randomBytes } from 'node:crypto';
import { createRegistrationType } from '../../../db/seed/factories';
import { registrations, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { insertVisitor } from '../screening/screening.fixtures';
import { randomNameTag } from '../../test/names';

/** An approved registration checked in at a building (an open visit naming it), written directly. */
export async function insertRegisteredVisit(db: Db, clientId: number, buildingId: number) {
  const person = { firstname: 'Regina', lastname: `Volunteer${randomNameTag(6)}`, dob: '1981-02-03' };
  const visitorId = await insertVisitor(db, { clientId, ...person });
  const type = await createRegistrationType(db, clientId);
  const [reg] = await db
    .insert(registrations)
    .values({
      clientId,
      registrationTypeId: type.id,
      visitorId,
      ...person,
      approved: true,
      badgeCode: randomBytes(8).toString('hex').toUpperCase(),
    })
    .returning({ id: registrations.id });
  const [visit] = await db
    .insert(visits)
    .values({ clientId, buildingId, visitorId, visitorType: 'volunteer', registrationId: reg.id })
    .returning({ id: visits.id });
  return { registrationId: reg.id, visitId: visit.id, visitorId };
}
