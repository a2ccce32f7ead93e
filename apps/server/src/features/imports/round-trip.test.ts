import type { TFileFormat, TImportResult } from '@sv/contracts';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildings,
  exclusions,
  hosts,
  preRegistrations,
  registrationInvitations,
  registrationTypes,
  users,
} from '../../db/schema/index';
import { csvRecord } from '../../platform/exports/cell-format';
import { registeredImportKinds } from '../../platform/imports/import-definition';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { multipartBody } from '../exclusions/exclusions.fixtures';

/**
 * Issue 25 "Imports and exports round-trip": anything the product exports — its exports, its
 * sample files and its error files — imports back unchanged, in CSV and XLSX, for every import
 * kind. The formula guard writes `'-Dash`; the import undoes exactly that, so no apostrophe
 * reaches a stored name (names take part in screening).
 */
let t: TestApp;
let north: Session;
let registrationTypeId = 0;

const FORMATS: TFileFormat[] = ['csv', 'xlsx'];

beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('admin.north@demo.test');
  const [type] = await t.deps.db
    .select({ id: registrationTypes.id })
    .from(registrationTypes)
    .where(and(eq(registrationTypes.clientId, t.world.north.clientId), eq(registrationTypes.isActive, true)))
    .limit(1);
  registrationTypeId = type.id;
});

