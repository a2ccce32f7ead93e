import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../../../scripts/build-server.mjs';
import { openPglite } from '../../platform/db/database';
import { testPgUrl, withDatabase } from '../test-db';
import { nameTag } from '../names';
import {
  type HttpSession,
  loginOverHttp,
  productionEnv,
  type ServerProcess,
  startProcess,
  uploadPhotoOverHttp,
  waitHealthy as waitForHealth,
  waitUntil,
} from '../server-process';

/**
 * Issue 16: the embedded database survives every stop, crash and second start.
 *
 * Starts the real server through `npm start`'s wrapper (scripts/start.mjs, in its own process
 * group, as a terminal or systemd would), writes continuously (visitors, then check-ins with
 * Idempotency-Keys) while recording every acknowledged id, with a dashboard event stream open,
 * and stops it at a random moment: SIGTERM to the group, SIGINT to the group (Ctrl+C), SIGTERM
 * to the server alone, SIGTERM to the wrapper alone (`docker stop`), kill -9 of the group.
 * After each stop every acknowledged id must be present exactly once, check-ins whose answer was
 * lost are retried with the same key after the restart, and every restart must come up healthy.
 *
 * On the embedded database (the API suite's PGlite stage) every kind runs CRASH_TRIALS times
 * (default 1: CI time; the issue's 10 per kind: CRASH_TRIALS=10; CRASH_LOG=<file> appends one line per trial). On PostgreSQL (the stage with
 * TEST_DATABASE_URL) the kill -9 storm runs CRASH_TRIALS_PG times (default 3).
 * Check-ins cut by the kill are retried with their key: on the embedded database a key left by
 * the killed process is resolved at the first retry; on PostgreSQL (several servers may share it)
 * once the killed instance is known to be gone, a few seconds (issue 23 §4, ADR 0028; "stuck
 * keys" counts those the first retry found still reserved).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const pgUrl = testPgUrl();
const TRIALS = Number(process.env.CRASH_TRIALS ?? 1);
const PG_TRIALS = Number(process.env.CRASH_TRIALS_PG ?? 3);
const WORKERS = 3;

type StopKind = 'sigterm-group' | 'sigint-group' | 'sigterm-server' | 'sigterm-wrapper' | 'kill9-group';
const CLEAN_KINDS: StopKind[] = ['sigterm-group', 'sigint-group', 'sigterm-server', 'sigterm-wrapper'];

const port = 3700 + Math.floor(Math.random() * 90);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sv-durable-'));
/** every process group this file started: a failed assertion must not leave a server running */
const groups = new Set<number>();
// the wrapper runs with --no-build, which serves the existing server bundle: build it from these
// sources first, or this would test whatever an earlier build left in apps/server/dist
beforeAll(() => buildServer({ logLevel: 'error' }), 60_000);
afterAll(() => {
  for (const pgid of groups) if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  fs.rmSync(workDir, { recursive: true, force: true });
});

type Running = ServerProcess;

function baseEnv(extra: Record<string, string>) {
  return productionEnv({
    BACKUP_INTERVAL_HOURS: '0',
    APP_SECRET: 'crash-test-secret-0123456789abcdef0123456789',
    SEED_DEMO: 'true',
    ...extra,
  });
}

/** `npm start -- --no-build` in its own process group (pgid = the wrapper's pid). */
function startWrapper(env: Record<string, string>, args: string[] = []): Running {
  const run = startProcess([path.join(root, 'scripts/start.mjs'), '--no-build', ...args], {
    cwd: root,
    env,
    detached: true,
  });
  if (run.proc.pid) groups.add(run.proc.pid);
  return run;
}

function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitHealthy(run: Running, base: string) {
  await waitForHealth(run, base, 120_000);
}

/** The server process (the wrapper's child: node apps/server/dist/main.mjs). */
function serverPid(wrapperPid: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (Number(fields[1]) === wrapperPid && cmd.includes('main.mjs')) return Number(entry);
    } catch {
      // gone
    }
  }
  throw new Error('server process not found');
}

interface Session extends HttpSession {
  /** a photo of the district for check-ins (the demo building requires one) */
  photoFileId: string;
}

async function login(base: string): Promise<Session> {
  const session = { ...(await loginOverHttp(base, 'desk.northhigh@demo.test')), photoFileId: '' };
  session.photoFileId = await uploadPhotoOverHttp(base, session, `crash-${crypto.randomUUID()}`);
  return session;
}

