import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
