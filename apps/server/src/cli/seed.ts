import { seedDemoIfEmpty } from '../../db/seed/demo';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const seeded = await seedDemoIfEmpty(database.db);
console.log(seeded ? 'Demo data seeded.' : 'Database already has data; nothing seeded.');
await database.close();
