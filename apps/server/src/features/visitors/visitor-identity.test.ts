import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegistration, createRegistrationType } from '../../../db/seed/factories';
import {
  auditEvents,
  badges,
  clearedMatches,
  deniedEntries,
  exclusions,
  guardians,
  preRegistrations,
  registrations,
  screenings,
  visitorMerges,
  visitors,
  visits,
} from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { insertExclusion, insertVisitor } from '../screening/screening.fixtures';
import { MERGE_METADATA, MERGE_TABLES } from './visitor-merge.repository';

/**
 * Issue 22 "A person, not a record": every path that creates a visitor record resolves to the
 * person already on file (licence number + state, or canonical name + date of birth); a likely
 * duplicate by name alone is confirmed before it is saved; administrators merge duplicates and can
 * undo a merge until the end of the next day.
 */
let t: TestApp;
let desk: Session;
let districtAdmin: Session;
let now = new Date();
let seq = 0;
/** letters only: the canonical keys keep letters, so digits would not tell names apart */
const uniq = () => {
  seq += 1;
  let n = seq;
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `q${s}`;
};
const ZWSP = '\u200b';
const CYRILLIC_E = '\u0435';
const CYRILLIC_O = '\u043e';

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => now } });
  [desk, districtAdmin] = await Promise.all([t.login('desk.northhigh@demo.test'), t.login('admin.north@demo.test')]);
});

const building = () => t.world.north.northHighId;
const create = (s: Session, body: object) => t.as(s).post('/api/visitors', { buildingId: building(), ...body });

async function send(s: Session, url: string, body: unknown, key: string | null) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

async function row(id: number) {
  const [v] = await t.deps.db.select().from(visitors).where(eq(visitors.id, id));
  return v;
}

