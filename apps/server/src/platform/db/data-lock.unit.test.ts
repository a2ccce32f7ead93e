import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, type LockOwner, lockDataDir, processStartTime } from './data-lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sv-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const dir = (name: string) => path.join(root, name);
const owner = (o: Partial<LockOwner>): LockOwner => ({
  pid: 1,
  startTime: null,
  host: os.hostname(),
  command: 'server (npm start)',
  startedAt: '2026-11-24T08:00:00.000Z',
  nonce: 'other',
  ...o,
});
const writeLock = (d: string, o: LockOwner) => {
  fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(d, LOCK_FILE), JSON.stringify(o));
};

describe('data folder lock (issue 16: one opener)', () => {
  it('creates the folder, refuses a second opener naming the holder, and frees the folder on release', () => {
    const d = dir('a');
    const lock = lockDataDir(d, 'first');
    expect(JSON.parse(fs.readFileSync(path.join(d, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'first',
    });
    expect(() => lockDataDir(d, 'second')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(d, 'second')).toThrow(`in use by process ${process.pid} (first,`);
    lock.release();
    expect(fs.existsSync(path.join(d, LOCK_FILE))).toBe(false);
    const again = lockDataDir(d, 'third');
    expect(again.tookOver).toBeNull();
    again.release();
  });

  it('refuses while the holding process runs (another live process with its real start time)', () => {
    const d = dir('b');
    writeLock(d, owner({ pid: process.ppid, startTime: processStartTime(process.ppid) }));
    expect(() => lockDataDir(d)).toThrow(`in use by process ${process.ppid}`);
  });

  it('takes over the lock of a process that is gone', () => {
    const d = dir('c');
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    writeLock(d, owner({ pid: Number(gone) }));
    const lock = lockDataDir(d, 'after crash');
    expect(lock.tookOver?.pid).toBe(Number(gone));
    expect(JSON.parse(fs.readFileSync(path.join(d, LOCK_FILE), 'utf8')).command).toBe('after crash');
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reused), or to this very process', () => {
    const d = dir('d');
    writeLock(d, owner({ pid: process.ppid, startTime: '1' })); // the pid runs, but started at another time
    lockDataDir(d).release();
    writeLock(d, owner({ pid: process.pid, startTime: '1' })); // a container restart gave us the old pid
    lockDataDir(d).release();
  });

  it('takes over an unreadable lock file once it is old enough not to be mid-write', () => {
    const d = dir('e');
    fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(d, LOCK_FILE), '{"pi');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(d, LOCK_FILE), old, old);
    const lock = lockDataDir(d);
    expect(lock.owner.pid).toBe(process.pid);
    lock.release();
  });

  it('release never deletes a lock that is not its own', () => {
    const d = dir('f');
    const lock = lockDataDir(d);
    writeLock(d, owner({ pid: process.ppid, startTime: processStartTime(process.ppid) }));
    lock.release();
    expect(fs.existsSync(path.join(d, LOCK_FILE))).toBe(true);
  });
});
