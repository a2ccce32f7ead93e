import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, registryAddresses, registryNames, registryOffenders } from '../../db/schema/index';
import { registryImportCommand } from '../../cli/registry-import';
import { createLocalRegistry } from '../../integrations/registry/local-registry';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { registryMultipart, SAMPLE_CSV } from './registry.fixtures';
import { parseRegistryDob } from './registry-formats';

let t: TestApp;
let admin: Session;
let north: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
});

const upload = (s: Session, files: { name: string; content: string }[], fields: Record<string, string> = {}) => {
  const m = registryMultipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/registry/imports',
    headers: { ...m.headers, cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    payload: m.body,
  });
};

const countSource = async (source: string) => {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(registryOffenders)
    .where(eq(registryOffenders.source, source));
  return row.n;
};

const JSON_OFFENDERS = [
  {
    id: 'J-1',
    jurisdictionId: 'QQ',
    name: { firstName: 'Hollis', middleName: 'Vane', lastName: 'Jsonworthy', suffix: null },
    aliases: [{ firstName: 'Holly', lastName: 'Jsonworthy' }],
    gender: 'F',
    dob: '1968-02-29',
    locations: [{ type: 'R', streetAddress: '3 Myth Ct', city: 'Nullport', county: '', state: 'OH', zipCode: '00033' }],
    offenderUri: 'https://registry.example/J-1',
    imageUri: null,
    absconder: false,
  },
  {
    id: 'J-2',
    jurisdictionId: 'QQ',
    name: { firstName: 'Ivo', lastName: 'Yearonly' },
    aliases: [],
    dob: '1959',
    locations: [],
  },
  {
    id: 'J-3',
    jurisdictionId: 'QQ',
    name: { firstName: '', lastName: 'Nofirstname' },
    aliases: [],
    dob: null,
    locations: [],
  },
  { jurisdictionId: 'QQ', name: { firstName: 'No', lastName: 'Identifier' } },
];

