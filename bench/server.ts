/**
 * The server under benchmark: the REAL app (buildApp + createDeps) in production mode on the
 * PostgreSQL database of DATABASE_URL, plus two floor routes registered by this harness only
 * (never by the product):
 *   GET /__bench/json     a trivial JSON answer (the framework floor)
 *   GET /__bench/pk/:id   one indexed primary-key lookup through the app's own pool (the database floor)
 * Started by bench/run.ts as a child process (its RSS is sampled from /proc); prints
 * `READY <port> <pid>` when listening. Run alone: DATABASE_URL=… node --import tsx bench/server.ts
 */
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/database';

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

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`READY ${port} ${process.pid}`);

  const shutdown = async () => {
    await app.close().catch(() => {});
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
