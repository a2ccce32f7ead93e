import { seedDemoIfEmpty } from '../../db/seed/demo';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { runCli } from './cli';

await runCli(async () => {
  const config = loadConfig();
  const database = await openDatabase(config, { command: 'db:seed' });
  try {
    await database.migrate();
    const seeded = await seedDemoIfEmpty(database.db);
    console.log(seeded ? 'Demo data seeded.' : 'Database already has data; nothing seeded.');
  } finally {
    await database.close();
  }
});
