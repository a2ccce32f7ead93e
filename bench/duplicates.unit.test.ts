import { canonicalName } from '@sv/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../apps/server/src/platform/db/database';
import { duplicateSql } from './duplicates';
import { CORPUS_NOTE } from './identity-corpus';

/**
 * The duplicate-record report's SQL (issue 22, bench/duplicates.ts) on the product's schema
 * (in-memory PGlite, migrated): which records count as a second record under each rule.
 */
let db: Database;
beforeAll(async () => {
  db = await openPglite({});
  await db.migrate();
  const [c] = await db.query<{ id: number }>(`insert into clients (name) values ('Dup district') returning id`);
  const [c2] = await db.query<{ id: number }>(`insert into clients (name) values ('Other district') returning id`);
  const rows: [number, string, string, string | null, string, string, string][] = [
    // client, first, last, dob, licence, state, note
    [c.id, 'Dana', 'Linkedonly', '1966-06-06', '', '', ''],
    [c.id, 'DANA', 'LINKEDONLY', '1966-06-06', '', '', ''], // old rule and keys
    [c.id, 'Dana', 'Linked\u200Bonly', '1966-06-06', '', '', ''], // keys only (a hidden character)
    [c.id, 'Dаna', 'Linkedonly', '1966-06-06', '', '', ''], // keys only (Cyrillic а)
    [c.id, 'Dana', 'Linkedonly', null, '', '', ''], // no date of birth: never a duplicate by name
    [c.id, 'Dana', 'Linkedonly', '1970-01-01', '', '', ''], // the placeholder: never
    [c.id, 'Dana', 'Linkedonly', '1970-01-01', '', '', ''],
    [c2.id, 'Dana', 'Linkedonly', '1966-06-06', '', '', ''], // another district: another person
    [c.id, 'Pat', 'Testwood', '1950-07-04', 'D123', 'IL', ''],
    [c.id, 'Patricia', 'Newname', '1950-07-04', 'D123', 'il', ''], // licence only
    [c.id, 'Pat', 'Testwood', '1950-07-04', 'D123', 'IL', ''], // keys and licence: counted once
    [c.id, 'Pat', 'Testwood', '1950-07-04', 'D123', 'WI', CORPUS_NOTE], // the corpus: left out
  ];
  for (const [clientId, f, l, dob, lic, st, note] of rows)
    await db.query(
      `insert into visitors (client_id, firstname, lastname, first_key, last_key, dob, current_drivers_license_number, license_state, note)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [clientId, f, l, ...keysOf(f, l), dob, lic, st, note],
    );
}, 120_000);
afterAll(async () => {
  await db?.close();
});

// the keys as the product stores them (withNameKeys)
const keysOf = (f: string, l: string) => [canonicalName(f), canonicalName(l)];

describe('duplicateSql', () => {
  it('counts a record as a second record only when an earlier record of the district is the same person by the rule', async () => {
    const [r] = await db.query<Record<string, string | number>>(duplicateSql(false), [CORPUS_NOTE]);
    const n = (k: string) => Number(r[k]);
    expect(n('records')).toBe(11);
    expect(n('unkeyed')).toBe(0);
    // old rule: DANA LINKEDONLY; the second Pat Testwood
    expect(n('old_second')).toBe(2);
    expect(n('old_people')).toBe(2);
    // identity keys: DANA, the hidden character, the Cyrillic а; the second Pat Testwood
    expect(n('key_second')).toBe(4);
    expect(n('key_people')).toBe(2);
    expect(n('keys_not_old')).toBe(2);
    // licence: Patricia Newname and the second Pat Testwood (state compared upper-cased)
    expect(n('lic_second')).toBe(2);
    expect(n('lic_people')).toBe(1);
    // same person: keys or licence, each record once
    expect(n('person_second')).toBe(5);
  });
});
