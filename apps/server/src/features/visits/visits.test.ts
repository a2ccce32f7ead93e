import { SCREENING_MESSAGES } from '@sv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, buildings, exclusions, visitReasons, visitors, visits } from '../../db/schema/index';
import { startFakePrinter } from '../../test/peers/fake-printer';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { withNameKeys } from '../../platform/db/identity-keys';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { nameTag } from '../../test/names';

let t: TestApp;
let clock = new Date('2026-11-23T15:00:00Z');
let desk: Session;
let admin: Session;
let printer: Awaited<ReturnType<typeof startFakePrinter>>;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  desk = await t.login('desk.northhigh@demo.test');
  admin = await t.login('admin@demo.test');
  printer = await startFakePrinter();
});
afterAll(() => printer.close());

let n = 0;
async function newVisitor(over: Partial<typeof visitors.$inferInsert> = {}) {
  n++;
  const [v] = await t.deps.db
    .insert(visitors)
    .values({
      clientId: t.world.north.clientId,
      firstname: `Casey${nameTag(n)}`,
      lastname: `Visitor${nameTag(n)}`,
      dob: '1980-05-05',
      // the demo buildings require a photo at check-in (spec 002 §4 Photo modal)
      photoFileId: await insertPhoto(t.deps.db, over.clientId ?? t.world.north.clientId),
      ...over,
    })
    .returning();
  return v;
}
const key = () => `test-key-${Math.random().toString(36).slice(2, 12)}`;
/** The server's screening of the visitor at the building (issue 10 §1), as an admin of any scope. */
async function screen(visitorId: number, buildingId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/visitors/${visitorId}/screening`,
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
    payload: { buildingId },
  });
  // a screening that could not be made (out of scope) leaves an id that names nothing
  return res.statusCode === 200 ? (res.json().id as string) : '00000000-0000-4000-8000-000000000000';
}
/** Check-in as `s`; without a screeningId in the body, the visitor is screened there first. */
const checkIn = async (s: Session, body: { visitorId: number; buildingId: number; [k: string]: unknown }, k = key()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visits',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'idempotency-key': k },
    payload: { screeningId: await screen(body.visitorId, body.buildingId), ...body },
  });

describe('check-in', () => {
  it('creates the badge and the open visit together, and a retry with the same key returns the same visit', async () => {
    const v = await newVisitor();
    const body = {
      visitorId: v.id,
      buildingId: t.world.north.northHighId,
      personVisiting: 'Ms. Rivera',
      reason: 'Parent conference',
      // a retry repeats the same request, screening included
      screeningId: await screen(v.id, t.world.north.northHighId),
    };
    const k = key();
    const first = await checkIn(desk, body, k);
    expect(first.statusCode).toBe(200);
    const visit = first.json().visit;
    expect(visit).toMatchObject({
      visitorId: v.id,
      personVisiting: 'Ms. Rivera',
      checkOut: null,
      buildingName: 'North High School',
    });
    expect(visit.badge.code).toMatch(/^[0-9A-Z]{10}$/);
    // badge expires at 23:59 local (America/Chicago) on the check-in day
    expect(visit.badge.expiresAt).toBe('2026-11-24T05:59:00.000Z');
    const retry = await checkIn(desk, body, k);
    expect(retry.json().visit.id).toBe(visit.id);
    const rows = await t.deps.db.select().from(visits).where(eq(visits.visitorId, v.id));
    expect(rows).toHaveLength(1);
    // the answer is built without re-reading the visit (issue 10 §9): it must be what is stored,
    // and the replay stored in the same statement must be the same answer
    const stored = await t.as(desk).get(`/api/visits/${visit.id}`);
    expect(stored.statusCode).toBe(200);
    expect(visit).toEqual(stored.json());
    expect(visit.checkedInByName).toBeTruthy();
    expect(retry.json()).toEqual(first.json());
    expect(first.json().print.pdfUrl).toBe(`/api/visits/${visit.id}/badge.pdf`);
    // a visit with a duration: the badge expires after the allowed minutes (audit 002 B13)
    const timed = await newVisitor();
    const withDuration = await checkIn(
      desk,
      {
        visitorId: timed.id,
        buildingId: t.world.north.northHighId,
        allowedMinutes: 30,
        screeningId: await screen(timed.id, t.world.north.northHighId),
      },
      key(),
    );
    expect(withDuration.statusCode, withDuration.body).toBe(200);
    const timedVisit = withDuration.json().visit;
    expect(new Date(timedVisit.badge.expiresAt).getTime() - new Date(timedVisit.checkIn).getTime()).toBe(30 * 60_000);
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'visit.checked_in'), eq(auditEvents.targetId, String(visit.id))));
    expect(audit).toMatchObject({ actorUserId: desk.userId, buildingId: t.world.north.northHighId });
  });

  it('refuses a second open visit for the same visitor and the same key for another request', async () => {
    const v = await newVisitor();
    const body = { visitorId: v.id, buildingId: t.world.north.northHighId };
    const k = key();
    expect((await checkIn(desk, body, k)).statusCode).toBe(200);
    const again = await checkIn(desk, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already checked in');
    const other = await newVisitor();
    expect((await checkIn(desk, { visitorId: other.id, buildingId: t.world.north.northHighId }, k)).statusCode).toBe(
      409,
    );
  });

  it('requires an Idempotency-Key', async () => {
    const v = await newVisitor();
    const res = await t
      .as(desk, { idempotencyKey: false })
      .post('/api/visits', { visitorId: v.id, buildingId: t.world.north.northHighId });
    expect(res.statusCode).toBe(400);
  });

  it('never checks in a visitor linked to an active exclusion that applies here', async () => {
    const v = await newVisitor({ firstname: 'Barred', lastname: 'Person' });
    await t.deps.db.insert(exclusions).values({
      clientId: t.world.north.clientId,
      buildingId: null,
      isGlobal: true,
      visitorId: v.id,
      firstname: 'Barred',
      lastname: 'Person',
      dob: '1980-05-05',
      exclusionType: 'Trespassed',
    });
    const res = await checkIn(desk, { visitorId: v.id, buildingId: t.world.north.northHighId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('exclusion list');
    expect(await t.deps.db.select().from(visits).where(eq(visits.visitorId, v.id))).toHaveLength(0);
  });

  it('refuses a visitor with an unreviewed possible exclusion match until someone clears it', async () => {
    const v = await newVisitor({ firstname: 'Possible', lastname: 'Namesake', dob: '1981-01-01' });
    const [ex] = await t.deps.db
      .insert(exclusions)
      .values(
        // with its identity keys, as every writer of an exclusion sets them (issue 22, ADR 0022)
        withNameKeys({
          clientId: t.world.north.clientId,
          isGlobal: true,
          firstname: 'Possible',
          lastname: 'Namesake',
          dob: '1960-06-06',
          exclusionType: 'Trespassed',
        }),
      )
      .returning();
    const screeningId = await screen(v.id, t.world.north.northHighId);
    const body = { visitorId: v.id, buildingId: t.world.north.northHighId, screeningId };
    const refused = await checkIn(desk, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCREENING_MESSAGES.undecidedFindings);
    const cleared = await t.as(desk).post(`/api/visitors/${v.id}/cleared-matches`, {
      screeningId,
      source: 'exclusion',
      matchRef: String(ex.id),
      note: 'Different person: born 1981',
    });
    expect(cleared.statusCode).toBe(201);
    expect((await checkIn(desk, body)).statusCode).toBe(200);
  });

  it('keeps attendants to their own building and districts apart', async () => {
    const v = await newVisitor();
    const lincoln = await t.login('desk.lincoln@demo.test');
    const south = await t.login('desk.southelem@demo.test');
    expect((await checkIn(lincoln, { visitorId: v.id, buildingId: t.world.north.northHighId })).statusCode).toBe(404);
    expect((await checkIn(south, { visitorId: v.id, buildingId: t.world.south.southElemId })).statusCode).toBe(404);
    const kiosk = await t.login('kiosk.northhigh@demo.test');
    expect((await checkIn(kiosk, { visitorId: v.id, buildingId: t.world.north.northHighId })).statusCode).toBe(403);
  });

  it('takes a photo of the district only; another district’s photo changes nothing (checked by the write itself)', async () => {
    const v = await newVisitor();
    const theirs = await insertPhoto(t.deps.db, t.world.south.clientId);
    const k = key();
    const bad = await checkIn(desk, { visitorId: v.id, buildingId: t.world.north.northHighId, photoFileId: theirs }, k);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The photo could not be found.');
    expect(await t.deps.db.select().from(visits).where(eq(visits.visitorId, v.id))).toHaveLength(0);
    // the key was released with the refusal: the same key with a good photo checks in
    const mine = await insertPhoto(t.deps.db, t.world.north.clientId);
    const ok = await checkIn(desk, { visitorId: v.id, buildingId: t.world.north.northHighId, photoFileId: mine }, k);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().visit.photoFileId).toBe(mine);
  });

  it('uses a reason of the district and rejects another district’s reason', async () => {
    const [mine] = await t.deps.db
      .insert(visitReasons)
      .values({ clientId: t.world.north.clientId, kind: 'visitor', label: 'Volunteer reading' })
      .returning();
    const [theirs] = await t.deps.db
      .insert(visitReasons)
      .values({ clientId: t.world.south.clientId, kind: 'visitor', label: 'South reason' })
      .returning();
    const reasons = await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/visit-reasons?kind=visitor`);
    expect(reasons.json().data.map((r: { label: string }) => r.label)).toContain('Volunteer reading');
    expect(reasons.json().data.map((r: { label: string }) => r.label)).not.toContain('South reason');
    const ok = await checkIn(desk, {
      visitorId: (await newVisitor()).id,
      buildingId: t.world.north.northHighId,
      visitReasonId: mine.id,
    });
    expect(ok.json().visit.reason).toBe('Volunteer reading');
    const bad = await checkIn(desk, {
      visitorId: (await newVisitor()).id,
      buildingId: t.world.north.northHighId,
      visitReasonId: theirs.id,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the on-site list says what was cleared to admit a person (issue 25, audit 002-desk usability 1b)', () => {
  it('counts the matches cleared on the admitting screening, and remembered clearings on a later visit', async () => {
    const building = t.world.north.northHighId;
    const current = async () =>
      (await t.as(desk).get(`/api/buildings/${building}/visits/current`)).json().data as {
        id: number;
        clearedFindings?: number;
      }[];
    // an Exact Strong registry hit of the demo registry: it needs a decision
    const flagged = await newVisitor({ firstname: 'Jordan', lastname: 'Samplewick', dob: '1972-05-06' });
    const screened = await t.as(desk).post(`/api/visitors/${flagged.id}/screening`, { buildingId: building });
    expect(screened.statusCode, screened.body).toBe(200);
    const screening = screened.json();
    expect(screening.registry.matches.length).toBeGreaterThan(0);
    for (const m of screening.registry.matches.filter((x: { gating: boolean }) => x.gating)) {
      const cleared = await t.as(desk).post(`/api/visitors/${flagged.id}/cleared-matches`, {
        screeningId: screening.id,
        source: 'registry',
        matchRef: m.id,
        note: 'Different person: checked the licence',
      });
      expect(cleared.statusCode, cleared.body).toBe(201);
    }
    const gating = screening.registry.matches.filter((x: { gating: boolean }) => x.gating).length;
    expect(gating).toBeGreaterThan(0);
    const admitted = await checkIn(desk, { visitorId: flagged.id, buildingId: building, screeningId: screening.id });
    expect(admitted.statusCode, admitted.body).toBe(200);
    const clean = (await checkIn(desk, { visitorId: (await newVisitor()).id, buildingId: building })).json().visit;
    const now = await current();
    expect(now.find((v) => v.id === admitted.json().visit.id)?.clearedFindings).toBe(gating);
    expect(now.find((v) => v.id === clean.id)?.clearedFindings).toBe(0);

    // out and in again: the new screening shows the match as cleared before, and the list still says so
    await t.as(desk).post(`/api/visits/${admitted.json().visit.id}/check-out`);
    const again = await checkIn(desk, { visitorId: flagged.id, buildingId: building });
    expect(again.statusCode, again.body).toBe(200);
    expect((await current()).find((v) => v.id === again.json().visit.id)?.clearedFindings).toBe(gating);
  });
});