interface Ledger {
  visitors: number[];
  checkIns: Map<string, { visitorId: number; visitId: number }>;
  /** check-ins sent whose answer never came (server stopped): retried with the same key */
  pending: Map<string, { visitorId: number; body: string }>;
  /** retried keys the server still reports as being processed (a crash between key and work) */
  stuck: Map<string, { visitorId: number; body: string }>;
}

// every create takes an Idempotency-Key (issue 23 §4): a fresh one unless the caller gives its own
const post = (base: string, s: Session, url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: s.cookie,
      'x-csrf-token': s.csrf,
      'idempotency-key': `crash-${crypto.randomUUID()}`,
      ...headers,
    },
    body,
    signal: AbortSignal.timeout(30_000),
  });

/** Writers: create a visitor, then check them in; every acknowledged id goes in the ledger. */
function startLoad(base: string, s: Session, ledger: Ledger, tag: string) {
  let stop = false;
  let n = 0;
  const worker = async (w: number) => {
    while (!stop) {
      const i = n++;
      let visitorId: number;
      let screeningId: string;
      try {
        const res = await post(
          base,
          s,
          '/api/visitors',
          JSON.stringify({
            buildingId: s.buildingId,
            firstname: `Crash${nameTag(w)}`,
            lastname: `T${tag.replace(/\d/g, (d) => nameTag(Number(d)))}x${nameTag(i)}`,
            dob: '1985-05-05',
          }),
        );
        if (res.status !== 200) throw new Error(`create visitor: ${res.status} ${await res.text()}`);
        visitorId = ((await res.json()) as { id: number }).id;
        ledger.visitors.push(visitorId);
        // every check-in names the server's screening of the person (ADR 0008)
        const screened = await post(
          base,
          s,
          `/api/visitors/${visitorId}/screening`,
          JSON.stringify({ buildingId: s.buildingId }),
        );
        if (screened.status !== 200) throw new Error(`screening: ${screened.status} ${await screened.text()}`);
        screeningId = ((await screened.json()) as { id: string }).id;
      } catch (err) {
        if (isStopError(err)) return;
        throw err;
      }
      const key = `crash-${tag}-${i}`;
      const body = JSON.stringify({ screeningId, visitorId, buildingId: s.buildingId, photoFileId: s.photoFileId });
      ledger.pending.set(key, { visitorId, body });
      try {
        const res = await post(base, s, '/api/visits', body, { 'idempotency-key': key });
        if (res.status !== 200) throw new Error(`check-in: ${res.status} ${await res.text()}`);
        ledger.checkIns.set(key, { visitorId, visitId: ((await res.json()) as { visit: { id: number } }).visit.id });
        ledger.pending.delete(key);
      } catch (err) {
        if (isStopError(err)) return; // stays pending: retried after the restart
        throw err;
      }
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return {
    done,
    stop() {
      stop = true;
    },
  };
}

/** A request cut by the server going away (or refused while it stops). */
function isStopError(err: unknown) {
  if (!(err instanceof Error)) return false;
  if (err.name === 'TypeError' || err.name === 'AbortError' || err.name === 'TimeoutError') return true; // fetch failed
  return /: 503 /.test(err.message);
}

/** Retries the check-ins whose answer was lost, with the same Idempotency-Key. */
async function retryPending(base: string, s: Session, ledger: Ledger) {
  for (const [key, p] of [...ledger.pending]) {
    const res = await post(base, s, '/api/visits', p.body, { 'idempotency-key': key });
    const text = await res.text();
    if (res.status === 200) {
      ledger.checkIns.set(key, { visitorId: p.visitorId, visitId: JSON.parse(text).visit.id });
      ledger.pending.delete(key);
    } else if (res.status === 409 && text.includes('still being processed')) {
      ledger.stuck.set(key, p);
      ledger.pending.delete(key);
    } else {
      throw new Error(`retry ${key}: ${res.status} ${text}`);
    }
  }
}

/** Opens an event stream as a dashboard does and keeps it open (it must not hold a stop). */
async function openDashboard(base: string, s: Session) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/buildings/${s.buildingId}/events`, {
    headers: { cookie: s.cookie },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body?.getReader();
  void (async () => {
    try {
      while (reader && !(await reader.read()).done) {
        // keep reading
      }
    } catch {
      // cut by the stop
    }
  })();
  return () => controller.abort();
}

interface Check {
  lostVisitors: number;
  lostCheckIns: number;
  duplicateVisits: number;
}

async function checkLedger(
  query: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
  ledger: Ledger,
) {
  const visitorIds = ledger.visitors;
  const present = await query('select id from visitors where id = any($1::int[])', [visitorIds]);
  const visitIds = [...ledger.checkIns.values()].map((c) => c.visitId);
  const visits = await query('select id from visits where id = any($1::int[])', [visitIds]);
  const dups = await query(
    'select visitor_id, count(*)::int as n from visits where visitor_id = any($1::int[]) group by visitor_id having count(*) > 1',
    [visitorIds],
  );
  return {
    lostVisitors: new Set(visitorIds).size - present.length,
    lostCheckIns: new Set(visitIds).size - visits.length,
    duplicateVisits: dups.length,
  } satisfies Check;
}

async function stop(run: Running, kind: StopKind) {
  const pgid = run.proc.pid as number;
  const started = Date.now();
  if (kind === 'sigterm-group') process.kill(-pgid, 'SIGTERM');
  else if (kind === 'sigint-group') process.kill(-pgid, 'SIGINT');
  else if (kind === 'sigterm-server') process.kill(serverPid(pgid), 'SIGTERM');
  else if (kind === 'sigterm-wrapper') process.kill(pgid, 'SIGTERM');
  else process.kill(-pgid, 'SIGKILL');
  const exit = await Promise.race([run.exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000).unref())]);
  if (!exit) {
    process.kill(-pgid, 'SIGKILL');
    throw new Error(`${kind}: npm start still running 30 s after the signal:\n${run.output().slice(-2000)}`);
  }
  // nothing of the group may live on (an orphaned server keeps the folder)
  await waitUntil(`${kind}: process group gone`, 15_000, () => !groupAlive(pgid));
  return { exit, ms: Date.now() - started };
}

function progress(line: string) {
  if (process.env.CRASH_LOG) fs.appendFileSync(process.env.CRASH_LOG, `${new Date().toISOString()} ${line}\n`);
}

function summary(
  rows: {
    kind: string;
    trials: number;
    acked: number;
    checkIns: number;
    lost: number;
    dups: number;
    stuck: number;
    stopMs: number[];
  }[],
) {
  const lines = rows.map(
    (r) =>
      `${r.kind.padEnd(16)} trials ${r.trials}  acked visitors ${r.acked}  acked check-ins ${r.checkIns}  lost ${r.lost}  duplicated ${r.dups}  stuck keys ${r.stuck}  stop ms max ${r.stopMs.length ? Math.max(...r.stopMs) : '-'}`,
  );
  console.log(`\ncrash test (issue 16):\n${lines.join('\n')}\n`);
  progress(`summary\n${lines.join('\n')}`);
}

describe.skipIf(!!pgUrl)('embedded database: stops, crashes, second openers', () => {
  const dataDir = path.join(workDir, 'data');
  const base = `http://127.0.0.1:${port}`;
  const env = baseEnv({ DATA_DIR: dataDir, PORT: String(port) });

  it(
    `survives ${TRIALS} stops of each kind and kill -9 with every acknowledged write present`,
    async () => {
      const ledger: Ledger = { visitors: [], checkIns: new Map(), pending: new Map(), stuck: new Map() };
      // CRASH_KINDS=kill9-group,sigterm-group: only these kinds (a longer storm of one kind)
      const only = process.env.CRASH_KINDS?.split(',');
      const kinds = ([...CLEAN_KINDS, 'kill9-group'] as StopKind[]).filter((k) => !only || only.includes(k));
      const schedule = kinds.flatMap((k) => Array.from({ length: TRIALS }, () => k));
      schedule.sort(() => Math.random() - 0.5);
      const stats = new Map(
        kinds.map((k) => [
          k,
          { kind: k, trials: 0, acked: 0, checkIns: 0, lost: 0, dups: 0, stuck: 0, stopMs: [] as number[] },
        ]),
      );
      for (const [t, kind] of schedule.entries()) {
        const run = startWrapper(env);
        await waitHealthy(run, base);
        const s = await login(base);
        const stuckBefore = ledger.stuck.size;
        await retryPending(base, s, ledger);
        if (t > 0) stats.get(schedule[t - 1])!.stuck += ledger.stuck.size - stuckBefore; // keys the last stop left
        const closeDashboard = await openDashboard(base, s);
        const before = { v: ledger.visitors.length, c: ledger.checkIns.size };
        const load = startLoad(base, s, ledger, `${t}`);
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 2500));
        const stopped = await stop(run, kind);
        load.stop();
        await load.done;
        closeDashboard();
        const st = stats.get(kind)!;
        st.trials++;
        st.acked += ledger.visitors.length - before.v;
        st.checkIns += ledger.checkIns.size - before.c;
        if (CLEAN_KINDS.includes(kind)) {
          // a clean stop: exit code 0 (through the wrapper), the database closed, the lock released
          st.stopMs.push(stopped.ms);
          expect(stopped.exit, `${kind}\n${run.output().slice(-2000)}`).toEqual({ code: 0, signal: null });
          expect(fs.existsSync(path.join(dataDir, 'postmaster.pid')), `${kind}: database not closed`).toBe(false);
          expect(fs.existsSync(path.join(dataDir, 'safevisitor.lock')), `${kind}: lock left`).toBe(false);
        }
        // the next opener (this test) finds every acknowledged write; a killed server's lock is taken over
        const database = await openPglite({ dataDir, command: 'crash test check' });
        try {
          const check = await checkLedger((sql, params) => database.query(sql, params), ledger);
          st.lost += check.lostVisitors + check.lostCheckIns;
          st.dups += check.duplicateVisits;
          progress(
            `trial ${t} ${kind}: exit ${JSON.stringify(stopped.exit)} in ${stopped.ms} ms; acked visitors ${ledger.visitors.length}, check-ins ${ledger.checkIns.size}, pending ${ledger.pending.size}, stuck ${ledger.stuck.size}; ${JSON.stringify(check)}`,
          );
          expect(check, `after ${kind} (trial ${t})`).toEqual({ lostVisitors: 0, lostCheckIns: 0, duplicateVisits: 0 });
        } finally {
          await database.close();
        }
      }
      // a last start: comes up healthy, the remaining lost answers are retried, all present
      const run = startWrapper(env);
      await waitHealthy(run, base);
      const s = await login(base);
      await retryPending(base, s, ledger);
      expect(ledger.pending.size).toBe(0);
      // one process per folder: a key an earlier (killed) process left is resolved at once
      expect([...ledger.stuck.keys()]).toEqual([]);
      await stop(run, 'sigterm-group');
      const database = await openPglite({ dataDir, command: 'crash test check' });
      try {
        expect(await checkLedger((sql, params) => database.query(sql, params), ledger)).toEqual({
          lostVisitors: 0,
          lostCheckIns: 0,
          duplicateVisits: 0,
        });
      } finally {
        await database.close();
      }
      summary([...stats.values()]);
      expect(ledger.visitors.length).toBeGreaterThan(schedule.length); // the load did write
    },
    budgetMs(TRIALS * 5),
  );

  it('refuses a second opener at once, naming the running process; the first keeps serving', async () => {
    const run = startWrapper(env);
    await waitHealthy(run, base);
    const s = await login(base);
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'safevisitor.lock'), 'utf8'));
    // a second `npm start` on the same folder (another port), and a migration
    const started = Date.now();
    const second = startWrapper(baseEnv({ DATA_DIR: dataDir, PORT: String(port + 100) }));
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(second.output()).toContain(`in use by process ${owner.pid}`);
    expect(second.output()).not.toMatch(/RuntimeError|wasm/);
    const migrate = spawn('npx', ['tsx', 'apps/server/src/cli/migrate.ts'], {
      cwd: root,
      env: { ...env, DATA_DIR: dataDir },
    });
    let migrateOut = '';
    migrate.stderr.on('data', (d) => {
      migrateOut += d;
    });
    const migrateCode = await new Promise((r) => migrate.on('exit', r));
    expect(migrateCode).toBe(1);
    expect(migrateOut).toContain(`in use by process ${owner.pid}`);
    // the same port, another folder: fails on the port before creating anything
    const otherDir = path.join(workDir, 'other');
    const third = startWrapper(baseEnv({ DATA_DIR: otherDir, PORT: String(port) }));
    expect(await third.exited).toEqual({ code: 1, signal: null });
    expect(third.output()).toContain(`Port ${port} is already in use`);
    expect(fs.existsSync(otherDir)).toBe(false);
    // the first server is untouched
    const res = await post(
      base,
      s,
      '/api/visitors',
      JSON.stringify({ buildingId: s.buildingId, firstname: 'Still', lastname: 'Here' }),
    );
    expect(res.status).toBe(200);
    await stop(run, 'sigterm-group');
  }, 180_000);

  it('says in one sentence how to get out of a folder it cannot open, and restores the latest snapshot', async () => {
    // a snapshot with the server running (npm run db:backup asks the server), then damage
    const run = startWrapper(env);
    await waitHealthy(run, base);
    const backup = spawn('npx', ['tsx', 'apps/server/src/cli/db-backup.ts'], { cwd: root, env });
    let backupOut = '';
    backup.stdout.on('data', (d) => {
      backupOut += d;
    });
    expect(await new Promise((r) => backup.on('exit', r))).toBe(0);
    expect(backupOut).toMatch(/Snapshot written: .*\.tar\.gz/);
    await stop(run, 'sigterm-group');
    const control = path.join(dataDir, 'global/pg_control');
    fs.writeFileSync(control, Buffer.alloc(fs.statSync(control).size, 7)); // garbage control file
    const broken = startWrapper(env);
    expect(await broken.exited).toEqual({ code: 1, signal: null });
    expect(broken.output().trim()).toMatch(
      /^The embedded database in .* cannot be opened \(.*\)\. Restore the latest snapshot with "npm run db:restore -- --latest"/,
    );
    expect(broken.output()).not.toMatch(/RuntimeError|wasm-function/);
    expect(fs.existsSync(path.join(dataDir, 'safevisitor.lock'))).toBe(false);
    // the way out works
    const restore = spawn('npx', ['tsx', 'apps/server/src/cli/db-restore.ts', '--latest'], { cwd: root, env });
    expect(await new Promise((r) => restore.on('exit', r))).toBe(0);
    const again = startWrapper(env);
    await waitHealthy(again, base);
    await stop(again, 'sigterm-group');
  }, 240_000);
});

