import { ROLE } from '@sv/contracts';
import { sql } from 'drizzle-orm';
import { clients, drillRequirements, visitReasons } from '../../src/db/schema/index';
import type { Db } from '../../src/platform/db/database';
import { seedDemoExclusions } from './demo-exclusions';
import { seedDemoRegistrations, seedDemoVendors } from './demo-registrations';
import { seedDemoRegistry } from './demo-registry';
import { seedDemoStudents } from './demo-students';
import { createBuilding, createClient, createContact, createUser, ensureStates } from './factories';

export const DEMO_PASSWORD = 'demo-Visitor-2026';

/** The demo logins (issue 2 §2), listed in the README and printed at start. */
export const DEMO_LOGINS = [
  { email: 'admin@demo.test', description: 'Admin (role 1)' },
  { email: 'admin.north@demo.test', description: 'Client Admin, North County Schools' },
  { email: 'desk.northhigh@demo.test', description: 'Attendant, North High School' },
  { email: 'desk.lincoln@demo.test', description: 'Attendant, Lincoln Elementary' },
  { email: 'kiosk.northhigh@demo.test', description: 'Kiosk, North High School' },
  { email: 'admin.south@demo.test', description: 'Client Admin, South Valley District' },
  { email: 'desk.southelem@demo.test', description: 'Attendant, South Valley Elementary' },
] as const;

export interface DemoWorld {
  north: { clientId: number; northHighId: number; lincolnId: number };
  south: { clientId: number; southElemId: number };
  users: Record<(typeof DEMO_LOGINS)[number]['email'], number>;
}

