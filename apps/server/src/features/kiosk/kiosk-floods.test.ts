import { CONSTANTS, KIOSK_LIMITS, KIOSK_MESSAGES, MESSAGES, type TPreRegistration } from '@sv/contracts';
import { isFlaggedCard } from '@sv/domain';
import { and, eq, gte, like, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authThrottle, dropoffEvents, preRegistrations, students, visitors } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { DASHBOARD_UNFLAGGED_CAP } from '../preregistrations/preregistrations.repository';
import { insertExclusion, insertVisitor } from '../screening/screening.fixtures';
import { demoStudent } from '../students/students.fixtures';

/**
 * Issue 22 §6 "The lobby can bury a flagged card" and "Floods": kiosk cards are made once per
 * person and reason within the screening window (repeats refresh the card), a kiosk's sign-ins,
 * health answers and tardies are limited per minute (a student has one kiosk tardy a day), and
 * flagged cards sort first on the dashboard and are never capped away.
 */
let clock = new Date('2026-11-24T15:00:00Z');
const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
let t: TestApp;
let kiosk: Session;
let desk: Session;
let seq = 0;
const key = () => `kiosk-flood-${Date.now().toString(36)}-${++seq}`;
const letters = () => (++seq).toString(26).replace(/\d/g, (d) => 'klmnopqrst'[+d]!);

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  [kiosk, desk] = await Promise.all([t.login('kiosk.northhigh@demo.test'), t.login('desk.northhigh@demo.test')]);
});
// each test starts with the kiosk's counters at zero (the limits are tested where they are meant)
beforeEach(async () => {
  await t.deps.db.delete(authThrottle).where(like(authThrottle.key, 'kiosk:%'));
});

const building = () => t.world.north.northHighId;
const photo = () => insertPhoto(t.deps.db, t.world.north.clientId);

function send(s: Session, url: string, body: unknown, k: string | null = key()) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, ...(k ? { 'idempotency-key': k } : {}) },
    payload: body as object,
  });
}

