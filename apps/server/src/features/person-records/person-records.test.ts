import type { TPersonRecords } from '@sv/contracts';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deniedEntries,
  exclusions,
  legalHolds,
  outboundMessages,
  preRegistrations,
  registrationTypes,
  registrations,
  visitors,
  visits,
} from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertExclusion, insertPhoto } from '../exclusions/exclusions.fixtures';
import { ERASE_BLOCKERS } from './person-records.service';

/**
 * A person's records on request (issue 26 §3, ADR 0048): the summary and the archive hold what the
 * district holds about the person (and their merged duplicate), erasure is refused while something
 * must keep them, and an erased person leaves no personal data in any column of any table.
 */
let t: TestApp;
let admin: Session;
let desk: Session;
const PERSON = {
  firstname: 'Quorvath',
  lastname: 'Erasablewicz',
  dob: '1913-07-19',
  currentDriversLicenseNumber: 'Q9876543',
  licenseState: 'IL',
  email: 'quorvath.erasablewicz@example.test',
  phone: '2175550199',
  street1: '77 Privacy Lane',
};
/** what must not survive an erasure anywhere */
const TRACES = [
  'Quorvath',
  'Erasablewicz',
  PERSON.dob,
  PERSON.currentDriversLicenseNumber,
  PERSON.email,
  PERSON.phone,
  PERSON.street1,
];
let personId: number;
let duplicateId: number;
let visitId: number;