describe('"Create a New Visitor" resolves to the person on file', () => {
  it('licence number + state agree: the record on file is answered, with the desk’s newer contact details', async () => {
    const last = `Licensed${uniq()}`;
    const first = await create(desk, {
      firstname: 'Robin',
      lastname: last,
      dob: '1975-05-05',
      currentDriversLicenseNumber: 'R555-0101-7788',
      licenseState: 'IL',
      city: 'Evanston',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().existing).toBe(false);
    const again = await create(desk, {
      firstname: 'ROBIN',
      lastname: last.toUpperCase(),
      dob: '1975-05-05',
      currentDriversLicenseNumber: 'R555-0101-7788',
      licenseState: 'il',
      city: 'Skokie',
      phone: '847-555-0100',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, existing: true, lastVisitAt: null });
    // the desk's save would change contact details; the matched name keeps its stored form
    const v = await row(first.json().id);
    expect(v).toMatchObject({ firstname: 'Robin', lastname: last, city: 'Skokie', phone: '847-555-0100' });
    // the same number from another state is someone else
    const other = await create(desk, {
      firstname: 'Robin',
      lastname: `Other${uniq()}`,
      dob: '1975-05-05',
      currentDriversLicenseNumber: 'R555-0101-7788',
      licenseState: 'WI',
    });
    expect(other.json().existing).toBe(false);
    expect(other.json().id).not.toBe(first.json().id);
  });

  it('a name with invisible or look-alike characters and the same date of birth is the same person', async () => {
    const last = `Samename${uniq()}`;
    const id = (await create(desk, { firstname: 'Zoë', lastname: last, dob: '1969-09-09' })).json().id;
    for (const [firstname, lastname] of [
      [`Zo${ZWSP}e`, last],
      ['ZOE', last.replace('e', CYRILLIC_E)],
      ['Zoe\u00ad', last.replace('a', '\u0430')],
      ['Ｚｏｅ', `${last}`],
    ]) {
      const res = await create(desk, { firstname, lastname, dob: '1969-09-09' });
      expect(res.statusCode, `${firstname} ${lastname}: ${res.body}`).toBe(200);
      expect(res.json(), `${firstname} ${lastname}`).toMatchObject({ id, existing: true, firstname: 'Zoë' });
    }
    // a different date of birth is a different person (a namesake), not a duplicate
    const namesake = await create(desk, { firstname: 'Zoe', lastname: last, dob: '1990-01-01' });
    expect(namesake.json().existing).toBe(false);
    expect((await t.deps.db.select().from(visitors).where(eq(visitors.lastname, last))).length).toBe(2);
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'visitor.resolved'), eq(auditEvents.targetId, String(id))));
    expect(audit.length).toBe(4);
  });

  it('a likely duplicate by name alone answers 409 with the candidates; "Create anyway" (confirmNew) creates', async () => {
    const last = `Nodob${uniq()}`;
    const onFile = (await create(desk, { firstname: 'Dana', lastname: last })).json();
    const res = await create(desk, { firstname: 'Dana', lastname: `${last}${ZWSP}`, dob: '1966-06-06' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This may be someone already on file.',
      candidates: [{ id: onFile.id, firstname: 'Dana', lastname: last, dob: null, lastVisitAt: null }],
    });
    expect((await t.deps.db.select().from(visitors).where(eq(visitors.lastname, last))).length).toBe(1);
    const anyway = await create(desk, { firstname: 'Dana', lastname: last, dob: '1966-06-06', confirmNew: true });
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect(anyway.json()).toMatchObject({ existing: false, dob: '1966-06-06' });
    expect(anyway.json().id).not.toBe(onFile.id);
    // now the dated record resolves; a third undated one is a likely duplicate of both
    expect((await create(desk, { firstname: 'Dana', lastname: last, dob: '1966-06-06' })).json()).toMatchObject({
      id: anyway.json().id,
      existing: true,
    });
    const third = await create(desk, { firstname: 'Dana', lastname: last });
    expect(third.statusCode).toBe(409);
    expect(third.json().candidates.map((c: { id: number }) => c.id)).toEqual([onFile.id, anyway.json().id]);
  });

  it('search tells two records of one name apart: date of birth, licence last 4 and last visit', async () => {
    const last = `Twin${uniq()}`;
    await create(desk, {
      firstname: 'Lee',
      lastname: last,
      dob: '1980-01-01',
      currentDriversLicenseNumber: 'L000-1111-2222',
      licenseState: 'IL',
    });
    await create(desk, { firstname: 'Lee', lastname: last, dob: '1981-02-02' });
    const found = (await t.as(desk).post('/api/visitors/search', { text: `Lee ${last}` })).json().data;
    expect(found).toHaveLength(2);
    expect(found.map((m: { dob: string; licenseLast4: string; lastVisitAt: null }) => [m.dob, m.licenseLast4])).toEqual(
      expect.arrayContaining([
        ['1980-01-01', '2222'],
        ['1981-02-02', ''],
      ]),
    );
    expect(found.every((m: { lastVisitAt: string | null }) => m.lastVisitAt === null)).toBe(true);
  });

  it('another district’s record is never resolved (tenancy)', async () => {
    const last = `Tenant${uniq()}`;
    const north = (await create(desk, { firstname: 'Sam', lastname: last, dob: '1970-07-07' })).json();
    const south = await t.login('desk.southelem@demo.test');
    const res = await t.as(south).post('/api/visitors', {
      buildingId: t.world.south.southElemId,
      firstname: 'Sam',
      lastname: last,
      dob: '1970-07-07',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().existing).toBe(false);
    expect(res.json().id).not.toBe(north.id);
    expect(res.json().clientId).toBe(t.world.south.clientId);
  });
});

