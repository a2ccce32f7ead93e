import { CONSTANTS, ROLE, type TActor } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB } from '@sv/domain';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, exclusions, files, visitors } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { nameTag } from '../../test/names';
import { insertExclusion, multipartBody, pngImage } from './exclusions.fixtures';
import { candidateQueryOf, screeningCandidatesStatement } from './exclusions.repository';
import { EXCLUSION_MESSAGES } from './exclusions.service';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let deskNH: Session;
let deskLincoln: Session;
let kiosk: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  deskNH = await t.login('desk.northhigh@demo.test');
  deskLincoln = await t.login('desk.lincoln@demo.test');
  kiosk = await t.login('kiosk.northhigh@demo.test');
});

// a new person per call: the same active exclusion saved twice is refused (issue 25, audit 000 B6)
let people = 0;
const body = (over: Record<string, unknown> = {}) => ({
  isGlobal: true,
  buildingId: null,
  active: true,
  firstname: 'Quinn',
  lastname: `Imaginary${nameTag(++people)}`,
  dob: '1984-06-07',
  exclusionType: 'Trespassed',
  reason: '',
  ...over,
});

const upload = (s: Session, url: string, file: Buffer, opts: Parameters<typeof multipartBody>[1] = {}) => {
  const m = multipartBody(file, opts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...m.headers, cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    payload: m.body,
  });
};

