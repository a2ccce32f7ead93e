import { MESSAGES, ROLE } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createUser } from '../../../db/seed/factories';
import { clients, students, sisWritebacks, studentReasons } from '../../db/schema/index';
import { startFakeSis, type FakeSis } from '../../test/peers/fake-sis';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { processWritebacks, WRITEBACK_MAX_ATTEMPTS } from './sis-writeback';
import { demoStudent } from './students.fixtures';

/**
 * The SIS variant (spec 002 §2 /student/pickupSIS, §8 SIS messages) and the write-back queue
 * against a OneRoster server (the fake peer), for a district configured with it.
 */
let t: TestApp;
let sis: FakeSis;
let admin: Session;
let desk: Session;
let clientId: number;
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp();
  sis = await startFakeSis();
  admin = await t.login('admin@demo.test');
  clientId = (await t.as(admin).post('/api/clients', { name: 'Fictional Unified District' })).json().id;
  buildingId = (await createBuilding(t.deps.db, clientId, { name: 'North High School' })).id;
  await createUser(t.deps.db, {
    email: 'desk.fud@test.example',
    name: 'Fud Desk',
    roleId: 3,
    clientId,
    buildingId,
    password: 'demo-Visitor-2026',
  });
  desk = await t.login('desk.fud@test.example');
  await t.as(admin).edit('PATCH', `/api/clients/${clientId}/settings`, {
    sisBaseUrl: sis.url,
    sisClientId: sis.clientId,
    sisClientSecret: sis.clientSecret,
  });
  await t.deps.db.insert(studentReasons).values({ clientId, kind: 'dropoff', name: 'Doctor', isExcused: true });
});
afterAll(() => sis.close());

describe('on-demand roster sync and its status', () => {
  it('an administrator runs the sync and reads its status', async () => {
    const res = await t.as(admin).post('/api/students/sync', { clientId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clientId, status: 'idle', studentsSynced: 2, message: null });
    expect((await t.as(desk).post('/api/students/sync', {})).statusCode).toBe(403);
  });
});

describe('SIS guardian list (spec 002 §7 GuardianListSIS, §8)', () => {
  it('reads the guardians from the SIS now; an outage is the Skyward message', async () => {
    const avery = await demoStudent(t.deps.db, clientId, 'stu-1001');
    sis.requests.length = 0;
    const res = await t.as(desk).get(`/api/students/${avery.id}/guardians?mode=sis`);
    expect(res.statusCode).toBe(200);
    expect(res.json().guardians.map((g: { name: string; canPickup: boolean }) => [g.name, g.canPickup])).toEqual([
      ['Jordan Testwood', false],
      ['Riley Okafor-Example', false],
    ]);
    expect(sis.requests.some((r) => r.path.endsWith('/students/stu-1001'))).toBe(true);
    sis.setDown(true);
    try {
      const down = await t.as(desk).get(`/api/students/${avery.id}/guardians?mode=sis`);
      expect(down.statusCode).toBe(424);
      expect(down.json().message).toBe(MESSAGES.skywardFailed);
      // the general mode reads the district's copy and still answers
      expect((await t.as(desk).get(`/api/students/${avery.id}/guardians`)).statusCode).toBe(200);
    } finally {
      sis.setDown(false);
    }
  });

  it('a student the SIS no longer has is the guardians message', async () => {
    const avery = await demoStudent(t.deps.db, clientId, 'stu-1001');
    const saved = sis.users;
    sis.users = saved.filter((u) => u.sourcedId !== 'stu-1001');
    try {
      const res = await t.as(desk).get(`/api/students/${avery.id}/guardians?mode=sis`);
      expect(res.statusCode).toBe(424);
      expect(res.json().message).toBe(MESSAGES.guardiansSisError);
    } finally {
      sis.users = saved;
    }
  });
});

