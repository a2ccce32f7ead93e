import { loadConfig } from '../platform/config';
import { openPglite } from '../platform/db/database';
import { copyToPostgres } from '../platform/db/to-postgres';
import { runCli } from './cli';

/**
 * DATABASE_URL=postgres://… npm run db:to-postgres
 *
 * Copies the embedded database (DATA_DIR; the server must be stopped) into the PostgreSQL
 * database DATABASE_URL, which is migrated first and must be empty. Then start the server with
 * DATABASE_URL set. The embedded folder is left as it was.
 */
await runCli(async () => {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('usage: DATABASE_URL=postgres://user@host:5432/db npm run db:to-postgres');
  const source = await openPglite({ dataDir: config.DATA_DIR, command: 'db:to-postgres' });
  try {
    const started = Date.now();
    const copied = await copyToPostgres(source, config.DATABASE_URL, console.log);
    const rows = copied.reduce((s, c) => s + c.rows, 0);
    console.log(
      `Copied ${rows} rows in ${copied.length} tables from ${config.DATA_DIR} into PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(
      `Start the server with this DATABASE_URL from now on, and APP_SECRET set to the secret the embedded install used (${config.DATA_DIR}/app-secret, unless you set APP_SECRET yourself): stored integration secrets are encrypted with it.`,
    );
  } finally {
    await source.close();
  }
});