async function upload(kind: string, content: Buffer, format: TFileFormat, fields: Record<string, string>) {
  const m = multipartBody(content, { fileName: `${kind}.${format}`, contentType: 'application/octet-stream', fields });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}`,
    payload: m.body,
    headers: { ...m.headers, cookie: north.cookie, 'x-csrf-token': north.csrfToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TImportResult;
}

/** A file's rows as the text a user sees in each cell (the header is row 1). */
async function readTable(buf: Buffer, format: TFileFormat): Promise<string[][]> {
  if (format === 'csv') return parse(buf.toString('utf8').replace(/^\uFEFF/, ''), { relax_column_count: true });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
  });
  return Array.from(rows, (r) => r ?? []);
}

/** Builds a file a user would type: every cell as text. */
async function fileOf(format: TFileFormat, rows: string[][]): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(rows.map((r) => csvRecord(r)).join(''), 'utf8');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * What the dialog tells the user to do with an error file: fix the cell and upload the file
 * again. The file is edited as a spreadsheet would save it — every other cell as it was.
 */
async function fixErrorFile(buf: Buffer, format: TFileFormat, header: string, value: string): Promise<Buffer> {
  if (format === 'csv') {
    const rows = await readTable(buf, 'csv');
    const col = rows[0].indexOf(header);
    expect(col).toBeGreaterThanOrEqual(0);
    rows[1][col] = value;
    return Buffer.from(`\uFEFF${rows.map((r) => csvRecord(r)).join('')}`, 'utf8');
  }
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1);
  const col = headers.indexOf(header) + 1;
  expect(col).toBeGreaterThan(0);
  ws.getRow(2).getCell(col).value = value;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Kind {
  kind: string;
  fields: () => Record<string, string>;
  /** header + one row with guarded values (`-Dash`, `@note`, a negative longitude) and one broken cell */
  broken: (tag: string) => string[][];
  fix: { header: string; value: (tag: string) => string };
  /** the stored record of the fixed row, as the test compares it */
  stored: (tag: string) => Promise<Record<string, unknown>[]>;
  expected: (tag: string) => Record<string, unknown>;
}

/** MM/DD/YYYY a week from now (a visit still ahead whenever the test runs). */
const weekAhead = () => {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

const KINDS: Kind[] = [
  {
    kind: 'exclusions',
    fields: () => ({}),
    broken: (tag) => [
      ['First Name', 'Last Name', 'Date of Birth', 'Type', 'Reason', 'Building', 'Active'],
      ['-Dash', `Roundtrip${tag}`, '13/13/1980', 'Trespassed', '@note', '', 'Yes'],
    ],
    fix: { header: 'Date of Birth', value: () => '04/15/1980' },
    stored: (tag) =>
      t.deps.db
        .select({
          firstname: exclusions.firstname,
          dob: exclusions.dob,
          reason: exclusions.reason,
          isGlobal: exclusions.isGlobal,
        })
        .from(exclusions)
        .where(eq(exclusions.lastname, `Roundtrip${tag}`)),
    expected: () => ({ firstname: '-Dash', dob: '1980-04-15', reason: '@note', isGlobal: true }),
  },
  {
    kind: 'buildings',
    fields: () => ({}),
    broken: (tag) => [
      ['Name', 'City', 'State', 'Zip Code', 'Latitude', 'Longitude', 'Note'],
      [`-Errfile ${tag} School`, 'Springfield', 'IL', '123', '39.7', '-89.65', '=SUM(1)'],
    ],
    fix: { header: 'Zip Code', value: () => '62701' },
    stored: (tag) =>
      t.deps.db
        .select({
          name: buildings.name,
          zipcode: buildings.zipcode,
          latitude: buildings.latitude,
          longitude: buildings.longitude,
          note: buildings.note,
        })
        .from(buildings)
        .where(eq(buildings.name, `-Errfile ${tag} School`)),
    expected: (tag) => ({
      name: `-Errfile ${tag} School`,
      zipcode: '62701',
      latitude: 39.7,
      longitude: -89.65,
      note: '=SUM(1)',
    }),
  },
  {
    kind: 'users',
    fields: () => ({}),
    broken: (tag) => [
      ['Name', 'Email', 'Role', 'Building', 'Active'],
      [`-Dash Roundtrip${tag}`, 'not-an-email', 'Attendant', 'North High School', 'Yes'],
    ],
    fix: { header: 'Email', value: (tag) => `roundtrip.${tag.toLowerCase()}@demo.test` },
    stored: (tag) =>
      t.deps.db
        .select({ name: users.name, email: users.email, roleId: users.roleId, buildingId: users.buildingId })
        .from(users)
        .where(eq(users.email, `roundtrip.${tag.toLowerCase()}@demo.test`)),
    expected: (tag) => ({
      name: `-Dash Roundtrip${tag}`,
      email: `roundtrip.${tag.toLowerCase()}@demo.test`,
      roleId: 3,
      buildingId: t.world.north.northHighId,
    }),
  },
  {
    kind: 'preregistrations',
    fields: () => ({ buildingId: String(t.world.north.northHighId) }),
    broken: (tag) => [
      ['First Name', 'Last Name', 'Date of Birth', 'Visit Date', 'Visiting', 'Reason'],
      ['-Dash', `Prereg${tag}`, '', '13/45/2026', '+Mrs. Chen', '@career day'],
    ],
    fix: { header: 'Visit Date', value: () => '12/01/2026' },
    stored: (tag) =>
      t.deps.db
        .select({
          firstname: preRegistrations.firstname,
          visitDate: preRegistrations.visitDate,
          visiting: preRegistrations.visiting,
          reason: preRegistrations.reason,
        })
        .from(preRegistrations)
        .where(eq(preRegistrations.lastname, `Prereg${tag}`)),
    expected: () => ({ firstname: '-Dash', visitDate: '2026-12-01', visiting: '+Mrs. Chen', reason: '@career day' }),
  },
  {
    // issue 28 §1 (ADR 0053): hosts, district-wide
    kind: 'hosts',
    fields: () => ({}),
    broken: (tag) => [
      ['Name', 'Email', 'Mobile', 'Notify By'],
      [`-Dash Host${tag}`, 'not-an-email', '', 'email'],
    ],
    fix: { header: 'Email', value: (tag) => `host.${tag.toLowerCase()}@example.test` },
    stored: (tag) =>
      t.deps.db
        .select({ name: hosts.name, email: hosts.email, channel: hosts.channel })
        .from(hosts)
        .where(eq(hosts.email, `host.${tag.toLowerCase()}@example.test`)),
    expected: (tag) => ({
      name: `-Dash Host${tag}`,
      email: `host.${tag.toLowerCase()}@example.test`,
      channel: 'email',
    }),
  },
  {
    // issue 28 §2: group invitations with a pass, per building
    kind: 'visitor-passes',
    fields: () => ({ buildingId: String(t.world.north.northHighId) }),
    broken: (tag) => [
      ['First Name', 'Last Name', 'Email', 'Visit Date', 'From', 'Until', 'Reason'],
      ['-Dash', `Pass${tag}`, 'not-an-email', weekAhead(), '9:00 AM', '10:00 AM', '@career day'],
    ],
    fix: { header: 'Email', value: (tag) => `pass.${tag.toLowerCase()}@example.test` },
    stored: (tag) =>
      t.deps.db
        .select({
          firstname: preRegistrations.firstname,
          email: preRegistrations.email,
          reason: preRegistrations.reason,
        })
        .from(preRegistrations)
        .where(eq(preRegistrations.lastname, `Pass${tag}`)),
    expected: (tag) => ({ firstname: '-Dash', email: `pass.${tag.toLowerCase()}@example.test`, reason: '@career day' }),
  },
  {
    kind: 'invitations',
    fields: () => ({ registrationTypeId: String(registrationTypeId) }),
    broken: (tag) => [
      ['FirstName', 'LastName', 'Email', 'Phone', 'ExpirationDate'],
      ['-Dash', `Invite${tag}`, 'not-an-email', '', '12/31/2027'],
    ],
    fix: { header: 'Email', value: (tag) => `invite.${tag.toLowerCase()}@example.test` },
    stored: (tag) =>
      t.deps.db
        .select({ firstname: registrationInvitations.firstname, email: registrationInvitations.email })
        .from(registrationInvitations)
        .where(eq(registrationInvitations.lastname, `Invite${tag}`)),
    expected: (tag) => ({ firstname: '-Dash', email: `invite.${tag.toLowerCase()}@example.test` }),
  },
];

describe('every import kind has a round trip here', () => {
  it('covers each registered kind', () => {
    const covered = KINDS.map((k) => k.kind);
    // test-only kinds registered by other test files are not product kinds
    expect(registeredImportKinds().filter((k) => !k.startsWith('test-'))).toEqual(expect.arrayContaining(covered));
    expect(covered).toEqual(expect.arrayContaining(registeredImportKinds().filter((k) => !k.startsWith('test-'))));
  });
});

describe.each(KINDS)('$kind: sample and error file import back (issue 25)', (k) => {
  it.each(FORMATS)('the %s sample imports unchanged', async (format) => {
    const sample = await t.as(north).get(`/api/imports/${k.kind}/sample?format=${format}`);
    expect(sample.statusCode).toBe(200);
    const rows = await readTable(sample.rawPayload, format);
    expect(rows[0].length).toBeGreaterThan(1); // the header is row 1
    const result = await upload(k.kind, sample.rawPayload, format, k.fields());
    // the first format imports the example, the second finds it already present (same natural key)
    expect(result.results?.rejected, result.results?.messages.join('\n')).toBe(0);
    expect((result.results?.imported ?? 0) + (result.results?.duplicates ?? 0)).toBe(1);
  });

  it.each(FORMATS)('a corrected %s error file imports the row as typed, without the guard', async (format) => {
    const tag = `${format === 'csv' ? 'Csv' : 'Xlsx'}`;
    const first = await upload(k.kind, await fileOf(format, k.broken(tag)), format, k.fields());
    expect(first.results).toMatchObject({ imported: 0, rejected: 1 });
    const errorFile = await t.as(north).get(`/api/imports/error-files/${first.errorFile}`);
    expect(errorFile.statusCode).toBe(200);
    const table = await readTable(errorFile.rawPayload, format);
    expect(table[0][0]).not.toBe(''); // header on row 1 (XLSX too)
    // the guard escaped the text cells that start like a formula (a plain number stays a number)
    expect(table[1].some((c) => c.startsWith("'"))).toBe(true);
    expect(table[1]).not.toContain("'-89.65");
    const fixed = await fixErrorFile(errorFile.rawPayload, format, k.fix.header, k.fix.value(tag));
    const again = await upload(k.kind, fixed, format, k.fields());
    expect(again.results?.messages.join('\n')).toBe('1 row imported.');
    const stored = await k.stored(tag);
    expect(stored).toEqual([k.expected(tag)]);
  });
});

/** Deletes rows and answers them as they were, for comparison after they are imported back. */
const EXPORTS = [
  {
    kind: 'exclusions',
    query: 'activeOnly=false',
    snapshot: () =>
      t.deps.db
        .select({
          firstname: exclusions.firstname,
          lastname: exclusions.lastname,
          dob: exclusions.dob,
          exclusionType: exclusions.exclusionType,
          reason: exclusions.reason,
          buildingId: exclusions.buildingId,
          isGlobal: exclusions.isGlobal,
          active: exclusions.active,
        })
        .from(exclusions)
        .where(eq(exclusions.clientId, t.world.north.clientId))
        .orderBy(exclusions.lastname, exclusions.firstname, exclusions.dob, exclusions.buildingId),
    remove: async () => {
      // the rows this file added (the demo's may be linked to visits and screenings)
      await t.deps.db.delete(exclusions).where(like(exclusions.lastname, 'Roundtrip%'));
    },
  },
  {
    kind: 'buildings',
    query: 'activeOnly=false',
    snapshot: async () =>
      (
        await t.deps.db
          .select()
          .from(buildings)
          .where(eq(buildings.clientId, t.world.north.clientId))
          .orderBy(buildings.name)
      ).map(({ id: _id, createdAt: _c, updatedAt: _u, ...b }) => b),
    remove: async () => {
      await t.deps.db.delete(buildings).where(inArray(buildings.name, ['-Errfile Csv School', '-Errfile Xlsx School']));
    },
  },
  {
    kind: 'users',
    query: 'activeOnly=false',
    snapshot: () =>
      t.deps.db
        .select({
          name: users.name,
          email: users.email,
          roleId: users.roleId,
          buildingId: users.buildingId,
          active: users.active,
          elevatedReports: users.elevatedReports,
          scanWithCamera: users.scanWithCamera,
        })
        .from(users)
        .where(eq(users.clientId, t.world.north.clientId))
        .orderBy(users.email),
    remove: async () => {
      await t.deps.db.delete(users).where(like(users.email, 'roundtrip.%'));
    },
  },
];

describe('exclusions export: dates as the spec writes them (issue 25, spec 000 §9)', () => {
  it.each(FORMATS)('%s: Date of Birth is mm/dd/yyyy, and blank when not known (never 1970-01-01)', async (format) => {
    await upload(
      'exclusions',
      await fileOf(format, [
        ['First Name', 'Last Name', 'Date of Birth', 'Type', 'Reason'],
        ['Nodate', `Roundtripundated${format}`, '', 'Other', 'Custody order: not to pick up students'],
      ]),
      format,
      {},
    );
    const res = await t.as(north).get(`/api/exports/exclusions?format=${format}&activeOnly=false`);
    const table = await readTable(res.rawPayload, format);
    const dob = table[0].indexOf('Date of Birth');
    const type = table[0].indexOf('Type');
    const created = table[0].indexOf('Created');
    const dates = table.slice(1).map((r) => r[dob] ?? '');
    expect(dates.every((d) => d === '' || /^\d{2}\/\d{2}\/\d{4}$/.test(d))).toBe(true);
    const undated = table.find((r) => r[1] === 'Nodate')!;
    expect(undated[dob] ?? '').toBe('');
    // an Other shows its reason as the type, as the list does; the import reads it back as Other
    expect(undated[type]).toBe('Custody order: not to pick up students');
    if (format === 'csv') expect(undated[created]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    const [stored] = await t.deps.db
      .select({ dob: exclusions.dob, exclusionType: exclusions.exclusionType })
      .from(exclusions)
      .where(eq(exclusions.lastname, `Roundtripundated${format}`));
    expect(stored).toEqual({ dob: '1970-01-01', exclusionType: 'Other' });
  });
});

describe.each(EXPORTS)('$kind: the export imports back unchanged (issue 25)', (e) => {
  it.each(FORMATS)('%s: every row of the district reads back, and removed rows come back the same', async (format) => {
    const before = await e.snapshot();
    const exported = await t.as(north).get(`/api/exports/${e.kind}?format=${format}&${e.query}`);
    expect(exported.statusCode).toBe(200);
    const table = await readTable(exported.rawPayload, format);
    expect(table[0][0]).not.toBe(''); // header on row 1
    expect(table.length - 1).toBe(before.length);

    // imported into the district it came from: every row is already there, none is rejected
    const same = await upload(e.kind, exported.rawPayload, format, {});
    expect(same.results, same.results?.messages.join('\n')).toMatchObject({
      imported: 0,
      duplicates: before.length,
      rejected: 0,
    });

    // the rows this file added are removed and imported back from the export: the same records
    await e.remove();
    const removed = before.length - (await e.snapshot()).length;
    expect(removed).toBeGreaterThan(0);
    const back = await upload(e.kind, exported.rawPayload, format, {});
    expect(back.results).toMatchObject({ imported: removed, rejected: 0 });
    expect(await e.snapshot()).toEqual(before);
  });
});

describe('an imported exclusion still screens the person (issue 22 through the changed import path)', () => {
  it('a guarded, hidden-character, look-alike name in the file matches the plain name at the desk', async () => {
    const tag = `Ident${Date.now().toString(36).replace(/\d/g, '')}`;
    // the export's guard apostrophe, a zero-width space and a Cyrillic "о" in the last name
    const file = await fileOf('csv', [
      ['First Name', 'Last Name', 'Date of Birth', 'Type', 'Reason', 'Building', 'Active'],
      ["'-Zed", `Excl\u200bud\u043e${tag}`, '05/05/1975', 'Trespassed', 'Imported', '', 'Yes'],
    ]);
    const imported = await upload('exclusions', file, 'csv', {});
    expect(imported.results?.imported, imported.results?.messages.join('\n')).toBe(1);
    const desk = await t.login('desk.northhigh@demo.test');
    const visitor = await t.as(desk).post('/api/visitors', {
      firstname: '-Zed',
      lastname: `Excludo${tag}`,
      dob: '1975-05-05',
      buildingId: t.world.north.northHighId,
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    const screening = await t
      .as(desk)
      .post(`/api/visitors/${visitor.json().id}/screening`, { buildingId: t.world.north.northHighId });
    expect(screening.statusCode, screening.body).toBe(200);
    const found = screening.json().exclusions.potential as { lastName: string }[];
    expect(found.map((m) => m.lastName)).toContain(`Exclud\u043e${tag}`);
    expect(screening.json().issueCount).toBeGreaterThan(0);
  });
});
