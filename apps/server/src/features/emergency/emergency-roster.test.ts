import { randomUUID } from 'node:crypto';
import { ROLE, ROSTER_MESSAGES, type TRosterMarkResponse, type TRosterResponse } from '@sv/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createUser } from '../../../db/seed/factories';
import {
  badges,
  dropoffEvents,
  emergencyStateBuildings,
  guardians,
  pickupAuthorizations,
  pickupEvents,
  students,
  visitors,
  visits,
} from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { demoReason } from '../students/students.fixtures';

/**
 * The accountability roster (issue 27 §2, ADR 0042). The clock is the test's: 2026-10-15 10:00 in
 * Chicago. Each test builds its own building of North County so the counts are its own.
 */
let clock = new Date('2026-10-15T15:00:00Z');
let t: TestApp;
let northAdmin: Session;
let southAdmin: Session;
let otherDesk: Session;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  [northAdmin, southAdmin, otherDesk] = await Promise.all([
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('desk.northhigh@demo.test'),
  ]);
});

afterEach(async () => {
  await t.deps.db.update(emergencyStateBuildings).set({ active: false });
});

const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const hoursAgo = (h: number) => new Date(clock.getTime() - h * 3600_000);

let seq = 0;
/** A building of North County with its own attendant (signed in). */
async function school() {
  const clientId = t.world.north.clientId;
  const b = await createBuilding(t.deps.db, clientId, { name: `Roster School ${++seq}`, timeZone: 'America/Chicago' });
  const u = await createUser(t.deps.db, { roleId: ROLE.Attendant, clientId, buildingId: b.id });
  const desk = await t.login(u.email, 'demo-Visitor-2026');
  return { clientId, buildingId: b.id, desk };
}

async function student(
  b: { clientId: number; buildingId: number | null },
  first: string,
  over: Partial<typeof students.$inferInsert> = {},
) {
  const [s] = await t.deps.db
    .insert(students)
    .values({
      clientId: b.clientId,
      buildingId: b.buildingId,
      sourcedId: `roster-${randomUUID()}`,
      identifier: String(100000 + ++seq),
      firstname: first,
      lastname: 'Roster',
      ...over,
    })
    .returning({ id: students.id });
  return s.id;
}

async function release(b: { clientId: number; buildingId: number }, studentId: number, at: Date) {
  const [g] = await t.deps.db
    .insert(guardians)
    .values({ clientId: b.clientId, sourcedId: `g-${randomUUID()}`, firstname: 'Pat', lastname: 'Guardian' })
    .returning({ id: guardians.id });
  const [a] = await t.deps.db
    .insert(pickupAuthorizations)
    .values({ clientId: b.clientId, studentId, guardianId: g.id, kind: 'allow' })
    .returning({ id: pickupAuthorizations.id });
  await t.deps.db.insert(pickupEvents).values({
    clientId: b.clientId,
    buildingId: b.buildingId,
    studentId,
    guardianId: g.id,
    studentName: 'x',
    guardianName: 'Pat Guardian',
    authorizationId: a.id,
    screeningId: randomUUID(),
    pickedUpAt: at,
  });
}

async function lateDropoff(b: { clientId: number; buildingId: number }, studentId: number, at: Date) {
  const reason = await demoReason(t.deps.db, b.clientId, 'dropoff');
  await t.deps.db.insert(dropoffEvents).values({
    clientId: b.clientId,
    buildingId: b.buildingId,
    studentId,
    studentName: 'x',
    reasonId: reason.id,
    reason: 'Late',
    isExcused: true,
    droppedOffAt: at,
  });
}

/** An open (or closed) visit at the building, written directly. */
async function visit(
  b: { clientId: number; buildingId: number },
  first: string,
  type: string,
  o: { checkedOut?: boolean } = {},
) {
  const [v] = await t.deps.db
    .insert(visitors)
    .values({ clientId: b.clientId, firstname: first, lastname: 'Guest' })
    .returning({ id: visitors.id });
  const [badge] = await t.deps.db
    .insert(badges)
    .values({
      clientId: b.clientId,
      buildingId: b.buildingId,
      visitorId: v.id,
      code: `B${++seq}`,
      visitorType: type,
      personVisiting: 'Ms. Rivera',
      expiresAt: new Date(clock.getTime() + 8 * 3600_000),
    })
    .returning({ id: badges.id });
  const [row] = await t.deps.db
    .insert(visits)
    .values({
      clientId: b.clientId,
      buildingId: b.buildingId,
      visitorId: v.id,
      badgeId: badge.id,
      visitorType: type,
      checkIn: hoursAgo(1),
      checkOut: o.checkedOut ? hoursAgo(0.5) : null,
      personVisiting: 'Ms. Rivera',
    })
    .returning({ id: visits.id });
  return row.id;
}

