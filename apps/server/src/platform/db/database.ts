import fs from 'node:fs';
import path from 'node:path';
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
import { INSTANCE_ID } from '../instances';
import { MIGRATIONS_DIR } from '../server-paths';
import { type DataDirLock, lockDataDir } from './data-lock';
import { backfillIdentityKeys } from './identity-keys';

export type Schema = typeof schema;

export type ListenState = 'lost' | 'restored';
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 5_000;
/** The advisory lock every instance's migration takes (an arbitrary constant: "SV" + migrations). */
const MIGRATION_LOCK_KEY = 5_356_000_001;
/** One handle type for both drivers (stack guide: Drizzle). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const pgliteExtensions = { pg_trgm, citext, fuzzystrmatch, unaccent };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** raw SQL for reports and scripts (parameters as $1..$n) */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** LISTEN on a channel; returns an unsubscribe function (used for dashboard push) */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL: hears when the LISTEN connection is lost and when it is back (issue 23 §8);
   * notifications sent in between are not delivered. The embedded database has no such connection.
   */
  onListenState?(watch: (state: ListenState) => void): () => void;
  /** Applies the migrations, then fills the identity keys rows lack (platform/db/identity-keys.ts). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: a consistent tarball (gzip) of the data dir, taken between queries after a
   * checkpoint (test fixtures clone a migrated database this way; backups are these).
   */
  dump?(): Promise<Blob>;
  /** PGlite with a data folder: the folder's lock (issue 16: one opener per folder) */
  lock?: DataDirLock;
  /** PGlite with a data folder: what was found and repaired at open (stale postmaster.pid) */
  recovered?: string[];
}

/**
 * The embedded database folder cannot be opened and nothing safe can repair it: one sentence
 * and the way out, never a WASM stack trace (issue 16).
 */
export class DataDirDamagedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly reason: string,
  ) {
    super(
      `The embedded database in ${dataDir} cannot be opened (${reason}). ` +
        'Restore the latest snapshot with "npm run db:restore -- --latest" (see README, "Backups").',
    );
    this.name = 'DataDirDamagedError';
  }
}

/**
 * What is safe to repair before PGlite opens a folder whose previous owner did not close it
 * (we hold the folder's lock, so nobody else is using it): a left-over `postmaster.pid` (PGlite
 * writes -42 in it for every instance and removes it on a clean close) is deleted. A folder with
 * data files but no control file cannot be repaired here.
 */
function inspectAndRepair(dataDir: string): string[] {
  const notes: string[] = [];
  const has = (f: string) => fs.existsSync(path.join(dataDir, f));
  if (!has('PG_VERSION')) {
    const entries = fs.readdirSync(dataDir).filter((f) => f !== 'safevisitor.lock' && !f.startsWith('.'));
    if (entries.some((f) => ['base', 'global', 'pg_wal'].includes(f))) {
      throw new DataDirDamagedError(dataDir, 'PG_VERSION is missing');
    }
    return notes; // a new folder: PGlite initialises it
  }
  for (const required of ['global/pg_control', 'base', 'pg_wal']) {
    if (!has(required)) throw new DataDirDamagedError(dataDir, `${required} is missing`);
  }
  if (has('postmaster.pid')) {
    const content = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]?.trim();
    fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    notes.push(
      `the previous run did not close the database (postmaster.pid ${content || 'empty'} removed); recovering from the write-ahead log`,
    );
  }
  return notes;
}

