import { EMERGENCY_CANCEL_WINDOW_SECONDS, EMERGENCY_MESSAGES, type TEmergencyState } from '@sv/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clients, emergencyStateBuildings, outboundMessages } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';

/**
 * Emergency states and drills (issue 27 §1, §4; ADR 0037). The clock is the test's: 2026-10-15
 * 10:00 in Chicago, 107 days into the 2026 school year (July 1 – June 30).
 */
let clock = new Date('2026-10-15T15:00:00Z');
let t: TestApp;
let desk: Session;
let lincolnDesk: Session;
let northAdmin: Session;
let southAdmin: Session;
let kiosk: Session;
let platform: Session;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  [desk, lincolnDesk, northAdmin, southAdmin, kiosk, platform] = await Promise.all([
    t.login('desk.northhigh@demo.test'),
    t.login('desk.lincoln@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('kiosk.northhigh@demo.test'),
    t.login('admin@demo.test'),
  ]);
});

// every test starts with no active state anywhere
afterEach(async () => {
  await t.deps.db.update(emergencyStateBuildings).set({ active: false });
});

const northHigh = () => t.world.north.northHighId;
const lincoln = () => t.world.north.lincolnId;

function start(s: Session, body: Record<string, unknown>) {
  return t
    .as(s)
    .post('/api/emergency-states', { drill: false, confirmation: String(body.kind).toUpperCase(), ...body });
}
const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

describe('starting a state', () => {
  it('the desk starts a lockdown for its building: active, on the time line, audited, contacts told with the honest report', async () => {
    const [last] = await t.deps.db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .orderBy(desc(outboundMessages.id))
      .limit(1);
    const res = await start(desk, { kind: 'Lockdown' });
    expect(res.statusCode, res.body).toBe(200);
    const s: TEmergencyState = res.json();
    expect(s).toMatchObject({ kind: 'Lockdown', drill: false, status: 'active', startedBy: { name: 'Hank Desk' } });
    expect(s.buildings.map((b) => b.id)).toEqual([northHigh()]);
    // North County's district contact and North High's building contact, e-mail and SMS, in the
    // outbox (no transport configured): the same path and report as the emergency button
    const messages = s.timeline.find((e) => e.kind === 'messages');
    expect(messages?.report).toMatchObject({ contacts: 2, notified: 2, delivered: 0, inOutbox: 4 });
    expect(s.timeline.map((e) => e.kind)).toEqual(['start', 'messages']);
    const sent = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(gt(outboundMessages.id, last?.id ?? 0));
    expect(sent.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([
      'email:office@northhigh.demo.test',
      'email:security@northcounty.demo.test',
      'sms:5555550100',
      'sms:5555550101',
    ]);
    expect(sent.find((m) => m.channel === 'email')?.subject).toBe('LOCKDOWN STARTED: North High School');
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'emergencyState.started'), eq(auditEvents.targetId, String(s.id))));
    expect(audit).toHaveLength(1);
    // every desk of the building reads it
    const active = (await t.as(desk).get('/api/emergency-states/active')).json().states;
    expect(active.map((a: TEmergencyState) => a.id)).toEqual([s.id]);
    // another building's desk does not
    expect((await t.as(lincolnDesk).get('/api/emergency-states/active')).json().states).toEqual([]);
  });

  it('needs the typed word; staff start only for their own building', async () => {
    const wrong = await start(desk, { kind: 'Evacuate', confirmation: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(EMERGENCY_MESSAGES.confirmWrong('Evacuate'));
    expect((await start(desk, { kind: 'Evacuate', confirmation: ' evacuate ' })).statusCode).toBe(200);
    const other = await start(lincolnDesk, { kind: 'Lockdown', buildingIds: [northHigh()] });
    expect(other.statusCode).toBe(403);
    expect((await start(lincolnDesk, { kind: 'Lockdown', wholeDistrict: true })).statusCode).toBe(403);
    expect((await start(kiosk, { kind: 'Lockdown' })).statusCode).toBe(403);
  });

  it('one active state per building; a double press with one Idempotency-Key starts one', async () => {
    const key = 'press-once';
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/emergency-states',
      headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key },
      payload: { kind: 'Shelter', drill: true, confirmation: 'SHELTER' },
    });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/emergency-states',
      headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key },
      payload: { kind: 'Shelter', drill: true, confirmation: 'SHELTER' },
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    const again = await start(northAdmin, { kind: 'Lockdown', buildingIds: [northHigh(), lincoln()] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EMERGENCY_MESSAGES.alreadyActive('North High School'));
    // Lincoln was not started either: all or nothing
    expect((await t.as(lincolnDesk).get('/api/emergency-states/active')).json().states).toEqual([]);
  });

  it('a district administrator starts for the whole district; another district cannot see or end it', async () => {
    const res = await start(northAdmin, { kind: 'Secure', drill: true, wholeDistrict: true });
    expect(res.statusCode, res.body).toBe(200);
    const s: TEmergencyState = res.json();
    expect(s.buildings.map((b) => b.name)).toEqual(['Lincoln Elementary', 'North High School']);
    expect((await t.as(lincolnDesk).get('/api/emergency-states/active')).json().states).toHaveLength(1);
    expect((await t.as(southAdmin).get(`/api/emergency-states/${s.id}`)).statusCode).toBe(404);
    expect((await t.as(southAdmin).post(`/api/emergency-states/${s.id}/end`, { notes: 'x' })).statusCode).toBe(404);
    // the platform administrator names buildings
    expect((await start(platform, { kind: 'Lockdown' })).statusCode).toBe(400);
  });
});

