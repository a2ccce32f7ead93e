import {
  MESSAGES,
  PRINTER_ADDRESS_MESSAGES,
  printerAddressPolicy,
  type TBuildingRow,
  type TImportResult,
} from '@sv/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, buildings } from '../../db/schema/index';
import { startFakePrinter } from '../../test/peers/fake-printer';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { TEST_PAGE_MESSAGES } from './buildings.service';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let deskNorthHigh: Session;
let kiosk: Session;

beforeAll(async () => {
  t = await createTestApp();
  [admin, north, south, deskNorthHigh, kiosk] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('desk.northhigh@demo.test'),
    t.login('kiosk.northhigh@demo.test'),
  ]);
});

const REQUIREMENTS = [
  'requireKioskStudentPhotoCheckIn',
  'requireKioskStudentPhotoCheckOut',
  'requireKioskVisitorPhotoCheckIn',
  'requireKioskVolunteerPhotoCheckIn',
  'requireKioskVisitorBadgePrint',
  'requireKioskVolunteerBadgePrint',
  'requireAttendantVisitorPhotoCheckIn',
  'requireAttendantVolunteerPhotoCheckIn',
  'requireAttendantVisitorBadgePrint',
  'requireAttendantVolunteerBadgePrint',
] as const;

describe('buildings CRUD', () => {
  it('a new building is active with every kiosk and attendant photo and badge requirement on (spec 000 §4)', async () => {
    const res = await t
      .as(north)
      .post('/api/buildings', { name: 'Maple Middle School', city: 'Northfield', state: 'il' });
    expect(res.statusCode).toBe(200);
    const b: TBuildingRow = res.json();
    expect(b).toMatchObject({
      name: 'Maple Middle School',
      clientId: t.world.north.clientId,
      clientName: 'North County Schools',
      state: 'IL',
      active: true,
      timeZone: 'America/Chicago',
      latitude: null,
      longitude: null,
    });
    for (const k of REQUIREMENTS) expect(b[k], k).toBe(true);
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'building.create'), eq(auditEvents.targetId, String(b.id))));
    expect(audit.clientId).toBe(t.world.north.clientId);
  });

  it('edits every field; coordinates typed by hand are truncated to 6 decimals', async () => {
    const created: TBuildingRow = (
      await t.as(admin).post('/api/buildings', { name: 'Oak Annex', clientId: t.world.south.clientId })
    ).json();
    const body = {
      name: 'Oak Annex East',
      street1: '77 Orchard Ln',
      street2: 'Door 4',
      city: 'Carbondale',
      state: 'IL',
      zipcode: '62901',
      latitude: 37.72739999,
      longitude: -89.21689999,
      radius: 250,
      note: 'Portable classrooms',
      timeZone: 'America/New_York',
      printMethod: 'browser',
      printerIpAddress: '10.1.1.20',
      visitorPrinterIpAddress: '10.1.1.21',
      scanWithCamera: true,
      active: false,
      studentIdLabel: 'Student #',
      showKioskStudentCheckIn: false,
      studentCheckInBtn: 'Late arrival',
      showKioskStudentCheckOut: false,
      studentCheckOutBtn: 'Early dismissal',
      ...Object.fromEntries(REQUIREMENTS.map((k) => [k, false])),
    };
    const res = await t.as(admin).edit('PUT', `/api/buildings/${created.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...body,
      version: expect.any(Number),
      latitude: 37.727399,
      longitude: -89.216899,
      id: created.id,
      clientId: t.world.south.clientId,
      clientName: 'South Valley District',
    });
  });

  it('validates the time zone, the zip code and the name', async () => {
    const bad = await t.as(north).post('/api/buildings', { name: ' ', zipcode: '1234', timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['name', 'timeZone', 'zipcode']);
    const offset = await t.as(north).post('/api/buildings', { name: 'Offset', timeZone: '+05:00' });
    expect(offset.statusCode).toBe(400);
    const ok = await t.as(north).post('/api/buildings', { name: 'Anchorage Campus', timeZone: 'America/Anchorage' });
    expect(ok.json().timeZone).toBe('America/Anchorage');
  });

  it('admins must choose the client; a building never moves to another client', async () => {
    const none = await t.as(admin).post('/api/buildings', { name: 'Nowhere' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.clientId).toBeDefined();
    const move = await t.as(admin).edit('PUT', `/api/buildings/${t.world.north.lincolnId}`, {
      name: 'Lincoln Elementary',
      clientId: t.world.south.clientId,
    });
    expect(move.statusCode).toBe(400);
  });

  it('lists with paging, sort, the active-only toggle and (admins only) the client filter', async () => {
    const all = await t.as(admin).get('/api/buildings?sort=name&dir=asc');
    expect(all.statusCode).toBe(200);
    const names = all.json().data.map((b: TBuildingRow) => b.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(new Set(all.json().data.map((b: TBuildingRow) => b.clientId)).size).toBeGreaterThan(1);

    const southOnly = await t.as(admin).get(`/api/buildings?clientId=${t.world.south.clientId}`);
    expect(southOnly.json().data.every((b: TBuildingRow) => b.clientId === t.world.south.clientId)).toBe(true);

    // a client admin's clientId is forced to their own
    const forced = await t.as(north).get(`/api/buildings?clientId=${t.world.south.clientId}`);
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data.length).toBeGreaterThan(0);
    expect(forced.json().data.every((b: TBuildingRow) => b.clientId === t.world.north.clientId)).toBe(true);

    await t.deps.db
      .insert(buildings)
      .values({ clientId: t.world.north.clientId, name: 'Closed Campus', active: false });
    const withInactive = (await t.as(north).get('/api/buildings?perPage=100')).json();
    const activeOnly = (await t.as(north).get('/api/buildings?activeOnly=true&perPage=100')).json();
    expect(withInactive.data.some((b: TBuildingRow) => b.name === 'Closed Campus')).toBe(true);
    expect(activeOnly.data.some((b: TBuildingRow) => !b.active)).toBe(false);
    expect(activeOnly.count).toBe(withInactive.count - withInactive.data.filter((b: TBuildingRow) => !b.active).length);

    const page = (await t.as(north).get('/api/buildings?perPage=1&page=2&sort=id')).json();
    expect(page).toMatchObject({ perPage: 1, currentPage: 2, data: [expect.any(Object)] });
    expect(page.totalPages).toBe(page.count);
    expect((await t.as(north).get('/api/buildings?sort=note')).statusCode).toBe(400);
  });

  it('lookup: active filter; attendants and kiosks get their own building only', async () => {
    const lookup = (await t.as(north).get('/api/buildings/lookup?activeOnly=true')).json().data;
    expect(
      lookup.every((b: { active: boolean; clientId: number }) => b.active && b.clientId === t.world.north.clientId),
    ).toBe(true);
    expect(lookup.map((b: { name: string }) => b.name)).toContain('Lincoln Elementary');
    for (const s of [deskNorthHigh, kiosk]) {
      const own = (await t.as(s).get('/api/buildings/lookup')).json().data;
      expect(own.map((b: { id: number }) => b.id)).toEqual([t.world.north.northHighId]);
    }
  });
});

describe('building scope', () => {
  it("a client admin cannot read or edit another district's building (404)", async () => {
    const id = t.world.south.southElemId;
    expect((await t.as(north).get(`/api/buildings/${id}`)).statusCode).toBe(404);
    const put = await t.as(north).edit('PUT', `/api/buildings/${id}`, { name: 'Taken over' });
    expect(put.statusCode).toBe(404);
    expect(put.body).not.toContain('South Valley');
    const [row] = await t.deps.db.select().from(buildings).where(eq(buildings.id, id));
    expect(row.name).toBe('South Valley Elementary');
    expect(
      (await t.as(north).post('/api/buildings', { name: 'Sneaky', clientId: t.world.south.clientId })).statusCode,
    ).toBe(404);
    expect((await t.as(north).get(`/api/buildings/${id}/contacts`)).statusCode).toBe(404);
  });

  it('the desk and kiosk read their own building settings only; an attendant cannot administer', async () => {
    const own = await t.as(deskNorthHigh).get(`/api/buildings/${t.world.north.northHighId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      name: 'North High School',
      studentIdLabel: 'Student ID',
      timeZone: 'America/Chicago',
    });
    expect((await t.as(kiosk).get(`/api/buildings/${t.world.north.northHighId}`)).statusCode).toBe(200);
    expect((await t.as(deskNorthHigh).get(`/api/buildings/${t.world.north.lincolnId}`)).statusCode).toBe(404);
    expect((await t.as(deskNorthHigh).post('/api/buildings', { name: 'Desk made' })).statusCode).toBe(403);
    expect((await t.as(deskNorthHigh).get('/api/buildings')).statusCode).toBe(403);
    expect(
      (await t.as(deskNorthHigh).edit('PUT', `/api/buildings/${t.world.north.northHighId}`, { name: 'North High' }))
        .statusCode,
    ).toBe(403);
    expect((await t.as(null).get('/api/buildings')).statusCode).toBe(401);
  });

  it("the expandable row lists the building's contacts and the district's Global contacts", async () => {
    const res = await t.as(north).get(`/api/buildings/${t.world.north.northHighId}/contacts`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { name: string; contactType: string }[];
    expect(rows.map((c) => [c.name, c.contactType])).toEqual([
      ['North High Front Office', 'Building'],
      ['North County Security Office', 'Global'],
    ]);
    const lincoln = (await t.as(north).get(`/api/buildings/${t.world.north.lincolnId}/contacts`)).json().data;
    expect(lincoln.map((c: { name: string }) => c.name)).toEqual(['North County Security Office']);
  });
});

