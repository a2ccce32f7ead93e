// npm start: build the web app, then serve API + web from one port on the embedded database
// (or DATABASE_URL). Migrations run and demo data is seeded on first start (issue 2 §1).
// `npm start -- --no-build` skips the build (serving an earlier build, or the API alone).
//
// Stopping (issue 16): one signal path to the server. A signal sent to the whole process group
// (terminal Ctrl+C, systemd, a closing terminal) reaches the server directly, and the server
// tells this wrapper it is stopping, so nothing is forwarded a second time; a signal sent to this
// wrapper alone (`docker stop` signals PID 1 only) is forwarded once. The wrapper never exits
// before the server and exits with its code (128 + n when it was killed by signal n).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
if (!process.argv.includes('--no-build')) {
  const started = Date.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: {
    NODE_ENV: 'production',
    ...(fs.existsSync(path.join(webDist, 'index.html')) ? { WEB_DIST_DIR: webDist } : {}),
    ...process.env,
  },
});

let serverStopping = false;
server.on('message', (m) => {
  if (m && typeof m === 'object' && m.type === 'stopping') serverStopping = true;
});
const running = () => server.exitCode === null && server.signalCode === null;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    // A group signal reaches the server too and it answers "stopping" at once; give it a moment
    // to say so, and forward only a signal that was meant for this wrapper alone.
    setTimeout(() => {
      if (!serverStopping && running()) server.kill(sig);
    }, 300);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
