import { removeDemoData } from '../../db/seed/demo-removal';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { runCli } from './cli';

/**
 * `npm run demo:remove`: removes the demo districts and the demo accounts (issue 23 §1) from the
 * configured database. Create your own platform administrator first (`npm run admin:create`).
 * On the embedded database, stop the server first (the data folder has one opener).
 */
await runCli(async () => {
  const config = loadConfig();
  const database = await openDatabase(config, { command: 'demo:remove' });
  try {
    await database.migrate();
    const removed = await removeDemoData(database.db);
    console.log(
      `Removed ${removed.districts} demo district(s) and ${removed.accounts} demo account(s). The published demo password no longer opens anything.`,
    );
  } finally {
    await database.close();
  }
});