describe('GET /api/exclusions (spec 000 §2 Manage Exclusions)', () => {
  it('is active-only by default and sorted by Name (last, first) ascending', async () => {
    const res = (await t.as(north).get('/api/exclusions')).json();
    expect(res.data.every((e: { active: boolean }) => e.active)).toBe(true);
    const names = res.data.map((e: { lastname: string; firstname: string }) =>
      `${e.lastname}, ${e.firstname}`.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const all = (await t.as(north).get('/api/exclusions?activeOnly=false')).json();
    expect(all.count).toBeGreaterThan(res.count);
    expect((await t.as(north).get('/api/exclusions?sort=reason')).statusCode).toBe(400);
  });

  it('labels the types with spaced words, any other type with its reason (spec 000 §3)', async () => {
    const res = (await t.as(north).get('/api/exclusions?activeOnly=false&perPage=100')).json();
    const byLast = Object.fromEntries(res.data.map((e: { lastname: string }) => [e.lastname, e]));
    expect(byLast.Demoperson.typeLabel).toBe('Violent Or Threatening Behavior');
    expect(byLast.Notreal.typeLabel).toBe('Custody order: not to pick up students (demo)');
  });

  it("client admins see their district only; attendants see global + their own building's", async () => {
    const northRows = (await t.as(north).get(`/api/exclusions?clientId=${t.world.south.clientId}`)).json().data;
    expect(northRows.every((e: { clientId: number }) => e.clientId === t.world.north.clientId)).toBe(true);
    const desk = (await t.as(deskNH).get('/api/exclusions')).json().data;
    expect(desk.length).toBeGreaterThan(0);
    expect(
      desk.every(
        (e: { buildingId: number | null; clientId: number }) =>
          e.clientId === t.world.north.clientId &&
          (e.buildingId === null || e.buildingId === t.world.north.northHighId),
      ),
    ).toBe(true);
    expect(desk.map((e: { lastname: string }) => e.lastname)).not.toContain('Notreal'); // Lincoln's
    expect((await t.as(kiosk).get('/api/exclusions')).statusCode).toBe(403);
  });

  it('admins filter by client', async () => {
    const res = (await t.as(admin).get(`/api/exclusions?clientId=${t.world.south.clientId}`)).json();
    expect(res.data.map((e: { lastname: string }) => e.lastname)).toEqual(['Southperson']);
  });
});

describe('POST/PUT /api/exclusions', () => {
  it('applies the new-exclusion defaults: global, active, created now, the user’s client, no photo', async () => {
    const res = await t.as(north).post('/api/exclusions', {
      firstname: '  Robin   Q ',
      lastname: 'Madeup',
      exclusionType: 'RestrictedAccess',
    });
    expect(res.statusCode).toBe(200);
    const e = res.json().exclusion;
    expect(e).toMatchObject({
      isGlobal: true,
      buildingId: null,
      active: true,
      clientId: t.world.north.clientId,
      photoFileId: null,
      dob: DEFAULT_EXCLUSION_DOB,
      firstname: 'Robin Q',
      typeLabel: 'Restricted Access',
      createdBy: north.userId,
    });
    expect(Math.abs(Date.parse(e.created) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses the same active person with the same reach twice, naming the one on file (audit 000 B6)', async () => {
    const person = body({ lastname: 'Twicelisted', dob: '1979-03-04' });
    const first = await t.as(north).post('/api/exclusions', person);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().exclusion.id;
    // the same person typed with other capitals and spacing is the same person
    const again = await t
      .as(north)
      .post('/api/exclusions', { ...person, firstname: ' quinn ', lastname: 'TWICELISTED' });
    expect(again.statusCode, again.body).toBe(409);
    const message = EXCLUSION_MESSAGES.duplicate('Quinn Twicelisted', id, true);
    expect(again.json()).toMatchObject({ message, fieldErrors: { lastname: [message] } });
    // another reach, another date of birth, or an inactive twin is another entry
    const building = await t.as(north).post('/api/exclusions', {
      ...person,
      isGlobal: false,
      buildingId: t.world.north.northHighId,
    });
    expect(building.statusCode, building.body).toBe(200);
    expect((await t.as(north).post('/api/exclusions', { ...person, dob: '1979-03-05' })).statusCode).toBe(200);
    expect((await t.as(north).post('/api/exclusions', { ...person, active: false })).statusCode).toBe(200);
    // another district may list the same person
    expect((await t.as(south).post('/api/exclusions', person)).statusCode).toBe(200);
  });

  it('refuses a future date of birth and today (calendar allows up to yesterday)', async () => {
    const future = await t.as(north).post('/api/exclusions', body({ dob: '2099-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors.dob).toEqual([EXCLUSION_MESSAGES.dobFuture]);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: CONSTANTS.defaultTimeZone });
    expect((await t.as(north).post('/api/exclusions', body({ dob: today }))).statusCode).toBe(400);
  });

  it('needs an ACTIVE building of the same client when not global', async () => {
    const none = await t.as(north).post('/api/exclusions', body({ isGlobal: false }));
    expect(none.statusCode).toBe(400);
    const other = await t
      .as(north)
      .post('/api/exclusions', body({ isGlobal: false, buildingId: t.world.south.southElemId }));
    expect(other.statusCode).toBe(404);
    const mismatch = await t
      .as(admin)
      .post(
        '/api/exclusions',
        body({ clientId: t.world.north.clientId, isGlobal: false, buildingId: t.world.south.southElemId }),
      );
    expect(mismatch.statusCode).toBe(400);
    await t.deps.db.execute(sql`update buildings set active = false where id = ${t.world.north.lincolnId}`);
    try {
      const inactive = await t
        .as(north)
        .post('/api/exclusions', body({ isGlobal: false, buildingId: t.world.north.lincolnId }));
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json().message).toBe(EXCLUSION_MESSAGES.buildingInactive);
      const options = (await t.as(north).get('/api/exclusions/form-options')).json();
      expect(options.buildings.map((b: { id: number }) => b.id)).toEqual([t.world.north.northHighId]);
    } finally {
      await t.deps.db.execute(sql`update buildings set active = true where id = ${t.world.north.lincolnId}`);
    }
    const ok = await t
      .as(north)
      .post('/api/exclusions', body({ isGlobal: false, buildingId: t.world.north.lincolnId }));
    expect(ok.json().exclusion).toMatchObject({ isGlobal: false, buildingName: 'Lincoln Elementary' });
  });

  it('"Other" needs a reason, which then labels the type', async () => {
    expect((await t.as(north).post('/api/exclusions', body({ exclusionType: 'Other' }))).statusCode).toBe(400);
    const ok = await t.as(north).post('/api/exclusions', body({ exclusionType: 'Other', reason: 'Harassing staff' }));
    expect(ok.json().exclusion.typeLabel).toBe('Harassing staff');
  });

  it('only managers write; a client admin of another district gets 404; a client id of another district 404', async () => {
    expect((await t.as(deskNH).post('/api/exclusions', body())).statusCode).toBe(403);
    const id = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId });
    expect((await t.as(south).get(`/api/exclusions/${id}`)).statusCode).toBe(404);
    expect((await t.as(south).edit('PUT', `/api/exclusions/${id}`, body())).statusCode).toBe(404);
    expect((await t.as(deskNH).edit('PUT', `/api/exclusions/${id}`, body())).statusCode).toBe(403);
    expect((await t.as(south).post('/api/exclusions', body({ clientId: t.world.north.clientId }))).statusCode).toBe(
      404,
    );
  });

  it('an attendant reads global and own-building exclusions only', async () => {
    const lincolns = await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
    });
    expect((await t.as(deskNH).get(`/api/exclusions/${lincolns}`)).statusCode).toBe(404);
    expect((await t.as(deskLincoln).get(`/api/exclusions/${lincolns}`)).statusCode).toBe(200);
  });

  it('edits keep the client and the visitor link, show the visitor, and audit create/update/read', async () => {
    const [visitor] = await t.deps.db
      .insert(visitors)
      .values({ clientId: t.world.north.clientId, firstname: 'Vera', lastname: 'Visitorly', dob: '1975-05-05' })
      .returning();
    const created = await t.as(north).post('/api/exclusions', body({ visitorId: visitor.id }));
    const e = created.json().exclusion;
    expect(e.visitor).toEqual({ name: 'Vera Visitorly', dob: '1975-05-05' });
    const edited = await t
      .as(north)
      .edit('PUT', `/api/exclusions/${e.id}`, body({ lastname: 'Changed', active: false }));
    expect(edited.json().exclusion).toMatchObject({ lastname: 'Changed', active: false, visitorId: visitor.id });
    await t.as(deskNH).get(`/api/exclusions/${e.id}`);
    await t.deps.audit.flush(); // the read's row is written by the batched writer (ADR 0044)
    const actions = (
      await t.deps.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.targetId, String(e.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['exclusion.create', 'exclusion.update', 'exclusion.read']));
    const southVisitor = await t.as(south).post('/api/exclusions', body({ visitorId: visitor.id }));
    expect(southVisitor.statusCode).toBe(404);
  });
});

describe('photos (security guide "Photos and files")', () => {
  it('re-encodes an upload to JPEG of at most 1024 px, without metadata, served with no-store', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#0a0' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .png()
      .toBuffer();
    const res = await upload(north, '/api/exclusions/photos', big);
    expect(res.statusCode).toBe(200);
    const fileId = res.json().results[0].id;
    const served = await t.as(north).get(`/api/files/${fileId}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('no-store');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 512 });
    expect(meta.exif).toBeUndefined();
    const saved = await t.as(north).post('/api/exclusions', body({ photoFileId: fileId }));
    expect(saved.json().exclusion.photoFileId).toBe(fileId);
  });

  it('checks the content by magic bytes, whatever the declared type', async () => {
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const res = await upload(north, '/api/exclusions/photos', fake, { fileName: 'x.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(415);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(north, '/api/exclusions/photos', gif)).statusCode).toBe(415);
    const truncated = (await pngImage()).subarray(0, 40);
    expect((await upload(north, '/api/exclusions/photos', truncated)).statusCode).toBe(415);
  });

  it('refuses files over 10 MB with 413', async () => {
    const huge = Buffer.concat([await pngImage(), Buffer.alloc(CONSTANTS.photoMaxBytes + 10)]);
    expect((await upload(north, '/api/exclusions/photos', huge)).statusCode).toBe(413);
  });

  it('serves photos only within the owner’s client scope; other tenants and kiosks get 404', async () => {
    const id = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId });
    const res = await upload(north, `/api/exclusions/${id}/photo`, await pngImage());
    expect(res.statusCode).toBe(200);
    const fileId = res.json().results[0].id;
    expect((await t.as(deskLincoln).get(`/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await t.as(south).get(`/api/files/${fileId}`)).statusCode).toBe(404);
    expect((await t.as(kiosk).get(`/api/files/${fileId}`)).statusCode).toBe(404);
    expect((await t.as(null).get(`/api/files/${fileId}`)).statusCode).toBe(401);
    // another tenant's photo cannot be attached to an exclusion either
    const southPhoto = (await upload(south, '/api/exclusions/photos', await pngImage())).json().results[0].id;
    const attach = await t.as(north).edit('PUT', `/api/exclusions/${id}`, body({ photoFileId: southPhoto }));
    expect(attach.statusCode).toBe(400);
    expect((await upload(south, `/api/exclusions/${id}/photo`, await pngImage())).statusCode).toBe(404);
    const removed = await t.as(north).delete(`/api/exclusions/${id}/photo`);
    expect(removed.json().exclusion.photoFileId).toBeNull();
    const [{ n }] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(files).where(eq(files.id, fileId));
    expect(n).toBe(1);
  });
});

