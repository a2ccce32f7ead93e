import { inflateSync } from 'node:zlib';
import { PICKUP_MESSAGES, REUNIFICATION_MESSAGES } from '@sv/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  emergencyRosterEntries,
  exclusions,
  outboundMessages,
  pickupEvents,
  reunificationChildren,
  reunificationRequests,
} from '../../db/schema/index';
import { withNameKeys } from '../../platform/db/identity-keys';
import { PUBLIC_LIMITS } from '../../platform/http/public-rate-limit';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { demoGuardian, demoStudent, photoMultipart } from '../students/students.fixtures';
import { freeBuilding, openEventAtNorthHigh, requestForAvery } from './reunification.fixtures';

/** The text drawn on a pdf-lib PDF: its content streams inflated, hex strings decoded. */
function pdfText(bytes: Buffer): string {
  let out = '';
  for (const m of bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      body = m[1];
    }
    for (const h of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += `${Buffer.from(h[1], 'hex').toString('latin1')}\n`;
  }
  return out;
}

let t: TestApp;
let desk: Session;
let northAdmin: Session;
let southAdmin: Session;
let lincolnDesk: Session;
let north: number;
let northHigh: number;
let n = 0;
const key = () => `reunify-test-${++n}-${Date.now()}`;
const station = 'Table 2';

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.login('desk.northhigh@demo.test');
  northAdmin = await t.login('admin.north@demo.test');
  southAdmin = await t.login('admin.south@demo.test');
  lincolnDesk = await t.login('desk.lincoln@demo.test');
  north = t.world.north.clientId;
  northHigh = t.world.north.northHighId;
});

const post = (s: Session | null, url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { ...(s ? { cookie: s.cookie, 'x-csrf-token': s.csrfToken } : {}), ...headers },
  });

