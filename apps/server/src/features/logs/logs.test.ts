import { parse } from 'csv-parse/sync';
import { LOG_EXPORT_COLUMNS, MESSAGES } from '@sv/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVendorCompany, createVendorRegistration } from '../../../db/seed/factories';
import { auditEvents, badges, buildings, deniedEntries, visitors, visits } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { CELL_FIELDS, fieldsOfColumns } from './logs.cells';
import { createLogsRepository } from './logs.repository';
import { LOG_MESSAGES } from './logs.service';

/**
 * Logs (issue 13): scope (an attendant of building A never sees B; nothing crosses districts),
 * local-day boundaries in each building's zone, paging and sort, search in the body, the
 * denied-entry counts, charts, and exports (content, escaping, the Client-Admin column rule).
 *
 * The clock is fixed at 2026-03-20 12:00 in Chicago (CDT). North High is in America/Chicago;
 * Lincoln is moved to America/New_York so two zones meet in one district.
 */
const NOW = new Date('2026-03-20T17:00:00Z');

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let deskNH: Session;
let deskLincoln: Session;
let kiosk: Session;
const ids: Record<string, number> = {};

type Row = { id: number; visitorName: string; buildingName: string; checkIn: string; visitorType: string };
const names = (r: { data: { visitorName: string }[] }) => r.data.map((d) => d.visitorName).sort();

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => NOW } });
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  deskNH = await t.login('desk.northhigh@demo.test');
  deskLincoln = await t.login('desk.lincoln@demo.test');
  kiosk = await t.login('kiosk.northhigh@demo.test');
  const { north: n, south: s, users } = t.world;
  const db = t.deps.db;
  await db.update(buildings).set({ timeZone: 'America/New_York' }).where(eq(buildings.id, n.lincolnId));

  const person = async (clientId: number, firstname: string, lastname: string, over = {}) => {
    const [v] = await db
      .insert(visitors)
      .values({ clientId, firstname, lastname, searchName: `${firstname} ${lastname}`.toLowerCase(), ...over })
      .returning();
    ids[`${firstname} ${lastname}`] = v.id;
    return v.id;
  };
  const visit = async (
    visitorId: number,
    clientId: number,
    buildingId: number,
    checkIn: string,
    over: Partial<typeof visits.$inferInsert> = {},
  ) => {
    await db.insert(visits).values({
      clientId,
      buildingId,
      visitorId,
      checkIn: new Date(checkIn),
      checkOut: new Date(new Date(checkIn).getTime() + 45 * 60_000),
      personVisiting: 'Ms. Ortiz',
      reason: 'Meeting',
      ...over,
    });
  };
  const desk = users['desk.northhigh@demo.test'];
  // North High, Chicago (CDT = UTC-5 from March 8)
  await visit(await person(n.clientId, 'Late', 'Lastday'), n.clientId, n.northHighId, '2026-03-21T04:30:00Z', {
    checkedInBy: desk,
  }); // 03/20 23:30 local: in range
  await visit(await person(n.clientId, 'After', 'Midnight'), n.clientId, n.northHighId, '2026-03-21T05:10:00Z'); // 03/21 00:10: out
  await visit(await person(n.clientId, 'First', 'Dayearly'), n.clientId, n.northHighId, '2026-03-14T05:05:00Z', {
    visitorType: 'volunteer',
  }); // 03/14 00:05: the first day of the default range
  await visit(await person(n.clientId, 'Before', 'Range'), n.clientId, n.northHighId, '2026-03-14T04:50:00Z'); // 03/13 23:50: out
  const formula = await person(n.clientId, '=HYPERLINK("x")', 'Formula', {
    street1: '1 Elm St',
    email: 'f@example.org',
    dob: '1980-02-03',
    note: '+note',
  });
  // the badge printed for the visit: the export's BadgeId is its code (issue 25, audit 002-ksl U8)
  const [printed] = await db
    .insert(badges)
    .values({ clientId: n.clientId, buildingId: n.northHighId, visitorId: formula, code: 'LOGBADGE7Q' })
    .returning();
  await visit(formula, n.clientId, n.northHighId, '2026-03-18T15:00:00Z', {
    reason: '@cmd',
    checkedInBy: desk,
    visitorType: 'vendor',
    badgeId: printed.id,
  });
  // Lincoln, New York (EDT = UTC-4); a SafeVendor check-in records its registration (ADR 0014)
  const supplies = await createVendorCompany(db, n.clientId, { name: 'Lincoln Supplies' });
  const badge = await createVendorRegistration(db, supplies, { approved: true });
  await visit(await person(n.clientId, 'Lincoln', 'Vendor'), n.clientId, n.lincolnId, '2026-03-21T03:30:00Z', {
    visitorType: 'vendor',
    svRegistrationId: badge.id,
    checkedInBy: users['desk.lincoln@demo.test'],
  }); // 03/20 23:30 EDT: in
  await visit(await person(n.clientId, 'Lincoln', 'Tooearly'), n.clientId, n.lincolnId, '2026-03-21T04:30:00Z'); // 03/21 00:30 EDT: out (23:30 in Chicago)
  // South Valley: another district
  const canary = await person(s.clientId, 'Canary', 'Southern');
  await visit(canary, s.clientId, s.southElemId, '2026-03-19T15:00:00Z', { visitorType: 'vendor' });
  // denials
  await db.insert(deniedEntries).values([
    {
      clientId: n.clientId,
      buildingId: n.northHighId,
      visitorId: ids['Late Lastday'],
      attendantId: desk,
      deniedAt: new Date('2026-03-19T16:00:00Z'),
      exclusionCount: 1,
      potentialCount: 2,
      watchdogCount: 3,
    },
    {
      clientId: n.clientId,
      buildingId: n.lincolnId,
      visitorId: ids['Lincoln Vendor'],
      deniedAt: new Date('2026-03-19T16:00:00Z'),
    },
    { clientId: s.clientId, buildingId: s.southElemId, visitorId: canary, deniedAt: new Date('2026-03-19T16:00:00Z') },
  ]);
});