describe('POST /api/exclusions/potential-matches (spec 000 §5, 002 §5)', () => {
  const match = (s: Session, over: Record<string, unknown>) =>
    t.as(s).post('/api/exclusions/potential-matches', { buildingId: t.world.north.northHighId, ...over });

  it('finds potential matches on (first+dob), (first+last), (last+dob), case-insensitively, with why', async () => {
    const res = await match(deskNH, { firstname: 'FAKEY', lastname: 'someoneelse', dob: '1979-03-14' });
    expect(res.statusCode).toBe(200);
    expect(res.json().direct).toEqual([]);
    const [m] = res.json().potential;
    expect(m.exclusion.lastname).toBe('McFakerson');
    expect(m.agreed).toEqual(['firstName', 'dateOfBirth']);
    expect(m.reasons).toEqual(['First name matches', 'Date of birth matches']);
    expect(
      (await match(deskNH, { firstname: 'x', lastname: 'mcfakerson', dob: '1979-03-14' })).json().potential,
    ).toHaveLength(1);
    expect(
      (await match(deskNH, { firstname: 'fakey', lastname: 'MCFAKERSON', dob: null })).json().potential,
    ).toHaveLength(1);
    expect(
      (await match(deskNH, { firstname: 'fakey', lastname: 'x', dob: '2000-01-01' })).json().potential,
    ).toHaveLength(0);
  });

  it("ignores inactive exclusions, other buildings' exclusions and other districts", async () => {
    expect((await match(north, { firstname: 'Former', lastname: 'Fictional' })).json().potential).toHaveLength(0);
    expect((await match(north, { firstname: 'Sample', lastname: 'Notreal' })).json().potential).toHaveLength(0);
    const atLincoln = await match(north, {
      buildingId: t.world.north.lincolnId,
      firstname: 'Sample',
      lastname: 'Notreal',
    });
    expect(atLincoln.json().potential).toHaveLength(1);
    expect((await match(north, { firstname: 'Imaginary', lastname: 'Southperson' })).json().potential).toHaveLength(0);
    expect((await match(deskLincoln, { firstname: 'Fakey', lastname: 'McFakerson' })).statusCode).toBe(404);
  });

  it('reports an exclusion linked to the visitor as a direct match', async () => {
    const [visitor] = await t.deps.db
      .insert(visitors)
      .values({ clientId: t.world.north.clientId, firstname: 'Dee', lastname: 'Rect', dob: '1966-06-06' })
      .returning();
    await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      visitorId: visitor.id,
      firstname: 'Dee',
      lastname: 'Rect',
    });
    const res = (await match(deskNH, { firstname: 'Someone', lastname: 'Else', visitorId: visitor.id })).json();
    expect(res.direct).toHaveLength(1);
    expect(res.direct[0].reasons[0]).toBe('Exclusion is linked to this visitor');
    expect(res.potential).toHaveLength(0);
  });

  it('the candidate query uses an index on a table with many rows', async () => {
    const clientId = t.world.north.clientId;
    // letters only (a name key keeps letters only): 'Pers' + the digits of g as letters; none of
    // these letters is one the confusables table maps ('m' would be 'rn'), so a key is lower(name)
    const letters = (expr: string) => `translate(${expr}::text, '0123456789', 'abcdefghij')`;
    await t.deps.database.query(
      `insert into exclusions (client_id, firstname, lastname, first_key, last_key, dob, exclusion_type, is_global)
       select $1, 'Pers' || ${letters('g')}, 'Kin' || ${letters('g')}, 'pers' || ${letters('g')}, 'kin' || ${letters('g')},
              date '1950-01-01' + (g % 20000), 'Trespassed', true
       from generate_series(1, 20000) g`,
      [clientId],
    );
    // as many visitor records, some with a licence: the same-person arm reads them (issue 22)
    await t.deps.database.query(
      `insert into visitors (client_id, firstname, lastname, first_key, last_key, dob, current_drivers_license_number, license_state)
       select $1, 'Vis' || ${letters('g')}, 'Tor' || ${letters('g')}, 'vis' || ${letters('g')}, 'tor' || ${letters('g')},
              date '1950-01-01' + (g % 20000),
              case when g % 2 = 0 then 'D' || g else '' end, case when g % 2 = 0 then 'IL' else '' end
       from generate_series(1, 20000) g`,
      [clientId],
    );
    await t.deps.database.query('analyze exclusions');
    await t.deps.database.query('analyze visitors');
    const [subject] = await t.deps.db
      .select()
      .from(visitors)
      .where(and(eq(visitors.clientId, clientId), eq(visitors.firstname, 'Visbhg')));
    const actor: TActor = {
      userId: 1,
      roleId: ROLE.Attendant,
      clientId,
      buildingId: t.world.north.northHighId,
      impersonatorId: null,
    };
    // the statement screening and the gate run (`candidateWhere`), with every arm: names, swapped
    // names, dates of birth near the person's, and the person's other records (name + dob, licence)
    const statement = screeningCandidatesStatement(
      t.deps.db,
      actor,
      { id: t.world.north.northHighId, clientId },
      candidateQueryOf({
        id: subject.id,
        firstName: 'Persbhh',
        lastName: 'KINBHH',
        dob: subject.dob,
        licence: subject.currentDriversLicenseNumber,
        licenceState: subject.licenseState,
      }),
    )!;
    const plan = await t.deps.database.query<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.params);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index/);
    expect(text).not.toMatch(/Seq Scan/);
    // every arm is an index condition (which of two fitting indexes the planner picks is its choice)
    expect(text).toContain('exclusions_dob_idx');
    expect(text).toMatch(/exclusions_(first|last)_key_idx/);
    expect(text).toContain('exclusions_visitor_idx');
    expect(text).toMatch(/visitors_(identity|client_dob)_idx/);
    expect(text).toContain('visitors_license_idx');
    // and the plan PostgreSQL keeps for a named statement after five runs: the generic one
    // (EXECUTE takes no bind parameters: the test's own values, written as literals)
    const literal = (v: unknown): string =>
      v === null
        ? 'null'
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : Array.isArray(v)
            ? `'{${v.join(',')}}'`
            : `'${String(v).replace(/'/g, "''")}'`;
    const args = statement.params.map(literal).join(', ');
    await t.deps.database.query(`prepare candidates_generic as ${statement.sql}`);
    await t.deps.database.query('set plan_cache_mode = force_generic_plan');
    try {
      const generic = await t.deps.database.query<{ 'QUERY PLAN': string }>(
        `explain execute candidates_generic(${args})`,
      );
      const genericText = generic.map((r) => r['QUERY PLAN']).join('\n');
      expect(genericText).not.toMatch(/Seq Scan/);
      expect(genericText).toContain('exclusions_dob_idx');
      expect(genericText).toContain('exclusions_visitor_idx');
    } finally {
      await t.deps.database.query('reset plan_cache_mode');
      await t.deps.database.query('deallocate candidates_generic');
    }
    const res = (await match(deskNH, { firstname: 'Persbhh', lastname: 'KINBHH', dob: null })).json();
    expect(res.potential.map((m: { exclusion: { firstname: string } }) => m.exclusion.firstname)).toEqual(['Persbhh']);
  });
});