/** Two districts so tenancy can be seen and tested (issue 2 §2). Used by the seed and the tests. */
export async function seedDemo(db: Db): Promise<DemoWorld> {
  await ensureStates(db);
  const north = await createClient(db, {
    name: 'North County Schools',
    street1: '100 Administration Way',
    city: 'Northfield',
    state: 'IL',
    zipcode: '60093',
    note: 'Demo district',
    isDemo: true,
    // seed 000 background settings: the demo districts screen visitors against the registry
    settings: { backgroundCheck: true },
    // issue 23 §2: a demo district's background checks use the demo provider (labelled everywhere)
    backgroundSettings: { provider: 'demo' },
  });
  const south = await createClient(db, {
    name: 'South Valley District',
    street1: '9 Valley Road',
    city: 'Carbondale',
    state: 'IL',
    zipcode: '62901',
    note: 'Demo district',
    isDemo: true,
    settings: { backgroundCheck: true },
    backgroundSettings: { provider: 'demo' },
  });
  const northHigh = await createBuilding(db, north.id, {
    name: 'North High School',
    street1: '2300 Shermer Rd',
    city: 'Northbrook',
    state: 'IL',
    zipcode: '60062',
    timeZone: 'America/Chicago',
    studentIdLabel: 'Student ID',
    // spec 000 Building latitude/longitude/radius (metres): the nearby visitors' area (ADR 0017)
    latitude: 42.1448,
    longitude: -87.8327,
    radius: 250,
  });
  const lincoln = await createBuilding(db, north.id, {
    name: 'Lincoln Elementary',
    street1: '410 Lincoln Ave',
    city: 'Northfield',
    state: 'IL',
    zipcode: '60093',
    timeZone: 'America/Chicago',
  });
  const southElem = await createBuilding(db, south.id, {
    name: 'South Valley Elementary',
    street1: '77 Orchard Ln',
    city: 'Carbondale',
    state: 'IL',
    zipcode: '62901',
    timeZone: 'America/Chicago',
  });
  const u = async (
    email: string,
    name: string,
    roleId: 1 | 2 | 3 | 4,
    clientId: number | null,
    buildingId: number | null,
  ) => (await createUser(db, { email, name, roleId, clientId, buildingId, password: DEMO_PASSWORD })).id;
  const users = {
    'admin@demo.test': await u('admin@demo.test', 'Alex Admin', ROLE.Admin, null, null),
    'admin.north@demo.test': await u('admin.north@demo.test', 'Nora North', ROLE.ClientAdmin, north.id, null),
    'desk.northhigh@demo.test': await u(
      'desk.northhigh@demo.test',
      'Hank Desk',
      ROLE.Attendant,
      north.id,
      northHigh.id,
    ),
    'desk.lincoln@demo.test': await u('desk.lincoln@demo.test', 'Lina Desk', ROLE.Attendant, north.id, lincoln.id),
    'kiosk.northhigh@demo.test': await u(
      'kiosk.northhigh@demo.test',
      'North High Kiosk',
      ROLE.Kiosk,
      north.id,
      northHigh.id,
    ),
    'admin.south@demo.test': await u('admin.south@demo.test', 'Sam South', ROLE.ClientAdmin, south.id, null),
    'desk.southelem@demo.test': await u('desk.southelem@demo.test', 'Sol Desk', ROLE.Attendant, south.id, southElem.id),
  };
  await createContact(db, north.id, {
    name: 'North County Security Office',
    email: 'security@northcounty.demo.test',
    mobile: '5555550100',
    contactType: 'Global',
    confidenceLevelNotification: '1,2,3,4,5,6',
    confidenceLevelBadge: '2,3,5,6',
  });
  await createContact(db, north.id, {
    name: 'North High Front Office',
    email: 'office@northhigh.demo.test',
    mobile: '5555550101',
    contactType: 'Building',
    buildingId: northHigh.id,
    confidenceLevelNotification: '2,3,5,6',
  });
  await createContact(db, south.id, {
    name: 'South Valley Safety Desk',
    email: 'safety@southvalley.demo.test',
    mobile: '5555550200',
    contactType: 'Global',
    confidenceLevelNotification: '1,2,3,4,5,6',
  });
  await seedDemoExclusions(db, {
    northId: north.id,
    northHighId: northHigh.id,
    lincolnId: lincoln.id,
    southId: south.id,
    southElemId: southElem.id,
  });
  await seedDemoRegistry(db);
  await seedDemoRegistrations(db, { northId: north.id, northHighId: northHigh.id, southId: south.id });
  await seedDemoVendors(db, { northId: north.id, southId: south.id });
  // Reasons offered at check-in (spec 002 §7 GetVisitorReasons / GetVolunteerReasons)
  const reasons = (clientId: number) => [
    ...[
      'Parent / guardian meeting',
      'Scheduled appointment',
      'Delivery',
      'Contractor / maintenance',
      'Guest speaker',
    ].map((label, i) => ({ clientId, kind: 'visitor', label, sortOrder: i })),
    ...['Classroom helper', 'Field trip chaperone', 'Library volunteer', 'Lunch / recess aide'].map((label, i) => ({
      clientId,
      kind: 'volunteer',
      label,
      sortOrder: i,
    })),
  ];
  await db.insert(visitReasons).values([...reasons(north.id), ...reasons(south.id)]);
  // issue 27 §4: the drills North County's state requires each school year (a typical state law);
  // South Valley has set none, so its report says "None required"
  await db.insert(drillRequirements).values(
    (
      [
        ['Lockdown', 2],
        ['Secure', 1],
        ['Shelter', 2],
        ['Evacuate', 4],
      ] as const
    ).map(([kind, requiredCount]) => ({ clientId: north.id, kind, requiredCount })),
  );
  // students, guardians, pickup authorisations and student reasons (issue 12)
  await seedDemoStudents(db, [
    { clientId: north.id, name: north.name },
    { clientId: south.id, name: south.name },
  ]);
  return {
    north: { clientId: north.id, northHighId: northHigh.id, lincolnId: lincoln.id },
    south: { clientId: south.id, southElemId: southElem.id },
    users,
  };
}

/** First start only: seeds when there are no clients yet. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(clients);
  if (n > 0) return false;
  await seedDemo(db);
  return true;
}
