import { buildApp } from './app';
import { createDeps } from './platform/bootstrap';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { startJobs } from './platform/jobs/jobs';
import { seedDemoIfEmpty, DEMO_LOGINS, DEMO_PASSWORD } from '../db/seed/demo';

/** Reads the environment, migrates, seeds on first start, and serves API + web on one port. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(config);
  await database.migrate();
  const deps = createDeps(config, database);
  const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(deps.db) : false;
  const app = await buildApp(deps);
  const jobs = config.JOBS_ENABLED ? await startJobs(deps, app.log) : null;
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  console.log(
    `\nSafeVisitor is running at ${url}  (database: ${database.kind === 'pglite' ? `embedded, ${config.DATA_DIR}` : 'PostgreSQL'})`,
  );
  if (config.SEED_DEMO) {
    console.log(`${seeded ? 'Demo data seeded.' : 'Demo data present.'} Demo logins (password ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(28)} ${l.description}`);
  }
  const shutdown = async () => {
    await jobs?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
