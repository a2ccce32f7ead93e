import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../platform/db/database';
import type { DemoWorld } from '../../db/seed/demo';

export const TEST_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.test-data');
const TEMPLATE_DUMP = path.join(TEST_DATA_DIR, 'template.tgz');
const WORLD_FILE = path.join(TEST_DATA_DIR, 'world.json');
export const PG_TEMPLATE = 'sv_test_template';

/** Which database the API suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testPgUrl = () => process.env.TEST_DATABASE_URL || null;

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function readWorld(): DemoWorld {
  return JSON.parse(fs.readFileSync(WORLD_FILE, 'utf8'));
}

export function writeTemplateFiles(world: DemoWorld, dump?: Blob) {
  fs.mkdirSync(TEST_DATA_DIR, { recursive: true });
  fs.writeFileSync(WORLD_FILE, JSON.stringify(world));
  return dump ? dump.arrayBuffer().then((b) => fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(b))) : Promise.resolve();
}

/**
 * A fresh, migrated, demo-seeded database for one test file: a clone of the template made
 * by global-setup (about 0.5 s on PGlite, ~100 ms on PostgreSQL). No manual clean-up.
 */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const pgUrl = testPgUrl();
  if (!pgUrl) {
    const buf = fs.readFileSync(TEMPLATE_DUMP);
    const database = await openPglite({ loadDataDir: new Blob([buf]) });
    return Object.assign(database, { drop: async () => {} });
  }
  const name = `sv_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
  await admin.end();
  const database = await openPostgres(withDatabase(pgUrl, name), { max: 5 });
  return Object.assign(database, {
    async drop() {
      const a = new pg.Client({ connectionString: pgUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  });
}