describe('check-out', () => {
  it('checks out by badge scan, from the dashboard and by visitor; repeated check-out changes nothing', async () => {
    const a = (
      await checkIn(desk, { visitorId: (await newVisitor()).id, buildingId: t.world.north.northHighId })
    ).json().visit;
    const byBadge = await t.as(desk).post('/api/visits/check-out-by-badge', {
      buildingId: t.world.north.northHighId,
      badgeCode: a.badge.code.toLowerCase(),
    });
    expect(byBadge.statusCode).toBe(200);
    expect(byBadge.json().visit.checkOut).toBe(clock.toISOString());
    const again = await t.as(desk).post(`/api/visits/${a.id}/check-out`);
    expect(again.json().visit.checkOut).toBe(clock.toISOString());
    const bv = await newVisitor();
    await checkIn(desk, { visitorId: bv.id, buildingId: t.world.north.northHighId });
    const byVisitor = await t
      .as(desk)
      .post(`/api/visitors/${bv.id}/check-out`, { buildingId: t.world.north.northHighId });
    expect(byVisitor.json().visit.checkOut).not.toBeNull();
    const current = await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/visits/current`);
    expect(current.json().data.map((x: { id: number }) => x.id)).not.toContain(a.id);
  });

  it('does not let another building check out a badge', async () => {
    const a = (
      await checkIn(desk, { visitorId: (await newVisitor()).id, buildingId: t.world.north.northHighId })
    ).json().visit;
    const lincoln = await t.login('desk.lincoln@demo.test');
    const res = await t
      .as(lincoln)
      .post('/api/visits/check-out-by-badge', { buildingId: t.world.north.lincolnId, badgeCode: a.badge.code });
    expect(res.statusCode).toBe(404);
    expect((await t.as(lincoln).post(`/api/visits/${a.id}/check-out`)).statusCode).toBe(404);
  });
});

describe('automatic check-out at 23:59 in the building’s time zone (spec 002 §4)', () => {
  it('checks out at local 23:59 across the daylight-saving change, not before', async () => {
    // 2026-11-01 is the end of daylight saving time in America/Chicago (UTC-5 → UTC-6).
    clock = new Date('2026-11-01T16:00:00Z');
    const v = await newVisitor();
    const visit = (await checkIn(desk, { visitorId: v.id, buildingId: t.world.north.northHighId })).json().visit;
    clock = new Date('2026-11-02T05:58:00Z'); // 23:58 CST
    await t.app.inject({
      method: 'POST',
      url: `/api/buildings/${t.world.north.northHighId}/visits/auto-check-out`,
      headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken },
      payload: {},
    });
    expect((await t.as(desk).get(`/api/visits/${visit.id}`)).json().checkOut).toBeNull();
    clock = new Date('2026-11-02T06:00:00Z'); // 00:00 CST next day
    const swept = await t.as(desk).post(`/api/buildings/${t.world.north.northHighId}/visits/auto-check-out`);
    expect(swept.json().checkedOut).toBeGreaterThanOrEqual(1);
    // 23:59 CST on Nov 1 = 05:59 UTC on Nov 2 (it would be 04:59 UTC with the summer offset)
    expect((await t.as(desk).get(`/api/visits/${visit.id}`)).json().checkOut).toBe('2026-11-02T05:59:00.000Z');
    clock = new Date('2026-11-23T15:00:00Z');
  });

  it('closes a swept visit only with its webhook event: a failed event write closes none, the next sweep does', async () => {
    clock = new Date('2026-04-14T15:00:00Z');
    const northAdmin = await t.login('admin.north@demo.test');
    const sub = await t
      .as(northAdmin)
      .post('/api/webhooks', { url: 'https://hooks.example.test/sv', events: ['visit.checked_out'] });
    expect(sub.statusCode, sub.body).toBe(200);
    const subscriptionId = sub.json().webhook.id as number;
    const v = await newVisitor();
    const visit = (await checkIn(desk, { visitorId: v.id, buildingId: t.world.north.northHighId })).json().visit;
    clock = new Date('2026-04-16T12:00:00Z');
    const sweep = () => t.as(desk).post(`/api/buildings/${t.world.north.northHighId}/visits/auto-check-out`);
    const eventsOfVisit = async () =>
      (
        (await t.deps.database.query('select body from webhook_deliveries where subscription_id = $1', [
          subscriptionId,
        ])) as { body: string }[]
      ).filter((r) => JSON.parse(r.body).data.visitId === visit.id);
    // the event's insert fails (a trigger refuses it): the sweep closes nothing
    await t.deps.database.query(
      `create or replace function sv_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
    );
    await t.deps.database.query(
      'create trigger sv_test_refuse before insert on webhook_deliveries for each row execute function sv_test_refuse()',
    );
    try {
      expect((await sweep()).statusCode).toBe(500);
      expect((await t.as(desk).get(`/api/visits/${visit.id}`)).json().checkOut).toBeNull();
    } finally {
      await t.deps.database.query('drop trigger sv_test_refuse on webhook_deliveries');
    }
    expect(await eventsOfVisit()).toHaveLength(0);
    // the next sweep finds it again: closed, and its event written once
    expect((await sweep()).json().checkedOut).toBeGreaterThanOrEqual(1);
    expect((await t.as(desk).get(`/api/visits/${visit.id}`)).json().checkOut).not.toBeNull();
    const events = await eventsOfVisit();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body)).toMatchObject({ type: 'visit.checked_out', data: { automatic: true } });
    await t.deps.database.query('update webhook_subscriptions set active = false where id = $1', [subscriptionId]);
    clock = new Date('2026-11-23T15:00:00Z');
  });

  it('skips districts that disabled auto-logout for visitors', async () => {
    clock = new Date('2026-03-07T20:00:00Z');
    const v = await newVisitor();
    const visit = (await checkIn(desk, { visitorId: v.id, buildingId: t.world.north.northHighId })).json().visit;
    const { clients } = await import('../../db/schema/index');
    await t.deps.db
      .update(clients)
      .set({ settings: { disableAutoLogoutVisitors: true } })
      .where(eq(clients.id, t.world.north.clientId));
    clock = new Date('2026-03-09T12:00:00Z');
    await t.as(desk).post(`/api/buildings/${t.world.north.northHighId}/visits/auto-check-out`);
    expect((await t.as(desk).get(`/api/visits/${visit.id}`)).json().checkOut).toBeNull();
    await t.deps.db.update(clients).set({ settings: {} }).where(eq(clients.id, t.world.north.clientId));
    await t.as(desk).post(`/api/buildings/${t.world.north.northHighId}/visits/auto-check-out`);
    // 2026-03-08 is the start of daylight saving: 23:59 CDT on Mar 7 is still CST (UTC-6)
    expect((await t.as(desk).get(`/api/visits/${visit.id}`)).json().checkOut).toBe('2026-03-08T05:59:00.000Z');
    clock = new Date('2026-11-23T15:00:00Z');
  });
});

