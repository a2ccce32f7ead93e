import { buildAamvaPayload } from '@sv/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

let t: TestApp;
let desk: Session;
beforeAll(async () => {
  t = await createTestApp();
  desk = await t.login('desk.northhigh@demo.test');
});

const create = (s: Session, body: object) =>
  t.as(s).post('/api/visitors', { buildingId: t.world.north.northHighId, ...body });

describe('visitor record', () => {
  it('creates and updates a visitor with every field, and refuses a future date of birth', async () => {
    const res = await create(desk, {
      firstname: 'Maria',
      middlename: 'Elena',
      lastname: 'Gonzalez',
      dob: '1984-02-29',
      city: 'Northbrook',
      state: 'IL',
      zipcode: '60062',
      sex: 'F',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstname: 'Maria',
      lastname: 'Gonzalez',
      dob: '1984-02-29',
      openVisit: null,
      hasActiveExclusion: false,
    });
    const id = res.json().id;
    const upd = await t.as(desk).edit('PUT', `/api/visitors/${id}`, {
      firstname: 'Maria',
      lastname: 'Gonzalez-Ruiz',
      dob: '1984-02-29',
      zipcode: '6006',
    });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().fieldErrors.zipcode).toBeDefined();
    const future = await create(desk, { firstname: 'Future', lastname: 'Person', dob: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors.dob).toEqual(['Date of birth must be a past date.']);
  });

  it('keeps visitors inside their district', async () => {
    const id = (await create(desk, { firstname: 'Private', lastname: 'Person' })).json().id;
    const south = await t.login('desk.southelem@demo.test');
    expect((await t.as(south).get(`/api/visitors/${id}`)).statusCode).toBe(404);
    expect((await t.as(south).edit('PUT', `/api/visitors/${id}`, { firstname: 'X', lastname: 'Y' })).statusCode).toBe(
      404,
    );
    const found = await t
      .as(south)
      .post('/api/visitors/search', { text: 'Private Person', buildingId: t.world.south.southElemId });
    expect(found.json().data).toEqual([]);
    expect(
      (await t.as(south).post('/api/visitors/search', { text: 'Private', buildingId: t.world.north.northHighId }))
        .statusCode,
    ).toBe(404);
  });
});

describe('name search (issue 4: fast and typo-tolerant)', () => {
  beforeAll(async () => {
    for (const [f, l] of [
      ['Jonathan', 'Whitaker'],
      ['Jon', 'Whittaker'],
      ['Joan', 'Whitley'],
      ['Bruno', 'Álvarez'],
    ]) {
      await create(desk, { firstname: f, lastname: l, dob: '1970-03-03' });
    }
  });
  it('finds exact, partial and misspelled names, best first; blank input is ignored', async () => {
    const exact = (await t.as(desk).post('/api/visitors/search', { text: 'Jonathan Whitaker' })).json().data;
    expect(exact[0]).toMatchObject({ firstname: 'Jonathan', lastname: 'Whitaker' });
    const typo = (await t.as(desk).post('/api/visitors/search', { text: 'Jonathon Whitacker' })).json().data;
    expect(typo.map((m: { lastname: string }) => m.lastname)).toContain('Whitaker');
    const partial = (await t.as(desk).post('/api/visitors/search', { text: 'whit' })).json().data;
    expect(partial.length).toBeGreaterThanOrEqual(3);
    const accents = (await t.as(desk).post('/api/visitors/search', { text: 'bruno alvarez' })).json().data;
    expect(accents[0]).toMatchObject({ firstname: 'Bruno' });
    expect((await t.as(desk).post('/api/visitors/search', { text: '   ' })).json().data).toEqual([]);
  });

  it('tries the words as typed first, then one misspelled name, then similarity (issue 5 tiers)', async () => {
    const names = async (text: string) =>
      (await t.as(desk).post('/api/visitors/search', { text }))
        .json()
        .data.map((m: { firstname: string; lastname: string }) => `${m.firstname} ${m.lastname}`);
    // as typed: "last first" works too, and a name typed right brings no look-alikes
    expect(await names('Whitaker Jonathan')).toEqual(['Jonathan Whitaker']);
    expect(await names('jon whittaker')).toEqual(['Jon Whittaker']);
    // one name right (a prefix is enough), the other within two edits; closest first
    expect(await names('Jonathan Whitakre')).toEqual(['Jonathan Whitaker']);
    expect((await names('Jno Whittaker'))[0]).toBe('Jon Whittaker');
    // both misspelled: trigram similarity of the whole name
    expect((await names('Jonathon Whitacker'))[0]).toBe('Jonathan Whitaker');
  });
});