describe('POST /api/registry/imports', () => {
  it('loads a CSV trio (offenders, names with aliases, addresses) and reports unusable rows', async () => {
    const res = await upload(
      admin,
      [
        { name: 'offenders.csv', content: SAMPLE_CSV.offenders },
        { name: 'names.csv', content: SAMPLE_CSV.names },
        { name: 'addresses.csv', content: SAMPLE_CSV.addresses },
      ],
      { source: 'ZZ' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sources: [{ source: 'ZZ', offenders: 3, names: 4, addresses: 2, skipped: 0, replaced: 0 }],
      problemCount: 1,
      problems: ['names.csv line 6: no offender with id A9'],
    });
    const [a2] = await t.deps.db.select().from(registryOffenders).where(eq(registryOffenders.externalId, 'A2'));
    expect(a2).toMatchObject({ source: 'ZZ', jurisdiction: 'ZZ', dob: '1970-04-15', birthYear: 1970, absconder: true });
    const [a3] = await t.deps.db.select().from(registryOffenders).where(eq(registryOffenders.externalId, 'A3'));
    expect(a3).toMatchObject({ dob: null, birthYear: 1955 });
    const names = await t.deps.db
      .select()
      .from(registryNames)
      .where(eq(registryNames.lastName, 'Imaginaryson'))
      .orderBy(registryNames.id);
    expect(names.map((n) => [n.firstName, n.isPrimary, n.lastSoundex, n.firstSoundex, n.lastKey, n.birthYear])).toEqual(
      [
        ['Wendell', true, 'I525', 'W534', 'IMAGINARYSON', 1961],
        ['Wendy', false, 'I525', 'W530', 'IMAGINARYSON', 1961],
      ],
    );

    // what was imported is searchable at once, aliases included
    const found = await createLocalRegistry(t.deps.db).search({
      firstName: 'Wendy',
      lastName: 'Imaginaryson',
      dob: '1961-03-04',
    });
    expect(found.offenders.map((o) => o.ref)).toEqual(['ZZ:A1']);
    expect(found.offenders[0].locations[0]).toMatchObject({ city: 'Pretendville', state: 'IL', zipCode: '00011' });

    const [audit] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'registry.imported'));
    expect(audit).toMatchObject({ actorUserId: admin.userId, targetId: 'ZZ' });
  });

  it('loads NSOPW-shaped JSON grouped by jurisdiction, year-only dates included', async () => {
    const res = await upload(admin, [
      { name: 'registry.json', content: JSON.stringify({ offenders: JSON_OFFENDERS }) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sources).toEqual([{ source: 'QQ', offenders: 2, names: 3, addresses: 1, skipped: 0, replaced: 0 }]);
    expect(body.problemCount).toBe(2);
    const [j2] = await t.deps.db.select().from(registryOffenders).where(eq(registryOffenders.externalId, 'J-2'));
    expect(j2).toMatchObject({ dob: null, birthYear: 1959 });

    // uploading the same file again adds nothing; with replace it is swapped in
    const again = (await upload(admin, [{ name: 'registry.json', content: JSON.stringify(JSON_OFFENDERS) }])).json();
    expect(again.sources[0]).toMatchObject({ offenders: 0, skipped: 2, replaced: 0 });
    const replaced = await upload(admin, [{ name: 'r.json', content: JSON.stringify([JSON_OFFENDERS[0]]) }], {
      replace: 'true',
    });
    expect(replaced.json().sources[0]).toMatchObject({ source: 'QQ', offenders: 1, replaced: 2 });
    expect(await countSource('QQ')).toBe(1);
  });

  it('refuses unreadable files with a 400 and the reason', async () => {
    const bad = await upload(admin, [{ name: 'offenders.csv', content: SAMPLE_CSV.offenders }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/needs offenders.csv and names.csv/);
    const noColumn = await upload(admin, [
      { name: 'offenders.csv', content: 'identifier,dob\n1,1970-01-01' },
      { name: 'names.csv', content: SAMPLE_CSV.names },
    ]);
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().message).toMatch(/offenders.csv: missing column "id"/);
    const badJson = await upload(admin, [{ name: 'x.json', content: '{ nope' }]);
    expect(badJson.statusCode).toBe(400);
    const badSource = await upload(admin, [{ name: 'x.json', content: '[]' }], { source: 'bad source!' });
    expect(badSource.statusCode).toBe(400);
    const notMultipart = await t.as(admin).post('/api/registry/imports', { offenders: [] });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('is for administrators only', async () => {
    const res = await upload(north, [{ name: 'r.json', content: JSON.stringify([JSON_OFFENDERS[0]]) }]);
    expect(res.statusCode).toBe(403);
    expect((await t.as(north).get('/api/registry/status')).statusCode).toBe(403);
  });
});

describe('GET /api/registry/status', () => {
  it('counts records per source with the last import time, the demo registry included', async () => {
    const res = await t.as(admin).get('/api/registry/status');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider).toBe('local');
    const demo = body.sources.find((s: { source: string }) => s.source === 'DEMO');
    expect(demo.offenders).toBeGreaterThanOrEqual(2000);
    expect(Number.isNaN(Date.parse(demo.lastImportedAt))).toBe(false);
    expect(body.totalOffenders).toBe(body.sources.reduce((n: number, s: { offenders: number }) => n + s.offenders, 0));
  });
});

describe('npm run registry:import (the CLI command)', () => {
  it('imports a directory with the CSV trio, then --replace replaces the source', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sv-registry-'));
    try {
      fs.writeFileSync(path.join(dir, 'offenders.csv'), SAMPLE_CSV.offenders);
      fs.writeFileSync(path.join(dir, 'names.csv'), SAMPLE_CSV.names);
      fs.writeFileSync(path.join(dir, 'addresses.csv'), SAMPLE_CSV.addresses);
      const lines: string[] = [];
      const first = await registryImportCommand(t.deps.db, [dir, '--source', 'CLI'], (l) => lines.push(l));
      expect(first).toEqual([{ source: 'CLI', offenders: 3, names: 4, addresses: 2, skipped: 0, replaced: 0 }]);
      expect(lines.join('\n')).toMatch(/CLI: 3 offenders, 4 names, 2 addresses imported/);
      expect(await countSource('CLI')).toBe(3);

      // the source now publishes a smaller file: --replace leaves exactly that
      fs.writeFileSync(path.join(dir, 'offenders.csv'), 'id,dob\nA1,1961-03-04');
      fs.writeFileSync(path.join(dir, 'names.csv'), 'id,first,last,is primary\nA1,Wendell,Imaginaryson,Y');
      fs.rmSync(path.join(dir, 'addresses.csv'));
      const second = await registryImportCommand(t.deps.db, [dir, '--source=CLI', '--replace'], () => {});
      expect(second).toEqual([{ source: 'CLI', offenders: 1, names: 1, addresses: 0, skipped: 0, replaced: 3 }]);
      expect(await countSource('CLI')).toBe(1);
      const orphans = await t.deps.db.execute(
        sql`select count(*)::int as n from ${registryNames} n left join ${registryOffenders} o on o.id = n.offender_id where o.id is null`,
      );
      expect((orphans as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
      const addresses = await t.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(registryAddresses)
        .innerJoin(registryOffenders, eq(registryOffenders.id, registryAddresses.offenderId))
        .where(eq(registryOffenders.source, 'CLI'));
      expect(addresses[0].n).toBe(0);
      // other sources are untouched
      expect(await countSource('DEMO')).toBeGreaterThanOrEqual(2000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('imports a single JSON file and rejects bad arguments', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sv-registry-')), 'offenders.json');
    fs.writeFileSync(file, JSON.stringify(JSON_OFFENDERS.slice(0, 2)));
    const counts = await registryImportCommand(t.deps.db, [file, '--source', 'CLIJSON'], () => {});
    expect(counts).toEqual([{ source: 'CLIJSON', offenders: 2, names: 3, addresses: 1, skipped: 0, replaced: 0 }]);
    await expect(registryImportCommand(t.deps.db, [], () => {})).rejects.toThrow(/usage/);
    await expect(registryImportCommand(t.deps.db, [file, '--source', 'a b'], () => {})).rejects.toThrow(/--source/);
    await expect(registryImportCommand(t.deps.db, [file, '--bogus'], () => {})).rejects.toThrow(/unknown option/);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

describe('dates of birth in bulk files', () => {
  it.each([
    ['1977-07-07', '1977-07-07', 1977],
    ['07/07/1977', '1977-07-07', 1977],
    ['19770707', '1977-07-07', 1977],
    ['1977-07-07T00:00:00Z', '1977-07-07', 1977],
    ['1977', null, 1977],
    ['', null, null],
  ])('%s → %s / %s', (text, dob, year) => {
    expect(parseRegistryDob(text)).toEqual({ dob, birthYear: year, valid: true });
  });

  it('an unreadable date is reported, never turned into another date', () => {
    expect(parseRegistryDob('02/30/1977')).toEqual({ dob: null, birthYear: null, valid: false });
    expect(parseRegistryDob('yesterday')).toEqual({ dob: null, birthYear: null, valid: false });
  });
});