describe('geocoding with the built-in provider', () => {
  it('needs street1, city and state (field errors)', async () => {
    const res = await t.as(north).post('/api/geocode', { street1: '', city: '', state: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['city', 'state', 'street1']);
  });

  it('answers town coordinates for a known town and the spec message otherwise', async () => {
    const ok = await t
      .as(north)
      .post('/api/geocode', { street1: '2300 Shermer Rd', city: 'Northbrook', state: 'IL', zipcode: '60062' });
    expect(ok.statusCode).toBe(200);
    // the offline geocoder answers the town's centre and says it is approximate (audit 000 U9)
    expect(ok.json()).toEqual({ latitude: 42.1275, longitude: -87.829, approximate: true });
    const none = await t.as(north).post('/api/geocode', { street1: '1 Nowhere Rd', city: 'Atlantis', state: 'IL' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.geocodeNotFound);
    expect(
      (await t.as(deskNorthHigh).post('/api/geocode', { street1: '1 A', city: 'Northbrook', state: 'IL' })).statusCode,
    ).toBe(403);
  });
});

function multipart(file: { name: string; content: string }, fields: Record<string, string> = {}) {
  const boundary = `----svbuildings${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`,
  );
  parts.push(`--${boundary}--\r\n`);
  return { payload: Buffer.from(parts.join('')), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(s: Session, content: string, fields: Record<string, string> = {}) {
  const body = multipart({ name: 'buildings.csv', content }, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/imports/buildings',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('buildings import', () => {
  const file = [
    'Name,Street 1,City,State,Zip Code,Latitude,Longitude,Time Zone,Active,Require Kiosk Visitor Badge Print',
    'Cedar Academy,12 Cedar St,Northfield,IL,60093,42.09971234,-87.78091299,,Yes,',
    'Birch Primary,9 Birch Rd,Northbrook,il,60062-1234,,,America/Denver,No,No',
    ',1 No Name Rd,Northfield,IL,60093,,,,,',
    'Bad Zip School,1 Zip Rd,Northfield,IL,600,,,,,',
    'Bad Zone School,1 Zone Rd,Northfield,IL,60093,,,Moon/Base,,',
    'north high school,dup of an existing building,,,,,,,,',
    'Cedar Academy,duplicate row in the file,,,,,,,,',
  ].join('\r\n');

  it('imports the good rows, rejects the bad ones with reasons and an error file; re-upload adds nothing', async () => {
    const res = await upload(north, file);
    expect(res.statusCode).toBe(200);
    const result: TImportResult = res.json();
    expect(result.success).toBe(true);
    expect(result.results).toMatchObject({ total: 7, imported: 2, duplicates: 2, rejected: 3 });
    expect(result.results!.messages.join('\n')).toMatch(/Name: is required/);
    expect(result.results!.messages.join('\n')).toMatch(/Zip Code: must be 5 digits/);
    expect(result.results!.messages.join('\n')).toMatch(/Time Zone: must be a time zone/);
    expect(result.errorFile).toBeTruthy();

    const rows = await t.deps.db.select().from(buildings).where(eq(buildings.clientId, t.world.north.clientId));
    const cedar = rows.find((b) => b.name === 'Cedar Academy')!;
    expect(cedar).toMatchObject({
      latitude: 42.099712,
      longitude: -87.780912,
      timeZone: 'America/Chicago',
      active: true,
      requireKioskVisitorBadgePrint: true,
      requireAttendantVolunteerBadgePrint: true,
    });
    const birch = rows.find((b) => b.name === 'Birch Primary')!;
    expect(birch).toMatchObject({
      state: 'IL',
      zipcode: '60062',
      timeZone: 'America/Denver',
      active: false,
      requireKioskVisitorBadgePrint: false,
    });

    const errorFile = await t.as(north).get(`/api/imports/error-files/${result.errorFile}`);
    expect(errorFile.statusCode).toBe(200);
    expect(errorFile.body).toContain('Reason');
    expect(errorFile.body).toContain('Bad Zip School');
    expect(errorFile.body).not.toContain('Cedar Academy');

    const again: TImportResult = (await upload(north, file)).json();
    expect(again.results).toMatchObject({ imported: 0, duplicates: 4, rejected: 3 });
    const after = await t.deps.db.select().from(buildings).where(eq(buildings.clientId, t.world.north.clientId));
    expect(after.length).toBe(rows.length);
  });

  it('holds printer addresses to the form’s rule (issue 23 §7): a public or loopback address is a rejected row', async () => {
    const csv = [
      'Name,Printer IP Address,Visitor Printer IP Address',
      'Spruce Printer School,10.20.0.5:9100,',
      'Public Printer School,8.8.8.8,',
      'Loopback Printer School,,127.0.0.1',
    ].join('\r\n');
    const result: TImportResult = (await withoutLoopbackOverride(() => upload(north, csv))).json();
    expect(result.results).toMatchObject({ total: 3, imported: 1, rejected: 2 });
    const messages = result.results!.messages.join('\n');
    expect(messages).toContain(`Printer IP Address: ${PRINTER_ADDRESS_MESSAGES.notPrivate}`);
    expect(messages).toContain(`Visitor Printer IP Address: ${PRINTER_ADDRESS_MESSAGES.loopback}`);
    const [spruce] = await t.deps.db.select().from(buildings).where(eq(buildings.name, 'Spruce Printer School'));
    expect(spruce).toMatchObject({ printerIpAddress: '10.20.0.5:9100', printMethod: 'server' });
  });

  it('a client admin cannot import into another district; an admin must choose the client; attendants cannot import', async () => {
    const content = 'Name\r\nSouth Intruder\r\n';
    expect((await upload(north, content, { clientId: String(t.world.south.clientId) })).statusCode).toBe(404);
    expect((await upload(admin, content)).statusCode).toBe(400);
    expect((await upload(deskNorthHigh, content)).statusCode).toBe(403);
    const ok: TImportResult = (await upload(admin, content, { clientId: String(t.world.south.clientId) })).json();
    expect(ok.results?.imported).toBe(1);
    const [row] = await t.deps.db.select().from(buildings).where(eq(buildings.name, 'South Intruder'));
    expect(row.clientId).toBe(t.world.south.clientId);
  });
});

describe('buildings export', () => {
  it("exports the actor's buildings only, escapes formula cells and honours the active-only toggle", async () => {
    await t.deps.db
      .insert(buildings)
      .values({ clientId: t.world.north.clientId, name: '=HYPERLINK("http://evil")', note: '@risk', active: true });
    const res = await t.as(north).get('/api/exports/buildings?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('North High School');
    expect(res.body).not.toContain('South Valley');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain("'@risk");
    expect(res.body).toContain('-87.'); // a negative number cell stays a number, not escaped text

    const activeOnly = await t.as(north).get('/Building/BuildingExport/true/0');
    expect(activeOnly.statusCode).toBe(200);
    expect(activeOnly.body).not.toContain('Closed Campus');
    const all = await t.as(north).get('/Building/BuildingExport/false/0');
    expect(all.body).toContain('Closed Campus');

    expect((await t.as(north).get(`/api/exports/buildings?clientId=${t.world.south.clientId}`)).statusCode).toBe(404);
    expect((await t.as(deskNorthHigh).get('/api/exports/buildings')).statusCode).toBe(403);
    const adminSouth = await t.as(admin).get(`/Building/BuildingExport/false/${t.world.south.clientId}`);
    expect(adminSouth.body).toContain('South Valley Elementary');
    expect(adminSouth.body).not.toContain('North High School');
    const southOwn = await t.as(south).get('/api/exports/buildings');
    expect(southOwn.body).not.toContain('North High School');
  });
});

/** Runs `fn` as a real install would: loopback printers refused (no PRINTER_ALLOW_LOOPBACK). */
async function withoutLoopbackOverride<T>(fn: () => Promise<T>): Promise<T> {
  printerAddressPolicy.allowLoopback = false;
  try {
    return await fn();
  } finally {
    printerAddressPolicy.allowLoopback = true;
  }
}

describe('printing that works in the cloud (issue 23 §7)', () => {
  const newBuilding = (over: Record<string, unknown>) =>
    t.as(north).post('/api/buildings', { name: `Print ${Math.random()}`, ...over });

  it('the test harness runs with the loopback override on', () => {
    expect(t.deps.config.PRINTER_ALLOW_LOOPBACK).toBe(true);
    expect(printerAddressPolicy.allowLoopback).toBe(true);
  });

  it('refuses a public, link-local, named or non-printer-port address on save, and stores nothing', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ printerIpAddress: '8.8.8.8' }, 'printerIpAddress', PRINTER_ADDRESS_MESSAGES.notPrivate],
      [{ visitorPrinterIpAddress: '169.254.169.254' }, 'visitorPrinterIpAddress', PRINTER_ADDRESS_MESSAGES.linkLocal],
      [{ printerIpAddress: 'printer.example.com' }, 'printerIpAddress', PRINTER_ADDRESS_MESSAGES.format],
      [{ printerIpAddress: '10.1.2.3:22' }, 'printerIpAddress', PRINTER_ADDRESS_MESSAGES.port],
    ];
    for (const [over, field, message] of cases) {
      const res = await newBuilding({ ...over, name: 'Refused printer' });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    }
    const stored = await t.deps.db.select().from(buildings).where(eq(buildings.name, 'Refused printer'));
    expect(stored).toHaveLength(0);
    // an edit is held to the same rule
    const ok: TBuildingRow = (await newBuilding({ printerIpAddress: '10.1.2.3:9100' })).json();
    expect(ok).toMatchObject({ printMethod: 'server', printerIpAddress: '10.1.2.3:9100' });
    const { id: _i, clientName: _c, ...fields } = ok;
    const edit = await t.as(north).put(`/api/buildings/${ok.id}`, { ...fields, printerIpAddress: '1.1.1.1' });
    expect(edit.statusCode).toBe(400);
    expect((await t.as(north).get(`/api/buildings/${ok.id}`)).json().printerIpAddress).toBe('10.1.2.3:9100');
  });

  it('refuses a loopback address without the override, on save and again at connect time', async () => {
    const printer = await startFakePrinter();
    try {
      const refused = await withoutLoopbackOverride(() => newBuilding({ printerIpAddress: printer.address }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.printerIpAddress).toEqual([PRINTER_ADDRESS_MESSAGES.loopback]);
      expect((await withoutLoopbackOverride(() => newBuilding({ printerIpAddress: '[::1]:9100' }))).statusCode).toBe(
        400,
      );

      // saved while the override was on (or before the rule existed): the server still will not connect
      const b: TBuildingRow = (await newBuilding({ printerIpAddress: printer.address })).json();
      const res = await withoutLoopbackOverride(() => t.as(north).post(`/api/buildings/${b.id}/test-print`));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(PRINTER_ADDRESS_MESSAGES.loopback);
      await new Promise((r) => setTimeout(r, 100));
      expect(printer.jobs).toHaveLength(0);
    } finally {
      await printer.close();
    }
  });

  it('a stored host name is refused at connect time, never looked up', async () => {
    const b: TBuildingRow = (await newBuilding({})).json();
    await t.deps.db.update(buildings).set({ printerIpAddress: 'localhost:9100' }).where(eq(buildings.id, b.id));
    const res = await t.as(north).post(`/api/buildings/${b.id}/test-print`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(PRINTER_ADDRESS_MESSAGES.format);
  });

  it('the test page goes to the fake printer (override on) and says so in words', async () => {
    const printer = await startFakePrinter();
    try {
      const b: TBuildingRow = (
        await newBuilding({ name: 'Test Page School', printMethod: 'server', printerIpAddress: printer.address })
      ).json();
      const res = await t.as(north).post(`/api/buildings/${b.id}/test-print`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ printed: true, message: TEST_PAGE_MESSAGES.sent([printer.address]) });
      await printer.waitForJobs(1);
      expect(printer.jobs[0]).toMatch(/^\^XA/);
      expect(printer.jobs[0]).toContain('Printer test page');
      expect(printer.jobs[0]).toContain('Test Page School');
      // attendants cannot send test pages
      expect((await t.as(deskNorthHigh).post(`/api/buildings/${b.id}/test-print`)).statusCode).toBe(403);
    } finally {
      await printer.close();
    }
  });

  it('a printer that does not answer is a 503 with a sentence', async () => {
    const printer = await startFakePrinter();
    await printer.close(); // nothing listens on that port any more
    const b: TBuildingRow = (await newBuilding({ printerIpAddress: printer.address })).json();
    const res = await t.as(north).post(`/api/buildings/${b.id}/test-print`);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(TEST_PAGE_MESSAGES.down(printer.address));
  });

  it('browser and PDF buildings get their test page as ZPL and PDF; the server sends nothing for them', async () => {
    const b: TBuildingRow = (await newBuilding({ printMethod: 'browser', printerIpAddress: '' })).json();
    expect(b.printMethod).toBe('browser');
    const res = await t.as(north).post(`/api/buildings/${b.id}/test-print`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEST_PAGE_MESSAGES.notServer);
    const zpl = await t.as(north).get(`/api/buildings/${b.id}/test-page.zpl`);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body).toContain('^XA');
    const pdf = await t.as(north).get(`/api/buildings/${b.id}/test-page.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF')).toBe(true);
    const none: TBuildingRow = (await newBuilding({ printMethod: 'server', printerIpAddress: '' })).json();
    expect((await t.as(north).post(`/api/buildings/${none.id}/test-print`)).json().message).toBe(
      TEST_PAGE_MESSAGES.noAddress,
    );
  });
});