function budgetMs(trials: number) {
  return 120_000 + trials * 45_000;
}

describe.skipIf(!pgUrl)('PostgreSQL: kill -9 storm', () => {
  const dbName = `sv_durable_crash_${process.pid}`;
  const admin = () => new pg.Client({ connectionString: pgUrl as string });
  afterAll(async () => {
    const a = admin();
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await a.end();
  });

  it(
    `loses and duplicates nothing over ${PG_TRIALS} kill -9 of the group (check-ins retried by key)`,
    async () => {
      const a = admin();
      await a.connect();
      await a.query(`CREATE DATABASE ${dbName}`);
      await a.end();
      const url = withDatabase(pgUrl as string, dbName);
      const base = `http://127.0.0.1:${port}`;
      const env = baseEnv({ DATABASE_URL: url, PORT: String(port), DATA_DIR: path.join(workDir, 'unused') });
      const ledger: Ledger = { visitors: [], checkIns: new Map(), pending: new Map(), stuck: new Map() };
      const client = new pg.Client({ connectionString: url });
      let lastKill = Date.now();
      const stat = {
        kind: 'kill9-group (pg)',
        trials: 0,
        acked: 0,
        checkIns: 0,
        lost: 0,
        dups: 0,
        stuck: 0,
        stopMs: [],
      };
      try {
        for (let t = 0; t <= PG_TRIALS; t++) {
          const run = startWrapper(env);
          await waitHealthy(run, base);
          const s = await login(base);
          await retryPending(base, s, ledger);
          if (t === PG_TRIALS) {
            expect(ledger.pending.size).toBe(0);
            stat.stuck = ledger.stuck.size;
            if (ledger.stuck.size > 0) {
              // several servers may share PostgreSQL: a key without committed work is taken
              // back once its instance is known to be gone (silent 4 s, no connection open;
              // ADR 0028); then the retry completes
              await new Promise((r) => setTimeout(r, Math.max(0, lastKill + 6_000 - Date.now())));
              for (const [k, p] of ledger.stuck) ledger.pending.set(k, p);
              ledger.stuck.clear();
              await retryPending(base, s, ledger);
              expect(ledger.pending.size).toBe(0);
              expect([...ledger.stuck.keys()]).toEqual([]);
            }
            await stop(run, 'sigterm-group');
            break;
          }
          const load = startLoad(base, s, ledger, `pg${t}`);
          await new Promise((r) => setTimeout(r, 300 + Math.random() * 2500));
          await stop(run, 'kill9-group');
          lastKill = Date.now();
          load.stop();
          await load.done;
          stat.trials++;
          progress(
            `pg trial ${t}: acked visitors ${ledger.visitors.length}, check-ins ${ledger.checkIns.size}, pending ${ledger.pending.size}`,
          );
        }
        await client.connect();
        const check = await checkLedger(async (sql, params) => (await client.query(sql, params)).rows, ledger);
        stat.acked = ledger.visitors.length;
        stat.checkIns = ledger.checkIns.size;
        stat.lost = check.lostVisitors + check.lostCheckIns;
        stat.dups = check.duplicateVisits;
        summary([stat]);
        expect(check).toEqual({ lostVisitors: 0, lostCheckIns: 0, duplicateVisits: 0 });
        expect(ledger.visitors.length).toBeGreaterThan(PG_TRIALS);
      } finally {
        await client.end().catch(() => {});
      }
    },
    budgetMs(PG_TRIALS),
  );
});