describe('POST /api/logs/visits/search (spec 002 §2 Visit Log, §6, §9)', () => {
  it('defaults to the last 7 days up to today in the building zone, newest first, 100 a page', async () => {
    const res = await t.as(deskNH).post('/api/logs/visits/search', {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({ from: '2026-03-14', to: '2026-03-20', timeZone: 'America/Chicago' });
    expect(body.perPage).toBe(100);
    expect(body.data.map((r: Row) => r.visitorName)).toEqual([
      'Late Lastday',
      '=HYPERLINK("x") Formula',
      'First Dayearly',
    ]);
    const checkIns = body.data.map((r: Row) => r.checkIn);
    expect(checkIns).toEqual([...checkIns].sort().reverse());
    expect(body.data[0]).toMatchObject({
      buildingName: 'North High School',
      attendantName: 'Hank Desk',
      personVisiting: 'Ms. Ortiz',
      reason: 'Meeting',
      timeZone: 'America/Chicago',
      company: null,
    });
  });

  it('a visit at 23:30 local on the last day is in the range; 00:10 the next day is not (per building zone)', async () => {
    const res = (await t.as(north).post('/api/logs/visits/search', { from: '2026-03-20', to: '2026-03-20' })).json();
    // Chicago 23:30 and New York 23:30 are in; New York 00:30 (= Chicago 23:30) and Chicago 00:10 are out
    expect(names(res)).toEqual(['Late Lastday', 'Lincoln Vendor']);
    const next = (await t.as(north).post('/api/logs/visits/search', { from: '2026-03-21', to: '2026-03-21' })).json();
    expect(names(next)).toEqual(['After Midnight', 'Lincoln Tooearly']);
  });

  it('an attendant of building A never sees building B, and may not ask for it or filter by attendant', async () => {
    const mine = (
      await t.as(deskLincoln).post('/api/logs/visits/search', { from: '2026-03-01', to: '2026-03-31' })
    ).json();
    expect(mine.data.every((r: Row) => r.buildingName === 'Lincoln Elementary')).toBe(true);
    expect(names(mine)).toEqual(['Lincoln Tooearly', 'Lincoln Vendor']);
    expect(mine.range.timeZone).toBe('America/New_York');
    const other = await t.as(deskLincoln).post('/api/logs/visits/search', { buildingId: t.world.north.northHighId });
    expect(other.statusCode).toBe(404);
    const byAttendant = await t
      .as(deskNH)
      .post('/api/logs/visits/search', { attendantId: t.world.users['desk.northhigh@demo.test'] });
    expect(byAttendant.statusCode).toBe(403);
    expect(byAttendant.json().message).toBe(LOG_MESSAGES.attendantFilter);
  });

  it('nothing crosses districts: client admins see their district; a building of another answers 404', async () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    const n = (await t.as(north).post('/api/logs/visits/search', range)).json();
    expect(n.count).toBe(7);
    expect(JSON.stringify(n)).not.toContain('Canary');
    const s = (await t.as(south).post('/api/logs/visits/search', range)).json();
    expect(names(s)).toEqual(['Canary Southern']);
    const cross = await t.as(south).post('/api/logs/visits/search', { ...range, buildingId: t.world.north.lincolnId });
    expect(cross.statusCode).toBe(404);
    const crossClient = await t
      .as(south)
      .post('/api/logs/visits/search', { ...range, clientId: t.world.north.clientId });
    expect(crossClient.statusCode).toBe(404);
    const all = (await t.as(admin).post('/api/logs/visits/search', range)).json();
    expect(all.count).toBe(8);
    const one = (
      await t.as(admin).post('/api/logs/visits/search', { ...range, clientId: t.world.south.clientId })
    ).json();
    expect(names(one)).toEqual(['Canary Southern']);
    expect((await t.as(kiosk).post('/api/logs/visits/search', range)).statusCode).toBe(403);
  });

  it('client admins filter by building and attendant', async () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    const b = (
      await t.as(north).post('/api/logs/visits/search', { ...range, buildingId: t.world.north.lincolnId })
    ).json();
    expect(names(b)).toEqual(['Lincoln Tooearly', 'Lincoln Vendor']);
    const a = (
      await t
        .as(north)
        .post('/api/logs/visits/search', { ...range, attendantId: t.world.users['desk.northhigh@demo.test'] })
    ).json();
    expect(names(a)).toEqual(['=HYPERLINK("x") Formula', 'Late Lastday']);
    const foreign = await t
      .as(north)
      .post('/api/logs/visits/search', { ...range, attendantId: t.world.users['desk.southelem@demo.test'] });
    expect(foreign.statusCode).toBe(404);
  });

  it('sorts from the allow-list, pages, and searches from the body', async () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    const p1 = (
      await t.as(north).post('/api/logs/visits/search', { ...range, sort: 'visitor', dir: 'asc', perPage: 3 })
    ).json();
    expect(p1).toMatchObject({ count: 7, totalPages: 3, currentPage: 1, perPage: 3 });
    const p3 = (
      await t.as(north).post('/api/logs/visits/search', { ...range, sort: 'visitor', dir: 'asc', perPage: 3, page: 3 })
    ).json();
    expect(p3.data).toHaveLength(1);
    expect(p1.data.map((r: Row) => r.visitorName)).toEqual([
      'First Dayearly',
      '=HYPERLINK("x") Formula',
      'Late Lastday',
    ]); // by last name
    const bad = await t.as(north).post('/api/logs/visits/search', { ...range, sort: 'password' });
    expect(bad.statusCode).toBe(400);
    const found = (await t.as(north).post('/api/logs/visits/search', { ...range, search: 'lastday' })).json();
    expect(names(found)).toEqual(['Late Lastday']);
    const byReason = (await t.as(north).post('/api/logs/visits/search', { ...range, search: '@CMD' })).json();
    expect(byReason.count).toBe(1);
  });

  it('pages on the visit’s own columns give the rows of one whole page, in order (page chosen before the joins)', async () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    for (const sort of ['checkIn', 'checkOut', 'type'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const all = (await t.as(north).post('/api/logs/visits/search', { ...range, sort, dir })).json();
        expect(all.count).toBe(7);
        const paged: Row[] = [];
        for (const page of [1, 2, 3]) {
          const p = (
            await t.as(north).post('/api/logs/visits/search', { ...range, sort, dir, perPage: 3, page })
          ).json();
          paged.push(...p.data);
        }
        expect(paged.map((r) => r.id)).toEqual(all.data.map((r: Row) => r.id));
        // every row still carries its joined names
        expect(paged.every((r) => r.visitorName && r.buildingName)).toBe(true);
      }
    }
    const searched = (
      await t.as(north).post('/api/logs/visits/search', { ...range, search: 'lastday', perPage: 1, page: 1 })
    ).json();
    expect(searched).toMatchObject({ count: 1, totalPages: 1 });
    expect(names(searched)).toEqual(['Late Lastday']);
  });

  it('refuses a reversed or over-long range with a message', async () => {
    const rev = await t.as(north).post('/api/logs/visits/search', { from: '2026-03-20', to: '2026-03-01' });
    expect(rev.statusCode).toBe(400);
    expect(rev.json().message).toBe(LOG_MESSAGES.rangeOrder);
    const long = await t.as(north).post('/api/logs/visits/search', { from: '2024-01-01', to: '2026-03-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Choose a range of at most 367 days.');
    // a start typed alone after today (the default end) is refused too, never silently ignored (issue 25)
    const afterToday = await t.as(north).post('/api/logs/pickups/search', { from: '2026-03-30' });
    expect(afterToday.statusCode).toBe(400);
    expect(afterToday.json().message).toBe(LOG_MESSAGES.rangeOrder);
  });
});

