import { ROLE, type TActor } from '@sv/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings } from '../../db/schema/index';
import { openTestDatabase } from '../../test/test-db';
import type { Database, Db } from './database';
import { named, preparedQuery, preparedStatement, scopedQuery } from './named';
import { buildingFilter } from './scope';

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

describe('statements built once per scope shape', () => {
  it('filter every actor exactly as that actor’s own filter, whichever shape ran first', async () => {
    const db = database.db;
    const all = await db.select({ id: buildings.id, clientId: buildings.clientId }).from(buildings);
    const clientIds = [...new Set(all.map((b) => b.clientId))];
    expect(clientIds.length).toBeGreaterThan(1);
    const actor = (roleId: TActor['roleId'], clientId: number | null, buildingId: number | null): TActor => ({
      userId: 1,
      roleId,
      clientId,
      buildingId,
      impersonatorId: null,
    });
    const [b1, b2] = [all[0], all.find((b) => b.clientId !== all[0].clientId)!];
    // in an order that switches shape and, within a shape, district and building
    const actors = [
      actor(ROLE.Attendant, b1.clientId, b1.id),
      actor(ROLE.Admin, null, null),
      actor(ROLE.ClientAdmin, b2.clientId, null),
      actor(ROLE.Attendant, b2.clientId, b2.id),
      actor(ROLE.ClientAdmin, b1.clientId, null),
      actor(ROLE.Attendant, b1.clientId, b2.id), // a building of another district: nothing
      actor(ROLE.ClientAdmin, null, null), // a district admin without a district: nothing
      actor(ROLE.Admin, null, null),
    ];
    let builds = 0;
    const query = scopedQuery(database.db, (d, scope) => {
      builds++;
      return d
        .select({ id: buildings.id })
        .from(buildings)
        .where(buildingFilter(scope, { clientId: buildings.clientId, buildingId: buildings.id }))
        .orderBy(asc(buildings.id));
    });
    for (const a of actors) {
      const own = await db
        .select({ id: buildings.id })
        .from(buildings)
        .where(buildingFilter(a, { clientId: buildings.clientId, buildingId: buildings.id }))
        .orderBy(asc(buildings.id));
      expect(await query(a, {})).toEqual(own);
    }
    expect(builds).toBe(3); // all, client, building
    // the actor's scope values win over a caller's values of the same name
    const attendant = actors[0];
    expect(await query(attendant, { scopeClientId: b2.clientId, scopeBuildingId: b2.id })).toEqual([{ id: b1.id }]);
  });

  it('a query built once runs with each call’s values', async () => {
    const [first] = await database.db.select({ id: buildings.id }).from(buildings).limit(1);
    let builds = 0;
    const byId = preparedQuery(database.db, (d) => {
      builds++;
      return d
        .select({ id: buildings.id })
        .from(buildings)
        .where(eq(buildings.id, sql.placeholder('id')));
    });
    expect(await byId({ id: first.id })).toEqual([{ id: first.id }]);
    expect(await byId({ id: -1 })).toEqual([]);
    expect(builds).toBe(1);
  });
});
