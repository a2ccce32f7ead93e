import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENING_MESSAGES } from '@sv/contracts';
import { canonicalName } from '@sv/domain';
import {
  auditEvents,
  buildings,
  clearedMatches,
  deniedEntries,
  outboundMessages,
  preRegistrations,
  screeningDecisions,
  visits,
} from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { insertExclusion } from '../screening/screening.fixtures';

let t: TestApp;
let desk: Session;
// 2026-11-23 21:00 America/Chicago is already 2026-11-24 in UTC: "today" must be the building's day.
const now = new Date('2026-11-24T03:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => now } });
  desk = await t.login('desk.northhigh@demo.test');
});

function multipart(fields: Record<string, string>, file: { name: string; type: string; content: string }) {
  const boundary = 'PREREGBOUNDARY';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const body = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (s: Session, csv: string, buildingId: number, kind = 'preregistrations') => {
  const { body, contentType } = multipart(kind === 'preregistrations' ? { buildingId: String(buildingId) } : {}, {
    name: `${kind}.csv`,
    type: 'text/csv',
    content: csv,
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}`,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'content-type': contentType },
    payload: body,
  });
};
const CSV = [
  'First Name,Last Name,Date of Birth,Visit Date,Visiting,Reason,Visitor Type,Email',
  'Jamie,Rivera,04/12/1985,11/23/2026,Mrs. Chen,Career day,visitor,jamie@example.org',
  'Pat,Lee,,11/23/2026,Coach Ray,Volunteer,volunteer,',
  'Bad,Row,13/45/1985,11/23/2026,,,,',
  'Later,Visitor,,12/01/2026,,,,',
].join('\n');

describe('pre-registration import and the dashboard lists', () => {
  it('imports valid rows per building, rejects bad ones with a reason, and adds nothing on re-upload', async () => {
    const today = async () =>
      (await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/preregistrations`)).json().data.length;
    const before = await today(); // the dashboards' shared read is now warm
    const res = await upload(desk, CSV, t.world.north.northHighId);
    // the import tells the open dashboards: today's new cards show on the very next read
    expect(await today()).toBe(before + 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, results: { total: 4, imported: 3, rejected: 1 } });
    expect(res.json().errorFile).toBeTruthy();
    const again = await upload(desk, CSV, t.world.north.northHighId);
    expect(again.json().results).toMatchObject({ imported: 0, duplicates: 3 });
  });

  it('refuses a first responder on a pre-registration (issue 27 §1: recorded at the front desk by staff)', async () => {
    const csv = [
      'First Name,Last Name,Date of Birth,Visit Date,Visiting,Reason,Visitor Type,Email',
      'Rory,Firecrewmember,,11/23/2026,,,responder,',
      'Remy,Ambulancecrew,,11/23/2026,,,Responder,',
    ].join('\n');
    const res = await upload(desk, csv, t.world.north.northHighId);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ total: 2, imported: 0, rejected: 2 });
  });

  it('lists today’s visitors by the building’s local date', async () => {
    const res = await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/preregistrations`);
    expect(res.json().localDate).toBe('2026-11-23');
    const names = res
      .json()
      .data.map((c: { lastname: string }) => c.lastname)
      .sort();
    expect(names).toEqual(['Lee', 'Rivera']);
  });

  it('does not import into another attendant’s building', async () => {
    const lincoln = await t.login('desk.lincoln@demo.test');
    expect((await upload(lincoln, CSV, t.world.north.northHighId)).statusCode).toBe(404);
    expect((await t.as(lincoln).get(`/api/buildings/${t.world.north.northHighId}/preregistrations`)).statusCode).toBe(
      404,
    );
  });
});

describe('pending cards: ALLOW, CLOSE, cancel check-in (spec 002 §4)', () => {
  async function card(lastname: string) {
    const [row] = await t.deps.db
      .select()
      .from(preRegistrations)
      .where(and(eq(preRegistrations.buildingId, t.world.north.northHighId), eq(preRegistrations.lastname, lastname)));
    return row;
  }

  it('ALLOW screens again, clears exactly the results confirmed on the card and checks in once (issue 10 §1)', async () => {
    const c = await card('Rivera');
    // a namesake on the exclusion list (another date of birth): a possible match that needs a decision
    const namesake = await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Jamie',
      lastname: 'Rivera',
      dob: '1961-01-01',
    });
    const photo = await insertPhoto(t.deps.db, t.world.north.clientId);
    // the card as an attendant saw it: a summary, but no result the server can match
    await t.deps.db
      .update(preRegistrations)
      .set({
        status: 'pending',
        bgResults: false,
        tempPhotoFileId: photo,
        issues: { potentialCount: 1, summary: ['Possible exclusion match'] },
      })
      .where(eq(preRegistrations.id, c.id));
    const allow = (key: string, confirmedRefs: { source: string; ref: string }[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/preregistrations/${c.id}/allow`,
        headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key },
        payload: { confirmedRefs },
      });

    // nothing confirmed: refused, and the card now lists what the server found
    const refused = await allow('allow-rivera-0000', []);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCREENING_MESSAGES.newFindings);
    expect(await t.deps.db.select().from(visits).where(eq(visits.preRegistrationId, c.id))).toHaveLength(0);
    const listed = await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/preregistrations`);
    const shown = listed.json().data.find((x: { id: number }) => x.id === c.id);
    expect(shown.issues.findings).toEqual([
      { source: 'exclusion', ref: String(namesake), label: 'Possible exclusion match: Jamie Rivera' },
    ]);

    // confirming what the card lists clears exactly that, naming the fresh screening, and checks in
    const res = await allow('allow-rivera-0001', shown.issues.findings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toMatchObject({
      visitorName: 'Jamie Rivera',
      personVisiting: 'Mrs. Chen',
      reason: 'Career day',
    });
    const after = await card('Rivera');
    expect(after.status).toBe('checked_in');
    const decisions = await t.deps.db
      .select()
      .from(screeningDecisions)
      .where(eq(screeningDecisions.ref, String(namesake)));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ source: 'exclusion', decidedBy: desk.userId });
    const retry = await allow('allow-rivera-0001', shown.issues.findings);
    expect(retry.json().visit.id).toBe(res.json().visit.id);
    expect(await t.deps.db.select().from(visits).where(eq(visits.preRegistrationId, c.id))).toHaveLength(1);
  });

  it('cancels a pre-registration check-in, and answers the spec message when there is none', async () => {
    const c = await card('Rivera');
    const ok = await t.as(desk).post(`/api/preregistrations/${c.id}/cancel-check-in`);
    expect(ok.statusCode).toBe(200);
    expect((await card('Rivera')).status).toBe('scheduled');
    const again = await t.as(desk).post(`/api/preregistrations/${c.id}/cancel-check-in`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Unable to cancel check-in.');
  });

  it('DENY on a card creates the visitor, records the denial with the card counts and notifies security', async () => {
    const [row] = await t.deps.db
      .insert(preRegistrations)
      .values({
        clientId: t.world.north.clientId,
        buildingId: t.world.north.northHighId,
        firstname: 'Deny',
        lastname: 'Oncard',
        visitDate: '2026-11-23',
        status: 'pending',
        bgResults: false,
        issues: { potentialCount: 1, watchdogCount: 1 },
      })
      .returning();
    const deny = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/preregistrations/${row.id}/deny`,
        headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key },
        payload: {},
      });
    // the same action sent twice at once records one denial and one round of messages
    const [a, b] = await Promise.all([deny('deny-oncard-0001'), deny('deny-oncard-0001')]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    const res = a.statusCode === 200 ? a : b;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      securityNotified: true,
      message: 'Security has been notified of this user on the premises.',
    });
    const after = await card('Oncard');
    expect(after).toMatchObject({ status: 'denied', visitorId: res.json().visitorId });
    const rows = await t.deps.db.select().from(deniedEntries).where(eq(deniedEntries.preRegistrationId, row.id));
    expect(rows).toHaveLength(1);
    const [denied] = rows;
    expect(denied).toMatchObject({ potentialCount: 1, watchdogCount: 1, visitorId: res.json().visitorId });
    expect((await deny('deny-oncard-0002')).statusCode).toBe(409);
  });

  it('CLOSE dismisses a card', async () => {
    const c = await card('Lee');
    const res = await t.as(desk).post(`/api/preregistrations/${c.id}/close`);
    expect(res.json().status).toBe('closed');
    const list = await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/preregistrations`);
    expect(list.json().data.map((x: { lastname: string }) => x.lastname)).not.toContain('Lee');
  });
});

// ---------------------------------------------------------------------------------------------
// issue 22: the pre-registration card seams
// ---------------------------------------------------------------------------------------------

const TODAY = '2026-11-23'; // the building's local date at `now`

async function insertCard(values: Partial<typeof preRegistrations.$inferInsert> & { lastname: string }) {
  const [row] = await t.deps.db
    .insert(preRegistrations)
    .values({
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      firstname: 'Pat',
      visitDate: TODAY,
      ...values,
    })
    .returning();
  return row;
}
const cardRow = async (id: number) =>
  (await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, id)))[0];
const allowCard = (id: number, key: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/preregistrations/${id}/allow`,
    headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key },
    payload: body,
  });