describe('scan (issue 4 POST /api/scans)', () => {
  const card = {
    firstName: 'TAMSIN',
    middleName: 'RAY',
    lastName: 'OKAFOR',
    dateOfBirth: '1988-09-14',
    licenseNumber: 'T123-4567-8901',
    street1: '12 ELM ST',
    city: 'EVANSTON',
    state: 'IL',
    postalCode: '60201',
    sex: 'F' as const,
  };

  it('parses a licence with no match and answers its fields for the new-visitor form', async () => {
    const res = await t.as(desk).post('/api/scans', {
      raw: buildAamvaPayload(card, { version: 9, separators: true }),
      buildingId: t.world.north.northHighId,
      action: 'new',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'license',
      matches: [],
      license: { firstName: 'TAMSIN', lastName: 'OKAFOR', dateOfBirth: '1988-09-14', city: 'EVANSTON' },
    });
  });

  it('matches a returning visitor by licence number, also from a scanner that drops separators', async () => {
    const id = (
      await create(desk, {
        firstname: 'Tamsin',
        lastname: 'Okafor',
        dob: '1988-09-14',
        currentDriversLicenseNumber: 'T123-4567-8901',
      })
    ).json().id;
    const raw = buildAamvaPayload(card, { version: 9, separators: false });
    const res = await t.as(desk).post('/api/scans', { raw, buildingId: t.world.north.northHighId, action: 'in' });
    expect(res.json().matches.map((m: { id: number }) => m.id)).toEqual([id]);
  });

  it('checks out every matching open visit on a check-out scan of the badge', async () => {
    const v = (await create(desk, { firstname: 'Scan', lastname: 'Outperson', dob: '1980-01-01' })).json();
    const screening = (
      await t.as(desk).post(`/api/visitors/${v.id}/screening`, { buildingId: t.world.north.northHighId })
    ).json();
    const checkIn = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': 'scan-out-test-0001' },
      payload: {
        screeningId: screening.id,
        visitorId: v.id,
        buildingId: t.world.north.northHighId,
        photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
      },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const { visit } = checkIn.json();
    const res = await t
      .as(desk)
      .post('/api/scans', { raw: visit.badge.code, buildingId: t.world.north.northHighId, action: 'out' });
    expect(res.json()).toMatchObject({ kind: 'badge', checkedOutVisitIds: [visit.id] });
    expect((await t.as(desk).get(`/api/visits/${visit.id}`)).json().checkOut).not.toBeNull();
  });

  it('answers unknown for text that is neither', async () => {
    const res = await t
      .as(desk)
      .post('/api/scans', { raw: 'hello there', buildingId: t.world.north.northHighId, action: 'in' });
    expect(res.json()).toMatchObject({ kind: 'unknown', matches: [], license: null });
  });
});

describe('visitor photo', () => {
  it('stores a re-encoded photo readable only within the district', async () => {
    const id = (await create(desk, { firstname: 'Photo', lastname: 'Person' })).json().id;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const boundary = 'X-BOUNDARY';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/visitors/${id}/photo`,
      headers: {
        cookie: desk.cookie,
        'x-csrf-token': desk.csrfToken,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const fileId = res.json().photoFileId;
    const img = await t.as(desk).get(`/api/files/${fileId}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toBe('no-store');
    const south = await t.login('admin.south@demo.test');
    expect((await t.as(south).get(`/api/files/${fileId}`)).statusCode).toBe(404);
  });
});

describe('the search list flags people on the exclusion list (audit 002 desk §3.4)', () => {
  it('marks the excluded person (linked, or same identity keys and date of birth), not a namesake or another building', async () => {
    const north = await t.login('admin.north@demo.test');
    const excluded = (await create(desk, { firstname: 'Marlow', lastname: 'Quillfeather', dob: '1971-05-06' })).json();
    const namesake = (await create(desk, { firstname: 'Marlow', lastname: 'Quillfeather', dob: '1992-09-10' })).json();
    const linked = (await create(desk, { firstname: 'Tamsin', lastname: 'Quillfeather', dob: '1980-01-02' })).json();
    const elsewhere = (await create(desk, { firstname: 'Ansel', lastname: 'Quillfeather', dob: '1965-07-08' })).json();
    const flags = async () =>
      Object.fromEntries(
        (await t.as(desk).post('/api/visitors/search', { text: 'Quillfeather', buildingId: t.world.north.northHighId }))
          .json()
          .data.map((m: { id: number; onExclusionList: boolean }) => [m.id, m.onExclusionList]),
      );
    expect(await flags()).toEqual({
      [excluded.id]: false,
      [namesake.id]: false,
      [linked.id]: false,
      [elsewhere.id]: false,
    });
    const add = async (body: object) => {
      const res = await t.as(north).post('/api/exclusions', { exclusionType: 'Trespassed', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().exclusion.id as number;
    };
    // typed with other capitals and an accent: the same identity keys
    await add({ firstname: 'MARLÓW', lastname: 'quillfeather', dob: '1971-05-06' });
    // linked to the record by the desk's "Deny & Add Exclusion", under another spelling
    await add({ firstname: 'Tamsyn', lastname: 'Quilfeather', dob: '1980-01-02', visitorId: linked.id });
    // an exclusion for another building of the district
    await add({
      firstname: 'Ansel',
      lastname: 'Quillfeather',
      dob: '1965-07-08',
      isGlobal: false,
      buildingId: t.world.north.lincolnId,
    });
    expect(await flags()).toEqual({
      [excluded.id]: true,
      [namesake.id]: false,
      [linked.id]: true,
      [elsewhere.id]: false,
    });
  });
});
