import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENING_MESSAGES } from '@sv/contracts';
import { deniedEntries, preRegistrations, screeningDecisions, visits } from '../../db/schema/index';
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
const upload = (s: Session, csv: string, buildingId: number) => {
  const { body, contentType } = multipart(
    { buildingId: String(buildingId) },
    { name: 'prereg.csv', type: 'text/csv', content: csv },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/imports/preregistrations',
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