const checkInVisit = (key: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visits',
    headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key },
    payload: body,
  });
const dashboardCards = async () =>
  (await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/preregistrations`)).json().data as {
    id: number;
    lastname: string;
    status: string;
    flagged: boolean;
    flagReasons: { exclusionId?: number; registryRef?: string; label: string; reasons: string[] }[];
  }[];

describe('ALLOW on a pending card is one transaction (issue 22)', () => {
  it('a check-in refused for want of a photo stores no clearing, decision or audit of one; with the photo it checks in', async () => {
    // the building requires a photo (the default): said here so the test does not lean on the seed
    await t.deps.db
      .update(buildings)
      .set({ requireAttendantVisitorPhotoCheckIn: true })
      .where(eq(buildings.id, t.world.north.northHighId));
    const namesake = await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Riley',
      lastname: 'Photoless',
      dob: '1961-01-01',
    });
    const c = await insertCard({ firstname: 'Riley', lastname: 'Photoless', dob: '1985-11-02' });
    // ALLOW with nothing confirmed: the card becomes pending with what the server found
    const first = await allowCard(c.id, 'allow-photo-0000', { confirmedRefs: [] });
    expect(first.statusCode).toBe(409);
    const pending = await cardRow(c.id);
    expect(pending.status).toBe('pending');
    const findings = (pending.issues as { findings: { source: string; ref: string }[] }).findings;
    expect(findings).toEqual([expect.objectContaining({ source: 'exclusion', ref: String(namesake) })]);

    // confirmed, but no photo anywhere: refused with the building's rule, and nothing is stored
    const refused = await allowCard(c.id, 'allow-photo-0001', { confirmedRefs: findings });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This building requires a photo to check in.');
    const visitorId = pending.visitorId!;
    expect(await t.deps.db.select().from(clearedMatches).where(eq(clearedMatches.visitorId, visitorId))).toHaveLength(
      0,
    );
    expect(
      await t.deps.db
        .select()
        .from(screeningDecisions)
        .where(eq(screeningDecisions.ref, String(namesake))),
    ).toHaveLength(0);
    const clearedAudit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'screening.match.cleared'), eq(auditEvents.targetId, String(visitorId))));
    expect(clearedAudit).toHaveLength(0);
    expect(await t.deps.db.select().from(visits).where(eq(visits.preRegistrationId, c.id))).toHaveLength(0);
    expect((await cardRow(c.id)).status).toBe('pending');
    // the match is still open: screening the person again shows it not cleared
    const again = await t.as(desk).post(`/api/visitors/${visitorId}/screening`, {
      buildingId: t.world.north.northHighId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().exclusions.potential).toEqual([
      expect.objectContaining({ id: String(namesake), cleared: false }),
    ]);
    expect(again.json().summary.potentialCount).toBe(1);

    // the photo taken on the card: the same ALLOW now clears and checks in
    const photo = await insertPhoto(t.deps.db, t.world.north.clientId);
    const ok = await allowCard(c.id, 'allow-photo-0002', { confirmedRefs: findings, photoFileId: photo });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().visit).toMatchObject({ visitorName: 'Riley Photoless', photoFileId: photo });
    expect((await cardRow(c.id)).status).toBe('checked_in');
    expect(await t.deps.db.select().from(clearedMatches).where(eq(clearedMatches.visitorId, visitorId))).toHaveLength(
      1,
    );
    expect(
      await t.deps.db
        .select()
        .from(screeningDecisions)
        .where(eq(screeningDecisions.ref, String(namesake))),
    ).toHaveLength(1);
  });
});

describe('a card’s check-in keeps what the card says and tells its contacts (issue 22, spec 002 §3-§4)', () => {
  it('the visit has the card’s type, person visiting and reason, and the outbox one arrival notice per contact', async () => {
    const c = await insertCard({
      firstname: 'Pat',
      lastname: 'Cleanperson',
      dob: '1979-03-04',
      visitorType: 'volunteer',
      visiting: 'Coach Ray',
      reason: 'Volunteer orientation',
      notifyEmail: 'chen@northhigh.demo.test',
      notifySms: '5555550199',
    });
    const { visitorId } = (await t.as(desk).post(`/api/preregistrations/${c.id}/visitor`)).json();
    const screened = await t.as(desk).post(`/api/visitors/${visitorId}/screening`, {
      buildingId: t.world.north.northHighId,
    });
    expect(screened.json().issueCount).toBe(0);
    const photo = await insertPhoto(t.deps.db, t.world.north.clientId);
    // the desk sends no type, reason or person visiting: the card's are kept
    const res = await checkInVisit('card-checkin-0001', {
      screeningId: screened.json().id,
      visitorId,
      buildingId: t.world.north.northHighId,
      preRegistrationId: c.id,
      photoFileId: photo,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toMatchObject({
      visitorType: 'volunteer',
      personVisiting: 'Coach Ray',
      reason: 'Volunteer orientation',
    });
    const [visit] = await t.deps.db.select().from(visits).where(eq(visits.preRegistrationId, c.id));
    expect(visit).toMatchObject({
      visitorType: 'volunteer',
      personVisiting: 'Coach Ray',
      reason: 'Volunteer orientation',
    });
    const messages = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'preregistration.arrived'));
    // 2026-11-24T03:00Z is 9:00 PM on 11/23 at North High (America/Chicago)
    expect(messages.map((m) => [m.channel, m.recipient, m.body]).sort()).toEqual([
      ['email', 'chen@northhigh.demo.test', 'Pat Cleanperson has arrived at North High School at 9:00 PM.'],
      ['sms', '5555550199', 'Pat Cleanperson has arrived at North High School at 9:00 PM.'],
    ]);
    expect(messages.every((m) => m.clientId === t.world.north.clientId)).toBe(true);
    // a retry of the same check-in answers the same visit and tells nobody twice
    const retry = await checkInVisit('card-checkin-0001', {
      screeningId: screened.json().id,
      visitorId,
      buildingId: t.world.north.northHighId,
      preRegistrationId: c.id,
      photoFileId: photo,
    });
    expect(retry.json().visit.id).toBe(res.json().visit.id);
    expect(
      await t.deps.db.select().from(outboundMessages).where(eq(outboundMessages.kind, 'preregistration.arrived')),
    ).toHaveLength(2);
  });

  it('what the desk chose wins over the card', async () => {
    const c = await insertCard({
      firstname: 'Pat',
      lastname: 'Choosesother',
      dob: '1981-08-08',
      visitorType: 'volunteer',
      visiting: 'Coach Ray',
      reason: 'Orientation',
    });
    const { visitorId } = (await t.as(desk).post(`/api/preregistrations/${c.id}/visitor`)).json();
    const screened = await t.as(desk).post(`/api/visitors/${visitorId}/screening`, {
      buildingId: t.world.north.northHighId,
    });
    const res = await checkInVisit('card-checkin-0002', {
      screeningId: screened.json().id,
      visitorId,
      buildingId: t.world.north.northHighId,
      preRegistrationId: c.id,
      visitorType: 'visitor',
      reason: 'Parent meeting',
      personVisiting: 'Mrs. Chen',
      photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toMatchObject({
      visitorType: 'visitor',
      personVisiting: 'Mrs. Chen',
      reason: 'Parent meeting',
    });
    // audit 002 B5: once the visitor has checked out, the card says so and there is nothing to cancel
    expect((await dashboardCards()).find((x) => x.id === c.id)).toMatchObject({ status: 'checked_in' });
    const out = await t.as(desk).post(`/api/visits/${res.json().visit.id}/check-out`);
    expect(out.statusCode, out.body).toBe(200);
    expect((await dashboardCards()).find((x) => x.id === c.id)).toMatchObject({
      status: 'checked_out',
      visitId: null,
    });
    const cancel = await t.as(desk).post(`/api/preregistrations/${c.id}/cancel-check-in`);
    expect(cancel.statusCode).toBe(409);
  });
});

describe('pre-registrations screened against the exclusion list before arrival (issue 22)', () => {
  let admin: Session;
  beforeAll(async () => {
    admin = await t.login('admin.north@demo.test');
  });
  const exclusionBody = (first: string, last: string, dob: string | null, extra: Record<string, unknown> = {}) => ({
    isGlobal: false,
    buildingId: t.world.north.northHighId,
    firstname: first,
    lastname: last,
    dob,
    exclusionType: 'Trespassed',
    ...extra,
  });

  it('an imported card is flagged on canonical keys (invisible and look-alike letters, accents, swapped names), shown first', async () => {
    await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Zara',
      lastname: 'Excludedperson',
      dob: '1980-05-05',
    });
    const csv = [
      'First Name,Last Name,Date of Birth,Visit Date,Visiting,Reason,Visitor Type,Email',
      // a zero-width space, an accent and a Cyrillic о: the same key as the exclusion's names
      `Za\u200Bra,Exclúdedpers\u043En,,${'11/23/2026'},,,,`,
      // the names the other way round, with the date of birth
      `Excludedperson,Zara,05/05/1980,11/23/2026,,,,`,
      'Aaron,Aardvark,01/01/1990,11/23/2026,,,,',
    ].join('\n');
    const res = await upload(desk, csv, t.world.north.northHighId);
    expect(res.json().results).toMatchObject({ imported: 3 });
    const cards = await dashboardCards();
    const byName = (last: string) => cards.find((c) => c.lastname === last)!;
    expect(byName('Exclúdedpers\u043En')).toMatchObject({
      flagged: true,
      flagReasons: [
        {
          label: 'Possible exclusion match: Zara Excludedperson',
          reasons: ['First name matches', 'Last name matches'],
        },
      ],
    });
    expect(byName('Zara').flagReasons[0].reasons).toContain('First and last names are swapped');
    expect(byName('Aardvark')).toMatchObject({ flagged: false, flagReasons: [] });
    // flagged cards first: Aardvark sorts first by name, but after every flagged card
    const order = cards.filter((c) => c.status === 'scheduled').map((c) => c.flagged);
    expect(order.indexOf(false)).toBeGreaterThan(order.lastIndexOf(true));
  });

  it('a change to the exclusion list screens today’s and later cards again: created, edited, deactivated, activated, imported', async () => {
    const c = await insertCard({ firstname: 'Quinn', lastname: 'Laterflag', dob: '1977-07-07' });
    const later = await insertCard({
      firstname: 'Quinn',
      lastname: 'Laterflag',
      dob: '1977-07-07',
      visitDate: '2026-12-01',
    });
    const past = await insertCard({
      firstname: 'Quinn',
      lastname: 'Laterflag',
      dob: '1977-07-07',
      visitDate: '2026-11-01',
    });
    // keys as every write path sets them (the import does; these rows were inserted directly)
    await t.deps.db
      .update(preRegistrations)
      .set({ firstKey: canonicalName('Quinn'), lastKey: canonicalName('Laterflag'), flagged: false })
      .where(inArray(preRegistrations.id, [c.id, later.id, past.id]));

    const created = await t.as(admin).post('/api/exclusions', exclusionBody('Quinn', 'Laterflag', null));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().exclusion.id;
    expect((await cardRow(c.id)).flagged).toBe(true);
    expect((await cardRow(later.id)).flagged).toBe(true);
    expect((await cardRow(past.id)).flagged).toBe(false); // yesterday's cards are left alone
    expect((await dashboardCards()).find((x) => x.id === c.id)).toMatchObject({ flagged: true });

    // edited to another person: the flag is lifted
    const edited = await t.as(admin).edit('PUT', `/api/exclusions/${id}`, exclusionBody('Quincy', 'Otherperson', null));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await cardRow(c.id)).flagged).toBe(false);
    // back, then deactivated and activated
    await t.as(admin).edit('PUT', `/api/exclusions/${id}`, exclusionBody('Quinn', 'Laterflag', null));
    expect((await cardRow(c.id)).flagged).toBe(true);
    await t
      .as(admin)
      .edit('PUT', `/api/exclusions/${id}`, exclusionBody('Quinn', 'Laterflag', null, { active: false }));
    expect((await cardRow(c.id)).flagged).toBe(false);
    expect((await dashboardCards()).find((x) => x.id === c.id)).toMatchObject({ flagged: false });
    await t.as(admin).edit('PUT', `/api/exclusions/${id}`, exclusionBody('Quinn', 'Laterflag', null, { active: true }));
    expect((await cardRow(c.id)).flagged).toBe(true);

    // an imported exclusion flags a card too (last name and date of birth); the import reads the
    // wall clock (as its date-of-birth check does), so the card is dated after today's real date
    const other = await insertCard({
      firstname: 'Morgan',
      lastname: 'Importflag',
      dob: '1966-06-06',
      visitDate: '2099-01-04',
    });
    await t.deps.db
      .update(preRegistrations)
      .set({ firstKey: canonicalName('Morgan'), lastKey: canonicalName('Importflag'), flagged: false })
      .where(eq(preRegistrations.id, other.id));
    const imported = await upload(
      admin,
      [
        'First Name,Last Name,Date of Birth,Type,Reason,Building,Active',
        'Jordan,Importflag,06/06/1966,Trespassed,,North High School,Yes',
      ].join('\n'),
      t.world.north.northHighId,
      'exclusions',
    );
    expect(imported.json().results, imported.body).toMatchObject({ imported: 1 });
    expect(await cardRow(other.id)).toMatchObject({
      flagged: true,
      flagReasons: [expect.objectContaining({ reasons: ['Last name matches', 'Date of birth matches'] })],
    });
  });

  it('the sweep screens cards nobody screened yet', async () => {
    const c = await insertCard({ firstname: 'Zara', lastname: 'Excludedperson', dob: null });
    expect((await cardRow(c.id)).flagged).toBeNull();
    const { screenUnscreenedCards } = await import('../exclusions/exclusions.card-flags');
    expect(await screenUnscreenedCards(t.deps.db, now)).toBeGreaterThan(0);
    expect(await cardRow(c.id)).toMatchObject({
      flagged: true,
      firstKey: canonicalName('Zara'),
      lastKey: canonicalName('Excludedperson'),
    });
  });

  it('cards are searched in the offender registry before arrival, and again after a registry import', async () => {
    const { screenCardsInRegistry, registryDataChanged } = await import('./preregistrations.registry-screening');
    const { screenUnscreenedCards } = await import('../exclusions/exclusions.card-flags');
    // the earlier tests' cards first
    await screenUnscreenedCards(t.deps.db, now);
    await screenCardsInRegistry(t.deps, t.services.screening, now, 10_000);
    // the demo registry's planted Jordan Samplewick (1972-05-06): an exact, strong match
    const hit = await insertCard({ firstname: 'Jordan', lastname: 'Samplewick', dob: '1972-05-06' });
    const clean = await insertCard({ firstname: 'Quentin', lastname: 'Nomatchington', dob: '1990-01-02' });
    const noDob = await insertCard({ firstname: 'Jordan', lastname: 'Samplewick', dob: null });
    // exclusion screening first: a card nobody screened is not searched yet
    expect(await screenCardsInRegistry(t.deps, t.services.screening, now, 10_000)).toBe(0);
    expect((await cardRow(hit.id)).registryScreenedAt).toBeNull();
    await screenUnscreenedCards(t.deps.db, now);
    expect(await screenCardsInRegistry(t.deps, t.services.screening, now, 10_000)).toBe(3);
    const flaggedCard = await cardRow(hit.id);
    expect(flaggedCard).toMatchObject({ flagged: true, registryScreenedAt: now });
    expect(flaggedCard.flagReasons).toEqual([
      expect.objectContaining({
        registryRef: expect.any(String),
        label: expect.stringMatching(/^Possible registry match: Jordan Samplewick \(.+\)$/i),
        reasons: expect.arrayContaining(['Date of birth matches']),
      }),
    ]);
    expect(await cardRow(clean.id)).toMatchObject({ flagged: false, flagReasons: [], registryScreenedAt: now });
    // nothing to search by without a date of birth (screening at arrival says the same)
    expect(await cardRow(noDob.id)).toMatchObject({ flagged: false, registryScreenedAt: now });
    // the dashboard shows the registry flag like an exclusion flag
    const shown = (await dashboardCards()).find((c) => c.id === hit.id)!;
    expect(shown).toMatchObject({
      flagged: true,
      flagReasons: [expect.objectContaining({ registryRef: expect.any(String) })],
    });
    // an exclusion change screens the card again and keeps its registry flag beside the exclusion's
    const ex = await t.as(admin).post('/api/exclusions', exclusionBody('Jordan', 'Samplewick', '1972-05-06'));
    expect(ex.statusCode, ex.body).toBe(200);
    const both = await cardRow(hit.id);
    expect(both.flagReasons).toEqual([
      expect.objectContaining({
        exclusionId: ex.json().exclusion.id,
        label: 'Possible exclusion match: Jordan Samplewick',
      }),
      expect.objectContaining({ registryRef: (flaggedCard.flagReasons as { registryRef: string }[])[0].registryRef }),
    ]);
    // nothing changed: the next sweep has nothing to do for these cards
    expect(await screenCardsInRegistry(t.deps, t.services.screening, now, 10_000)).toBe(0);
    // a registry import: every open card is searched again
    expect(await registryDataChanged(t.deps.db, now)).toBeGreaterThanOrEqual(3);
    expect((await cardRow(hit.id)).registryScreenedAt).toBeNull();
    expect(await screenCardsInRegistry(t.deps, t.services.screening, now, 10_000)).toBeGreaterThanOrEqual(3);
    expect((await cardRow(hit.id)).flagReasons).toEqual(both.flagReasons);
  });

  it('a flagged card cannot be checked in without the screening decision', async () => {
    await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Victor',
      lastname: 'Banned',
      dob: '1970-01-01',
    });
    const res = await upload(
      desk,
      ['First Name,Last Name,Date of Birth,Visit Date', 'Victor,Banned,02/02/1972,11/23/2026'].join('\n'),
      t.world.north.northHighId,
    );
    expect(res.json().results).toMatchObject({ imported: 1 });
    const card = (await dashboardCards()).find((x) => x.lastname === 'Banned')!;
    expect(card.flagged).toBe(true);
    const photo = await insertPhoto(t.deps.db, t.world.north.clientId);
    // the scheduled card's "Check in": screening shows the match, and the check-in without a decision is refused
    const { visitorId } = (await t.as(desk).post(`/api/preregistrations/${card.id}/visitor`)).json();
    const screened = await t.as(desk).post(`/api/visitors/${visitorId}/screening`, {
      buildingId: t.world.north.northHighId,
    });
    expect(screened.json().issueCount).toBe(1);
    const refused = await checkInVisit('flagged-card-0001', {
      screeningId: screened.json().id,
      visitorId,
      buildingId: t.world.north.northHighId,
      preRegistrationId: card.id,
      photoFileId: photo,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCREENING_MESSAGES.undecidedFindings);
    // ALLOW without confirming the match is refused too
    const allow = await allowCard(card.id, 'flagged-card-0002', { confirmedRefs: [], photoFileId: photo });
    expect(allow.statusCode).toBe(409);
    expect(await t.deps.db.select().from(visits).where(eq(visits.preRegistrationId, card.id))).toHaveLength(0);
    expect((await cardRow(card.id)).status).toBe('pending');
  });
});