describe('cancel window, end and notes', () => {
  it('the starter cancels within 10 s (kept on the time line); not after; not someone else', async () => {
    const s: TEmergencyState = (await start(desk, { kind: 'Lockdown' })).json();
    tick(EMERGENCY_CANCEL_WINDOW_SECONDS - 2);
    expect((await t.as(northAdmin).post(`/api/emergency-states/${s.id}/cancel`)).statusCode).toBe(403);
    const cancelled = await t.as(desk).post(`/api/emergency-states/${s.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'start',
      'messages',
      'cancel',
      'messages',
    ]);
    expect((await t.as(desk).get('/api/emergency-states/active')).json().states).toEqual([]);

    const late: TEmergencyState = (await start(desk, { kind: 'Lockdown' })).json();
    tick(EMERGENCY_CANCEL_WINDOW_SECONDS + 1);
    const refused = await t.as(desk).post(`/api/emergency-states/${late.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EMERGENCY_MESSAGES.cancelWindowPassed);
  });

  it('staff add notes; only an administrator ends it, with notes', async () => {
    const s: TEmergencyState = (await start(desk, { kind: 'Shelter', drill: true })).json();
    const note = await t.as(desk).post(`/api/emergency-states/${s.id}/notes`, { text: 'Room 12 accounted for.' });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().timeline.at(-1)).toMatchObject({
      kind: 'note',
      text: 'Room 12 accounted for.',
      by: 'Hank Desk',
    });
    expect((await t.as(desk).post(`/api/emergency-states/${s.id}/end`, { notes: 'done' })).statusCode).toBe(403);
    expect((await t.as(northAdmin).post(`/api/emergency-states/${s.id}/end`, { notes: '' })).statusCode).toBe(400);
    tick(600);
    const ended = await t.as(northAdmin).post(`/api/emergency-states/${s.id}/end`, { notes: 'All clear at 10:10.' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', endNotes: 'All clear at 10:10.', endedBy: 'Nora North' });
    expect((await t.as(northAdmin).post(`/api/emergency-states/${s.id}/end`, { notes: 'again' })).statusCode).toBe(409);
    const actions = (
      await t.deps.db
        .select({ a: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.targetId, String(s.id)))
    ).map((r) => r.a);
    expect(actions).toEqual(
      expect.arrayContaining(['emergencyState.started', 'emergencyState.note', 'emergencyState.ended']),
    );
    const past = (await t.as(desk).get('/api/emergency-states')).json().states;
    expect(past.some((p: TEmergencyState) => p.id === s.id && p.status === 'ended')).toBe(true);
  });
});

describe('the kiosk during a state (issue 27 §1)', () => {
  const kioskPost = (url: string, body: unknown) => t.as(kiosk).post(url, body);

  it('refuses sign-in, drop-off and pickup with the calm 409; the desk still checks in; all back after the end', async () => {
    const s: TEmergencyState = (await start(desk, { kind: 'Lockdown' })).json();
    const person = { firstName: 'Kim', lastName: 'Duringlock', dob: '1980-02-03' };
    const signIn = await kioskPost('/api/kiosk/sign-ins', { person, reason: 'Meeting', personVisiting: 'Ms Rivera' });
    expect(signIn.statusCode).toBe(409);
    expect(signIn.json().message).toBe(EMERGENCY_MESSAGES.kioskClosed);
    const dropoff = await kioskPost('/api/kiosk/students/dropoffs', { studentId: '1', lastName: 'X', reasonId: 1 });
    expect(dropoff.statusCode).toBe(409);
    const pickup = await kioskPost('/api/kiosk/students/pickups', {
      studentId: '1',
      lastName: 'X',
      reasonId: 1,
      guardian: person,
    });
    expect(pickup.statusCode).toBe(409);
    expect(pickup.json().message).toBe(EMERGENCY_MESSAGES.kioskClosed);
    // the kiosk reads its building's state (for its instructions)
    expect((await t.as(kiosk).get('/api/emergency-states/active')).json().states[0]).toMatchObject({
      id: s.id,
      kind: 'Lockdown',
    });
    // the desk still works (a responder, staff): screening and check-in answer as usual
    const visitor = await t.as(desk).post('/api/visitors', {
      firstname: 'Rita',
      lastname: 'Responder',
      dob: '1975-05-05',
      buildingId: northHigh(),
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    await t.as(northAdmin).post(`/api/emergency-states/${s.id}/end`, { notes: 'Over.' });
    const after = await kioskPost('/api/kiosk/sign-ins', { person, reason: 'Meeting', personVisiting: 'Ms Rivera' });
    expect(after.statusCode, after.body).not.toBe(409);
  });

  it('the admission gate refuses a kiosk check-in whose sign-in came before the state', async () => {
    const [row] = await t.deps.db
      .select({ k: clients.kioskSettings })
      .from(clients)
      .where(eq(clients.id, t.world.north.clientId));
    await t.deps.db
      .update(clients)
      .set({ kioskSettings: { ...(row.k as object), enableAutoCheckInKioskMode: true } })
      .where(eq(clients.id, t.world.north.clientId));
    try {
      const person = { firstName: 'Gus', lastName: 'Gatecheck', dob: '1981-03-04' };
      const signIn = await kioskPost('/api/kiosk/sign-ins', {
        person,
        photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
        reason: 'Meeting',
        personVisiting: 'Ms Rivera',
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      await start(desk, { kind: 'Secure' });
      const polled = await t.app.inject({
        method: 'POST',
        url: `/api/kiosk/sign-ins/${signIn.json().signInId}/auto-validate`,
        headers: { cookie: kiosk.cookie, 'x-csrf-token': kiosk.csrfToken },
        payload: {},
      });
      // not checked in: refused by the gate (409) or left for the desk, never a visit
      expect(polled.statusCode === 409 || polled.json().state !== 'checked_in', polled.body).toBe(true);
    } finally {
      await t.deps.db
        .update(clients)
        .set({ kioskSettings: row.k as object })
        .where(eq(clients.id, t.world.north.clientId));
    }
  });
});

describe('drills report (issue 27 §4)', () => {
  it('counts drills per building and kind in the school year against the required counts; overdue behind an even pace', async () => {
    const set = await t.as(northAdmin).put('/api/drills/requirements', {
      requirements: [
        { kind: 'Evacuate', requiredCount: 4 },
        { kind: 'Lockdown', requiredCount: 2 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.as(desk).put('/api/drills/requirements', { requirements: [] })).statusCode).toBe(403);
    const before = (await t.as(northAdmin).get('/api/drills/report')).json();
    const count = (r: typeof before, b: number, k: string) =>
      r.rows.find((x: { buildingId: number; kind: string }) => x.buildingId === b && x.kind === k);
    const evacBefore = count(before, northHigh(), 'Evacuate').done;

    // a real evacuation and a cancelled drill do not count; an ended drill does
    const drill: TEmergencyState = (await start(desk, { kind: 'Evacuate', drill: true })).json();
    tick(900);
    await t.as(northAdmin).post(`/api/emergency-states/${drill.id}/end`, { notes: 'Out in 4 minutes.' });
    const real: TEmergencyState = (await start(desk, { kind: 'Evacuate', drill: false })).json();
    await t.as(northAdmin).post(`/api/emergency-states/${real.id}/end`, { notes: 'Gas smell, cleared.' });
    const mistake: TEmergencyState = (await start(desk, { kind: 'Evacuate', drill: true })).json();
    await t.as(desk).post(`/api/emergency-states/${mistake.id}/cancel`);

    const report = (await t.as(desk).get('/api/drills/report?schoolYear=2026')).json();
    expect(report).toMatchObject({ schoolYear: 2026, from: '2026-07-01', to: '2027-06-30' });
    // the desk sees its own building only
    expect(new Set(report.rows.map((r: { buildingId: number }) => r.buildingId))).toEqual(new Set([northHigh()]));
    const evac = count(report, northHigh(), 'Evacuate');
    expect(evac.done).toBe(evacBefore + 1);
    expect(evac.required).toBe(4);
    // mid-October: 107 of 365 days gone → 4 × 107 / 365 = 1.17 → 1 expected
    expect(evac.expectedByNow).toBe(1);
    expect(evac.overdue).toBe(evac.done < 1);
    const lockdown = count(report, northHigh(), 'Lockdown');
    expect(lockdown).toMatchObject({ required: 2, expectedByNow: 0, overdue: false });
    const d = report.drills.find((x: { id: number }) => x.id === drill.id);
    expect(d).toMatchObject({ kind: 'Evacuate', durationMinutes: 15, endNotes: 'Out in 4 minutes.' });
    // last school year: every drill was due, none done
    const lastYear = (await t.as(northAdmin).get('/api/drills/report?schoolYear=2025')).json();
    expect(count(lastYear, lincoln(), 'Evacuate')).toMatchObject({ done: 0, expectedByNow: 4, overdue: true });
    // another district's administrator cannot read district A's
    expect((await t.as(southAdmin).get(`/api/drills/report?clientId=${t.world.north.clientId}`)).statusCode).toBe(404);
  });
});
