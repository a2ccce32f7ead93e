import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { listSnapshots, pruneSnapshots, snapshotClosedFolder } from '../platform/db/backup';
import { DataDirLockedError, ownerAlive } from '../platform/db/data-lock';
import { runCli } from './cli';

/**
 * npm run db:backup [-- --dir <folder>]
 *
 * A consistent snapshot of the embedded database (DATA_DIR) into BACKUP_DIR (default
 * `<DATA_DIR>-backups`). While the server runs it holds the folder, so the server is asked to
 * take the snapshot itself (SIGUSR2) and this waits for the file.
 */
await runCli(async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) throw new Error('DATABASE_URL is set: on PostgreSQL back up with pg_dump.');
  const argv = process.argv.slice(2);
  const dirArg = argv.indexOf('--dir');
  const dir = path.resolve(dirArg >= 0 ? (argv[dirArg + 1] ?? '') : config.BACKUP_DIR);
  if (!fs.existsSync(path.join(config.DATA_DIR, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${config.DATA_DIR} (set DATA_DIR).`);
  }
  try {
    const s = await snapshotClosedFolder(config.DATA_DIR, dir, 'db:backup');
    pruneSnapshots(dir, Math.max(config.BACKUP_KEEP, listSnapshots(dir).length)); // removes .partial leftovers only
    console.log(`Snapshot written: ${s.file} (${(s.bytes / 1e6).toFixed(1)} MB)`);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const owner = err.owner;
    if (!owner.command.startsWith('server') || owner.host !== os.hostname() || dir !== config.BACKUP_DIR) throw err;
    const before = listSnapshots(dir)[0]?.file;
    process.kill(owner.pid, 'SIGUSR2');
    console.log(`The server (process ${owner.pid}) holds ${config.DATA_DIR}; asked it for a snapshot…`);
    const deadline = Date.now() + 5 * 60_000;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const newest = listSnapshots(dir)[0]?.file;
      if (newest && newest !== before) {
        console.log(`Snapshot written: ${newest}`);
        return;
      }
      if (!ownerAlive(owner)) break;
    }
    throw new Error('The server did not write a snapshot (see its log).');
  }
});