async function photo(studentId: number, s: Session = desk) {
  const m = photoMultipart();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/students/${studentId}/pickup-photo`,
    payload: m.body,
    headers: { ...m.headers, cookie: s.cookie, 'x-csrf-token': s.csrfToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().photoFileId as string;
}

/** Jordan Testwood (par-n1, Avery's mother: a standing permission, date of birth on file). */
const jordanTyped = { method: 'id_typed', licenseNumber: 'T555-0199', licenseState: 'IL', dob: '1984-06-12' };

async function verifyAvery(eventId: number, requestId: number, verification: object = jordanTyped, s = desk) {
  const jordan = await demoGuardian(t.deps.db, north, 'par-n1');
  const res = await post(s, `/api/reunification/events/${eventId}/requests/${requestId}/verify`, {
    guardianId: jordan.id,
    station,
    verification,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    request: { children: { id: number; status: string; refusal: string | null; location: string }[] };
    screeningId: string | null;
  };
}

const pickupsOf = async (studentId: number) =>
  (await t.deps.db.select().from(pickupEvents).where(eq(pickupEvents.studentId, studentId))).length;

// first: Avery is on the evacuation's roster only while no earlier test released him today
describe('a reunification from an evacuation (issue 27 §3)', () => {
  it('station request → ID → runner with the roster location → release with photo; the child leaves the roster; counts move; report', async () => {
    await freeBuilding(t, northHigh);
    const start = await post(
      desk,
      '/api/emergency-states',
      { kind: 'Evacuate', drill: true, confirmation: 'EVACUATE' },
      { 'idempotency-key': key() },
    );
    expect(start.statusCode, start.body).toBe(200);
    const stateId = start.json().id as number;
    // staff may not start one on its own; from the state, yes
    const alone = await post(desk, '/api/reunification/events', {}, { 'idempotency-key': key() });
    expect(alone.statusCode).toBe(403);
    const ev = await post(desk, '/api/reunification/events', { stateId }, { 'idempotency-key': key() });
    expect(ev.statusCode, ev.body).toBe(200);
    const event = ev.json();
    expect(event).toMatchObject({ buildingId: northHigh, stateKind: 'Evacuate', drill: true });
    expect(event.publicPath).toMatch(/^\/reunify\/[A-Za-z0-9_-]{32}$/);
    const rosterStudents = event.counts.noEligibleAdult as number;
    expect(rosterStudents).toBeGreaterThan(1);
    // one open event per building
    const second = await post(
      northAdmin,
      '/api/reunification/events',
      { buildingId: northHigh },
      { 'idempotency-key': key() },
    );
    expect(second.statusCode).toBe(409);

    const avery = await demoStudent(t.deps.db, north, 'stu-n1');
    const created = await post(
      desk,
      `/api/reunification/events/${event.id}/requests`,
      { adultFirst: 'Jordan', adultLast: 'Testwood', studentIds: [avery.id], station },
      { 'idempotency-key': key() },
    );
    expect(created.statusCode, created.body).toBe(200);
    const request = created.json();
    // the people on file for Avery, the one whose name matches first
    expect(request.candidates[0]).toMatchObject({ name: 'Jordan Testwood', matchesName: true });
    expect(request.candidates.map((c: { name: string }) => c.name)).toContain('Riley Testwood');

    const v = await verifyAvery(event.id, request.id, { method: 'known_visitor' });
    const childId = v.request.children[0].id;
    const board = async () => (await t.as(desk).get(`/api/reunification/events/${event.id}`)).json();
    expect((await board()).event.counts).toMatchObject({
      reunified: 0,
      waiting: 0,
      requestsOpen: 1,
      noEligibleAdult: rosterStudents - 1,
    });
    const base = `/api/reunification/events/${event.id}/children/${childId}`;
    expect((await post(desk, `${base}/sent`, { station })).statusCode).toBe(200);
    const sent = (await board()).requests[0].children[0];
    // the runner's location: the roster group (Avery's grade) and the mark
    expect(sent).toMatchObject({ status: 'sent', location: 'Grade 10 · not marked yet' });
    expect((await post(desk, `${base}/arrived`, { station })).statusCode).toBe(200);
    expect((await board()).event.counts).toMatchObject({ waiting: 1, requestsOpen: 1 });
    const released = await post(desk, `${base}/release`, {
      station,
      photoFileId: await photo(avery.id),
      screeningId: v.screeningId,
      verification: { method: 'known_visitor' },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().message).toBe(REUNIFICATION_MESSAGES.released);
    expect((await board()).event.counts).toMatchObject({ reunified: 1, waiting: 0, requestsOpen: 0 });
    const [entry] = await t.deps.db
      .select()
      .from(emergencyRosterEntries)
      .where(and(eq(emergencyRosterEntries.stateId, stateId), eq(emergencyRosterEntries.studentId, avery.id)));
    expect(entry.releasedAt).not.toBeNull();
    expect(entry.markStatus).toBe('accounted');

    // the district view: A's administrator sees it with its counts; B's sees nothing of A
    const district = (await t.as(northAdmin).get('/api/reunification/events?open=true')).json();
    expect(district.data.map((e: { id: number }) => e.id)).toContain(event.id);
    expect(district.totals.reunified).toBeGreaterThanOrEqual(1);
    const south = (await t.as(southAdmin).get('/api/reunification/events')).json();
    expect(south.data).toEqual([]);
    expect((await t.as(lincolnDesk).get(`/api/reunification/events/${event.id}`)).statusCode).toBe(404);

    // the after-action report: PDF (time line, the release with its verification) and CSV
    const pdf = await t.as(desk).get(`/api/reunification/events/${event.id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Reunified: 1');
    expect(text).toMatch(/Avery Testwood released to Jordan Testwood/);
    expect(text).toMatch(/Slowest steps/);
    const csv = await t.as(desk).get(`/api/exports/reunification?format=csv&eventId=${event.id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toMatch(/Avery Testwood.*Jordan Testwood.*Released/);
    expect((await t.as(southAdmin).get(`/api/exports/reunification?format=csv&eventId=${event.id}`)).statusCode).toBe(
      404,
    );

    // the link to families goes through the messenger (outbox when no transport)
    const link = await post(desk, `/api/reunification/events/${event.id}/link`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().sent).toBeGreaterThan(0);
    const msgs = await t.deps.db.select().from(outboundMessages).where(eq(outboundMessages.kind, 'reunification.link'));
    expect(msgs.length).toBe(link.json().sent);
    expect(msgs[0].body).toContain(event.publicPath);
    // issue 29 §1: no language on file for a guardian: every message in every visitor language
    const words = [
      'reunification has started',
      'comenzó la reunificación',
      'بدأ لمّ',
      '团聚',
      'đoàn tụ',
      'começou o reencontro',
    ];
    for (const m of msgs) for (const w of words) expect(m.body.toLowerCase(), `${m.channel}: ${w}`).toContain(w);
    expect(msgs.map((m) => m.body).join(' ')).not.toContain('English or Spanish');

    // ending: administrators only; the link closes
    expect((await post(desk, `/api/reunification/events/${event.id}/end`)).statusCode).toBe(403);
    expect((await post(northAdmin, `/api/reunification/events/${event.id}/end`)).statusCode).toBe(200);
    const token = event.publicPath.split('/').pop();
    expect((await t.app.inject({ method: 'GET', url: `/api/public/reunification/${token}` })).statusCode).toBe(404);
  });
});

describe('the safety table beyond the pickup paths (issue 27 §3; students.test.ts holds the shared rows)', () => {
  it('an excluded adult spelled with look-alike and invisible characters: refused every child, nothing released', async () => {
    const { eventId } = await openEventAtNorthHigh(t);
    const { requestId, childId, studentId } = await requestForAvery(t, eventId);
    // Cyrillic "о" in the first name, a zero-width space in the last (identity corpus, ADR 0022)
    await t.deps.db.insert(exclusions).values(
      withNameKeys({
        clientId: north,
        firstname: 'J\u043erdan',
        lastname: 'Test\u200bwood',
        dob: '1984-06-12',
        exclusionType: 'RestrictedAccess',
        active: true,
      }),
    );
    const before = await pickupsOf(studentId);
    try {
      const v = await verifyAvery(eventId, requestId);
      const child = v.request.children.find((c) => c.id === childId);
      expect(child).toMatchObject({ status: 'refused', refusal: PICKUP_MESSAGES.flagged });
      // pushed to the station by hand: the one rule refuses the release again
      await t.deps.db
        .update(reunificationChildren)
        .set({ status: 'arrived' })
        .where(eq(reunificationChildren.id, childId));
      const res = await post(desk, `/api/reunification/events/${eventId}/children/${childId}/release`, {
        station,
        photoFileId: await photo(studentId),
        screeningId: v.screeningId,
        verification: jordanTyped,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PICKUP_MESSAGES.flagged);
      expect(await pickupsOf(studentId)).toBe(before);
      // the child is back at the station, not released
      const [row] = await t.deps.db.select().from(reunificationChildren).where(eq(reunificationChildren.id, childId));
      expect(row.status).toBe('arrived');
    } finally {
      await t.deps.db.update(exclusions).set({ active: false }).where(eq(exclusions.dob, '1984-06-12'));
    }
  });

  it('an unverified adult (the ID disagrees with the date of birth on file): refused, never offered', async () => {
    const { eventId } = await openEventAtNorthHigh(t);
    const { requestId, childId } = await requestForAvery(t, eventId);
    const v = await verifyAvery(eventId, requestId, { ...jordanTyped, dob: '1970-01-01' });
    expect(v.request.children.find((c) => c.id === childId)).toMatchObject({
      status: 'refused',
      refusal: PICKUP_MESSAGES.unverified,
    });
    const sent = await post(desk, `/api/reunification/events/${eventId}/children/${childId}/sent`, { station });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(REUNIFICATION_MESSAGES.notOffered);
  });

  it('the ID check is required: none → 400 with the desk’s words', async () => {
    const { eventId } = await openEventAtNorthHigh(t);
    const { requestId } = await requestForAvery(t, eventId);
    const jordan = await demoGuardian(t.deps.db, north, 'par-n1');
    const res = await post(desk, `/api/reunification/events/${eventId}/requests/${requestId}/verify`, {
      guardianId: jordan.id,
      station,
    });
    expect(res.statusCode).toBe(400);
  });

  it('two stations (or a double submit) releasing the same child at once: released once', async () => {
    const { eventId } = await openEventAtNorthHigh(t);
    const { requestId, childId, studentId } = await requestForAvery(t, eventId);
    const v = await verifyAvery(eventId, requestId);
    expect(v.request.children[0].status).toBe('offered');
    const base = `/api/reunification/events/${eventId}/children/${childId}`;
    expect((await post(desk, `${base}/sent`, { station })).statusCode).toBe(200);
    expect((await post(desk, `${base}/arrived`, { station })).statusCode).toBe(200);
    const before = await pickupsOf(studentId);
    const body = {
      station,
      photoFileId: await photo(studentId),
      screeningId: v.screeningId,
      verification: jordanTyped,
    };
    const results = await Promise.all([
      post(desk, `${base}/release`, body),
      post(northAdmin, `${base}/release`, { ...body, station: 'Table 3' }),
      post(desk, `${base}/release`, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await pickupsOf(studentId)).toBe(before + 1);
    const again = await post(desk, `${base}/release`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REUNIFICATION_MESSAGES.alreadyReleased);
    const [p] = await t.deps.db
      .select()
      .from(pickupEvents)
      .where(and(eq(pickupEvents.studentId, studentId), eq(pickupEvents.photoFileId, body.photoFileId)));
    expect(p).toMatchObject({ path: 'reunification', verification: 'id_typed', reason: 'Reunification' });
  });
});

describe('the public pre-request page (issue 27 §3: no sign-in, Spanish too, rate limited)', () => {
  it('saves the adult and the children named, matched on canonical names; the station sees it in Spanish', async () => {
    const { eventId, token } = await openEventAtNorthHigh(t);
    const info = await t.app.inject({ method: 'GET', url: `/api/public/reunification/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ buildingName: 'North High School', districtName: 'North County Schools' });
    const res = await post(
      null,
      `/api/public/reunification/${token}/requests`,
      {
        language: 'es',
        adultFirst: 'Jordan',
        adultLast: 'Testwood',
        phone: '5555550301',
        children: [
          { firstName: 'ÁVERY', lastName: 'testwood' },
          { firstName: 'Nobody', lastName: 'Known' },
        ],
      },
      { 'x-forwarded-for': '203.0.113.7' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: REUNIFICATION_MESSAGES.requestSaved });
    const board = (await t.as(desk).get(`/api/reunification/events/${eventId}`)).json();
    const avery = await demoStudent(t.deps.db, north, 'stu-n1');
    expect(board.requests).toHaveLength(1);
    expect(board.requests[0]).toMatchObject({ source: 'public', language: 'es', adultName: 'Jordan Testwood' });
    expect(
      board.requests[0].children.map((c: { studentId: number | null; name: string }) => [c.studentId, c.name]),
    ).toEqual([
      [avery.id, 'Avery Testwood'],
      [null, 'Nobody Known'],
    ]);
  });

  it('an unknown token is 404; a filled honeypot saves nothing', async () => {
    const { eventId, token } = await openEventAtNorthHigh(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/reunification/${'x'.repeat(32)}` })).statusCode).toBe(
      404,
    );
    const bot = await post(null, `/api/public/reunification/${token}/requests`, {
      language: 'en',
      adultFirst: 'Robot',
      adultLast: 'Script',
      children: [{ firstName: 'Avery', lastName: 'Testwood' }],
      website: 'http://spam.example',
    });
    expect(bot.statusCode).toBe(200);
    expect(
      await t.deps.db.select().from(reunificationRequests).where(eq(reunificationRequests.eventId, eventId)),
    ).toHaveLength(0);
  });

  it(`over ${PUBLIC_LIMITS.reunify.max} requests from one address in 10 minutes: 429`, async () => {
    const { token } = await openEventAtNorthHigh(t);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/reunification/${token}/requests`,
        remoteAddress: '198.51.100.23',
        payload: {
          language: 'en',
          adultFirst: 'Casey',
          adultLast: 'Samplefield',
          children: [{ firstName: 'Blake', lastName: 'Samplefield' }],
        },
      });
    for (let i = 0; i < PUBLIC_LIMITS.reunify.max; i++) expect((await send()).statusCode).toBe(200);
    const over = await send();
    expect(over.statusCode).toBe(429);
  });
});