describe('exclusions import and export', () => {
  const csv = (rows: string[]) =>
    Buffer.from(['First Name,Last Name,Date of Birth,Type,Reason,Building,Active', ...rows].join('\r\n'));
  const importAs = (s: Session, file: Buffer, fields: Record<string, string> = {}) =>
    upload(s, '/api/imports/exclusions', file, { fileName: 'exclusions.csv', contentType: 'text/csv', fields });

  it('imports the good rows of a mixed file, returns an error file, and a re-upload adds nothing', async () => {
    const file = csv([
      'Ima,Fakename,04/15/1980,Trespassed,,,Yes',
      'Nota,Person,,Violent Or Threatening Behavior,,North High School,',
      'Bad,Type,01/01/1990,Jaywalking,,,Yes',
      'Future,Born,01/01/2999,Trespassed,,,Yes',
      'Other,Building,01/01/1990,Trespassed,,South Valley Elementary,Yes',
      ',Nofirst,01/01/1990,Trespassed,,,Yes',
      'Needs,Reason,01/01/1990,Other,,,Yes',
    ]);
    const res = await importAs(north, file);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ total: 7, imported: 2, rejected: 5, duplicates: 0 });
    const errors = await t.as(north).get(`/api/imports/error-files/${res.json().errorFile}`);
    expect(errors.body).toContain('Type: must be');
    expect(errors.body).toContain(EXCLUSION_MESSAGES.dobFuture);
    expect(errors.body).toContain('South Valley Elementary');
    expect(errors.body).toContain('First Name: is required');
    expect(errors.body).toContain('Reason: is required when the type is Other');
    const rows = await t.deps.db
      .select()
      .from(exclusions)
      .where(and(eq(exclusions.lastname, 'Person'), eq(exclusions.firstname, 'Nota')));
    expect(rows[0]).toMatchObject({
      dob: DEFAULT_EXCLUSION_DOB,
      buildingId: t.world.north.northHighId,
      isGlobal: false,
      clientId: t.world.north.clientId,
      exclusionType: 'ViolentOrThreateningBehavior',
    });
    expect((await importAs(north, file)).json().results).toMatchObject({ imported: 0, duplicates: 2 });
  });

  it('a client admin cannot import into another district; attendants cannot import', async () => {
    const file = csv(['Ima,Other,04/15/1980,Trespassed,,,Yes']);
    expect((await importAs(north, file, { clientId: String(t.world.south.clientId) })).statusCode).toBe(404);
    expect((await importAs(deskNH, file)).statusCode).toBe(403);
  });

  it('exports the scope only, with formula cells escaped', async () => {
    // issue 22: a formula cannot be a name any more (refused); names can still start with a hyphen,
    // and free text (the reason) can hold anything, so both are exported escaped
    const refused = await t.as(north).post('/api/exclusions', body({ lastname: '@SUM(1+1)', firstname: '=cmd' }));
    expect(refused.statusCode).toBe(400);
    await t
      .as(north)
      .post('/api/exclusions', body({ firstname: '-Cmd', lastname: 'Formulaperson', reason: '@SUM(1+1)' }));
    await t
      .as(north)
      .post('/api/exclusions', body({ lastname: 'Formulaperson', exclusionType: 'Other', reason: '=cmd' }));
    const res = await t.as(north).get('/api/exports/exclusions?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toContain('McFakerson');
    expect(res.body).not.toContain('Southperson');
    expect(res.body).not.toContain('Fictional'); // inactive
    expect(res.body).toContain(`'@SUM(1+1)`);
    expect(res.body).toContain(`'=cmd`);
    expect(res.body).toContain(`'-Cmd`);
    const desk = await t.as(deskNH).get('/api/exports/exclusions?format=csv');
    expect(desk.body).not.toContain('Notreal');
    expect((await t.as(north).get(`/Exclusion/exclusionExport/true/${t.world.south.clientId}`)).statusCode).toBe(404);
  });
});
