// npm start: build the web app and the server, then serve API + web from one port on the
// embedded database (or DATABASE_URL). Migrations run and demo data is seeded on first start
// (issue 2 §1). The server runs compiled (apps/server/dist, scripts/build-server.mjs; ADR 0019).
// `npm start -- --no-build` skips both builds and serves the earlier ones (or the API alone when
// the web app was never built); a server that was never built is built anyway (about a second),
// so production always runs the bundle and never tsx.
// Stack traces mapped to src/: NODE_OPTIONS=--enable-source-maps npm start (5-10 MB more RSS).
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
const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
const noBuild = process.argv.includes('--no-build');
if (!noBuild) {
  const started = Date.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (!noBuild || !fs.existsSync(serverBundle)) {
  // in a child process, like the web build: this wrapper lives as long as the server and should
  // hold nothing it no longer needs (esbuild's service process, the build's heap)
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [serverBundle], {
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
