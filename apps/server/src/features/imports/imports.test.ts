import { MESSAGES, type TImportResult } from '@sv/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEvents, contacts, importErrorFiles } from '../../db/schema/index';
import { clientFilter } from '../../platform/db/scope';
import { keysetBatches, registerExport } from '../../platform/exports/export-definition';
import { cell, registerImport, requireClientOption } from '../../platform/imports/import-definition';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * Test-only import / export kind over the existing `contacts` table (client-scoped):
 * natural key = lower-cased name within the client.
 */
let failInsert = false;
const KIND = 'test-contacts';

registerImport({
  kind: KIND,
  permission: 'contacts.manage',
  columns: [
    { key: 'name', header: 'Name', required: true, example: 'Pat Example' },
    { key: 'email', header: 'Email', example: 'pat@example.org' },
    { key: 'mobile', header: 'Mobile', example: '5551234567' },
    { key: 'title', header: 'Title', example: '=Principal' },
  ],
  rowSchema: z.object({
    name: cell.text(100),
    email: cell.optionalEmail(),
    mobile: cell.optionalText(20),
    title: cell.optionalText(60),
  }),
  naturalKey: (r) => r.name.toLowerCase(),
  async existingKeys(ctx, keys, tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    const rows = await tx
      .select({ name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.clientId, clientId), inArray(sql`lower(${contacts.name})`, keys)));
    return new Set(rows.map((r) => r.name.toLowerCase()));
  },
  async checkRow(_ctx, row) {
    return row.title === 'Forbidden' ? 'Title Forbidden is not allowed' : null;
  },
  async insertRows(ctx, rows, tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    if (failInsert) {
      await tx.insert(contacts).values({ clientId, name: 'partial', contactType: 'Global' });
      throw new Error('simulated database failure');
    }
    await tx.insert(contacts).values(
      rows.map((r) => ({
        clientId,
        contactType: 'Global',
        name: r.name,
        email: r.email ?? '',
        mobile: r.mobile ?? '',
        title: r.title ?? '',
      })),
    );
  },
});

type ContactRow = typeof contacts.$inferSelect;
registerExport({
  kind: KIND,
  permission: 'contacts.read',
  paramsSchema: z.object({ clientId: z.coerce.number().optional(), activeOnly: z.string().optional() }),
  columns: [
    { id: 1, header: 'Name', value: (r: ContactRow) => r.name },
    { id: 2, header: 'Title', value: (r: ContactRow) => r.title },
    { id: 3, header: 'Active', value: (r: ContactRow) => r.active },
    { id: 4, header: 'Created', value: (r: ContactRow) => r.createdAt, hiddenByDefault: true },
  ],
  rows: (ctx, params, deps) =>
    keysetBatches(
      200,
      (r: ContactRow) => r.id,
      (after) =>
        deps.db
          .select()
          .from(contacts)
          .where(
            and(
              clientFilter(ctx.actor, contacts.clientId),
              params.clientId ? eq(contacts.clientId, params.clientId) : undefined,
              params.activeOnly === 'true' ? eq(contacts.active, true) : undefined,
              after === null ? undefined : gt(contacts.id, after),
            ),
          )
          .orderBy(asc(contacts.id))
          .limit(200),
    ),
  fileName: () => 'contacts',
});

function multipart(file: { name: string; content: Buffer | string } | null, fields: Record<string, string> = {}) {
  const boundary = `----svtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
let adminA: Session;
let adminB: Session;
let admin: Session;
let desk: Session;

async function upload(
  s: Session,
  file: { name: string; content: Buffer | string } | null,
  fields: Record<string, string> = {},
  kind = KIND,
) {
  const body = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}`,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const contactCount = async (clientId: number) =>
  (await t.deps.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.clientId, clientId))).length;

