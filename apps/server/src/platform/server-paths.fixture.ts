// An entry built by server-paths.unit.test.ts with scripts/build-server.mjs: run compiled, it
// prints what a bundled server finds (its folder, migrations, demo roster, import worker) and
// parses a CSV in the compiled import worker.
import fs from 'node:fs';
import { closeImportWorkers, readImportFile } from './imports/import-worker-pool';
import { DEMO_SIS_BUNDLE_DIR, IMPORT_WORKER_ENTRY, MIGRATIONS_DIR, SERVER_DIR } from './server-paths';

const table = await readImportFile('check.csv', Buffer.from('first,last\nAnn,Lee\n'));
await closeImportWorkers();
console.log(
  JSON.stringify({
    serverDir: SERVER_DIR,
    migrations: fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length,
    demoRoster: fs.existsSync(`${DEMO_SIS_BUNDLE_DIR}/users.csv`),
    worker: IMPORT_WORKER_ENTRY,
    headers: table.headers,
    rows: table.rows.length,
  }),
);