describe('every other path that makes a visitor record resolves to the person on file', () => {
  it('licence scan → "Create a New Visitor" with the scanned fields: the record on file with that licence', async () => {
    const last = `Scanned${uniq()}`;
    const onFile = (
      await create(desk, {
        firstname: 'Tamsin',
        lastname: last,
        dob: '1988-09-14',
        currentDriversLicenseNumber: `T${seq}-4567-8901`,
        licenseState: 'IL',
      })
    ).json();
    // the licence form: names as printed, upper case, another address
    const res = await create(desk, {
      firstname: 'TAMSIN',
      lastname: last.toUpperCase(),
      dob: '1988-09-14',
      currentDriversLicenseNumber: `T${seq}-4567-8901`,
      licenseState: 'IL',
      street1: '12 ELM ST',
    });
    expect(res.json()).toMatchObject({ id: onFile.id, existing: true, firstname: 'Tamsin', street1: '12 ELM ST' });
  });

  it('kiosk sign-in: a look-alike spelling with the same date of birth signs in as the record on file', async () => {
    const kiosk = await t.login('kiosk.northhigh@demo.test');
    const last = `Kiosk${uniq()}`;
    const id = await insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Pat',
      lastname: last,
      dob: '1950-07-04',
    });
    const res = await send(
      kiosk,
      '/api/kiosk/sign-ins',
      {
        person: { firstName: `P${ZWSP}at`, lastName: last.replace('o', CYRILLIC_O), dob: '1950-07-04' },
        photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
      },
      `identity-kiosk-${uniq()}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [card] = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, res.json().signInId));
    expect(card.visitorId).toBe(id);
    expect((await t.deps.db.select().from(visitors).where(eq(visitors.lastname, last))).length).toBe(1);
  });

  it('pre-registration card: the card’s check-in uses the record on file', async () => {
    const last = `Card${uniq()}`;
    const id = await insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Dana',
      lastname: last,
      dob: '1966-06-06',
    });
    const [card] = await t.deps.db
      .insert(preRegistrations)
      .values({
        clientId: t.world.north.clientId,
        buildingId: building(),
        firstname: 'Dana',
        lastname: `${last}${ZWSP}`,
        dob: '1966-06-06',
        phone: '555-0199',
        visitDate: '2026-11-27',
      })
      .returning();
    const res = await t.as(desk).post(`/api/preregistrations/${card.id}/visitor`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visitorId).toBe(id);
    // the card fills what the record lacks, and keeps the record's name
    expect(await row(id)).toMatchObject({ lastname: last, phone: '555-0199' });
    expect((await t.deps.db.select().from(visitors).where(eq(visitors.lastname, last))).length).toBe(1);
  });

  it('registration approval (public form → approval) links the record on file', async () => {
    const last = `Volunteer${uniq()}`;
    const id = await insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Casey',
      lastname: last,
      dob: '1980-02-02',
    });
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 12 });
    const reg = await createRegistration(t.deps.db, type, {
      firstname: 'Cаsey', // Cyrillic а
      lastname: last,
      dob: '1980-02-02',
    });
    const res = await t.as(districtAdmin).post('/api/registrations/approve', { ids: [reg.id], expDate: null });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.deps.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(after.visitorId).toBe(id);
    expect((await t.deps.db.select().from(visitors).where(eq(visitors.lastname, last))).length).toBe(1);
  });
});

describe('merge duplicate records (administrators)', () => {
  /** Two records of one person in district A, the duplicate with a row in every table that references visitors. */
  async function pairWithEverything() {
    const last = `Merge${uniq()}`;
    const clientId = t.world.north.clientId;
    const survivorId = await insertVisitor(t.deps.db, { clientId, firstname: 'Dana', lastname: last, dob: null });
    const duplicateId = await insertVisitor(t.deps.db, {
      clientId,
      firstname: 'Dana',
      lastname: last,
      dob: '1966-06-06',
    });
    const photo = await insertPhoto(t.deps.db, clientId);
    await t.deps.db.update(visitors).set({ photoFileId: photo, phone: '555-0123' }).where(eq(visitors.id, duplicateId));
    const [badge] = await t.deps.db
      .insert(badges)
      .values({ clientId, buildingId: building(), visitorId: duplicateId, code: `MERGE${uniq().toUpperCase()}` })
      .returning();
    const [visit] = await t.deps.db
      .insert(visits)
      .values({
        clientId,
        buildingId: building(),
        visitorId: duplicateId,
        badgeId: badge.id,
        checkIn: new Date('2026-11-20T15:00:00Z'),
        checkOut: new Date('2026-11-20T16:00:00Z'),
      })
      .returning();
    const [denial] = await t.deps.db
      .insert(deniedEntries)
      .values({ clientId, buildingId: building(), visitorId: duplicateId })
      .returning();
    const [card] = await t.deps.db
      .insert(preRegistrations)
      .values({
        clientId,
        buildingId: building(),
        visitorId: duplicateId,
        firstname: 'Dana',
        lastname: last,
        visitDate: '2026-11-27',
      })
      .returning();
    const exclusionId = await insertExclusion(t.deps.db, {
      clientId,
      visitorId: duplicateId,
      firstname: 'Dana',
      lastname: last,
      dob: '1966-06-06',
    });
    const otherExclusion = await insertExclusion(t.deps.db, {
      clientId,
      firstname: 'Dana',
      lastname: `Someone${uniq()}`,
      dob: '1955-05-05',
    });
    const [clearing] = await t.deps.db
      .insert(clearedMatches)
      .values({ clientId, visitorId: duplicateId, source: 'exclusion', matchRef: String(otherExclusion) })
      .returning();
    // "not this person" for the exclusion the person is linked to cannot follow: it stays behind
    const [contradiction] = await t.deps.db
      .insert(clearedMatches)
      .values({ clientId, visitorId: duplicateId, source: 'exclusion', matchRef: String(exclusionId) })
      .returning();
    const [screening] = await t.deps.db
      .insert(screenings)
      .values({
        clientId,
        buildingId: building(),
        visitorId: duplicateId,
        screenedAt: new Date(),
        registryStatus: 'off',
        findings: [],
      })
      .returning();
    const type = await createRegistrationType(t.deps.db, clientId, { months: 12 });
    const reg = await createRegistration(t.deps.db, type, { firstname: 'Dana', lastname: last });
    await t.deps.db.update(registrations).set({ visitorId: duplicateId }).where(eq(registrations.id, reg.id));
    const [guardian] = await t.deps.db
      .insert(guardians)
      .values({ clientId, source: 'local', firstname: 'Dana', lastname: last, visitorId: duplicateId })
      .returning();
    return {
      last,
      survivorId,
      duplicateId,
      photo,
      exclusionId,
      contradiction: contradiction.id,
      rows: {
        visits: [visit.id],
        badges: [badge.id],
        denied_entries: [denial.id],
        pre_registrations: [card.id],
        exclusions: [exclusionId],
        cleared_matches: [clearing.id],
        screenings: [screening.id],
        registrations: [reg.id],
        guardians: [guardian.id],
      } as Record<string, Array<number | string>>,
    };
  }

  async function idsReferencing(visitorId: number) {
    const out: Record<string, Array<number | string>> = {};
    for (const table of MERGE_TABLES) {
      const res = (await t.deps.db.execute(
        sql`select id from ${sql.identifier(table)} where visitor_id = ${visitorId} order by id`,
      )) as unknown as { rows: { id: number | string }[] };
      if (res.rows.length > 0) out[table] = res.rows.map((r) => r.id);
    }
    return out;
  }

  it('covers every foreign key to visitors (a new table must be added to MERGE_TABLES)', async () => {
    const res = (await t.deps.db.execute(sql`
      select c.conrelid::regclass::text as tbl, a.attname as col
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
       where c.contype = 'f' and c.confrelid = 'visitors'::regclass`)) as unknown as {
      rows: { tbl: string; col: string }[];
    };
    const found = res.rows.map((r) => `${r.tbl.replace(/^public\./, '').replace(/"/g, '')}.${r.col}`).sort();
    expect(found).toEqual([...MERGE_TABLES.map((table) => `${table}.visitor_id`), ...MERGE_METADATA].sort());
  });

  it('moves every row of the duplicate, carries its exclusion, hides it from search, and undo restores exactly', async () => {
    const p = await pairWithEverything();
    expect((await t.as(desk).get(`/api/visitors/${p.survivorId}`)).json().hasActiveExclusion).toBe(false);
    const res = await t.as(districtAdmin).post(`/api/visitors/${p.survivorId}/merge`, { duplicateId: p.duplicateId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      survivorId: p.survivorId,
      mergedId: p.duplicateId,
      undoneAt: null,
      moved: Object.fromEntries(Object.entries(p.rows).map(([k, v]) => [k, v.length])),
    });
    // every table: the duplicate's rows are the survivor's now (the contradicting clearing stays)
    expect(await idsReferencing(p.survivorId)).toEqual(p.rows);
    expect(await idsReferencing(p.duplicateId)).toEqual({ cleared_matches: [p.contradiction] });
    // the survivor took the duplicate's date of birth, photo and phone; the duplicate is marked merged
    expect(await row(p.survivorId)).toMatchObject({ dob: '1966-06-06', photoFileId: p.photo, phone: '555-0123' });
    expect((await row(p.duplicateId)).mergedIntoId).toBe(p.survivorId);
    // the exclusion stays active on the survivor: a linked exclusion of the person
    const survivor = (await t.as(desk).get(`/api/visitors/${p.survivorId}`)).json();
    expect(survivor).toMatchObject({ hasActiveExclusion: true, lastVisitAt: '2026-11-20T15:00:00.000Z' });
    expect(survivor.undoableMerges).toEqual([expect.objectContaining({ id: res.json().id, mergedId: p.duplicateId })]);
    const [excl] = await t.deps.db.select().from(exclusions).where(eq(exclusions.id, p.exclusionId));
    expect(excl).toMatchObject({ active: true, visitorId: p.survivorId });
    // search shows one Dana, and a new record of her resolves to the survivor
    const found = (await t.as(desk).post('/api/visitors/search', { text: `Dana ${p.last}` })).json().data;
    expect(found.map((m: { id: number }) => m.id)).toEqual([p.survivorId]);
    expect((await create(desk, { firstname: 'Dana', lastname: p.last, dob: '1966-06-06' })).json()).toMatchObject({
      id: p.survivorId,
      existing: true,
    });
    // audited
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'visitor.merged'), eq(auditEvents.targetId, String(p.survivorId))));
    expect(audit).toBeDefined();

    // a visit made after the merge stays with the survivor on undo
    const [later] = await t.deps.db
      .insert(visits)
      .values({
        clientId: t.world.north.clientId,
        buildingId: building(),
        visitorId: p.survivorId,
        checkIn: new Date('2026-11-26T15:00:00Z'),
        checkOut: new Date('2026-11-26T16:00:00Z'),
      })
      .returning();
    const undo = await t.as(districtAdmin).post(`/api/visitor-merges/${res.json().id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().undoneAt).not.toBeNull();
    expect(await idsReferencing(p.duplicateId)).toEqual({
      ...p.rows,
      cleared_matches: [...p.rows.cleared_matches, p.contradiction].sort((a, b) => Number(a) - Number(b)),
    });
    expect(await idsReferencing(p.survivorId)).toEqual({ visits: [later.id] });
    expect(await row(p.survivorId)).toMatchObject({ dob: null, photoFileId: null, phone: '' });
    expect((await row(p.duplicateId)).mergedIntoId).toBeNull();
    // undone once: a second undo is refused and changes nothing
    expect((await t.as(districtAdmin).post(`/api/visitor-merges/${res.json().id}/undo`)).statusCode).toBe(409);
    expect(
      (await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'visitor.merge_undone'))).length,
    ).toBeGreaterThan(0);
  });

  it('attendants cannot merge or undo (403); another district’s records are not found (404); nothing changes', async () => {
    const p = await pairWithEverything();
    const attempt = await t.as(desk).post(`/api/visitors/${p.survivorId}/merge`, { duplicateId: p.duplicateId });
    expect(attempt.statusCode).toBe(403);
    const southAdmin = await t.login('admin.south@demo.test');
    expect(
      (await t.as(southAdmin).post(`/api/visitors/${p.survivorId}/merge`, { duplicateId: p.duplicateId })).statusCode,
    ).toBe(404);
    // a system administrator cannot merge records of two districts either
    const admin = await t.login('admin@demo.test');
    const southId = await insertVisitor(t.deps.db, {
      clientId: t.world.south.clientId,
      firstname: 'Dana',
      lastname: p.last,
      dob: '1966-06-06',
    });
    expect((await t.as(admin).post(`/api/visitors/${p.survivorId}/merge`, { duplicateId: southId })).statusCode).toBe(
      404,
    );
    expect(
      (await t.as(districtAdmin).post(`/api/visitors/${p.survivorId}/merge`, { duplicateId: southId })).statusCode,
    ).toBe(404);
    expect(
      (await t.as(districtAdmin).post(`/api/visitors/${p.survivorId}/merge`, { duplicateId: p.survivorId })).statusCode,
    ).toBe(400);
    expect(await idsReferencing(p.duplicateId)).toEqual({
      ...p.rows,
      cleared_matches: [...p.rows.cleared_matches, p.contradiction].sort((a, b) => Number(a) - Number(b)),
    });
    expect((await row(p.duplicateId)).mergedIntoId).toBeNull();

    // a merge by the district's administrator: the other district cannot undo it, an attendant neither
    const merged = await t
      .as(districtAdmin)
      .post(`/api/visitors/${p.survivorId}/merge`, { duplicateId: p.duplicateId });
    expect(merged.statusCode).toBe(200);
    expect((await t.as(southAdmin).post(`/api/visitor-merges/${merged.json().id}/undo`)).statusCode).toBe(404);
    expect((await t.as(desk).post(`/api/visitor-merges/${merged.json().id}/undo`)).statusCode).toBe(403);
    // a merged record cannot be merged again
    const third = await insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Dana',
      lastname: p.last,
      dob: null,
    });
    expect(
      (await t.as(districtAdmin).post(`/api/visitors/${third}/merge`, { duplicateId: p.duplicateId })).statusCode,
    ).toBe(409);
  });

  it('a merged record cannot be edited; undo keeps what the desk changed on the survivor since', async () => {
    const clientId = t.world.north.clientId;
    const last = `Edited${uniq()}`;
    const a = await insertVisitor(t.deps.db, { clientId, firstname: 'Eda', lastname: last, dob: null });
    const b = await insertVisitor(t.deps.db, { clientId, firstname: 'Eda', lastname: last, dob: '1977-07-07' });
    await t.deps.db.update(visitors).set({ phone: '555-0001', city: 'Evanston' }).where(eq(visitors.id, b));
    const merged = await t.as(districtAdmin).post(`/api/visitors/${a}/merge`, { duplicateId: b });
    expect(merged.statusCode).toBe(200);
    const edit = await t.as(desk).edit('PUT', `/api/visitors/${b}`, { firstname: 'Eda', lastname: last });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(
      'This record was merged into another record of the same person. Open that record instead.',
    );
    // the desk corrects the phone the merge brought; the city stays as the merge filled it
    const put = await t.as(desk).edit('PUT', `/api/visitors/${a}`, {
      firstname: 'Eda',
      lastname: last,
      dob: '1977-07-07',
      phone: '555-0002',
      city: 'Evanston',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.as(districtAdmin).post(`/api/visitor-merges/${merged.json().id}/undo`)).statusCode).toBe(200);
    expect(await row(a)).toMatchObject({ phone: '555-0002', city: '', dob: null });
  });

  it('refuses to merge two records that both have a visit in progress', async () => {
    const clientId = t.world.north.clientId;
    const last = `Open${uniq()}`;
    const a = await insertVisitor(t.deps.db, { clientId, firstname: 'Open', lastname: last, dob: null });
    const b = await insertVisitor(t.deps.db, { clientId, firstname: 'Open', lastname: last, dob: null });
    await t.deps.db.insert(visits).values([
      { clientId, buildingId: building(), visitorId: a },
      { clientId, buildingId: building(), visitorId: b },
    ]);
    const res = await t.as(districtAdmin).post(`/api/visitors/${a}/merge`, { duplicateId: b });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Both records have a visit in progress. Check one of them out first.');
    expect((await row(b)).mergedIntoId).toBeNull();
  });

  it('undo is possible until the end of the next day in the district’s time zone, then refused', async () => {
    const clientId = t.world.north.clientId;
    const last = `Late${uniq()}`;
    const a = await insertVisitor(t.deps.db, { clientId, firstname: 'Late', lastname: last, dob: null });
    const b = await insertVisitor(t.deps.db, { clientId, firstname: 'Late', lastname: last, dob: '1970-01-02' });
    // Wednesday 10:00 in Chicago: undo until Friday 00:00 Chicago (Thursday's end)
    now = new Date('2026-11-25T16:00:00Z');
    try {
      const merged = await t.as(districtAdmin).post(`/api/visitors/${a}/merge`, { duplicateId: b });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json().undoUntil).toBe('2026-11-27T06:00:00.000Z');
      now = new Date('2026-11-27T06:00:01Z');
      const late = await t.as(districtAdmin).post(`/api/visitor-merges/${merged.json().id}/undo`);
      expect(late.statusCode).toBe(409);
      expect((await row(b)).mergedIntoId).toBe(a);
      const [m] = await t.deps.db.select().from(visitorMerges).where(eq(visitorMerges.id, merged.json().id));
      expect(m.undoneAt).toBeNull();
    } finally {
      now = new Date();
    }
  });

  it('a merged record is screened and checked in only as its survivor (its exclusion link moved there)', async () => {
    const clientId = t.world.north.clientId;
    const last = `Linked${uniq()}`;
    const a = await insertVisitor(t.deps.db, { clientId, firstname: 'Dana', lastname: last, dob: '1966-06-06' });
    const b = await insertVisitor(t.deps.db, { clientId, firstname: 'Dana', lastname: last, dob: null });
    await insertExclusion(t.deps.db, { clientId, visitorId: b, firstname: 'Dana', lastname: last, dob: '1966-06-06' });
    // a desk screened the duplicate before the merge, and still has that page open
    const before = await t.as(desk).post(`/api/visitors/${b}/screening`, { buildingId: building() });
    expect(before.statusCode, before.body).toBe(200);
    expect((await t.as(districtAdmin).post(`/api/visitors/${a}/merge`, { duplicateId: b })).statusCode).toBe(200);
    expect((await t.as(desk).post(`/api/visitors/${b}/screening`, { buildingId: building() })).statusCode).toBe(404);
    const checkIn = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': `merged-${uniq()}` },
      payload: {
        screeningId: before.json().id,
        visitorId: b,
        buildingId: building(),
        photoFileId: await insertPhoto(t.deps.db, clientId),
      },
    });
    expect(checkIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.deps.db.select().from(visits).where(eq(visits.visitorId, b))).toEqual([]);
    // the survivor screens with the linked exclusion
    const screened = await t.as(desk).post(`/api/visitors/${a}/screening`, { buildingId: building() });
    expect(screened.statusCode).toBe(200);
    expect(JSON.stringify(screened.json())).toContain('direct');
  });

  it('a kiosk sign-in with the merged record’s id signs in as the survivor', async () => {
    const clientId = t.world.north.clientId;
    const last = `Kmerge${uniq()}`;
    const a = await insertVisitor(t.deps.db, { clientId, firstname: 'Kim', lastname: last, dob: '1971-01-01' });
    const b = await insertVisitor(t.deps.db, { clientId, firstname: 'Kim', lastname: last, dob: null });
    expect((await t.as(districtAdmin).post(`/api/visitors/${a}/merge`, { duplicateId: b })).statusCode).toBe(200);
    const kiosk = await t.login('kiosk.northhigh@demo.test');
    const res = await send(
      kiosk,
      '/api/kiosk/sign-ins',
      { visitorId: b, photoFileId: await insertPhoto(t.deps.db, clientId) },
      `identity-kiosk-merged-${uniq()}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [card] = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, res.json().signInId));
    expect(card.visitorId).toBe(a);
  });
});

describe('a second record of an excluded person (issue 22)', () => {
  it('shows the exclusion on the second record, so "Deny & Add Exclusion" is not offered again', async () => {
    const last = `Dupe${uniq()}`;
    const first = await insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Dana',
      lastname: last,
      dob: '1966-06-06',
    });
    await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      visitorId: first,
      firstname: 'Dana',
      lastname: last,
      dob: '1966-06-06',
    });
    // a second record made before identity resolution existed, written with an invisible character
    const second = await insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: `Da${ZWSP}na`,
      lastname: last,
      dob: '1966-06-06',
    });
    expect((await t.as(desk).get(`/api/visitors/${second}`)).json().hasActiveExclusion).toBe(true);
    const stranger = await insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Dana',
      lastname: last,
      dob: '1977-07-07',
    });
    expect((await t.as(desk).get(`/api/visitors/${stranger}`)).json().hasActiveExclusion).toBe(false);
  });
});
