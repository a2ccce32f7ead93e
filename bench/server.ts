/**
 * The server under benchmark: the REAL app (buildApp + createDeps) in production mode on the
 * PostgreSQL database of DATABASE_URL, plus two floor routes registered by this harness only
 * (never by the product):
 *   GET /__bench/json     a trivial JSON answer (the framework floor)
 *   GET /__bench/pk/:id   one indexed primary-key lookup through the app's own pool (the database floor)
 *   POST /__bench/check-in-floor   the writes of a check-in (badge, visit, audit row, NOTIFY) as one
 *                         plain SQL transaction through the app's pool, nothing else (the check-in floor)
 * Built by bench/run.ts into apps/server/dist/bench/server.mjs (scripts/build-server.mjs, as npm
 * start runs the product: compiled, ADR 0019) and started as a child process (its RSS is sampled
 * from /proc); prints `READY <port> <pid>` when listening. Run alone from source:
 * DATABASE_URL=… node --import tsx bench/server.ts
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { startHeartbeat } from '../apps/server/src/platform/instances';
import { EVENTS_CHANNEL } from '../apps/server/src/platform/realtime/realtime';

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    JOBS_ENABLED: 'false',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: process.env.PORT ?? '3999',
    APP_SECRET: process.env.APP_SECRET ?? 'bench-only-secret-0123456789abcdef0123456789',
  });
  const database = await openDatabase(config);
  await database.migrate(); // a no-op on a generated data set; applies migrations added since
  const deps = createDeps(config, database);
  // BENCH_AUDIT_READS_OFF=1: sensitive reads are not written to the audit log (a measurement of
  // what read auditing costs — the same requests with and without it; never the product's setting)
  if (process.env.BENCH_AUDIT_READS_OFF === '1') deps.audit.read = () => {};
  const app = await buildApp(deps);

  // Floors, registered by the harness before listen.
  app.get('/__bench/json', { schema: { hide: true } }, async () => ({ ok: true, at: 'bench' }));
  app.get<{ Params: { id: string } }>('/__bench/pk/:id', { schema: { hide: true } }, async (req, reply) => {
    const rows = await database.query<{ id: number; name: string }>('select id, name from buildings where id = $1', [
      Number(req.params.id),
    ]);
    if (rows.length === 0) return reply.code(404).send({ code: 'NOT_FOUND' });
    return rows[0];
  });

  // The check-in floor (issue 10 §9): what a check-in must write, with none of its reads, checks
  // or framework work — BEGIN; badge; visit; audit row; pg_notify on the front-desk channel;
  // COMMIT (six round trips on one pooled connection). The visit is written already checked out
  // (check_out = check_in) so the floor can repeat on the same visitors without the one-open-visit
  // rule refusing it and leaves no open visits on the dashboards; that spares it the two partial
  // "open visit" index entries a real check-in writes, so the floor is, if anything, a little fast.
  app.post<{ Body: { visitorId: number; buildingId: number; userId: number } }>(
    '/__bench/check-in-floor',
    { schema: { hide: true } },
    async (req) => {
      const { visitorId, buildingId, userId } = req.body;
      const code = randomBytes(10).toString('hex').slice(0, 16).toUpperCase();
      const id = await deps.db.transaction(async (tx) => {
        const badge = (await tx.execute(sql`
          insert into badges (client_id, building_id, visitor_id, code, created_at, expires_at)
          select client_id, id, ${visitorId}, ${code}, now(), now() + interval '12 hours' from buildings where id = ${buildingId}
          returning id, client_id`)) as unknown as { rows: { id: number; client_id: number }[] };
        const { id: badgeId, client_id: clientId } = badge.rows[0];
        const visit = (await tx.execute(sql`
          insert into visits (client_id, building_id, visitor_id, badge_id, visitor_type, check_in, check_out, checked_in_by, reason)
          values (${clientId}, ${buildingId}, ${visitorId}, ${badgeId}, 'visitor', now(), now(), ${userId}, 'Meeting')
          returning id`)) as unknown as { rows: { id: number }[] };
        const visitId = visit.rows[0].id;
        await tx.execute(sql`
          insert into audit_events (actor_user_id, client_id, building_id, action, target_type, target_id, details)
          values (${userId}, ${clientId}, ${buildingId}, 'visit.checked_in', 'visit', ${String(visitId)}, '{}'::jsonb)`);
        await tx.execute(
          sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ type: 'visit.checked_in', clientId, buildingId, id: visitId })})`,
        );
        return visitId;
      });
      return { id };
    },
  );

  // as main.ts: other instances learn within seconds that this one died (ADR 0028; the
  // two-instances scenario kills one)
  const heartbeat = await startHeartbeat(database);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`READY ${port} ${process.pid}`);

  const shutdown = async () => {
    await app.close().catch(() => {});
    await heartbeat.stop().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
