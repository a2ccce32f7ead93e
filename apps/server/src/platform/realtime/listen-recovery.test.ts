import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPgUrl } from '../../test/test-db';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { FrontDeskEvent } from './realtime';

/**
 * Issue 23 §8: a PostgreSQL restart or failover cuts the LISTEN connection. The server must not
 * crash; its dashboards hear "reconnecting", then "resync" (refetch), and events flow again.
 */
describe.runIf(testPgUrl())('the LISTEN connection survives the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const waitFor = async (ok: () => boolean, ms = 10_000) => {
    const until = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('reconnects after its backend is terminated, tells the streams, and delivers events again', async () => {
    const heard: FrontDeskEvent[] = [];
    const unsubscribe = await t.deps.realtime.subscribe((e) => heard.push(e));
    const event = {
      type: 'visit.checked_in' as const,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      id: 1,
    };
    await t.deps.realtime.publish(event);
    await waitFor(() => heard.some((e) => e.type === 'visit.checked_in'));

    const killed = await t.deps.database.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    expect(killed.length).toBeGreaterThan(0);
    await waitFor(() => heard.some((e) => e.type === 'stream.reconnecting'));
    await waitFor(() => heard.some((e) => e.type === 'stream.resync'));

    heard.length = 0;
    await t.deps.realtime.publish({ ...event, id: 2 });
    await waitFor(() => heard.some((e) => e.type === 'visit.checked_in' && e.id === 2));
    // the server still answers
    expect((await t.as(null).get('/api/health')).statusCode).toBeLessThan(500);
    unsubscribe();
  });
});

describe.runIf(testPgUrl())('instances starting together (issue 23 §8)', () => {
  it('migrate an empty database at the same time without failing', async () => {
    const pg = (await import('pg')).default;
    const { openPostgres } = await import('../db/database');
    const { withDatabase } = await import('../../test/test-db');
    const name = `sv_race_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: testPgUrl()! });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const instances = await Promise.all(
        [1, 2, 3].map(() => openPostgres(withDatabase(testPgUrl()!, name), { max: 2 })),
      );
      try {
        await Promise.all(instances.map((d) => d.migrate()));
        const [{ n }] = await instances[0].query<{ n: number }>(
          "select count(*)::int as n from pg_extension where extname = 'pg_trgm'",
        );
        expect(n).toBe(1);
      } finally {
        await Promise.all(instances.map((d) => d.close()));
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe.runIf(testPgUrl())('a failed pool connection (issue 23 §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is replaced: terminating every pooled backend neither crashes the server nor fails the next query', async () => {
    // open a few pooled connections, so there are idle ones to cut
    await Promise.all([1, 2, 3].map(() => t.deps.database.query('select pg_sleep(0.05)')));
    const [{ pid: mine }] = await t.deps.database.query<{ pid: number }>('select pg_backend_pid() as pid');
    const killer = await t.deps.database.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query not ilike 'LISTEN%'
          and application_name = (select application_name from pg_stat_activity where pid = pg_backend_pid())`,
    );
    expect(killer.length).toBeGreaterThan(0);
    // and the one that ran the statement above
    const [{ name }] = await t.deps.database.query<{ name: string }>('select current_database() as name');
    const pg = (await import('pg')).default;
    const { withDatabase } = await import('../../test/test-db');
    const admin = new pg.Client({ connectionString: withDatabase(testPgUrl()!, name) });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [mine]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200)); // the pool hears its idle clients' errors
    const [{ pid: now }] = await t.deps.database.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(now).not.toBe(mine);
    expect((await t.as(null).get('/api/health')).statusCode).toBe(200);
    const session = await t.login('desk.northhigh@demo.test');
    expect((await t.as(session).get('/api/auth/session')).statusCode).toBe(200);
  });
});