async function startEvacuation(desk: Session) {
  const res = await t
    .as(desk)
    .post('/api/emergency-states', { kind: 'Evacuate', drill: true, confirmation: 'EVACUATE' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
const roster = async (s: Session, id: number) => t.as(s).get(`/api/emergency-states/${id}/roster`);
const mark = (s: Session, id: number, body: Record<string, unknown>) =>
  t.as(s).post(`/api/emergency-states/${id}/roster/marks`, {
    clientMarkId: randomUUID(),
    pressedAt: clock.toISOString(),
    ...body,
  });

describe('the snapshot at the start', () => {
  it('holds the open visits by type and the students expected on site by grade, less those released today', async () => {
    const b = await school();
    await student(b, 'Ada', { grade: '3' });
    await student(b, 'Ben', { grade: '3' });
    await student(b, 'Cy'); // no grade in the feed
    await student(b, 'Dee', { active: false }); // no longer enrolled
    const elsewhere = await createBuilding(t.deps.db, b.clientId);
    await student({ clientId: b.clientId, buildingId: elsewhere.id }, 'Eve', { grade: '3' });
    const released = await student(b, 'Fay', { grade: '4' });
    await release(b, released, hoursAgo(1));
    const backAgain = await student(b, 'Gus', { grade: '4' });
    await release(b, backAgain, hoursAgo(2));
    await lateDropoff(b, backAgain, hoursAgo(1));
    const lateFromElsewhere = await student({ clientId: b.clientId, buildingId: elsewhere.id }, 'Hal', { grade: '5' });
    await lateDropoff(b, lateFromElsewhere, hoursAgo(1));
    const releasedYesterday = await student(b, 'Ivy', { grade: '4' });
    await release(b, releasedYesterday, hoursAgo(24));
    await visit(b, 'Val', 'vendor');
    await visit(b, 'Vic', 'visitor');
    await visit(b, 'Von', 'volunteer');
    await visit(b, 'Gone', 'visitor', { checkedOut: true });

    const id = await startEvacuation(b.desk);
    const res = await roster(b.desk, id);
    expect(res.statusCode, res.body).toBe(200);
    const r: TRosterResponse = res.json();
    const names = r.entries.map((e) => `${e.group}:${e.name}`).sort();
    expect(names).toEqual(
      [
        '3:Ada Roster',
        '3:Ben Roster',
        '4:Gus Roster',
        '4:Ivy Roster',
        '5:Hal Roster',
        'Unassigned:Cy Roster',
        'vendor:Val Guest',
        'visitor:Vic Guest',
        'volunteer:Von Guest',
      ].sort(),
    );
    expect(r.counts).toEqual({ total: 9, accounted: 0, missing: 0, needsHelp: 0, unmarked: 9 });
    expect(r.groups.find((g) => g.label === '3')?.counts.total).toBe(2);
    const val = r.entries.find((e) => e.name === 'Val Guest');
    expect(val).toMatchObject({ personKind: 'visit', visiting: 'Ms. Rivera', status: null });
    expect(val?.badge).toMatch(/^B\d+$/);
  });

  it('a visit checked in while the state is active joins its roster', async () => {
    const b = await school();
    await student(b, 'Kim');
    const id = await startEvacuation(b.desk);
    expect((await roster(b.desk, id)).json().counts.total).toBe(1);
    await visit(b, 'Responder', 'visitor');
    const r: TRosterResponse = (await roster(b.desk, id)).json();
    expect(r.entries.map((e) => e.name).sort()).toEqual(['Kim Roster', 'Responder Guest']);
  });

  it('a 2,000-student building is snapshotted whole (count checked; its time is measured by the bench)', async () => {
    const b = await school();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      clientId: b.clientId,
      buildingId: b.buildingId,
      sourcedId: `big-${seq}-${i}`,
      identifier: String(500000 + i),
      firstname: `S${i}`,
      lastname: 'Big',
      grade: String((i % 12) + 1),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.deps.db.insert(students).values(rows.slice(i, i + 500));
    const id = await startEvacuation(b.desk);
    const r: TRosterResponse = (await roster(b.desk, id)).json();
    expect(r.counts.total).toBe(2000);
    expect(r.groups).toHaveLength(12);
    expect(r.groups.reduce((n, g) => n + g.counts.total, 0)).toBe(2000);
  });
});

describe('marks', () => {
  it('the same client mark id twice is one mark; counts follow; each mark is on the time line', async () => {
    const b = await school();
    await student(b, 'Lee');
    await student(b, 'Max');
    const id = await startEvacuation(b.desk);
    const [lee, max] = (await roster(b.desk, id)).json().entries as TRosterResponse['entries'];
    const body = { entryId: lee.id, status: 'accounted', clientMarkId: randomUUID() };
    const first = await mark(b.desk, id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'applied', entry: { status: 'accounted' } });
    const again = await mark(b.desk, id, body);
    expect(again.json().outcome).toBe('duplicate');
    const help = await mark(northAdmin, id, { entryId: max.id, status: 'needs_help' });
    expect((help.json() as TRosterMarkResponse).counts).toEqual({
      total: 2,
      accounted: 1,
      missing: 0,
      needsHelp: 1,
      unmarked: 0,
    });
    const r: TRosterResponse = (await roster(b.desk, id)).json();
    expect(r.entries.find((e) => e.id === max.id)).toMatchObject({ status: 'needs_help', markedBy: 'Nora North' });
    const state = (await t.as(b.desk).get(`/api/emergency-states/${id}`)).json();
    const marks = state.timeline.filter((e: { kind: string }) => e.kind === 'mark');
    expect(marks.map((e: { text: string }) => e.text)).toEqual(['Lee Roster: accounted', 'Max Roster: needs help']);
    // the active states every desk and kiosk polls leave the marks out (thousands in a large evacuation)
    const active = (await t.as(b.desk).get('/api/emergency-states/active')).json().states;
    expect(active[0].timeline.map((e: { kind: string }) => e.kind)).not.toContain('mark');
  });

  it('a later press wins: an older press is answered stale and changes nothing; a clock far ahead counts as now', async () => {
    const b = await school();
    await student(b, 'Ned');
    const id = await startEvacuation(b.desk);
    const [ned] = (await roster(b.desk, id)).json().entries as TRosterResponse['entries'];
    const early = new Date(clock.getTime() - 30_000).toISOString();
    const missing = await mark(b.desk, id, { entryId: ned.id, status: 'missing' });
    expect(missing.json().outcome).toBe('applied');
    // a phone that was offline sends its older press afterwards
    const late = await mark(b.desk, id, { entryId: ned.id, status: 'accounted', pressedAt: early });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ outcome: 'stale', entry: { status: 'missing' } });
    // a phone whose clock is an hour ahead: its press counts as now, so the next real press wins
    const ahead = new Date(clock.getTime() + 3600_000).toISOString();
    expect((await mark(b.desk, id, { entryId: ned.id, status: 'needs_help', pressedAt: ahead })).json().outcome).toBe(
      'applied',
    );
    tick(5);
    const next = await mark(b.desk, id, { entryId: ned.id, status: 'accounted' });
    expect(next.json()).toMatchObject({ outcome: 'applied', entry: { status: 'accounted' } });
  });

  it('is refused once the state has ended, and the roster stays readable', async () => {
    const b = await school();
    await student(b, 'Oli');
    const id = await startEvacuation(b.desk);
    const [oli] = (await roster(b.desk, id)).json().entries as TRosterResponse['entries'];
    const end = await t.as(northAdmin).post(`/api/emergency-states/${id}/end`, { notes: 'All clear.' });
    expect(end.statusCode, end.body).toBe(200);
    const res = await mark(b.desk, id, { entryId: oli.id, status: 'accounted' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ROSTER_MESSAGES.ended);
    const r: TRosterResponse = (await roster(b.desk, id)).json();
    expect(r.state.status).toBe('ended');
    expect(r.entries[0].status).toBeNull();
  });

  it("another district's administrator and another building's staff get 404, and change nothing", async () => {
    const b = await school();
    await student(b, 'Pam');
    const id = await startEvacuation(b.desk);
    const [pam] = (await roster(b.desk, id)).json().entries as TRosterResponse['entries'];
    for (const s of [southAdmin, otherDesk]) {
      expect((await roster(s, id)).statusCode).toBe(404);
      expect((await mark(s, id, { entryId: pam.id, status: 'missing' })).statusCode).toBe(404);
    }
    // an entry of another state is not on this one
    const other = await school();
    await student(other, 'Quinn');
    const otherId = await startEvacuation(other.desk);
    const [quinn] = (await roster(other.desk, otherId)).json().entries as TRosterResponse['entries'];
    expect((await mark(northAdmin, id, { entryId: quinn.id, status: 'missing' })).statusCode).toBe(404);
    const r: TRosterResponse = (await roster(b.desk, id)).json();
    expect(r.counts.unmarked).toBe(1);
  });
});

describe('export', () => {
  it('the roster as CSV with each mark; another district gets 404', async () => {
    const b = await school();
    await student(b, 'Rae', { grade: 'K' });
    await visit(b, 'Sam', 'vendor');
    const id = await startEvacuation(b.desk);
    const entries = (await roster(b.desk, id)).json().entries as TRosterResponse['entries'];
    const rae = entries.find((e) => e.name === 'Rae Roster')!;
    await mark(b.desk, id, { entryId: rae.id, status: 'needs_help' });
    const res = await t.as(b.desk).get(`/api/exports/emergency-roster?format=csv&stateId=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Building,Group,Name,Person,Badge / ID,Visiting,Status,Marked by,Marked at');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('Rae Roster'))).toMatch(/,K,Rae Roster,Student,.*,Needs help,/);
    expect(lines.find((l) => l.includes('Sam Guest'))).toMatch(/,Vendors,Sam Guest,Visit,B\d+,Ms. Rivera,Not marked,/);
    expect((await t.as(southAdmin).get(`/api/exports/emergency-roster?format=csv&stateId=${id}`)).statusCode).toBe(404);
  });
});
