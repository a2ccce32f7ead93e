import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { listSnapshots, restoreSnapshot } from '../platform/db/backup';
import { runCli } from './cli';

/**
 * npm run db:restore -- <snapshot.tar.gz> | --latest
 *
 * Brings a snapshot back into DATA_DIR. The server must be stopped (the folder's lock says so
 * otherwise). The current folder is kept beside it as `<DATA_DIR>.before-restore-<time>`.
 */
await runCli(async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) throw new Error('DATABASE_URL is set: on PostgreSQL restore with pg_restore.');
  const arg = process.argv[2];
  if (!arg) throw new Error('usage: npm run db:restore -- <snapshot.tar.gz> | --latest');
  const file = arg === '--latest' ? listSnapshots(config.BACKUP_DIR)[0]?.file : path.resolve(arg);
  if (!file || !fs.existsSync(file)) {
    throw new Error(arg === '--latest' ? `No snapshot in ${config.BACKUP_DIR}.` : `${arg}: no such file.`);
  }
  const { keptAs } = await restoreSnapshot(file, config.DATA_DIR);
  console.log(`Restored ${file} into ${config.DATA_DIR}.${keptAs ? ` The previous folder is kept as ${keptAs}.` : ''}`);
});
