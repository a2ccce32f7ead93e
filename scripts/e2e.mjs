// Browser tests with Playwright on Debian's chromium, against the production build served by
// the real server on a fresh embedded database. Installs chromium when missing and root;
// otherwise fails naming the package. Never skips silently (issue 2 §1).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the browser tests…');
    const upd = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const inst = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (upd.status !== 0 || inst.status !== 0 || !fs.existsSync(CHROMIUM)) {
      console.error('Could not install chromium. Install the Debian package "chromium" and run again.');
      process.exit(1);
    }
  } else {
    console.error(
      'Browser tests need Debian\'s chromium at /usr/bin/chromium: run "sudo apt-get install -y chromium".',
    );
    process.exit(1);
  }
}
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
let started = Date.now();
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`web build: ${seconds(started)}`);
// each Playwright worker starts its own server on E2E_PORT + n (ADR 0033)
started = Date.now();
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
console.log(`browser tests: ${r.status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
process.exit(r.status ?? 1);
