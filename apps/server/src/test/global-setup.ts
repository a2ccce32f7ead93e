import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../db/seed/demo';
import { openPglite, openPostgres } from '../platform/db/database';
import { TEST_DATA_ROOT, testPgUrl, withDatabase } from './test-db';

/**
 * Builds the migrated + demo-seeded template once per test run. Names are unique per run so
 * several runs (CI, developers, helpers) never share files or databases.
 */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const runDir = path.join(TEST_DATA_ROOT, runId);
  fs.mkdirSync(runDir, { recursive: true });
  project.provide('testRunDir', runDir);
  const pgUrl = testPgUrl();
  let template: string | null = null;
  if (!pgUrl) {
    const database = await openPglite({});
    await database.migrate();
    const world = await seedDemo(database.db);
    fs.writeFileSync(path.join(runDir, 'world.json'), JSON.stringify(world));
    fs.writeFileSync(path.join(runDir, 'template.tgz'), Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
  } else {
    template = `sv_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = await openPostgres(withDatabase(pgUrl, template));
    await database.migrate();
    const world = await seedDemo(database.db);
    fs.writeFileSync(path.join(runDir, 'world.json'), JSON.stringify(world));
    await database.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    fs.rmSync(runDir, { recursive: true, force: true });
    if (pgUrl && template) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      const clones = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}%`]);
      for (const r of clones.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}
