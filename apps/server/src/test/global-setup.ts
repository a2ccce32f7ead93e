import pg from 'pg';
import { seedDemo } from '../../db/seed/demo';
import { openPglite, openPostgres } from '../platform/db/database';
import { PG_TEMPLATE, testPgUrl, withDatabase, writeTemplateFiles } from './test-db';

/** Builds the migrated + demo-seeded template once per test run. */
export default async function setup() {
  const pgUrl = testPgUrl();
  if (!pgUrl) {
    const database = await openPglite({});
    await database.migrate();
    const world = await seedDemo(database.db);
    await writeTemplateFiles(world, await database.dump!());
    await database.close();
    return;
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  // Leftover databases from an interrupted run would hold the template open.
  const stale = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'sv_t_%'`);
  for (const r of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
  await admin.end();
  const database = await openPostgres(withDatabase(pgUrl, PG_TEMPLATE));
  await database.migrate();
  const world = await seedDemo(database.db);
  await database.close();
  await writeTemplateFiles(world);
}
