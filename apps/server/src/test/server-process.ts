import { type ChildProcess, spawn } from 'node:child_process';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../db/seed/demo';

/**
 * Real server processes for the tests that start, stop and kill them (test/durability/crash.test.ts,
 * test/two-instances.test.ts): the environment a production start has, the process with its
 * output kept for failure messages, waiting until healthy, and the desk's sign-in over HTTP.
 */

export interface ServerProcess {
  proc: ChildProcess;
  /** everything it printed, for a failure message */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A signed-in desk over HTTP: session cookie, CSRF token and the attendant's building. */
export interface HttpSession {
  cookie: string;
  csrf: string;
  buildingId: number;
}

/** The environment of a production start, without this test run's database and worker variables. */
export function productionEnv(extra: Record<string, string>): Record<string, string> {
  const {
    DATABASE_URL: _a,
    TEST_DATABASE_URL: _b,
    VITEST: _c,
    VITEST_POOL_ID: _d,
    VITEST_WORKER_ID: _e,
    ...env
  } = process.env as Record<string, string>;
  return { ...env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
}

/** Starts `node <args>`; `detached` puts it in its own process group (pgid = its pid). */
export function startProcess(
  args: string[],
  opts: { cwd: string; env: Record<string, string>; detached?: boolean },
): ServerProcess {
  const proc = spawn(process.execPath, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: opts.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, output: () => out, exited };
}

export async function waitUntil(what: string, ms: number, check: () => boolean | Promise<boolean>, everyMs = 50) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${ms} ms: ${what}`);
}

/** Until /api/health answers 200; fails at once, with its output, when the process exits. */
export async function waitHealthy(server: ServerProcess, base: string, ms = 120_000, name = 'server') {
  await waitUntil(`${name} healthy`, ms, async () => {
    if (server.proc.exitCode !== null) throw new Error(`${name} exited during start:\n${server.output()}`);
    return fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
  });
}

/** Signs a demo account in through the API (demo password). */
export async function loginOverHttp(base: string, email: string): Promise<HttpSession> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login at ${base}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { csrfToken: string; user: { buildingId: number } };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sv_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return { cookie, csrf: body.csrfToken, buildingId: body.user.buildingId };
}

/** One photo file of the district (a holder visitor's photo), which check-ins may then reuse. */
export async function uploadPhotoOverHttp(base: string, s: HttpSession, idempotencyKey: string): Promise<string> {
  const holder = await fetch(`${base}/api/visitors`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: s.cookie,
      'x-csrf-token': s.csrf,
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify({ buildingId: s.buildingId, firstname: 'Photo', lastname: 'Holder', dob: '1980-01-01' }),
  });
  if (holder.status !== 200) throw new Error(`photo holder: ${holder.status} ${await holder.text()}`);
  const { id } = (await holder.json()) as { id: number };
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#557799' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/api/visitors/${id}/photo`, {
    method: 'POST',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
    body: form,
  });
  if (res.status !== 200) throw new Error(`photo: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { photoFileId: string }).photoFileId;
}
