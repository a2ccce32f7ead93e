import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../db/schema/index';

export type Schema = typeof schema;
/** One handle type for both drivers (stack guide: Drizzle). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../db/migrations');

const pgliteExtensions = { pg_trgm, citext, fuzzystrmatch, unaccent };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** raw SQL for reports and scripts (parameters as $1..$n) */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** LISTEN on a channel; returns an unsubscribe function (used for dashboard push) */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data dir (test fixtures clone a migrated database this way) */
  dump?(): Promise<Blob>;
}

export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true }); // PGlite does not create parents
  const client = await PGlite.create(opts.dataDir, {
    extensions: pgliteExtensions,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query(text, params) {
      const res = await client.query(text, params as unknown[]);
      return res.rows as never;
    },
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await client.close();
    },
    async dump() {
      return client.dumpDataDir('gzip');
    },
  };
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  pool.on('error', () => {}); // idle-client errors surface on the next query
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(p: string) => void>>();
  return {
    kind: 'postgres',
    db,
    async query(text, params) {
      const res = await pool.query(text, params as unknown[]);
      return res.rows;
    },
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('bad channel name');
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (n) => {
          for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN ${channel}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async migrate() {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export async function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite({ dataDir: config.DATA_DIR });
}