describe('badges', () => {
  it('renders the badge as PDF and ZPL with the badge code, and prints to the network printer', async () => {
    await t.deps.db
      .update(buildings)
      .set({ printerIpAddress: printer.address })
      .where(eq(buildings.id, t.world.north.northHighId));
    const res = await checkIn(desk, {
      visitorId: (await newVisitor({ firstname: 'Jordan', lastname: 'Printwell' })).id,
      buildingId: t.world.north.northHighId,
      personVisiting: 'Coach Lee',
    });
    const { visit, print } = res.json();
    expect(print.mode).toBe('network');
    const pdf = await t.as(desk).get(`/api/visits/${visit.id}/badge.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const zpl = (await t.as(desk).get(`/api/visits/${visit.id}/badge.zpl`)).body;
    expect(zpl).toMatch(/^\^XA/);
    expect(zpl).toContain(`^FD${visit.badge.code}^FS`);
    expect(zpl).toContain('Jordan Printwell');
    const printed = await t.as(desk).post(`/api/visits/${visit.id}/badge/print`);
    expect(printed.json()).toMatchObject({ printed: true, mode: 'network' });
    await printer.waitForJobs(1);
    expect(printer.jobs.at(-1)).toContain(`^FD${visit.badge.code}^FS`);
    expect(printer.jobs.at(-1)).toContain('Coach Lee');
    await t.deps.db.update(buildings).set({ printerIpAddress: '' }).where(eq(buildings.id, t.world.north.northHighId));
    const pdfPlan = await checkIn(desk, { visitorId: (await newVisitor()).id, buildingId: t.world.north.northHighId });
    expect(pdfPlan.json().print.mode).toBe('pdf');
  });

  it('follows the building’s print method (issue 23 §7): Browser Print and PDF buildings never reach the server printer', async () => {
    const jobs = printer.jobs.length;
    const set = (printMethod: 'server' | 'browser' | 'pdf') =>
      t.deps.db
        .update(buildings)
        .set({ printMethod, printerIpAddress: printer.address })
        .where(eq(buildings.id, t.world.north.northHighId));
    try {
      for (const [method, mode] of [
        ['browser', 'browser'],
        ['pdf', 'pdf'],
      ] as const) {
        await set(method);
        const res = await checkIn(desk, { visitorId: (await newVisitor()).id, buildingId: t.world.north.northHighId });
        expect(res.json().print.mode, method).toBe(mode);
        const sent = await t.as(desk).post(`/api/visits/${res.json().visit.id}/badge/print`);
        expect(sent.json(), method).toMatchObject({ printed: false, mode: 'pdf' });
      }
      expect(printer.jobs.length).toBe(jobs);
    } finally {
      await t.deps.db
        .update(buildings)
        .set({ printMethod: 'server', printerIpAddress: '' })
        .where(eq(buildings.id, t.world.north.northHighId));
    }
  });

  it('serves another district’s badge to nobody', async () => {
    const { visit } = (
      await checkIn(desk, { visitorId: (await newVisitor()).id, buildingId: t.world.north.northHighId })
    ).json();
    const south = await t.login('admin.south@demo.test');
    expect((await t.as(south).get(`/api/visits/${visit.id}/badge.pdf`)).statusCode).toBe(404);
    expect((await t.as(south).get(`/Badge/print/${visit.id}`)).statusCode).toBe(404);
  });

  it('opens the badge in a print window that frames the PDF and prints it (issue 10 §8)', async () => {
    const { visit } = (
      await checkIn(desk, { visitorId: (await newVisitor()).id, buildingId: t.world.north.northHighId })
    ).json();
    const win = await t.as(desk).get(`/Badge/print/${visit.id}`);
    expect(win.statusCode).toBe(200);
    expect(win.headers['content-type']).toContain('text/html');
    expect(win.body).toContain(`data-pdf="/api/visits/${visit.id}/badge.pdf"`);
    expect(win.body).toContain('<script src="/print-window.js"></script>');
    // the print window itself may be framed by nobody; the PDF only by a page of this origin
    expect(win.headers['x-frame-options']).toBe('DENY');
    const pdf = await t.as(desk).get(`/api/visits/${visit.id}/badge.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(pdf.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const json = await t.as(desk).get(`/api/visits/${visit.id}`);
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(String(json.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('dashboard reads shared by a building (issue 5 building-read-cache)', () => {
  it('shows a check-in and a check-out on the very next read, and never serves the cache out of scope', async () => {
    const building = t.world.north.northHighId;
    const current = async (s: Session) => t.as(s).get(`/api/buildings/${building}/visits/current`);
    const before = (await current(desk)).json().data as { id: number }[];
    await current(desk); // warm: the second read is answered from the shared entry
    const v = await newVisitor();
    const visit = (await checkIn(desk, { visitorId: v.id, buildingId: building })).json().visit;
    const afterIn = (await current(desk)).json().data as { id: number }[];
    expect(afterIn.map((x) => x.id)).toContain(visit.id);
    expect(afterIn).toHaveLength(before.length + 1);
    expect((await t.as(desk).post(`/api/visits/${visit.id}/check-out`, {})).statusCode).toBe(200);
    expect(((await current(desk)).json().data as { id: number }[]).map((x) => x.id)).not.toContain(visit.id);

    // the entry is warm: another building's attendant and another district still get 404
    const lincoln = await t.login('desk.lincoln@demo.test');
    const south = await t.login('desk.southelem@demo.test');
    expect((await current(lincoln)).statusCode).toBe(404);
    expect((await current(south)).statusCode).toBe(404);
    expect((await t.as(south).get(`/api/buildings/${building}/preregistrations`)).statusCode).toBe(404);
    // a district administrator of the same district reads the same shared answer
    const admin = await t.login('admin.north@demo.test');
    expect((await current(admin)).json().data).toEqual((await current(desk)).json().data);
  });
});
