import { ROLE } from '@sv/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBuilding,
  createContact,
  createRegistrationType,
  createUser,
  createVendorCompany,
} from '../../../db/seed/factories';
import { insertExclusion } from '../../features/exclusions/exclusions.fixtures';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * Issue 25 (audit 000 U1: "Filter this page" sees only the 100 rows on screen): every admin list
 * is searched on the server by `q`, in the body of its POST …/search twin, within the actor's
 * scope like the list. Each list holds, in North County, two rows with the made-up word
 * "Quokkafield" (one of them also "Zed"), and South Valley one "Zed Quokkafield": North's client
 * administrator finds North's two, "zed quokka" (words in any column) finds one, and South's row
 * never appears; without `q` the list is as before.
 */
let t: TestApp;
let admin: Session;
let north: Session;

interface ListCase {
  name: string;
  /** the list's POST …/search path */
  path: () => string;
  /** the GET path of the same list */
  list: () => string;
  /** extra body fields (the list's own filters) */
  body?: Record<string, unknown>;
  /** the session that reads the list (client admin of North unless said) */
  as?: () => Session;
  /** the text each row shows for the search */
  label: (row: Record<string, unknown>) => string;
}

const WORD = 'Quokkafield';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  const db = t.deps.db;
  const { north: n, south: s } = t.world;
  for (const [clientId, first] of [
    [n.clientId, 'Zed'],
    [n.clientId, 'Ann'],
    [s.clientId, 'Zed'],
  ] as const) {
    await insertExclusion(db, { clientId, firstname: first, lastname: WORD });
    await createUser(db, { clientId, roleId: ROLE.ClientAdmin, name: `${first} ${WORD}` });
    await createBuilding(db, clientId, { name: `${first} ${WORD} Academy` });
    await createContact(db, clientId, { name: `${first} ${WORD}` });
    await createRegistrationType(db, clientId, { name: `${first} ${WORD} Helpers` });
    await createVendorCompany(db, clientId, { name: `${first} ${WORD} Supplies` });
  }
});

const byName = (r: Record<string, unknown>) => String(r.name);
const cases: ListCase[] = [
  {
    name: 'exclusions',
    path: () => '/api/exclusions/search',
    list: () => '/api/exclusions',
    label: (r) => `${r.firstname} ${r.lastname}`,
  },
  { name: 'users', path: () => '/api/users/search', list: () => '/api/users', label: byName },
  {
    name: 'buildings',
    path: () => '/api/buildings/search',
    list: () => '/api/buildings',
    label: byName,
  },
  { name: 'contacts', path: () => '/api/contacts/search', list: () => '/api/contacts', label: byName },
  {
    name: 'registration types',
    path: () => `/api/clients/${t.world.north.clientId}/registration-types/search`,
    list: () => `/api/clients/${t.world.north.clientId}/registration-types`,
    label: byName,
  },
  {
    name: 'vendor companies',
    path: () => '/api/vendor-companies/search',
    list: () => '/api/vendor-companies',
    label: byName,
  },
];

describe('admin lists searched on the server (issue 25)', () => {
  it.each(cases)(
    '$name: q finds the rows in scope past the page on screen, all words, nothing of another district',
    async (c) => {
      const as = t.as(c.as?.() ?? north);
      const all = await as.get(c.list());
      expect(all.statusCode).toBe(200);
      expect(all.json().count).toBeGreaterThan(2);

      const found = await as.post(c.path(), { ...c.body, q: WORD.toLowerCase() });
      expect(found.statusCode).toBe(200);
      const rows = found.json().data as Record<string, unknown>[];
      expect(found.json().count).toBe(2);
      expect(rows.map(c.label).every((l) => l.includes(WORD))).toBe(true);
      expect(rows.every((r) => r.clientId === undefined || r.clientId === t.world.north.clientId)).toBe(true);

      // one row a page: the count is of every matching row, not of the page (the old 'Filter this page')
      const onePage = (await as.post(c.path(), { ...c.body, q: WORD, perPage: 1 })).json();
      expect(onePage).toMatchObject({ count: 2, totalPages: 2 });
      expect(onePage.data).toHaveLength(1);

      // every word must be found, in any of the columns: first name and last name are two columns
      const both = (await as.post(c.path(), { ...c.body, q: `  zed   ${WORD.slice(0, 5)} ` })).json();
      expect(both.count).toBe(1);
      expect(c.label(both.data[0])).toMatch(/^Zed Quokkafield/);

      // LIKE wildcards are text, not patterns
      expect((await as.post(c.path(), { ...c.body, q: '%' })).json().count).toBe(0);
      // words in a URL are not searched (security guide: none in URLs): only the body's q is
      const inUrl = await as.get(`${c.list()}?q=${WORD}`);
      expect(inUrl.statusCode).toBe(200);
      expect(inUrl.json().count).toBe(all.json().count);
      // no q: the list as it was
      expect((await as.post(c.path(), { ...c.body })).json().count).toBe(all.json().count);
    },
  );

  it('the platform administrator searches every district, and the districts list itself', async () => {
    const everywhere = (await t.as(admin).post('/api/exclusions/search', { q: `zed ${WORD}` })).json();
    expect(everywhere.count).toBe(2);
    const one = (
      await t.as(admin).post('/api/exclusions/search', { q: `zed ${WORD}`, clientId: String(t.world.south.clientId) })
    ).json();
    expect(one.count).toBe(1);
    expect(one.data[0].clientId).toBe(t.world.south.clientId);
    const districts = (await t.as(admin).post('/api/clients/search', { q: 'south valley' })).json();
    expect(districts.data.map((d: { name: string }) => d.name)).toEqual(['South Valley District']);
    // a client administrator may not list districts, searched or not
    expect((await t.as(north).post('/api/clients/search', { q: 'south' })).statusCode).toBe(403);
  });

  it('refuses a search longer than 100 characters with a sentence', async () => {
    const res = await t.as(north).post('/api/users/search', { q: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Use at most 100 characters');
  });
});
