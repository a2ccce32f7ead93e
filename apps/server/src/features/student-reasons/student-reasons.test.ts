import { beforeAll, describe, expect, it } from 'vitest';
import { studentReasons } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let desk: Session;
let kiosk: Session;

beforeAll(async () => {
  t = await createTestApp();
  // this file counts the reasons it adds: start without the demo seed's (issue 12)
  await t.deps.db.delete(studentReasons);
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
  kiosk = await t.login('kiosk.northhigh@demo.test');
});

const list = (s: Session, query: string) => t.as(s).get(`/api/student-reasons?${query}`);

describe('student reasons (spec 002 §3: pickup and drop-off reasons; drop-off carries isExcused)', () => {
  it('a client admin adds reasons of both kinds to their own client', async () => {
    const pickup = await t.as(north).post('/api/student-reasons', {
      kind: 'pickup',
      name: 'Doctor appointment',
      isExcused: true,
      sortOrder: 2,
    });
    expect(pickup.statusCode).toBe(200);
    expect(pickup.json()).toEqual({
      id: expect.any(Number),
      clientId: t.world.north.clientId,
      kind: 'pickup',
      name: 'Doctor appointment',
      nameEs: '',
      isExcused: false, // pickups are never "excused"
      active: true,
      sortOrder: 2,
      version: 1,
    });
    await t.as(north).post('/api/student-reasons', { kind: 'pickup', name: 'Family emergency', sortOrder: 1 });
    const dropoff = await t
      .as(north)
      .post('/api/student-reasons', { kind: 'dropoff', name: 'Dentist', isExcused: true });
    expect(dropoff.json()).toMatchObject({ kind: 'dropoff', isExcused: true });

    const pickups = (await list(north, 'kind=pickup')).json();
    expect(pickups.data.map((r: { name: string }) => r.name)).toEqual(['Family emergency', 'Doctor appointment']);
    expect((await list(north, 'kind=dropoff')).json().data).toHaveLength(1);
  });

  it('edits and deactivates; inactive reasons show only when asked and never to the desk', async () => {
    const created = (
      await t.as(north).post('/api/student-reasons', { kind: 'dropoff', name: 'Overslept', isExcused: false })
    ).json();
    const edited = await t.as(north).edit('PUT', `/api/student-reasons/${created.id}`, {
      kind: 'pickup', // the kind is fixed once created
      name: 'Overslept (unexcused)',
      isExcused: false,
      active: false,
      sortOrder: 9,
    });
    expect(edited.json()).toMatchObject({
      kind: 'dropoff',
      name: 'Overslept (unexcused)',
      active: false,
      sortOrder: 9,
    });
    const active = (await list(north, 'kind=dropoff')).json().data.map((r: { id: number }) => r.id);
    expect(active).not.toContain(created.id);
    const all = (await list(north, 'kind=dropoff&activeOnly=false')).json().data.map((r: { id: number }) => r.id);
    expect(all).toContain(created.id);
    // the desk and kiosk read their own client's active reasons, even when asking for inactive ones
    for (const s of [desk, kiosk]) {
      const res = await list(s, 'kind=dropoff&activeOnly=false');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: { id: number }) => r.id)).not.toContain(created.id);
      expect(res.json().data.every((r: { clientId: number }) => r.clientId === t.world.north.clientId)).toBe(true);
    }
  });

  it('keeps an optional Spanish name, which the kiosk receives with the reason (issue 25, ADR 0034)', async () => {
    const created = await t.as(north).post('/api/student-reasons', {
      kind: 'pickup',
      name: 'Orthodontist',
      nameEs: ' Ortodoncista ',
    });
    expect(created.json()).toMatchObject({ name: 'Orthodontist', nameEs: 'Ortodoncista' });
    const edited = await t.as(north).edit('PUT', `/api/student-reasons/${created.json().id}`, {
      kind: 'pickup',
      name: 'Orthodontist',
      nameEs: 'Cita con el ortodoncista',
    });
    expect(edited.json().nameEs).toBe('Cita con el ortodoncista');
    const validated = await t.as(kiosk).post('/api/kiosk/students/validate', {
      studentId: '100234',
      lastName: 'Testwood',
      action: 'pickup',
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().reasons).toContainEqual({
      id: created.json().id,
      name: 'Orthodontist',
      nameEs: 'Cita con el ortodoncista',
    });
    expect(validated.json().reasons.find((r: { name: string }) => r.name === 'Family emergency').nameEs).toBe('');
  });

  it('validates the name', async () => {
    const res = await t.as(north).post('/api/student-reasons', { kind: 'pickup', name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.name).toEqual(['Enter the reason']);
  });

  it('admins name the client; other districts answer 404; attendants cannot change reasons', async () => {
    expect((await t.as(admin).post('/api/student-reasons', { kind: 'pickup', name: 'x' })).statusCode).toBe(400);
    const made = await t.as(admin).post('/api/student-reasons', {
      clientId: t.world.south.clientId,
      kind: 'pickup',
      name: 'Sick',
    });
    expect(made.json().clientId).toBe(t.world.south.clientId);
    expect((await list(admin, 'kind=pickup')).statusCode).toBe(400);
    expect((await list(admin, `kind=pickup&clientId=${t.world.south.clientId}`)).json().data).toHaveLength(1);
    expect(
      (await t.as(admin).post('/api/student-reasons', { clientId: 999999, kind: 'pickup', name: 'x' })).statusCode,
    ).toBe(404);

    const southId = made.json().id;
    expect((await list(north, `kind=pickup&clientId=${t.world.south.clientId}`)).statusCode).toBe(404);
    const cross = await t
      .as(north)
      .edit('PUT', `/api/student-reasons/${southId}`, { kind: 'pickup', name: 'Hijacked' });
    expect(cross.statusCode).toBe(404);
    expect(
      (await t.as(north).post('/api/student-reasons', { clientId: t.world.south.clientId, kind: 'pickup', name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await list(south, 'kind=pickup')).json().data[0].name).toBe('Sick');
    expect((await t.as(desk).post('/api/student-reasons', { kind: 'pickup', name: 'x' })).statusCode).toBe(403);
    expect(
      (await t.as(desk).edit('PUT', `/api/student-reasons/${southId}`, { kind: 'pickup', name: 'x' })).statusCode,
    ).toBe(403);
  });
});