async function pendingCards(buildingId = building()): Promise<TPreRegistration[]> {
  const res = await t.as(desk).get(`/api/buildings/${buildingId}/preregistrations`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.filter((c: TPreRegistration) => c.status === 'pending');
}
const healthCards = (cards: TPreRegistration[]) =>
  cards.filter((c) => c.issues.summary.some((s) => s.includes('health question')));

describe('the health banner’s Yes (issue 22 §6)', () => {
  it('30 presses make ONE card; later presses refresh its count and time', async () => {
    const before = healthCards(await pendingCards()).length;
    for (let i = 0; i < 30; i++) {
      // four presses a minute: under the kiosk's limit, inside the screening window of the last one
      const res = await send(kiosk, '/api/kiosk/problems', { kind: 'health' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ notified: true });
      tick(15);
    }
    const cards = healthCards(await pendingCards());
    expect(cards).toHaveLength(before + 1);
    expect(cards.at(-1)!.issues.summary.join(' ')).toMatch(/Answered Yes 30 times at the kiosk; most recently at/);
    // once the desk CLOSEs it, the next Yes is a new card
    const close = await t.as(desk).post(`/api/preregistrations/${cards.at(-1)!.id}/close`, {});
    expect(close.statusCode, close.body).toBe(200);
    await send(kiosk, '/api/kiosk/problems', { kind: 'health' });
    const after = healthCards(await pendingCards());
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.id).not.toBe(cards.at(-1)!.id);
  });

  it('a Yes after the screening window makes a new card', async () => {
    await send(kiosk, '/api/kiosk/problems', { kind: 'health' });
    const first = healthCards(await pendingCards()).length;
    tick(CONSTANTS.screeningValidMinutes * 60 + 60);
    await send(kiosk, '/api/kiosk/problems', { kind: 'health' });
    expect(healthCards(await pendingCards())).toHaveLength(first + 1);
  });

  it('more presses in a minute than the limit answer 429 with a calm sentence, and change nothing', async () => {
    tick(CONSTANTS.screeningValidMinutes * 60 + 60);
    for (let i = 0; i < KIOSK_LIMITS.health.max; i++)
      expect((await send(kiosk, '/api/kiosk/problems', { kind: 'health' })).statusCode).toBe(200);
    const cards = healthCards(await pendingCards());
    const res = await send(kiosk, '/api/kiosk/problems', { kind: 'health' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(KIOSK_MESSAGES.tooManyHealth);
    const now = healthCards(await pendingCards());
    expect(now.map((c) => c.id)).toEqual(cards.map((c) => c.id));
    expect(now.at(-1)!.issues.summary).toEqual(cards.at(-1)!.issues.summary);
    // the next minute it is counted again
    tick(61);
    expect((await send(kiosk, '/api/kiosk/problems', { kind: 'health' })).statusCode).toBe(200);
  });
});

describe('kiosk sign-ins (issue 22 §6)', () => {
  it('20 identical made-up sign-ins make ONE card, refreshed with the latest screening', async () => {
    const person = { firstName: `Made${letters()}`, lastName: `Up${letters()}`, dob: '1981-03-04' };
    const ids = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const res = await send(kiosk, '/api/kiosk/sign-ins', { person, photoFileId: await photo(), reason: `Try` });
      expect(res.statusCode, res.body).toBe(200);
      ids.add(res.json().signInId);
      tick(10);
    }
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const rows = await t.deps.db
      .select()
      .from(preRegistrations)
      .where(and(eq(preRegistrations.buildingId, building()), eq(preRegistrations.lastname, person.lastName)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(id);
    const card = (await pendingCards()).find((c) => c.id === id)!;
    expect(card.issues.summary.join(' ')).toMatch(/Signed in 20 times at the kiosk; most recently at/);
    // one visitor record, not twenty
    const people = await t.deps.db.select().from(visitors).where(eq(visitors.lastname, person.lastName));
    expect(people).toHaveLength(1);
  });

  it('another person, or the same person after the window, gets their own card', async () => {
    const a = { firstName: `Ann${letters()}`, lastName: `Own${letters()}`, dob: '1982-01-01' };
    const b = { ...a, firstName: `Bea${letters()}` };
    const first = (await send(kiosk, '/api/kiosk/sign-ins', { person: a, photoFileId: await photo() })).json();
    const other = (await send(kiosk, '/api/kiosk/sign-ins', { person: b, photoFileId: await photo() })).json();
    expect(other.signInId).not.toBe(first.signInId);
    tick(CONSTANTS.screeningValidMinutes * 60 + 1);
    const later = (await send(kiosk, '/api/kiosk/sign-ins', { person: a, photoFileId: await photo() })).json();
    expect(later.signInId).not.toBe(first.signInId);
  });

  it('an excluded person signing in again and again keeps ONE flagged card, still flagged', async () => {
    const p = { firstname: `Ex${letters()}`, lastname: `Cluded${letters()}`, dob: '1975-01-01' };
    // linked to the person's record: a direct match whatever the name matcher's tiers are
    const visitorId = await insertVisitor(t.deps.db, { clientId: t.world.north.clientId, ...p });
    await insertExclusion(t.deps.db, { clientId: t.world.north.clientId, visitorId, ...p });
    const ids = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const res = await send(kiosk, '/api/kiosk/sign-ins', { visitorId, photoFileId: await photo() });
      expect(res.statusCode, res.body).toBe(200);
      ids.add(res.json().signInId);
      tick(10);
    }
    expect(ids.size).toBe(1);
    const card = (await pendingCards()).find((c) => ids.has(c.id))!;
    expect(card.bgResults).toBe(false);
    expect(isFlaggedCard(card.issues)).toBe(true);
    expect(card.issues.summary).toContain('On the exclusion list');
    expect(card.issues.summary.join(' ')).toMatch(/Signed in 5 times at the kiosk/);
  });

  it('more sign-ins in a minute than the limit answer 429 with a calm sentence, and store nothing', async () => {
    tick(120);
    for (let i = 0; i < KIOSK_LIMITS.signIn.max; i++) {
      const person = { firstName: `Fast${letters()}`, lastName: `Flood${letters()}`, dob: '1990-01-01' };
      const res = await send(kiosk, '/api/kiosk/sign-ins', { person, photoFileId: await photo() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const person = { firstName: `Over${letters()}`, lastName: `Limit${letters()}`, dob: '1990-01-01' };
    const k = key();
    const res = await send(kiosk, '/api/kiosk/sign-ins', { person, photoFileId: await photo() }, k);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(KIOSK_MESSAGES.tooManySignIns);
    expect(await t.deps.db.select().from(visitors).where(eq(visitors.lastname, person.lastName))).toHaveLength(0);
    expect(
      await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.lastname, person.lastName)),
    ).toHaveLength(0);
    // a minute later the same request (same key) goes through
    tick(61);
    const retry = await send(kiosk, '/api/kiosk/sign-ins', { person, photoFileId: await photo() }, k);
    expect(retry.statusCode, retry.body).toBe(200);
  });
});

describe('kiosk tardies (issue 22 §6)', () => {
  it('40 tardies for one student record ONE; each later one answers the first slip', async () => {
    const s = await demoStudent(t.deps.db, t.world.north.clientId, 'stu-n1');
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
    const ok = await send(
      kiosk,
      '/api/kiosk/students/validate',
      { studentId: row!.identifier, lastName: row!.lastname, action: 'dropoff' },
      null,
    );
    const reasonId = ok.json().reasons[0].id;
    const body = { studentId: row!.identifier, lastName: row!.lastname, reasonId };
    const since = new Date(clock.getTime() - 1000);
    const answers = [];
    for (let i = 0; i < 40; i++) {
      const res = await send(kiosk, '/api/kiosk/students/dropoffs', { ...body, photoFileId: await photo() });
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json());
      tick(5);
    }
    const events = await t.deps.db
      .select()
      .from(dropoffEvents)
      .where(and(eq(dropoffEvents.studentId, s.id), gte(dropoffEvents.droppedOffAt, since)));
    expect(events).toHaveLength(1);
    expect(answers[0]).toMatchObject({ eventId: events[0]!.id, message: MESSAGES.dropoffRecorded });
    for (const a of answers.slice(1))
      expect(a).toEqual({
        eventId: events[0]!.id,
        message: KIOSK_MESSAGES.tardyAlreadyRecorded,
        slipWindowUrl: answers[0].slipWindowUrl,
        // the slip prints the way the building prints (issue 25, ksl U6): the same slip again
        slipPrint: answers[0].slipPrint,
        slipZplUrl: answers[0].slipZplUrl,
      });
  });

  it('more new tardies in a minute than the kiosk’s limit answer 429 and record nothing', async () => {
    tick(24 * 3600); // the next day: the student above may sign in late again
    const s = await demoStudent(t.deps.db, t.world.north.clientId, 'stu-n1');
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
    const ok = await send(
      kiosk,
      '/api/kiosk/students/validate',
      { studentId: row!.identifier, lastName: row!.lastname, action: 'dropoff' },
      null,
    );
    const body = { studentId: row!.identifier, lastName: row!.lastname, reasonId: ok.json().reasons[0].id };
    // this kiosk has already recorded its minute's worth of tardies
    await t.deps.db.insert(authThrottle).values({
      key: `kiosk:tardy:${t.world.users['kiosk.northhigh@demo.test']}`,
      failures: KIOSK_LIMITS.tardy.max,
      lastFailureAt: clock,
    });
    const count = async () =>
      (
        await t.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(dropoffEvents)
          .where(eq(dropoffEvents.studentId, s.id))
      )[0]!.n;
    const before = await count();
    const res = await send(kiosk, '/api/kiosk/students/dropoffs', { ...body, photoFileId: await photo() });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(KIOSK_MESSAGES.tooManyTardies);
    expect(await count()).toBe(before);
    tick(61);
    const later = await send(kiosk, '/api/kiosk/students/dropoffs', { ...body, photoFileId: await photo() });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().message).toBe(MESSAGES.dropoffRecorded);
    expect(await count()).toBe(before + 1);
  });
});

describe('the dashboard never buries a flagged card (issue 22 §6)', () => {
  it('flagged cards sort first and the cap applies to the unflagged ones only', async () => {
    const lincoln = t.world.north.lincolnId;
    const visitDate = '2026-11-24';
    const base = { clientId: t.world.north.clientId, buildingId: lincoln, visitDate, status: 'pending' as const };
    // a flood of ordinary cards, more than the list shows, named to sort before the flagged ones
    const flood = Array.from({ length: DASHBOARD_UNFLAGGED_CAP + 50 }, (_, i) => ({
      ...base,
      firstname: 'Visitor at the kiosk',
      lastname: `Aaa${i.toString(26).replace(/\d/g, (d) => 'klmnopqrst'[+d]!)}`,
      bgResults: false,
      issues: {
        summary: ['Answered Yes to a health question at the kiosk: please speak with this visitor.'],
        findings: [],
      },
    }));
    for (let i = 0; i < flood.length; i += 500)
      await t.deps.db.insert(preRegistrations).values(flood.slice(i, i + 500));
    const [excluded, registry, refused] = await t.deps.db
      .insert(preRegistrations)
      .values([
        {
          ...base,
          firstname: 'Zed',
          lastname: 'Zzexcluded',
          bgResults: false,
          issues: { exclusionCount: 1, summary: [], findings: [] },
        },
        {
          ...base,
          firstname: 'Zed',
          lastname: 'Zzregistry',
          bgResults: false,
          issues: { potentialCount: 1, summary: [], findings: [{ source: 'registry', ref: 'x', label: 'Registry' }] },
        },
        {
          ...base,
          firstname: 'Zed',
          lastname: 'Zzrefused',
          bgResults: false,
          issues: { flagged: true, summary: ['Pickup refused'], findings: [] },
        },
      ])
      .returning({ id: preRegistrations.id });
    // a fresh session: the clock has moved on by a day in the tests above
    const admin = await t.login('admin.north@demo.test');
    const res = await t.as(admin).get(`/api/buildings/${lincoln}/preregistrations`);
    expect(res.statusCode).toBe(200);
    const data: TPreRegistration[] = res.json().data;
    expect(
      data
        .slice(0, 3)
        .map((c) => c.id)
        .sort(),
    ).toEqual([excluded!.id, registry!.id, refused!.id].sort());
    expect(data.filter((c) => c.lastname.startsWith('Aaa'))).toHaveLength(DASHBOARD_UNFLAGGED_CAP);
  });
});
