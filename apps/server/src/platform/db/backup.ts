import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE, lockDataDir } from './data-lock';
import { type Database, openPglite, pgliteExtensions } from './database';

/**
 * Snapshots of the embedded database (issue 16). PGlite runs with fsync off, so a power loss
 * can lose the last writes or damage the folder whatever the product does: snapshots are the
 * answer. A snapshot is PGlite's dumpDataDir() after a CHECKPOINT, taken between queries, so
 * it is a consistent copy of the whole folder; `restore` loads one into a fresh folder.
 */
export const SNAPSHOT_PREFIX = 'safevisitor-';
export const SNAPSHOT_SUFFIX = '.tar.gz';

export const defaultBackupDir = (dataDir: string) => `${path.resolve(dataDir)}-backups`;

export interface Snapshot {
  file: string;
  takenAt: Date;
  bytes: number;
}

/** Snapshots in a folder, newest first. */
export function listSnapshots(dir: string): Snapshot[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(SNAPSHOT_PREFIX) && f.endsWith(SNAPSHOT_SUFFIX))
    .map((f) => {
      const file = path.join(dir, f);
      const stat = fs.statSync(file);
      return { file, takenAt: stat.mtime, bytes: stat.size };
    })
    .sort((a, b) => b.file.localeCompare(a.file));
}

/** Writes a snapshot of an open embedded database (atomically: a partial file is never listed). */
export async function writeSnapshot(database: Database, dir: string): Promise<Snapshot> {
  if (!database.dump) throw new Error('Snapshots are for the embedded database; on PostgreSQL use pg_dump.');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${SNAPSHOT_PREFIX}${stamp}${SNAPSHOT_SUFFIX}`);
  const partial = `${file}.partial`;
  const data = Buffer.from(await (await database.dump()).arrayBuffer());
  const fd = fs.openSync(partial, 'w');
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  return { file, takenAt: new Date(), bytes: data.length };
}

/** Keeps the newest `keep` snapshots; returns the files removed. */
export function pruneSnapshots(dir: string, keep: number): string[] {
  const old = listSnapshots(dir).slice(Math.max(keep, 1));
  for (const s of old) fs.rmSync(s.file, { force: true });
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    // partial files of a snapshot interrupted by a crash
    if (f.endsWith('.partial')) fs.rmSync(path.join(dir, f), { force: true });
  }
  return old.map((s) => s.file);
}

/**
 * Restores a snapshot into `dataDir` (which nobody may have open: its lock is taken). The
 * snapshot is loaded and checked in a new folder first; the current folder is kept beside it
 * as `<dataDir>.before-restore-<time>` and the restored one takes its place.
 */
export async function restoreSnapshot(snapshot: string, dataDir: string): Promise<{ keptAs: string | null }> {
  const target = path.resolve(dataDir);
  const lock = lockDataDir(target, `db:restore ${path.basename(snapshot)}`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${target}.restoring-${stamp}`;
  try {
    fs.mkdirSync(staging, { recursive: true });
    const client = await PGlite.create(staging, {
      loadDataDir: new Blob([fs.readFileSync(snapshot)]),
      extensions: pgliteExtensions,
    });
    await client.query('select count(*) from pg_class');
    await client.query('CHECKPOINT');
    await client.close();
    fs.rmSync(path.join(staging, LOCK_FILE), { force: true }); // the lock of the server that took it
    const hasData = fs.existsSync(path.join(target, 'PG_VERSION'));
    const keptAs = hasData ? `${target}.before-restore-${stamp}` : null;
    if (keptAs) fs.renameSync(target, keptAs);
    else fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
    if (keptAs) fs.rmSync(path.join(keptAs, LOCK_FILE), { force: true });
    return { keptAs };
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
}

/** Takes a snapshot of a data folder that no process has open. */
export async function snapshotClosedFolder(dataDir: string, dir: string, command: string): Promise<Snapshot> {
  const database = await openPglite({ dataDir, command });
  try {
    return await writeSnapshot(database, dir);
  } finally {
    await database.close();
  }
}

/**
 * The server's own snapshots: checks every hour and takes one when the newest is older than
 * `everyHours` (so a restart does not reset the clock), keeping `keep`. SIGUSR2 asks for one now
 * (what `npm run db:backup` sends to a running server).
 */
export function startSnapshots(
  database: Database,
  opts: { dir: string; everyHours: number; keep: number; log: (msg: string, err?: unknown) => void },
) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const take = (why: string) => {
    if (running || stopped) return running;
    running = writeSnapshot(database, opts.dir)
      .then((s) => {
        const removed = pruneSnapshots(opts.dir, opts.keep);
        opts.log(`snapshot ${s.file} (${why}, ${(s.bytes / 1e6).toFixed(1)} MB; ${removed.length} old removed)`);
      })
      .catch((err) => opts.log('snapshot failed', err))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const due = () => {
    const newest = listSnapshots(opts.dir)[0];
    if (!newest || Date.now() - newest.takenAt.getTime() >= opts.everyHours * 3600_000) take('scheduled');
  };
  const timers: NodeJS.Timeout[] = [];
  if (opts.everyHours > 0) {
    timers.push(setTimeout(due, 60_000), setInterval(due, 3600_000));
  }
  const onSignal = () => take('requested');
  process.on('SIGUSR2', onSignal);
  for (const t of timers) t.unref();
  return {
    take,
    /** stops scheduling and waits for a snapshot being written */
    async stop() {
      stopped = true;
      process.off('SIGUSR2', onSignal);
      for (const t of timers) clearTimeout(t);
      await running;
    },
  };
}