describe('the kiosk’s SIS settings decide what STUDENT PICKUP is (issue 25, audit 002 K14, U2)', () => {
  let kiosk: Session;
  let avery: { identifier: string; lastname: string };
  const setKiosk = async (over: Record<string, unknown>) => {
    const [row] = await t.deps.db.select({ k: clients.kioskSettings }).from(clients).where(eq(clients.id, clientId));
    await t.deps.db
      .update(clients)
      .set({ kioskSettings: { ...(row.k as object), ...over } })
      .where(eq(clients.id, clientId));
  };
  const config = async () => (await t.as(kiosk).get('/api/kiosk/config')).json();
  const validate = (isSkyward?: boolean) =>
    t.as(kiosk).post('/api/kiosk/students/validate', {
      studentId: avery.identifier,
      lastName: avery.lastname,
      action: 'pickup',
      ...(isSkyward === undefined ? {} : { isSkyward }),
    });
  const sisAsked = () => sis.requests.some((r) => r.path.endsWith('/students/stu-1001'));

  beforeAll(async () => {
    const { id } = await demoStudent(t.deps.db, clientId, 'stu-1001');
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, id));
    avery = { identifier: row.identifier, lastname: row.lastname };
    await createUser(t.deps.db, {
      email: 'kiosk.fud@test.example',
      roleId: ROLE.Kiosk,
      clientId,
      buildingId: row.buildingId,
      password: 'demo-Visitor-2026',
    });
    kiosk = await t.login('kiosk.fud@test.example');
  });

  it('no student-system id: Skyward, a pickup whose guardians are read from the SIS at that moment', async () => {
    await setKiosk({
      clientsStudentInfoSystemId: null,
      sisStudentPickupDetected: false,
      sisStudentDropoffDetected: false,
    });
    const c = await config();
    expect(c.studentPickup).toEqual({ mode: 'Skyward', phase: 'Pickup' });
    expect(c.buttons.map((b: { key: string }) => b.key)).toContain('pickup');
    sis.requests.length = 0;
    // the building's KIOSK STUDENT CHECK OUT reads the district's copy: no SIS call
    expect((await validate()).statusCode).toBe(200);
    expect(sisAsked()).toBe(false);
    // STUDENT PICKUP (isSkyward): the SIS now
    const live = await validate(true);
    expect(live.statusCode, live.body).toBe(200);
    expect(sisAsked()).toBe(true);
    sis.setDown(true);
    try {
      const down = await validate(true);
      expect(down.statusCode).toBe(424);
      expect(down.json().message).toBe(MESSAGES.skywardFailed);
    } finally {
      sis.setDown(false);
    }
  });

  it('a student-system id: General, with the detected phase or the visitor’s choice; none detected hides the button', async () => {
    await setKiosk({ clientsStudentInfoSystemId: 7, sisStudentPickupDetected: true, sisStudentDropoffDetected: true });
    expect((await config()).studentPickup).toEqual({ mode: 'General', phase: 'choose' });
    await setKiosk({ clientsStudentInfoSystemId: 7, sisStudentPickupDetected: false, sisStudentDropoffDetected: true });
    expect((await config()).studentPickup).toEqual({ mode: 'General', phase: 'Dropoff' });
    await setKiosk({ clientsStudentInfoSystemId: 7, sisStudentPickupDetected: true, sisStudentDropoffDetected: false });
    expect((await config()).studentPickup).toEqual({ mode: 'General', phase: 'Pickup' });
    // not Skyward: the kiosk does not call the SIS whatever it asks
    sis.requests.length = 0;
    expect((await validate(true)).statusCode).toBe(200);
    expect(sisAsked()).toBe(false);
    await setKiosk({
      clientsStudentInfoSystemId: 7,
      sisStudentPickupDetected: false,
      sisStudentDropoffDetected: false,
    });
    const none = await config();
    expect(none.studentPickup).toBeNull();
    expect(none.buttons.map((b: { key: string }) => b.key)).not.toContain('pickup');
    await setKiosk({ clientsStudentInfoSystemId: null });
  });
});

describe('write-back of tardy events to the SIS (queue, retries, status)', () => {
  it('sends, retries with backoff, gives up after the attempts, and marks "not accepted"', async () => {
    const avery = await demoStudent(t.deps.db, clientId, 'stu-1001');
    const [reason] = await t.deps.db.select().from(studentReasons).where(eq(studentReasons.clientId, clientId));
    const drop = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/students/${avery.id}/dropoffs`,
          payload: { buildingId, reasonId: reason.id },
          headers: {
            cookie: desk.cookie,
            'x-csrf-token': desk.csrfToken,
            'idempotency-key': `wb-${Date.now()}-${Math.random()}`.replace('.', ''),
          },
        })
      ).json().eventId as number;
    const statusOf = async (eventId: number) =>
      (await t.deps.db.select().from(sisWritebacks).where(eq(sisWritebacks.eventId, eventId)))[0];

    const sent = await drop();
    expect((await statusOf(sent)).status).toBe('pending');
    await processWritebacks(t.deps);
    expect((await statusOf(sent)).status).toBe('sent');
    expect(sis.events).toContainEqual(
      expect.objectContaining({ kind: 'dropoff', eventId: sent, studentSourcedId: 'stu-1001', isExcused: true }),
    );

    sis.setWritebackStatus(503);
    const failing = await drop();
    let now = Date.now();
    const deps = { ...t.deps, now: () => new Date(now) };
    for (let i = 1; i <= WRITEBACK_MAX_ATTEMPTS; i++) {
      await processWritebacks(deps);
      const row = await statusOf(failing);
      expect(row.attempts).toBe(i);
      expect(row.status).toBe(i < WRITEBACK_MAX_ATTEMPTS ? 'retrying' : 'failed');
      // not due again before its backoff
      await processWritebacks(deps);
      expect((await statusOf(failing)).attempts).toBe(i);
      now += 2 * 60 * 60_000;
    }

    sis.setWritebackStatus(404);
    const unsupported = await drop();
    await processWritebacks(deps);
    expect((await statusOf(unsupported)).status).toBe('unsupported');
    sis.setWritebackStatus(201);

    const status = (await t.as(admin).get(`/api/students/sync-status?clientId=${clientId}`)).json();
    expect(status.writeback).toEqual({ pending: 0, sent: 1, failed: 1, unsupported: 1 });
  });
});