async function xlsxBuffer(rows: (string | number | Date | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const out: unknown[][] = [];
  ws.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

const GOOD_AND_BAD = [
  'name,EMAIL, Mobile ,title,Extra',
  'Ada Import,ada@example.org,5550001,Nurse,x',
  ',nobody@example.org,,,missing name',
  'Bob Import,not-an-email,,,bad email',
  'Cy Import,,,Forbidden,check fails',
  'ada import,other@example.org,,,duplicate in file',
  'Dee Import,dee@example.org,,=HYPERLINK("http://evil"),formula',
  '',
].join('\r\n');

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.login('admin.north@demo.test');
  adminB = await t.login('admin.south@demo.test');
  admin = await t.login('admin@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
});

describe('import pipeline (CSV)', () => {
  let first: TImportResult;
  it('imports the valid rows, skips in-file duplicates and reports the rejected rows', async () => {
    const before = await contactCount(t.world.north.clientId);
    const res = await upload(adminA, { name: 'contacts.csv', content: GOOD_AND_BAD });
    expect(res.statusCode).toBe(200);
    first = res.json();
    expect(first.success).toBe(true);
    expect(first.error).toBeNull();
    expect(first.results).toMatchObject({ total: 6, imported: 2, duplicates: 1, rejected: 3 });
    expect(first.results?.messages).toContain('Row 3: Name: is required');
    expect(first.results?.messages).toContain('Row 4: Email: must be an e-mail address');
    expect(first.results?.messages).toContain('Row 5: Title Forbidden is not allowed');
    expect(await contactCount(t.world.north.clientId)).toBe(before + 2);
    const names = await t.deps.db
      .select({ name: contacts.name, title: contacts.title })
      .from(contacts)
      .where(eq(contacts.clientId, t.world.north.clientId));
    expect(names).toContainEqual({ name: 'Ada Import', title: 'Nurse' });
    expect(names).toContainEqual({ name: 'Dee Import', title: '=HYPERLINK("http://evil")' });
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, `import.${KIND}`));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ total: 6, imported: 2, duplicates: 1, rejected: 3, format: 'csv' });
    expect(JSON.stringify(audit[0].details)).not.toContain('Ada');
  });

  it('writes an error file with the original columns plus Reason, readable by the same tenant only', async () => {
    expect(first.errorFile).toMatch(/^[0-9a-f-]{36}$/);
    const res = await t.as(adminA).get(`/api/imports/error-files/${first.errorFile}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="test-contacts-errors\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('name,EMAIL,Mobile,title,Extra,Reason');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(',nobody@example.org,,,missing name,Name: is required');
    expect(lines[3]).toBe('Cy Import,,,Forbidden,check fails,Title Forbidden is not allowed');
    // other tenant, unknown id, garbage id: 404; admin: any
    expect((await t.as(adminB).get(`/api/imports/error-files/${first.errorFile}`)).statusCode).toBe(404);
    expect((await t.as(adminA).get(`/api/imports/error-files/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await t.as(adminA).get('/api/imports/error-files/not-a-uuid')).statusCode).toBe(404);
    expect((await t.as(admin).get(`/api/imports/error-files/${first.errorFile}`)).statusCode).toBe(200);
    expect((await t.as(null).get(`/api/imports/error-files/${first.errorFile}`)).statusCode).toBe(401);
    // same tenant without import permission
    expect((await t.as(desk).get(`/api/imports/error-files/${first.errorFile}`)).statusCode).toBe(403);
  });

  it('expires error files after 7 days', async () => {
    await t.deps.db
      .update(importErrorFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(importErrorFiles.id, first.errorFile!));
    expect((await t.as(adminA).get(`/api/imports/error-files/${first.errorFile}`)).statusCode).toBe(404);
  });

  it('re-uploading the same file adds nothing', async () => {
    const before = await contactCount(t.world.north.clientId);
    const res = await upload(adminA, { name: 'contacts.csv', content: GOOD_AND_BAD });
    expect(res.json().results).toMatchObject({ total: 6, imported: 0, duplicates: 3, rejected: 3 });
    expect(await contactCount(t.world.north.clientId)).toBe(before);
  });

  it('matches headers by key as well, ignoring case, spaces and punctuation; handles BOM and Windows-1252', async () => {
    const content = Buffer.concat([
      Buffer.from('NAME*;x\r\n'.replace(';x', ''), 'latin1'),
      Buffer.from('Jos\xe9 Latin\r\n', 'latin1'),
    ]);
    const res = await upload(adminA, { name: 'latin.CSV', content });
    expect(res.json().results).toMatchObject({ imported: 1, rejected: 0 });
    const [row] = await t.deps.db.select().from(contacts).where(eq(contacts.name, 'José Latin'));
    expect(row?.clientId).toBe(t.world.north.clientId);
  });

  it('refuses a file without a required column, and changes nothing', async () => {
    const before = await contactCount(t.world.north.clientId);
    const res = await upload(adminA, { name: 'c.csv', content: 'Email,Title\r\na@b.org,x\r\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file is missing the column Name. Download the sample file to see the expected columns.',
    );
    expect(await contactCount(t.world.north.clientId)).toBe(before);
  });

  it('rolls everything back when the insert throws', async () => {
    const before = await contactCount(t.world.north.clientId);
    const auditBefore = (
      await t.deps.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, `import.${KIND}`))
    ).length;
    failInsert = true;
    try {
      const res = await upload(adminA, { name: 'c.csv', content: 'Name\r\nRollback One\r\n,\r\n' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        results: null,
        errorFile: null,
        error: 'The import could not be saved, so nothing was imported. Check the file and try again.',
      });
    } finally {
      failInsert = false;
    }
    expect(await contactCount(t.world.north.clientId)).toBe(before);
    const [partial] = await t.deps.db.select().from(contacts).where(eq(contacts.name, 'partial'));
    expect(partial).toBeUndefined();
    const after = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, `import.${KIND}`));
    expect(after).toHaveLength(auditBefore);
    const failed = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, `import.${KIND}.failed`));
    expect(failed).toHaveLength(1);
  });
});