export async function openPglite(opts: {
  dataDir?: string;
  loadDataDir?: Blob;
  /** what this opener is, for the lock file (default: the command line) */
  command?: string;
  /** the folder's lock, when the caller took it already (the server takes it before loading the app) */
  lock?: DataDirLock;
}): Promise<Database> {
  let lock: DataDirLock | undefined;
  let recovered: string[] = [];
  if (opts.dataDir) {
    // creates the folder (PGlite does not create parents)
    lock = opts.lock ?? lockDataDir(opts.dataDir, opts.command);
    try {
      recovered = inspectAndRepair(opts.dataDir);
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create(opts.dataDir, {
      extensions: pgliteExtensions,
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    if (opts.dataDir) await client.query('select 1');
  } catch (err) {
    lock?.release();
    if (!opts.dataDir) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new DataDirDamagedError(
      opts.dataDir,
      /Aborted/.test(message) ? 'the database engine aborted while recovering it' : message.split('\n')[0],
    );
  }
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
      await backfillIdentityKeys(async (text, params) => (await client.query(text, params as unknown[])).rows as never);
    },
    async close() {
      if (client.closed) return;
      try {
        // write every dirty page now, so the next start has no write-ahead log to replay
        if (opts.dataDir) await client.query('CHECKPOINT');
        await client.close();
      } finally {
        lock?.release();
      }
    },
    async dump() {
      if (opts.dataDir) await client.query('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    lock,
    recovered,
  };
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  // every connection carries this process's instance id: an instance with a connection open is
  // alive, whatever its heartbeat says (platform/instances.ts, ADR 0028)
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, application_name: INSTANCE_ID });
  pool.on('error', () => {}); // idle-client errors surface on the next query
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const handlers = new Map<string, Set<(p: string) => void>>();
  const stateWatchers = new Set<(state: ListenState) => void>();
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closing = false;
  let retryDelay = LISTEN_RETRY_MIN_MS;
  const tellState = (state: ListenState) => {
    for (const w of stateWatchers) w(state);
  };

  /**
   * The LISTEN connection (issue 23 §8): one per instance. When it fails (a PostgreSQL restart or
   * failover, a terminated backend) the instance does not crash: watchers hear 'lost', a new
   * connection is made with back-off, every channel is listened to again, and watchers hear
   * 'restored' (dashboards refetch what they may have missed).
   */
  function connectListener(): Promise<pg.Client> {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url, application_name: INSTANCE_ID });
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (listener === client) listener = null;
        client.end().catch(() => {});
        if (closing) return;
        tellState('lost');
        scheduleReconnect();
      };
      client.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
      } catch (err) {
        lost = true;
        client.end().catch(() => {});
        throw err;
      }
      client.on('error', onLost);
      client.on('end', onLost);
      listener = client;
      retryDelay = LISTEN_RETRY_MIN_MS;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function scheduleReconnect() {
    const delay = retryDelay;
    retryDelay = Math.min(retryDelay * 2, LISTEN_RETRY_MAX_MS);
    setTimeout(() => {
      if (closing || listener) return;
      connectListener().then(
        () => tellState('restored'),
        () => scheduleReconnect(),
      );
    }, delay).unref();
  }

  return {
    kind: 'postgres',
    db,
    async query(text, params) {
      const res = await pool.query(text, params as unknown[]);
      return res.rows;
    },
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('bad channel name');
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // a connection made after this point listens to every channel in `handlers`
        if (listener) await listener.query(`LISTEN ${channel}`);
      }
      set.add(onPayload);
      if (!listener) await connectListener();
      return async () => {
        set.delete(onPayload);
      };
    },
    onListenState(watch) {
      stateWatchers.add(watch);
      return () => stateWatchers.delete(watch);
    },
    async migrate() {
      // Issue 23 §8: any number of instances may start at once on an empty database; they take
      // turns (the first migrates, the others find nothing to do) instead of racing on CREATE
      // EXTENSION. A session advisory lock on a connection held for the whole migration.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        // on the lock's own connection: a pool of one (db:to-postgres) has no second one to give
        await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder: MIGRATIONS_DIR });
        await backfillIdentityKeys(
          async (text, params) => (await lockClient.query(text, params as unknown[])).rows as never,
        );
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * The configured database. On the embedded database the data folder is locked first (every
 * opener goes through here or openPglite): a second opener fails at once with DataDirLockedError.
 */
export async function openDatabase(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  opts: { command?: string; lock?: DataDirLock } = {},
): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: config.DATA_DIR, command: opts.command, lock: opts.lock });
}