/** Every text, date and JSON column of every table holding any of the traces: `table.column` */
async function tracesInDatabase(): Promise<string[]> {
  const cols = (
    (await t.deps.db.execute(sql`select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'date', 'USER-DEFINED')`)) as unknown as {
      rows: { table_name: string; column_name: string; data_type: string }[];
    }
  ).rows;
  const found: string[] = [];
  for (const c of cols) {
    for (const trace of TRACES) {
      const res = (await t.deps.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text ilike ${`%${trace}%`}`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(res.rows[0]!.n) > 0) found.push(`${c.table_name}.${c.column_name} (${trace})`);
    }
  }
  return found;
}

const summary = async () => (await t.as(admin).get(`/api/person-records/${personId}`)).json() as TPersonRecords;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.north@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
  const { clientId, northHighId } = t.world.north;
  const [p] = await t.deps.db
    .insert(visitors)
    .values({
      clientId,
      ...PERSON,
      searchName: 'quorvath erasablewicz',
      photoFileId: await insertPhoto(t.deps.db, clientId),
    })
    .returning({ id: visitors.id });
  personId = p!.id;
  const [d] = await t.deps.db
    .insert(visitors)
    .values({ clientId, firstname: 'Quorvath', lastname: 'Erasablewicz', email: PERSON.email, mergedIntoId: personId })
    .returning({ id: visitors.id });
  duplicateId = d!.id;

  // a real visit through the desk: screening, check-in, check-out (their audit rows and badge)
  const screening = await t.as(desk).post(`/api/visitors/${personId}/screening`, { buildingId: northHighId });
  expect(screening.statusCode).toBe(200);
  const checkIn = await t.as(desk).post('/api/visits', {
    visitorId: personId,
    buildingId: northHighId,
    screeningId: screening.json().id,
    personVisiting: 'Ms. Rivera',
    reason: 'Parent conference',
  });
  expect(checkIn.statusCode).toBe(200);
  visitId = checkIn.json().visit.id;

  await t.deps.db.insert(deniedEntries).values({ clientId, buildingId: northHighId, visitorId: duplicateId });
  const [type] = await t.deps.db
    .select()
    .from(registrationTypes)
    .where(eq(registrationTypes.clientId, clientId))
    .limit(1);
  await t.deps.db.insert(registrations).values({
    clientId,
    registrationTypeId: type!.id,
    visitorId: personId,
    firstname: PERSON.firstname,
    lastname: PERSON.lastname,
    dob: PERSON.dob,
    email: PERSON.email,
    phone: PERSON.phone,
    street1: PERSON.street1,
    approved: true,
    badgeCode: `reg-${crypto.randomUUID()}`,
  });
  await t.deps.db.insert(preRegistrations).values({
    clientId,
    buildingId: northHighId,
    visitorId: personId,
    firstname: PERSON.firstname,
    lastname: PERSON.lastname,
    dob: PERSON.dob,
    visitDate: '2026-12-01',
  });
  await t.deps.db.insert(outboundMessages).values({
    clientId,
    channel: 'email',
    recipient: PERSON.email,
    subject: 'Your visit',
    body: `Hello ${PERSON.firstname}`,
    status: 'sent',
  });
});

describe('a person’s records', () => {
  it('counts what the district holds about the person and their merged duplicate', async () => {
    const s = await summary();
    expect(s).toMatchObject({ visitorId: personId, name: 'Quorvath Erasablewicz', dob: PERSON.dob, erased: false });
    expect(s.mergedRecords).toEqual([duplicateId]);
    expect(s.counts).toMatchObject({ visits: 1, deniedEntries: 1, registrations: 1, preRegistrations: 1, messages: 1 });
    expect(s.counts.screenings).toBeGreaterThanOrEqual(1);
    expect(s.counts.auditRows).toBeGreaterThanOrEqual(1);
  });

  it('exports everything as one archive: a PDF summary, CSVs, JSON and the photo', async () => {
    const res = await t.as(admin).get(`/api/person-records/${personId}/archive.zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual(
      expect.arrayContaining(['summary.pdf', 'everything.json', 'visits.csv', 'registrations.csv']),
    );
    expect(names.some((n) => n.startsWith('photos/'))).toBe(true);
    expect((await zip.file('summary.pdf')!.async('string')).startsWith('%PDF')).toBe(true);
    const all = JSON.parse(await zip.file('everything.json')!.async('string'));
    expect(all.visitorRecords.map((r: { id: number }) => r.id).sort()).toEqual([personId, duplicateId].sort());
    expect(await zip.file('visits.csv')!.async('string')).toContain('Ms. Rivera');
  });

  it('refuses erasure while the person is on site, held or excluded, saying why', async () => {
    let s = await summary();
    expect(s.eraseBlockers).toEqual([ERASE_BLOCKERS.onSite]);
    expect((await t.as(admin).post(`/api/person-records/${personId}/erase`, { confirm: 'ERASE' })).statusCode).toBe(
      409,
    );
    await t.as(desk).post(`/api/visits/${visitId}/check-out`);

    const [hold] = await t.deps.db
      .insert(legalHolds)
      .values({ clientId: t.world.north.clientId, subjectType: 'visitor', subjectId: personId, reason: 'Case 1' })
      .returning({ id: legalHolds.id });
    const ex = await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      visitorId: duplicateId,
      firstname: 'X',
      lastname: 'Y',
    });
    s = await summary();
    expect(s.eraseBlockers).toEqual([ERASE_BLOCKERS.held, ERASE_BLOCKERS.excluded]);
    const refused = await t.as(admin).post(`/api/person-records/${personId}/erase`, { confirm: 'ERASE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('A legal hold keeps this person’s records.');
    await t.deps.db.update(legalHolds).set({ releasedAt: new Date() }).where(eq(legalHolds.id, hold!.id));
    await t.deps.db.delete(exclusions).where(eq(exclusions.id, ex));
    // the merged duplicate is erased with its survivor, never alone
    expect((await t.as(admin).get(`/api/person-records/${duplicateId}`)).json().eraseBlockers).toEqual([
      ERASE_BLOCKERS.merged,
    ]);
    // typed, not clicked
    const untyped = await t.as(admin).post(`/api/person-records/${personId}/erase`, { confirm: 'yes' });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.body).toContain('Type ERASE to confirm.');
  });

  it('an erased person leaves no personal data in any table, and the logs keep their visit', async () => {
    expect((await tracesInDatabase()).length).toBeGreaterThan(0);
    const res = await t.as(admin).post(`/api/person-records/${personId}/erase`, { confirm: 'ERASE' });
    expect(res.statusCode).toBe(200);
    expect(res.json().removed).toMatchObject({ registrations: 1, preRegistrations: 1, messages: 1 });
    expect(await tracesInDatabase()).toEqual([]);
    // the visit and the denied entry stay, on the tombstone record
    const [v] = await t.deps.db.select().from(visits).where(eq(visits.id, visitId));
    expect(v!.visitorId).toBe(personId);
    const s = await summary();
    expect(s).toMatchObject({ erased: true, name: `Erased person ${personId}`, dob: null });
    expect(s.counts).toMatchObject({ visits: 1, deniedEntries: 1, registrations: 0 });
    expect((await t.as(admin).post(`/api/person-records/${personId}/erase`, { confirm: 'ERASE' })).statusCode).toBe(
      409,
    );
  });

  it('another district’s administrator cannot see the person', async () => {
    const south = await t.login('admin.south@demo.test');
    expect((await t.as(south).get(`/api/person-records/${personId}`)).statusCode).toBe(404);
  });
});
