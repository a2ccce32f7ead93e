/**
 * Arrival by pass at the kiosk (issue 28 "Bench": pass scan → screening → check-in through the
 * kiosk API at 50 req/s, p95 ≤ 30 ms). Through the real app (in-process inject), paced open-loop:
 * one arrival every 1000/RATE ms whatever the answers' speed, each arrival the kiosk's two calls —
 * the scan (who the pass is for) and the check-in (screened now against the exclusion list and the
 * registry, the admission gate, the visit, the badge decision). Every pass is a different invited
 * visitor with a date of birth (so the registry is searched), at North High School of the demo.
 * The floor is GET /api/health driven the same way in the same run: the figures are read as ratios
 * to it (the performance guide: never absolute numbers from a shared machine).
 *   npx tsx bench/pass-arrival.ts   or   npm run bench -- --only pass-arrival
 *   RATE=50 SECONDS=20; BENCH_PG_URL=postgres://… runs on a fresh PostgreSQL database instead of
 *   the embedded one.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedDemo } from '../apps/server/db/seed/demo';
import { buildApp } from '../apps/server/src/app';
import { insertPhoto } from '../apps/server/src/features/exclusions/exclusions.fixtures';
import { createPass } from '../apps/server/src/features/visitor-passes/visitor-passes.fixtures';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { openPglite, openPostgres } from '../apps/server/src/platform/db/database';

const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 20);
const ARRIVALS = RATE * SECONDS;
const pgUrl = process.env.BENCH_PG_URL ?? '';

/** drops the PostgreSQL database this run made */
const cleanup: { drop?: () => Promise<void> } = {};
async function open() {
  if (!pgUrl) return openPglite({ dataDir: path.join(os.tmpdir(), `sv-pass-arrival-${process.pid}`) });
  const name = `sv_bench_pass_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanup.drop = async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return openPostgres(u.toString());
}

const database = await open();
await database.migrate();
const world = await seedDemo(database.db);
const deps = createDeps(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' }), database, {
  email: null,
  sms: null,
});
const app = await buildApp(deps);
await app.ready();

const letters = (n: number) => {
  let out = '';
  let x = n;
  do {
    out = String.fromCharCode(97 + (x % 26)) + out;
    x = Math.floor(x / 26) - 1;
  } while (x >= 0);
  return out;
};
const at = { clientId: world.north.clientId, buildingId: world.north.northHighId };
console.log(`pass arrival: preparing ${ARRIVALS} invitations and photos…`);
const arrivals: { token: string; photo: string }[] = [];
for (let i = 0; i < ARRIVALS; i++) {
  const { token } = await createPass(deps, at, {
    firstname: `Guest${letters(i)}`,
    lastname: `Arrival${letters(i * 7 + 3)}`,
    dob: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
  });
  arrivals.push({ token, photo: await insertPhoto(database.db, at.clientId) });
}

const res = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'kiosk.northhigh@demo.test', password: 'demo-Visitor-2026' },
});
if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
const headers = {
  cookie: `sv_session=${res.cookies.find((c) => c.name === 'sv_session')?.value}`,
  'x-csrf-token': res.json().csrfToken as string,
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
/** Starts `n` jobs one every 1000/RATE ms (open loop) and waits for all. */
async function paced<T>(n: number, job: (i: number) => Promise<T>) {
  const started = performance.now();
  const all: Promise<T>[] = [];
  for (let i = 0; i < n; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    all.push(job(i));
  }
  const out = await Promise.all(all);
  return { out, seconds: (performance.now() - started) / 1000 };
}

// the floor: the cheapest route, same pacing, same process
await paced(RATE * 2, async () => app.inject({ method: 'GET', url: '/api/health' }));
const floor = await paced(ARRIVALS, async () => {
  const t0 = performance.now();
  await app.inject({ method: 'GET', url: '/api/health' });
  return performance.now() - t0;
});

const states: Record<string, number> = {};
const run = await paced(ARRIVALS, async (i) => {
  const a = arrivals[i]!;
  const t0 = performance.now();
  const scan = await app.inject({
    method: 'POST',
    url: '/api/kiosk/passes/scan',
    headers,
    payload: { token: a.token },
  });
  const t1 = performance.now();
  const checkIn = await app.inject({
    method: 'POST',
    url: '/api/kiosk/passes/check-in',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { token: a.token, photoFileId: a.photo },
  });
  const t2 = performance.now();
  const state =
    scan.statusCode !== 200
      ? `scan ${scan.statusCode}`
      : checkIn.statusCode !== 200
        ? `check-in ${checkIn.statusCode}`
        : checkIn.json().state;
  states[state] = (states[state] ?? 0) + 1;
  return { scan: t1 - t0, checkIn: t2 - t1, both: t2 - t0 };
});

const scanMs = run.out.map((r) => r.scan);
const checkInMs = run.out.map((r) => r.checkIn);
const bothMs = run.out.map((r) => r.both);
const floorP95 = pct(floor.out, 95);
const report = {
  scenario: 'pass-arrival',
  database: pgUrl ? 'postgresql' : 'pglite',
  rate: RATE,
  arrivals: ARRIVALS,
  achievedPerSecond: Number((ARRIVALS / run.seconds).toFixed(1)),
  states,
  floorMs: { p50: pct(floor.out, 50), p95: floorP95 },
  scanMs: { p50: pct(scanMs, 50), p95: pct(scanMs, 95) },
  checkInMs: { p50: pct(checkInMs, 50), p95: pct(checkInMs, 95), p99: pct(checkInMs, 99) },
  arrivalMs: { p50: pct(bothMs, 50), p95: pct(bothMs, 95), p99: pct(bothMs, 99), max: Math.max(...bothMs) },
  target: 'arrival (scan + check-in) p95 ≤ 30 ms at 50 arrivals/s',
  machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => Number(l.toFixed(1))) },
};
const r1 = (n: number) => n.toFixed(1);
console.log(`pass arrival at ${RATE}/s for ${SECONDS} s on ${report.database} (${ARRIVALS} arrivals):`);
console.log(`  achieved ${report.achievedPerSecond} arrivals/s; outcomes ${JSON.stringify(states)}`);
console.log(`  floor GET /api/health p50 ${r1(report.floorMs.p50)} ms p95 ${r1(floorP95)} ms`);
console.log(`  scan p50 ${r1(report.scanMs.p50)} ms p95 ${r1(report.scanMs.p95)} ms`);
console.log(
  `  check-in p50 ${r1(report.checkInMs.p50)} ms p95 ${r1(report.checkInMs.p95)} ms p99 ${r1(report.checkInMs.p99)} ms`,
);
console.log(
  `  arrival (both) p50 ${r1(report.arrivalMs.p50)} ms p95 ${r1(report.arrivalMs.p95)} ms (${r1(report.arrivalMs.p95 / Math.max(floorP95, 0.1))}× the floor's p95) — target ≤ 30 ms`,
);
console.log(`  machine: ${report.machine.cpus} CPUs, load ${report.machine.load.join(' ')}`);
const dir = process.env.BENCH_RESULTS_DIR ?? path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'pass-arrival.json'), `${JSON.stringify(report, null, 2)}\n`);
await app.close();
await database.close();
await cleanup.drop?.();
