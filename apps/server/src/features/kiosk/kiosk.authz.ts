import { eq } from 'drizzle-orm';
import { preRegistrations, students, visitors } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { addDropoff, demoReason, demoStudent } from '../students/students.fixtures';
import { withNameKeys } from '../../platform/db/identity-keys';

/** Kiosk routes (issue 14): kiosk accounts only ('kiosk.use'), on their own building. */
const kioskOnly: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 403,
  clientAdminA: 403,
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 'ok',
  clientAdminB: 403,
  attendantB: 403,
  adminAsAttendantA1: 403,
};

const VALID_PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973000003e8000003e801b57b526b0000000c49444154089963f8ffff3f0005fe02fe58f26b0e0000000049454e44ae426082',
  'hex',
);

const key = () => ({ 'idempotency-key': `authz-${Math.random().toString(36).slice(2, 14)}` });

/** A kiosk sign-in card of building 1 that needs the desk's decision (auto-validate answers 'see_office'). */
async function kioskCard({ world, deps }: AuthzFixture) {
  const [row] = await deps.db
    .insert(preRegistrations)
    .values({
      clientId: world.north.clientId,
      buildingId: world.north.northHighId,
      firstname: 'Matrix',
      lastname: 'Kiosk',
      visitDate: '2026-11-24',
      status: 'pending',
      bgResults: false,
      issues: {
        summary: [],
        findings: [],
        kiosk: { screeningId: '00000000-0000-4000-8000-000000000000', registrationId: null, outcome: 'issues' },
      },
    })
    .returning();
  return row.id;
}

async function visitorOfA({ world, deps }: AuthzFixture) {
  const [v] = await deps.db
    .insert(visitors)
    .values(
      withNameKeys({ clientId: world.north.clientId, firstname: 'Matrix', lastname: 'Kioskperson', dob: '1980-01-01' }),
    )
    .returning();
  return v.id;
}

/** A demo student of North High, by student ID and last name. */
async function studentOfA({ world, deps }: AuthzFixture) {
  const s = await demoStudent(deps.db, world.north.clientId, 'stu-n1');
  const [row] = await deps.db.select().from(students).where(eq(students.id, s.id));
  return { id: s.id, studentId: row.identifier, lastName: row.lastname };
}

const multipartPhoto = () => {
  const boundary = 'AUTHZBOUNDARY';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    VALID_PNG_1x1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/kiosk/config', expect: kioskOnly },
  {
    method: 'POST',
    route: '/api/kiosk/lookup',
    readOnly: true,
    request: () => ({ body: { person: { firstName: 'Matrix', lastName: 'Nobody', dob: '1980-01-01' } } }),
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/hosts/search',
    readOnly: true,
    request: () => ({ body: { q: 'host' } }),
    expect: kioskOnly,
  },
  { method: 'POST', route: '/api/kiosk/photos', request: multipartPhoto, expect: kioskOnly },
  {
    method: 'POST',
    route: '/api/kiosk/sign-ins',
    request: async (f) => ({
      body: { visitorId: await visitorOfA(f), photoFileId: await insertPhoto(f.deps.db, f.world.north.clientId) },
      headers: key(),
    }),
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/sign-ins/:id/auto-validate',
    request: async (f) => ({ url: `/api/kiosk/sign-ins/${await kioskCard(f)}/auto-validate`, body: {} }),
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/check-outs',
    request: () => ({ body: { raw: 'NOSUCHBADGE1' }, headers: key() }),
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/problems',
    request: () => ({ body: { kind: 'health' }, headers: key() }),
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/students/validate',
    readOnly: true,
    request: async (f) => {
      const { studentId, lastName } = await studentOfA(f);
      return { body: { studentId, lastName, action: 'dropoff' } };
    },
    expect: kioskOnly,
  },
  { method: 'POST', route: '/api/kiosk/students/photos', request: multipartPhoto, expect: kioskOnly },
  {
    method: 'POST',
    route: '/api/kiosk/students/dropoffs',
    request: async (f) => {
      const { studentId, lastName } = await studentOfA(f);
      const reason = await demoReason(f.deps.db, f.world.north.clientId, 'dropoff');
      return {
        body: {
          studentId,
          lastName,
          reasonId: reason.id,
          photoFileId: await insertPhoto(f.deps.db, f.world.north.clientId),
        },
        headers: key(),
      };
    },
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/students/pickups',
    // someone not listed for the student (issue 22): sent to the office with a card (200 'see_office') — every other principal is refused first
    request: async (f) => {
      const { studentId, lastName } = await studentOfA(f);
      const reason = await demoReason(f.deps.db, f.world.north.clientId, 'pickup');
      return {
        body: {
          studentId,
          lastName,
          guardian: { firstName: 'Matrix', lastName: 'Stranger', dob: '1980-01-01' },
          reasonId: reason.id,
          photoFileId: '00000000-0000-4000-8000-000000000000',
        },
        headers: key(),
      };
    },
    expect: kioskOnly,
  },
  {
    method: 'POST',
    route: '/api/kiosk/students/pickups/code',
    // a code nobody was sent: 404 for the kiosk; every other principal is refused first
    request: async () => ({
      body: { verificationId: '00000000-0000-4000-8000-000000000000', code: '123456' },
      headers: key(),
    }),
    expect: { ...kioskOnly, kioskA: 404 },
  },
  {
    method: 'GET',
    route: '/api/kiosk/students/dropoffs/:eventId/tardy-slip.pdf',
    request: async (f) => {
      const s = await studentOfA(f);
      const reason = await demoReason(f.deps.db, f.world.north.clientId, 'dropoff');
      const eventId = await addDropoff(f.deps.db, {
        clientId: f.world.north.clientId,
        buildingId: f.world.north.northHighId,
        studentId: s.id,
        reasonId: reason.id,
      });
      return { url: `/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf` };
    },
    expect: kioskOnly,
  },
  {
    method: 'GET',
    route: '/api/kiosk/students/dropoffs/:eventId/tardy-slip.zpl',
    request: async (f) => {
      const s = await studentOfA(f);
      const reason = await demoReason(f.deps.db, f.world.north.clientId, 'dropoff');
      const eventId = await addDropoff(f.deps.db, {
        clientId: f.world.north.clientId,
        buildingId: f.world.north.northHighId,
        studentId: s.id,
        reasonId: reason.id,
      });
      return { url: `/api/kiosk/students/dropoffs/${eventId}/tardy-slip.zpl` };
    },
    expect: kioskOnly,
  },
  {
    method: 'GET',
    route: '/KioskPrint/TardySlip/:eventId',
    request: async (f) => {
      const s = await studentOfA(f);
      const reason = await demoReason(f.deps.db, f.world.north.clientId, 'dropoff');
      const eventId = await addDropoff(f.deps.db, {
        clientId: f.world.north.clientId,
        buildingId: f.world.north.northHighId,
        studentId: s.id,
        reasonId: reason.id,
      });
      return { url: `/KioskPrint/TardySlip/${eventId}` };
    },
    // a browser window: signed out → redirected to sign in
    expect: { ...kioskOnly, anonymous: 302 },
  },
];
