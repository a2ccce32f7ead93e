import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings } from '../../db/schema/index';
import { openTestDatabase } from '../../test/test-db';
import type { Database, Db } from './database';
import { named, preparedStatement } from './named';

/**
 * Issue 10 §9: hot statements run as named (prepared) statements on PostgreSQL, parsed once per
 * connection; on PGlite they run as ordinary ones. Same answers either way.
 */
let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const preparedNames = async (tx: Db) =>
  (
    (await tx.execute(sql`select name from pg_prepared_statements where name like 'sv\\_%'`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows.map((r) => r.name);

describe('named statements', () => {
  it('answers like the plain query and, on PostgreSQL, is prepared once under a name from its text', async () => {
    const db = database.db;
    const query = (id: number, tx: Db = db) =>
      tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.id, id));
    const [first] = await db.select({ id: buildings.id }).from(buildings).limit(1);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      expect(await named(query(first.id, tx))).toEqual([{ id: first.id }]);
      expect(await named(query(-1, tx))).toEqual([]);
      if (database.kind === 'postgres') {
        // one name for both runs (same text, other values) on this connection
        const names = await preparedNames(tx);
        expect(names).toHaveLength(1);
        expect(names[0]).toMatch(/^sv_[0-9a-f]{24}$/);
      }
    });
  });

  it('a statement built once takes placeholders, null ones included', async () => {
    const statement = preparedStatement<{ id: number | null; label: string | null }>(
      () => sql`select cast(${sql.placeholder('id')} as int) as id, cast(${sql.placeholder('label')} as text) as label`,
    );
    expect(await statement(database.db, { id: 7, label: 'seven' })).toEqual([{ id: 7, label: 'seven' }]);
    expect(await statement(database.db, { id: null, label: null })).toEqual([{ id: null, label: null }]);
  });
});
