import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OidcPeer, startOidcProvider } from '../apps/server/src/test/peers/oidc-provider';
import { type SmtpPeer, startSmtpServer } from '../apps/server/src/test/peers/smtp-server';
import { OIDC } from './oidc';

/**
 * One browser-test world per Playwright worker (ADR 0033, issue 24 §5): the real server
 * (`node --import tsx apps/server/src/main.ts`, production build of the web app) on its own port
 * and its own fresh embedded database seeded with the demo data, with its own SMTP peer and its
 * own OpenID Connect provider. Two workers never share a database, a mailbox or a provider, so a
 * test cannot see another worker's data, e-mail or sign-in.
 */
export interface E2eServer {
  /** e.g. http://localhost:3100 — the tests' baseURL and the server's PUBLIC_URL */
  url: string;
  port: number;
  /** the SMTP peer the server sends through (SMTP_URL) */
  mail: SmtpPeer;
  /** the local Microsoft sign-in provider (OIDC_ISSUER) */
  oidc: OidcPeer;
  stop(): Promise<void>;
}

/**
 * The first worker's port: E2E_PORT (default 3100); worker n listens on E2E_PORT + n, so a run
 * takes E2E_PORT … E2E_PORT + workers − 1. Two runs at once need base ports that far apart.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

const START_TIMEOUT_MS = 180_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Resolves once nothing listens on `port` (a previous worker's server may still be stopping). */
async function waitForFreePort(port: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      // the server listens on 0.0.0.0 (HOST default): probe the same way it will bind
      probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
    });
    if (free) return;
    if (Date.now() > until) {
      throw new Error(
        `Port ${port} is in use: another browser-test run or server is listening. Set E2E_PORT to a free base port.`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The worker's environment without a database URL: each server has its own embedded database. */
function serverEnv() {
  const { DATABASE_URL: _db, TEST_DATABASE_URL: _testDb, ...env } = process.env;
  return env;
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(url: string, child: ChildProcess, stderrTail: () => string) {
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited(child)) {
      throw new Error(`The e2e server at ${url} exited (code ${child.exitCode}) before it was ready:\n${stderrTail()}`);
    }
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    // answered by our process, not by something that took the port meanwhile
    if (ok && !exited(child)) return;
    if (Date.now() > until) throw new Error(`The e2e server at ${url} was not ready within ${START_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the peers and the server for worker `index` (Playwright's parallelIndex). */
export async function startE2eServer(index: number): Promise<E2eServer> {
  const port = E2E_BASE_PORT + index;
  const url = `http://localhost:${port}`;
  const mail = await startSmtpServer();
  const oidc = await startOidcProvider({
    clientId: OIDC.clientId,
    clientSecret: OIDC.clientSecret,
    redirectUri: `${url}/api/auth/microsoft/callback`,
    postLogoutRedirectUris: [`${url}/Account/Login`],
    accounts: [{ ...OIDC.account, tid: OIDC.tenantId }, OIDC.district.account],
    // issue 30: a district's own provider on the same peer, its own client and callback
    extraClients: [
      {
        clientId: OIDC.district.clientId,
        clientSecret: OIDC.district.clientSecret,
        redirectUri: `${url}/api/auth/sso/callback`,
      },
    ],
  });
  // a fresh embedded database per worker, seeded with the demo data on first start
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sv-e2e-${port}-`));
  const cleanUp = async () => {
    await mail.close().catch(() => undefined);
    await oidc.close().catch(() => undefined);
    for (const dir of [dataDir, `${dataDir}-backups`]) fs.rmSync(dir, { recursive: true, force: true });
  };

  let child: ChildProcess;
  const stderr: string[] = [];
  try {
    await waitForFreePort(port, 30_000);
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...serverEnv(),
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        // E2E_WEB_DIST_DIR: test a build in another folder (parallel work in one tree shares apps/web/dist)
        WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist'),
        LOG_LEVEL: 'warn',
        // the fake printer listens on 127.0.0.1 (issue 23 §7, ADR 0027: never set in a real install)
        PRINTER_ALLOW_LOOPBACK: 'true',
        // webhook receivers of the tests listen on 127.0.0.1 (issue 28 §5, ADR 0051)
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Microsoft sign-in against this worker's provider, which knows this server's redirect URI
        PUBLIC_URL: url,
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: OIDC.clientId,
        OIDC_CLIENT_SECRET: OIDC.clientSecret,
        OIDC_LINK_TENANTS: OIDC.tenantId,
        // e-mail goes to this worker's SMTP peer (waitForMail in e2e/mail.ts)
        SMTP_URL: mail.url,
      },
    });
  } catch (err) {
    await cleanUp();
    throw err;
  }
  // the worker dies without its fixture teardown (a crash, a kill): never leave the server behind
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 50) stderr.shift();
    process.stderr.write(chunk.replace(/^(?=.)/gm, `[e2e server ${port}] `));
  });
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited(child)) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
    await cleanUp();
  };
  try {
    await waitForHealth(url, child, () => stderr.join(''));
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, mail, oidc, stop };
}
