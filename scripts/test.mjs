// npm test: every test. Units; the web component tests (issue 24 §5); the API suite on the embedded database, and again on PostgreSQL
// when TEST_DATABASE_URL or DATABASE_URL is set; then the browser suite against the
// production build (issue 2 §1). Stops at the first failing stage.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const { DATABASE_URL: _ignored, TEST_DATABASE_URL: _ignored2, ...baseEnv } = process.env;

const stages = [
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit'], env: baseEnv },
  { name: 'web components', cmd: ['npx', 'vitest', 'run', '--project', 'web'], env: baseEnv },
  { name: 'api (embedded PGlite)', cmd: ['npx', 'vitest', 'run', '--project', 'api'], env: baseEnv },
  ...(pgUrl
    ? [
        {
          name: 'api (PostgreSQL)',
          cmd: ['npx', 'vitest', 'run', '--project', 'api'],
          env: { ...baseEnv, TEST_DATABASE_URL: pgUrl },
        },
      ]
    : []),
  { name: 'browser (e2e)', cmd: ['node', 'scripts/e2e.mjs'], env: baseEnv },
];
if (!pgUrl) console.log('TEST_DATABASE_URL/DATABASE_URL not set: the API suite runs on the embedded database only.');

const results = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const t = Date.now();
  const r = spawnSync(stage.cmd[0], stage.cmd.slice(1), { cwd: root, stdio: 'inherit', env: stage.env });
  results.push(`${stage.name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  if (r.status !== 0) {
    console.log(`\n${results.join('\n')}`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}`);
