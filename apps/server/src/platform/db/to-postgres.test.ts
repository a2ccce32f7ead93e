import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../../db/seed/demo';
import { buildApp } from '../../app';
import { testPgUrl, withDatabase } from '../../test/test-db';
import { createDeps } from '../bootstrap';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from './database';
import { copyToPostgres, foreignKeyOrder } from './to-postgres';

/**
 * Issue 16, "a way up": `npm run db:to-postgres` moves an embedded database into PostgreSQL.
 * Runs in the PostgreSQL stage of the API suite (it needs a server to move into).
 */
const pgUrl = testPgUrl();

describe('foreign-key order', () => {
  it('puts parents first and names a cycle', () => {
    expect(
      foreignKeyOrder(
        ['visits', 'visitors', 'clients', 'buildings'],
        [
          { child: 'visits', parent: 'visitors' },
          { child: 'visits', parent: 'buildings' },
          { child: 'buildings', parent: 'clients' },
          { child: 'visitors', parent: 'clients' },
          { child: 'visitors', parent: 'visitors' },
        ],
      ),
    ).toEqual(['clients', 'buildings', 'visitors', 'visits']);
    expect(() =>
      foreignKeyOrder(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow('cycle');
  });
});

describe.skipIf(!pgUrl)('embedded database → PostgreSQL', () => {
  const name = `sv_durable_topg_${process.pid}`;
  const admin = async (sql: string) => {
    const a = new pg.Client({ connectionString: pgUrl as string });
    await a.connect();
    await a.query(sql);
    await a.end();
  };
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('copies every table row for row, sets the sequences, and the app runs on the copy', async () => {
    const source = await openPglite({});
    await source.migrate();
    const world = await seedDemo(source.db);
    await source.query(
      `insert into visitors (client_id, firstname, lastname, created_at) values ($1, 'Zoë', 'Ünïcode', now())`,
      [world.north.clientId],
    );
    await admin(`CREATE DATABASE ${name}`);
    const url = withDatabase(pgUrl as string, name);
    const copied = await copyToPostgres(source, url);
    expect(copied.find((c) => c.table === 'visitors')?.rows).toBeGreaterThan(0);

    const target = await openPostgres(url, { max: 2 });
    try {
      // every table: same rows, same content (text form of each row, in UTC)
      for (const db of [source, target]) await db.query(`set timezone to 'UTC'`);
      const digest = (db: typeof source, table: string) =>
        db.query<{ n: number; md5: string | null }>(
          `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as md5 from "${table}" t`,
        );
      for (const c of copied) {
        expect(await digest(target, c.table), c.table).toEqual(await digest(source, c.table));
      }
      // sequences where the source left them: a new row does not collide
      const seqs = 'select sequencename, last_value::text as v from pg_sequences where schemaname = $1 order by 1';
      expect(await target.query(seqs, ['public'])).toEqual(await source.query(seqs, ['public']));

      // the app on the copy: demo logins work and a new visitor gets a fresh id
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', DATABASE_URL: url });
      const app = await buildApp(createDeps(config, target, { email: null, sms: null }));
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'desk.northhigh@demo.test', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name.endsWith('sv_session'));
      const res = await app.inject({
        method: 'POST',
        url: '/api/visitors',
        headers: {
          cookie: `${cookie?.name}=${cookie?.value}`,
          'x-csrf-token': login.json().csrfToken,
          'idempotency-key': `test-${randomUUID()}`,
        },
        payload: { buildingId: world.north.northHighId, firstname: 'After', lastname: 'Move' },
      });
      expect(res.statusCode).toBe(200);
      const [max] = await source.query<{ id: number }>('select max(id)::int as id from visitors');
      expect(res.json().id).toBeGreaterThan(max.id);
      await app.close();

      // a second move into a database that holds data is refused
      await expect(copyToPostgres(source, url)).rejects.toThrow('already holds data');
    } finally {
      await target.close();
      await source.close();
    }
  }, 180_000);
});