describe('import pipeline (XLSX, wrong and corrupt files, limits)', () => {
  it('imports an XLSX workbook and answers an XLSX error file', async () => {
    const buf = await xlsxBuffer([
      ['Name', 'Email', 'Mobile', 'Title'],
      ['Xena Sheet', 'xena@example.org', 5550199, 'Clerk'],
      [null, 'blank@example.org', null, null],
      ['Yuri Sheet', null, null, new Date(Date.UTC(2024, 0, 31))],
    ]);
    const res = await upload(adminA, { name: 'Contacts.xlsx', content: buf });
    expect(res.statusCode).toBe(200);
    const body: TImportResult = res.json();
    expect(body.results).toMatchObject({ total: 3, imported: 2, rejected: 1 });
    const [xena] = await t.deps.db.select().from(contacts).where(eq(contacts.name, 'Xena Sheet'));
    expect(xena.mobile).toBe('5550199');
    const [yuri] = await t.deps.db.select().from(contacts).where(eq(contacts.name, 'Yuri Sheet'));
    expect(yuri.title).toBe('01/31/2024'); // a date cell reads as mm/dd/yyyy (issue 25)
    const file = await t.as(adminA).get(`/api/imports/error-files/${body.errorFile}`);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Email', 'Mobile', 'Title', 'Reason']);
    expect(rows[1]).toEqual([undefined, 'blank@example.org', undefined, undefined, 'Name: is required']);
  });

  it('refuses PNG bytes named .csv with a clear 415 and changes nothing', async () => {
    const before = await contactCount(t.world.north.clientId);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const res = await upload(adminA, { name: 'contacts.csv', content: png });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      'This file type is not supported. Upload a CSV (.csv) or Excel workbook (.xlsx) file.',
    );
    expect(await contactCount(t.world.north.clientId)).toBe(before);
  });

  it('refuses other extensions, legacy .xls and a workbook named .csv', async () => {
    expect((await upload(adminA, { name: 'contacts.pdf', content: 'Name\r\nA\r\n' })).statusCode).toBe(415);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const xls = await upload(adminA, { name: 'old.xls', content: ole });
    expect(xls.statusCode).toBe(415);
    expect(xls.json().message).toContain('.xls');
    const zipAsCsv = await upload(adminA, { name: 'c.csv', content: await xlsxBuffer([['Name'], ['Q']]) });
    expect(zipAsCsv.statusCode).toBe(415);
    expect(zipAsCsv.json().message).toContain('named .csv');
  });

  it('answers a corrupt XLSX with a clear 400 and changes nothing', async () => {
    const before = await contactCount(t.world.north.clientId);
    const good = await xlsxBuffer([['Name'], ['Corrupt Person']]);
    const broken = Buffer.concat([good.subarray(0, 200), Buffer.alloc(200, 7)]);
    const res = await upload(adminA, { name: 'broken.xlsx', content: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The Excel file could not be read; it may be damaged. Open it in Excel, save it again as .xlsx and retry.',
    );
    expect(await contactCount(t.world.north.clientId)).toBe(before);
  });

  it('refuses a malformed CSV, an empty file and one with too many rows', async () => {
    const bad = await upload(adminA, { name: 'c.csv', content: 'Name\r\n"unterminated\r\n' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^The CSV file could not be read/);
    expect((await upload(adminA, { name: 'c.csv', content: '' })).json().message).toMatch(/empty/);
    expect((await upload(adminA, { name: 'c.csv', content: 'Name\r\n\r\n' })).json().message).toMatch(/no data rows/);
    // a text file of one line is not "a header row without data": it is not an import file (issue 25, audit 001 U5)
    const prose = await upload(adminA, {
      name: 'notes.txt',
      content: 'Please call the office about the volunteers.\r\n',
    });
    expect(prose.statusCode).toBe(400);
    expect(prose.json().message).toBe(
      'No column of the file matches the sample file. Upload a CSV (.csv) or Excel workbook (.xlsx) file whose first row is the sample file’s header row.',
    );
    const before = await contactCount(t.world.north.clientId);
    const many = `Name\r\n${Array.from({ length: 20_001 }, (_, i) => `Person ${i}`).join('\r\n')}\r\n`;
    const res = await upload(adminA, { name: 'many.csv', content: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file has 20,001 data rows; at most 20,000 can be imported at once. Split it into smaller files.',
    );
    expect(await contactCount(t.world.north.clientId)).toBe(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = `Name\r\n${'x'.repeat(5 * 1024 * 1024 + 10)}\r\n`;
    const res = await upload(adminA, { name: 'big.csv', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 5 MB. Split it into smaller files.');
  });

  it('requires a file and multipart', async () => {
    expect((await upload(adminA, null)).statusCode).toBe(400);
    expect((await t.as(adminA).post(`/api/imports/${KIND}`, { name: 'x' })).statusCode).toBe(415);
  });
});

describe('import scope and permissions', () => {
  it('checks option ids against the actor: another tenant → 404, nothing imported', async () => {
    const before = await contactCount(t.world.south.clientId);
    const res = await upload(
      adminA,
      { name: 'c.csv', content: 'Name\r\nSneaky\r\n' },
      { clientId: String(t.world.south.clientId) },
    );
    expect(res.statusCode).toBe(404);
    const bld = await upload(
      adminA,
      { name: 'c.csv', content: 'Name\r\nSneaky\r\n' },
      { buildingId: String(t.world.south.southElemId) },
    );
    expect(bld.statusCode).toBe(404);
    expect(await contactCount(t.world.south.clientId)).toBe(before);
  });

  it('lets an admin import for a chosen client and requires one', async () => {
    const none = await upload(admin, { name: 'c.csv', content: 'Name\r\nAdmin Row\r\n' });
    expect(none.statusCode).toBe(400);
    const res = await upload(
      admin,
      { name: 'c.csv', content: 'Name\r\nAdmin Row\r\n' },
      { clientId: String(t.world.south.clientId) },
    );
    expect(res.json().results.imported).toBe(1);
    const [row] = await t.deps.db.select().from(contacts).where(eq(contacts.name, 'Admin Row'));
    expect(row.clientId).toBe(t.world.south.clientId);
  });

  it('uses the definition permission; unknown kinds 404; anonymous 401', async () => {
    expect((await upload(desk, { name: 'c.csv', content: 'Name\r\nA\r\n' })).statusCode).toBe(403);
    expect((await upload(adminA, { name: 'c.csv', content: 'Name\r\nA\r\n' }, {}, 'no-such-kind')).statusCode).toBe(
      404,
    );
    const body = multipart({ name: 'c.csv', content: 'Name\r\nA\r\n' });
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${KIND}`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('sample files', () => {
  it('serves CSV and XLSX samples from the column examples, escaped', async () => {
    const csv = await t.as(adminA).get(`/api/imports/${KIND}/sample?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.replace(/^\uFEFF/, '')).toBe(
      "Name,Email,Mobile,Title\r\nPat Example,pat@example.org,5551234567,'=Principal\r\n",
    );
    const xlsx = await t.as(adminA).get(`/api/imports/${KIND}/sample?format=xlsx`);
    const rows = await readXlsx(xlsx.rawPayload);
    expect(rows).toEqual([
      ['Name', 'Email', 'Mobile', 'Title'],
      // a canonical number is a number cell (issue 25); it reads back as the same text
      ['Pat Example', 'pat@example.org', 5551234567, "'=Principal"],
    ]);
    expect((await t.as(desk).get(`/api/imports/${KIND}/sample`)).statusCode).toBe(403);
    expect((await t.as(adminA).get('/Exclusion/exclusionSampleImport')).statusCode).toBeOneOf([200, 404]);
  });
});

describe('exports', () => {
  it('streams CSV in scope with formula escaping', async () => {
    const res = await t.as(adminA).get(`/api/exports/${KIND}?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Title,Active,Created');
    expect(lines).toContain(
      `Dee Import,"'=HYPERLINK(""http://evil"")",Yes,${lines
        .find((l) => l.startsWith('Dee'))
        ?.split(',')
        .pop()}`,
    );
    expect(res.body).not.toContain('Admin Row'); // tenant B's row
    const north = await contactCount(t.world.north.clientId);
    expect(lines).toHaveLength(north + 1);
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, `export.${KIND}`));
    expect(audit.at(-1)?.details).toMatchObject({ rows: north, completed: true, format: 'csv' });
  });

  it('selects columns in report order; empty selection answers the spec message; unknown ids 400', async () => {
    const res = await t.as(adminA).get(`/api/exports/${KIND}?format=csv&columns=2,1`);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Name,Title');
    const empty = await t.as(adminA).get(`/api/exports/${KIND}?format=csv&columns=`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.exportNeedsColumn);
    expect((await t.as(adminA).get(`/api/exports/${KIND}?columns=9`)).statusCode).toBe(400);
  });

  it('streams XLSX with typed cells and escaping', async () => {
    const res = await t.as(adminA).get(`/api/exports/${KIND}?format=xlsx&columns=1,2,3,4`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Title', 'Active', 'Created']);
    const dee = rows.find((r) => r[0] === 'Dee Import')!;
    expect(dee[1]).toBe('\'=HYPERLINK("http://evil")');
    expect(dee[2]).toBe('Yes');
    expect(dee[3]).toBeInstanceOf(Date);
    expect(rows).toHaveLength((await contactCount(t.world.north.clientId)) + 1);
  });

  it('checks clientId against the actor (404 outside), admins may choose; lists columns', async () => {
    expect((await t.as(adminA).get(`/api/exports/${KIND}?clientId=${t.world.south.clientId}`)).statusCode).toBe(404);
    expect((await t.as(adminA).get(`/api/exports/${KIND}?clientId=999999`)).statusCode).toBe(404);
    const south = await t.as(admin).get(`/api/exports/${KIND}?clientId=${t.world.south.clientId}`);
    expect(south.statusCode).toBe(200);
    expect(south.body).toContain('Admin Row');
    expect(south.body).not.toContain('Ada Import');
    expect((await t.as(desk).get(`/api/exports/${KIND}`)).statusCode).toBe(403);
    expect((await t.as(null).get(`/api/exports/${KIND}`)).statusCode).toBe(401);
    expect((await t.as(adminA).get('/api/exports/no-such-kind')).statusCode).toBe(404);
    const cols = await t.as(adminA).get(`/api/exports/${KIND}/columns`);
    expect(cols.json().data).toEqual([
      { id: '1', header: 'Name', selectedByDefault: true },
      { id: '2', header: 'Title', selectedByDefault: true },
      { id: '3', header: 'Active', selectedByDefault: true },
      { id: '4', header: 'Created', selectedByDefault: false },
    ]);
  });
});