describe('POST /api/logs/vendors/search (spec 001 §9 vendor log)', () => {
  it('shows the visits of vendors only; Company is the SafeVendor registration’s company (spec 001 §3)', async () => {
    const res = (await t.as(north).post('/api/logs/vendors/search', { from: '2026-03-01', to: '2026-03-31' })).json();
    expect(names(res)).toEqual(['=HYPERLINK("x") Formula', 'Lincoln Vendor']);
    expect(res.data.every((r: Row) => r.visitorType === 'vendor')).toBe(true);
    // a vendor typed at the desk without a SafeVendor badge has no company
    const companyOf = (name: string) =>
      (res.data as (Row & { company: string | null })[]).find((r) => r.visitorName === name)?.company;
    expect(companyOf('Lincoln Vendor')).toBe('Lincoln Supplies');
    expect(companyOf('=HYPERLINK("x") Formula')).toBeNull();
    const desk = (await t.as(deskNH).post('/api/logs/vendors/search', { from: '2026-03-01', to: '2026-03-31' })).json();
    expect(names(desk)).toEqual(['=HYPERLINK("x") Formula']);
  });
});

describe('POST /api/logs/denied-entries/search (spec 002 §2 Denied Entry Log)', () => {
  it('lists denials in scope with the exclusion, potential and registry counts', async () => {
    const desk = (await t.as(deskNH).post('/api/logs/denied-entries/search', {})).json();
    expect(desk.data).toHaveLength(1);
    expect(desk.data[0]).toMatchObject({
      visitorName: 'Late Lastday',
      buildingName: 'North High School',
      attendantName: 'Hank Desk',
      exclusionCount: 1,
      potentialCount: 2,
      watchdogCount: 3,
      timeZone: 'America/Chicago',
    });
    const n = (await t.as(north).post('/api/logs/denied-entries/search', {})).json();
    expect(n.count).toBe(2);
    expect(JSON.stringify(n)).not.toContain('Canary');
    const s = (await t.as(south).post('/api/logs/denied-entries/search', {})).json();
    expect(names(s)).toEqual(['Canary Southern']);
  });

  it('exports the denials in scope (issue 25): CSV in the building zone, XLSX with its header on row 1', async () => {
    const res = await t.as(deskNH).post('/api/logs/denied-entries/export', { columns: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('denied-entry-log_');
    const rows = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows).toEqual([
      [
        'Visitor',
        'Building',
        'Attendant',
        'Date',
        'Exclusion Matches',
        'Potential Matches',
        'Sex-Offender Registry Matches',
        'Security Notified',
      ],
      // 16:00Z is 11:00 AM in Chicago (CDT)
      ['Late Lastday', 'North High School', 'Hank Desk', '03/19/2026 11:00 AM', '1', '2', '3', 'No'],
    ]);
    // a district admin gets the district, never another one's
    const district = await t.as(north).post('/api/logs/denied-entries/export', { columns: [1] });
    expect(district.body).not.toContain('Canary');
    expect(district.body.trim().split('\r\n')).toHaveLength(3);

    const xlsx = await t.as(north).post('/api/logs/denied-entries/export', { format: 'xlsx', columns: [1, 4, 5] });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Visitor', 'Date', 'Exclusion Matches']);
    expect(ws.rowCount).toBe(3);

    expect((await t.as(deskNH).post('/api/logs/denied-entries/export', { columns: [] })).json().message).toBe(
      MESSAGES.exportNeedsColumn,
    );
    expect(
      (
        await t
          .as(deskNH)
          .post('/api/logs/denied-entries/export', { buildingId: t.world.south.southElemId, columns: [1] })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/logs/visits/chart', () => {
  it('counts visits per local day and hour, by type', async () => {
    const res = (await t.as(deskNH).post('/api/logs/visits/chart', {})).json();
    expect(res.byDay).toEqual(
      expect.arrayContaining([
        { day: '2026-03-20', type: 'visitor', count: 1 },
        { day: '2026-03-14', type: 'volunteer', count: 1 },
        { day: '2026-03-18', type: 'vendor', count: 1 },
      ]),
    );
    expect(res.byDay).toHaveLength(3);
    expect(res.byHour).toEqual(expect.arrayContaining([{ hour: 23, type: 'visitor', count: 1 }]));
    expect(res.byHour).toEqual(expect.arrayContaining([{ hour: 10, type: 'vendor', count: 1 }]));
  });
});

describe('POST /api/logs/{visits,vendors}/export (spec 002 §5, §6, §9; 001 §9)', () => {
  it('every visit-log column comes from the export query (driver rows: each field aliased)', async () => {
    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    const res = await t
      .as(north)
      .post('/api/logs/visits/export', { from: '2026-03-18', to: '2026-03-18', columns: all });
    expect(res.statusCode).toBe(200);
    const [head, row, ...rest] = parse(res.body.replace(/^\uFEFF/, ''), { record_delimiter: '\r\n' }) as string[][];
    expect(rest).toEqual([]);
    expect(head).toHaveLength(20);
    expect(row).toHaveLength(20);
    expect(res.body).not.toContain('undefined');
    expect(res.body).not.toContain('[object');
    // name, the two local times, the date of birth, the badge id: each read from its own alias
    expect(row[0]).toBe('\'=HYPERLINK("x") Formula');
    expect(row.slice(5, 7)).toEqual(['03/18/2026 10:00 AM', '03/18/2026 10:45 AM']);
    expect(row[16]).toBe('02/03/1980');
    // the type as the screens say it, and the code printed on the badge (issue 25, audit 002-ksl U8)
    expect(row[7]).toBe('Vendor');
    expect(row[19]).toBe('LOGBADGE7Q');
  });

  it('streams the chosen columns as CSV, in the building zone, formula-escaped, and audits it', async () => {
    const res = await t.as(north).post('/api/logs/visits/export', {
      from: '2026-03-18',
      to: '2026-03-18',
      columns: [1, 3, 4, 6, 7, 10, 16, 17, 19, 20],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toContain('visit-log_2026-03-18_2026-03-18.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Visitor,Reason,Building,Check In,Check Out,Address Street 1,Email,DOB,Notes,BadgeId');
    expect(lines).toHaveLength(2);
    // 15:00Z is 10:00 AM in Chicago (CDT); cells that start with = + - @ get an apostrophe
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""x"") Formula",'@cmd,North High School,03/18/2026 10:00 AM,03/18/2026 10:45 AM,1 Elm St,f@example.org,02/03/1980,'+note,LOGBADGE7Q`,
    );
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'export.visit-log'),
          eq(auditEvents.actorUserId, t.world.users['admin.north@demo.test']),
        ),
      );
    expect(audit).toBeDefined();
    // the rows are read a batch at a time (issue 24 §6): the audit still counts rows, not batches
    expect(audit.details).toMatchObject({ rows: 1, completed: true });
  });

  it('answers XLSX as a zip', async () => {
    const res = await t.as(deskNH).post('/api/logs/vendors/export', { format: 'xlsx', columns: [1, 21] });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // issue 25: the header is row 1 (exceljs' own header row made row 1 blank)
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['Visitor', 'Company']);
  });

  it('vendor export: the vendor columns, vendors only, in scope', async () => {
    const res = await t.as(north).post('/api/logs/vendors/export', {
      from: '2026-03-01',
      to: '2026-03-31',
      columns: [1, 4, 6, 21],
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Visitor,Building,Check In,Company');
    expect(lines.slice(1)).toEqual([
      'Lincoln Vendor,Lincoln Elementary,03/20/2026 11:30 PM,Lincoln Supplies',
      `"'=HYPERLINK(""x"") Formula",North High School,03/18/2026 10:00 AM,`,
    ]);
  });

  it('refuses a Client-Admin-only column for anyone else with 403 (never a trimmed file)', async () => {
    for (const s of [deskNH, admin]) {
      const res = await t.as(s).post('/api/logs/visits/export', { columns: [1, 18] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LOG_MESSAGES.clientAdminColumns);
    }
    const ok = await t.as(north).post('/api/logs/visits/export', { columns: [1, 18] });
    expect(ok.statusCode).toBe(200);
    const optional = await t.as(deskNH).post('/api/logs/visits/export', { columns: [1, 9, 17, 19] });
    expect(optional.statusCode).toBe(200);
  });

  it('needs at least one column, and only the columns of that log', async () => {
    const none = await t.as(north).post('/api/logs/visits/export', { columns: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.exportNeedsColumn);
    const wrong = await t.as(north).post('/api/logs/vendors/export', { columns: [2] });
    expect(wrong.statusCode).toBe(400);
  });

  it('a batch reads only the fields of the chosen columns, and loses no visit without the joins (issue 24 §6)', async () => {
    // every column of both visit logs names the row fields it writes: a column without would export blank
    for (const kind of ['visits', 'vendors'] as const)
      for (const c of LOG_EXPORT_COLUMNS[kind]) expect(CELL_FIELDS[c.id]?.length, `column ${c.id}`).toBeGreaterThan(0);
    const repo = createLogsRepository(t.deps.db);
    const actor = {
      userId: 1,
      roleId: 2 as const,
      clientId: t.world.north.clientId,
      buildingId: null,
      impersonatorId: null,
    };
    const window = {
      zones: [
        {
          timeZone: 'America/Chicago',
          buildingIds: [],
          start: new Date('2026-03-01T06:00:00Z'),
          end: new Date('2026-04-01T05:00:00Z'),
        },
      ],
      allBuildings: true,
      clientId: null,
      attendantId: null,
      search: '',
    };
    const reasons = await repo.visitExportBatch(actor, 'visits', window, null, 100, null, fieldsOfColumns([3]));
    expect(reasons.length).toBeGreaterThan(1);
    for (const r of reasons) expect(Object.keys(r).sort()).toEqual(['cursor', 'id', 'reason']);
    const every = await repo.visitExportBatch(actor, 'visits', window, null, 100, null);
    expect(reasons.map((r) => r.id)).toEqual(every.map((r) => r.id));
    expect(Object.keys(every[0])).toHaveLength(23);
    // through the route: the same rows with and without the joined columns
    const body = { from: '2026-03-01', to: '2026-03-31' };
    const lean = await t.as(north).post('/api/logs/visits/export', { ...body, columns: [3, 8] });
    const joined = await t.as(north).post('/api/logs/visits/export', { ...body, columns: [1, 3, 5, 8, 20] });
    const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, ''), { record_delimiter: '\r\n' }) as string[][];
    expect(rowsOf(lean.body).map((r) => [r[0], r[1]])).toEqual(rowsOf(joined.body).map((r) => [r[1], r[3]]));
  });

  it('never exports another district, even when asked for its building', async () => {
    const res = await t
      .as(north)
      .post('/api/logs/visits/export', { from: '2026-03-01', to: '2026-03-31', columns: [1] });
    expect(res.body).not.toContain('Canary');
    const cross = await t
      .as(north)
      .post('/api/logs/visits/export', { columns: [1], buildingId: t.world.south.southElemId });
    expect(cross.statusCode).toBe(404);
  });
});

describe('GET /api/logs/on-site (everyone on site now)', () => {
  it('lists the open visits of the scope by building; another building answers 404', async () => {
    const db = t.deps.db;
    const [v] = await db
      .insert(visitors)
      .values({ clientId: t.world.north.clientId, firstname: 'Still', lastname: 'Here', searchName: 'still here' })
      .returning();
    await db.insert(visits).values({
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      visitorId: v.id,
      checkIn: new Date('2026-03-20T15:00:00Z'),
      visitorType: 'volunteer',
    });
    const desk = (await t.as(deskNH).get('/api/logs/on-site')).json();
    expect(desk.buildings.map((b: { name: string }) => b.name)).toEqual(['North High School']);
    expect(desk.buildings[0].people).toEqual([
      expect.objectContaining({ visitorName: 'Still Here', visitorType: 'volunteer', photoFileId: null }),
    ]);
    const district = (await t.as(north).get('/api/logs/on-site')).json();
    expect(district.buildings).toHaveLength(2);
    expect(JSON.stringify(district)).not.toContain('Canary');
    expect((await t.as(deskLincoln).get(`/api/logs/on-site?buildingId=${t.world.north.northHighId}`)).statusCode).toBe(
      404,
    );
    const lincoln = (await t.as(deskLincoln).get('/api/logs/on-site')).json();
    expect(lincoln.buildings[0].people).toEqual([]);
  });
});

/**
 * Issue 25 (audit 002 U7): "who was in the building on Tuesday 02/10/2026 at 10:00?" — checked in
 * at or before that instant and not checked out before it, read in each building's own zone
 * (North High: Chicago, CST = UTC-6; Lincoln: New York, EST = UTC-5), whatever day the visit began.
 */
describe('"On site at …" on the visit log and the on-site roster', () => {
  const AT = { date: '2026-02-10', time: '10:00' };
  beforeAll(async () => {
    const db = t.deps.db;
    const { north: n } = t.world;
    const at = async (name: string, buildingId: number, checkIn: string, checkOut: string | null) => {
      const [firstname, lastname] = name.split(' ');
      const [v] = await db
        .insert(visitors)
        .values({ clientId: n.clientId, firstname, lastname, searchName: name.toLowerCase() })
        .returning();
      await db.insert(visits).values({
        clientId: n.clientId,
        buildingId,
        visitorId: v.id,
        checkIn: new Date(checkIn),
        checkOut: checkOut ? new Date(checkOut) : null,
      });
    };
    await at('Overnight Stayer', n.northHighId, '2026-02-10T04:00:00Z', '2026-02-10T17:00:00Z'); // Mon 22:00 → Tue 11:00
    await at('Exact Arrival', n.northHighId, '2026-02-10T16:00:00Z', '2026-02-10T16:30:00Z'); // in at 10:00 sharp
    await at('Exact Leaver', n.northHighId, '2026-02-10T15:00:00Z', '2026-02-10T16:00:00Z'); // out at 10:00 sharp
    await at('Early Leaver', n.northHighId, '2026-02-10T15:00:00Z', '2026-02-10T15:59:00Z'); // out 09:59
    await at('Late Arrival', n.northHighId, '2026-02-10T16:01:00Z', '2026-02-10T17:00:00Z'); // in 10:01
    await at('Never Left', n.northHighId, '2026-02-10T14:00:00Z', null); // in 08:00, still checked in
    // 10:00 in New York is 09:00 in Chicago: on site at Lincoln's 10:00, gone by North High's
    await at('Lincoln Tenoclock', n.lincolnId, '2026-02-10T15:00:00Z', '2026-02-10T15:30:00Z');
  });

  it('the visit log lists who was in at that instant, in each building’s zone, and only that', async () => {
    const res = await t.as(north).post('/api/logs/visits/search', { onSiteAt: AT });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual([
      'Exact Arrival',
      'Exact Leaver',
      'Lincoln Tenoclock',
      'Never Left',
      'Overnight Stayer',
    ]);
    expect(body.range).toMatchObject({ from: '2026-02-10', to: '2026-02-10' });
    const nh = (
      await t.as(north).post('/api/logs/visits/search', { onSiteAt: AT, buildingId: t.world.north.northHighId })
    ).json();
    expect(names(nh)).toEqual(['Exact Arrival', 'Exact Leaver', 'Never Left', 'Overnight Stayer']);
    // scoped like the log: the Lincoln attendant sees Lincoln only; another district sees none of them
    expect(names((await t.as(deskLincoln).post('/api/logs/visits/search', { onSiteAt: AT })).json())).toEqual([
      'Lincoln Tenoclock',
    ]);
    expect((await t.as(south).post('/api/logs/visits/search', { onSiteAt: AT })).json().count).toBe(0);
    // a minute later the one who arrived at 10:01 is in and the two who left by 10:00 are not
    const later = (
      await t.as(north).post('/api/logs/visits/search', {
        onSiteAt: { date: '2026-02-10', time: '10:01' },
        buildingId: t.world.north.northHighId,
      })
    ).json();
    expect(names(later)).toEqual(['Exact Arrival', 'Late Arrival', 'Never Left', 'Overnight Stayer']);
  });

  it('the on-site roster answers the same question per building', async () => {
    const res = await t.as(north).get('/api/logs/on-site?date=2026-02-10&time=10:00');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.onSiteAt).toEqual(AT);
    const byBuilding = Object.fromEntries(
      body.buildings.map((b: { name: string; at: string; people: { visitorName: string }[] }) => [
        b.name,
        { at: b.at, people: b.people.map((p) => p.visitorName).sort() },
      ]),
    );
    expect(byBuilding['North High School']).toEqual({
      at: '2026-02-10T16:00:00.000Z',
      people: ['Exact Arrival', 'Exact Leaver', 'Never Left', 'Overnight Stayer'],
    });
    expect(byBuilding['Lincoln Elementary']).toEqual({ at: '2026-02-10T15:00:00.000Z', people: ['Lincoln Tenoclock'] });
    const leaver = body.buildings[0].people.find((p: { visitorName: string }) => p.visitorName === 'Exact Leaver');
    expect(leaver?.checkOut).toBe('2026-02-10T16:00:00.000Z');
  });

  it('refuses half a point in time or a time that does not exist', async () => {
    expect((await t.as(north).get('/api/logs/on-site?date=2026-02-10')).statusCode).toBe(400);
    expect((await t.as(north).get('/api/logs/on-site?date=2026-02-10&time=25:00')).statusCode).toBe(400);
    const bad = await t.as(north).post('/api/logs/visits/search', { onSiteAt: { date: '2026-02-10', time: '9am' } });
    expect(bad.statusCode).toBe(400);
  });

  it('is answered through the presence index (visits_presence_idx), not by reading every visit', async () => {
    const { visitPresence } = await import('./logs.repository');
    const db = t.deps.db;
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = (await db.execute(
        sql`explain select ${visits.id} from ${visits} where ${visitPresence} @> ${'2026-02-10T16:00:00Z'}::timestamptz`,
      )) as { rows: unknown[] };
      expect(JSON.stringify(plan.rows)).toContain('visits_presence_idx');
    } finally {
      await db.execute(sql`reset enable_seqscan`);
    }
  });
});
