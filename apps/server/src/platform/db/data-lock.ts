import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One opener per embedded-database folder (issue 16).
 *
 * PGlite writes the same pid (42) into `postmaster.pid` for every instance, so PostgreSQL's own
 * lock cannot tell two processes apart: two openers of one folder both write, and the second
 * one's clean close deletes the first one's `postmaster.pid` and leaves a folder that no longer
 * opens. Every opener of a data folder (server, migrate, seed, registry import, backup/restore,
 * bench tools) therefore takes this lock before PGlite touches the folder: a file created with
 * O_EXCL holding the owner's pid, its start time (from /proc, so a reused pid is not mistaken for
 * the owner) and command. A lock whose process is gone is taken over.
 */
export const LOCK_FILE = 'safevisitor.lock';

export interface LockOwner {
  pid: number;
  /** the process's start time in clock ticks since boot (/proc/<pid>/stat field 22), when readable */
  startTime: string | null;
  host: string;
  command: string;
  startedAt: string;
  nonce: string;
}

export interface DataDirLock {
  path: string;
  owner: LockOwner;
  /** true when a lock left by a process that is gone was taken over */
  tookOver: LockOwner | null;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${owner.pid} (${owner.command}, since ${owner.startedAt}): ` +
        'stop that process first, or point DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** The start time of a process (clock ticks since boot), or null where /proc is not readable. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: split after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // field 22 overall
  } catch {
    return null;
  }
}

/** Whether the process that wrote `owner` is still running. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true; // another machine (shared disk): cannot tell, assume alive
  if (owner.pid === process.pid) return false; // a lock with our own pid is a previous life (container restart)
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: it exists but belongs to someone else
  }
  if (owner.startTime) {
    const now = processStartTime(owner.pid);
    if (now !== null && now !== owner.startTime) return false; // the pid was reused
  }
  return true;
}

function describeCommand() {
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : 'node';
  return [script, ...process.argv.slice(2)].join(' ').slice(0, 200);
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof parsed?.pid === 'number' ? (parsed as LockOwner) : null;
  } catch {
    return null;
  }
}

/** Locks this process holds (by nonce): a second opener in the same process is refused too. */
const heldHere = new Set<string>();

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the lock of a data folder (creating the folder) or throws DataDirLockedError naming the
 * process that holds it. Synchronous, so it runs before anything else touches the folder.
 */
export function lockDataDir(dataDir: string, command = describeCommand()): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: os.hostname(),
    command,
    startedAt: new Date().toISOString(),
    nonce: `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  };
  let tookOver: LockOwner | null = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      try {
        fs.writeSync(fd, `${JSON.stringify(owner)}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const existing = readOwner(file);
      if (!existing) {
        // being written right now, or a torn write of a crashed process: look again shortly
        const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
        if (age < 2000) {
          sleepSync(50);
          continue;
        }
      } else if (heldHere.has(existing.nonce) || ownerAlive(existing)) {
        throw new DataDirLockedError(dataDir, existing);
      }
      // stale: the process is gone (or the file is unreadable garbage). Take it over.
      tookOver = existing ?? tookOver;
      fs.rmSync(file, { force: true });
      continue;
    }
    if (tookOver) {
      // Two processes taking over the same stale lock at once could each delete the other's
      // fresh file; after a take-over, wait a moment and check the file is still ours.
      sleepSync(100);
      const now = readOwner(file);
      if (now?.nonce !== owner.nonce) {
        if (now && ownerAlive(now)) throw new DataDirLockedError(dataDir, now);
        continue;
      }
    }
    let released = false;
    heldHere.add(owner.nonce);
    const release = () => {
      if (released) return;
      released = true;
      heldHere.delete(owner.nonce);
      process.off('exit', release);
      if (readOwner(file)?.nonce === owner.nonce) fs.rmSync(file, { force: true });
    };
    process.on('exit', release);
    return { path: file, owner, tookOver, release };
  }
  throw new Error(
    `Could not take the lock ${file}: it keeps changing. Is another SafeVisitor starting on this folder?`,
  );
}
