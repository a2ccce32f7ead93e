import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { runCli } from './cli';

await runCli(async () => {
  const config = loadConfig();
  const database = await openDatabase(config, { command: 'db:migrate' });
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
});
