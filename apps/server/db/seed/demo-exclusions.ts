import { exclusions } from '../../src/db/schema/index';
import type { Db } from '../../src/platform/db/database';
import { withNameKeys } from '../../src/platform/db/identity-keys';

/**
 * A few demo exclusions (spec 000 §3) for the Manage Exclusions screen and the front-desk
 * exclusion check. Every person is fictitious with an obviously fake name.
 */
export async function seedDemoExclusions(
  db: Db,
  ids: { northId: number; northHighId: number; lincolnId: number; southId: number; southElemId: number },
) {
  // with their identity keys (issue 22): the seed runs after migrate's backfill
  const rows: (typeof exclusions.$inferInsert)[] = [
    {
      clientId: ids.northId,
      buildingId: null,
      isGlobal: true,
      firstname: 'Fakey',
      lastname: 'McFakerson',
      dob: '1979-03-14',
      exclusionType: 'Trespassed',
      reason: 'Trespass notice on file (demo)',
    },
    {
      clientId: ids.northId,
      buildingId: ids.northHighId,
      isGlobal: false,
      firstname: 'Testy',
      lastname: 'Demoperson',
      dob: '1985-11-02',
      exclusionType: 'ViolentOrThreateningBehavior',
      reason: '',
    },
    {
      clientId: ids.northId,
      buildingId: ids.lincolnId,
      isGlobal: false,
      firstname: 'Sample',
      lastname: 'Notreal',
      dob: '1970-01-01',
      exclusionType: 'Other',
      reason: 'Custody order: not to pick up students (demo)',
    },
    {
      clientId: ids.northId,
      buildingId: null,
      isGlobal: true,
      active: false,
      firstname: 'Former',
      lastname: 'Fictional',
      dob: '1990-07-04',
      exclusionType: 'TerminatedEmployee',
      reason: '',
    },
    {
      clientId: ids.southId,
      buildingId: null,
      isGlobal: true,
      firstname: 'Imaginary',
      lastname: 'Southperson',
      dob: '1982-09-09',
      exclusionType: 'RestrictedAccess',
      reason: '',
    },
  ];
  await db.insert(exclusions).values(rows.map(withNameKeys));
}
