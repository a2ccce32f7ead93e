import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../platform/db/database';
import type { DemoWorld } from '../../db/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** per-run folder with the PGlite template dump and the seeded world ids */
    testRunDir: string;
    /** per-run PostgreSQL template database name (when TEST_DATABASE_URL is set) */
    pgTemplate: string | null;
  }
}

export const TEST_DATA_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.test-data');

/** Which database the API suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testPgUrl = () => process.env.TEST_DATABASE_URL || null;

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function readWorld(): DemoWorld {
  return JSON.parse(fs.readFileSync(path.join(inject('testRunDir'), 'world.json'), 'utf8'));
}

/**
 * A fresh, migrated, demo-seeded database for one test file: a clone of the template made
 * by global-setup (about 0.5 s on PGlite, ~100 ms on PostgreSQL). No manual clean-up.
 */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const pgUrl = testPgUrl();
  const template = inject('pgTemplate');
  if (!pgUrl || !template) {
    const buf = fs.readFileSync(path.join(inject('testRunDir'), 'template.tgz'));
    const database = await openPglite({ loadDataDir: new Blob([buf]) });
    return Object.assign(database, { drop: async () => {} });
  }
  const name = `${template}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
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
