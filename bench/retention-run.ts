/**
 * A retention run over the district profile while the desk works (issue 26 "Bench": "a retention
 * run over 10M visits deletes a year's worth in minutes without blocking the desk — p95 of the
 * desk's requests during the run ≤ 2× the idle figure").
 *
 *   DATABASE_URL=postgres://…/sv_bench npx tsx bench/retention-run.ts
 *   npm run bench -- --only retention-run
 *
 * Needs the data set of `npm run bench:data -- --profile district` in that database (visits spread
 * over five years). The busy district's visits are kept four years (its other kinds of record for
 * ever), so the run removes the oldest year of its visits and their badges, through the product's
 * own run (`retention.runNow`, batches of RETENTION_BATCH rows, one statement each). The real app
 * runs in-process (jobs off); the desk's requests — the busy building's visitor search and its
 * on-site list, alternately — are paced open-loop at RATE per second: first idle for IDLE_SECONDS,
 * then for as long as the run lasts (at most MAX_SECONDS: past it the figures so far are reported
 * and the process ends, which rolls back only the batch in flight — the run is resumable).
 * THIS DELETES DATA: regenerate the data set (`npm run bench:data -- --profile district --reset`)
 * before the other benchmarks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createServices } from '../apps/server/src/composition';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { openPostgres } from '../apps/server/src/platform/db/database';
import type { Dataset } from './generate-data';

const RATE = Number(process.env.RATE ?? 20);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 20);
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 900);
const KEEP_VISITS_DAYS = Number(process.env.KEEP_VISITS_DAYS ?? 1460);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a database with the district data set (npm run bench:data)');

const meta = new pg.Client({ connectionString: url });
await meta.connect();
const ds = (await meta.query<{ value: Dataset }>(`select value from bench_meta where key = 'dataset'`)).rows[0]?.value;
if (!ds) throw new Error('No data set in this database: run npm run bench:data first');
const clientId = ds.busyClientId;
/**
 * DISTRICTS=all (default): every district keeps its visits four years and the runs go one district
 * after another, as the nightly job runs them — a year's worth of the whole data set's visits;
 * DISTRICTS=busy: the busy district's only.
 */
const ALL = (process.env.DISTRICTS ?? 'all') === 'all';
const cutoffSql = `now() - make_interval(days => ${KEEP_VISITS_DAYS})`;
const count = async (q: string) => Number((await meta.query<{ n: string }>(q)).rows[0]!.n);
const visitsBefore = await count(`select count(*) as n from visits`);
const districts = ALL
  ? (await meta.query<{ id: number }>('select id from clients order by id')).rows.map((r) => r.id)
  : [clientId];
const inScope = ALL ? 'true' : `client_id = ${clientId}`;
const districtVisits = await count(`select count(*) as n from visits where ${inScope}`);
const expected = await count(
  `select count(*) as n from visits where ${inScope} and check_out is not null and check_in < ${cutoffSql} and check_out < ${cutoffSql}`,
);
const admin = (
  await meta.query<{ id: number; role_id: 1 | 2 }>(
    // the platform administrator (every district's runs), else the busy district's administrator
    `select id, role_id from users where role_id = 1 or (client_id = ${clientId} and role_id = 2) order by role_id, id limit 1`,
  )
).rows[0];
if (!admin) throw new Error(`no platform administrator nor an administrator of district ${clientId}`);
if (ALL && admin.role_id !== 1) throw new Error('DISTRICTS=all needs the platform administrator');
console.log(
  `retention run: ${visitsBefore.toLocaleString('en-US')} visits, ${districtVisits.toLocaleString('en-US')} in ${ALL ? `${districts.length} districts` : `district ${clientId}`}; ${expected.toLocaleString('en-US')} older than ${KEEP_VISITS_DAYS} days`,
);

const database = await openPostgres(url);
const deps = createDeps(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' }), database, {
  email: null,
  sms: null,
});
const services = createServices(deps);
const app = await buildApp(deps, { services });
await app.ready();
const actor = {
  userId: admin.id,
  roleId: admin.role_id,
  clientId: admin.role_id === 2 ? clientId : null,
  buildingId: null,
  impersonatorId: null,
};
const ctx = { actor, requestId: 'bench-retention', ip: '127.0.0.1' };
// each district keeps its visits four years and everything else for ever: the run is the visits'
for (const district of districts)
  await services.retention.updateSettings(ctx, {
    clientId: district,
    rules: [
      { category: 'visits', days: KEEP_VISITS_DAYS },
      ...(['visitorIdData', 'deniedEntries', 'studentEvents', 'registrations', 'backgroundResults'] as const).map(
        (category) => ({ category, days: null }),
      ),
      { category: 'auditEvents', days: null },
      { category: 'outboundMessages', days: null },
    ],
  });

const desk = ds.deskBuildings.find((d) => d.buildingId === ds.busyBuildingId)!;
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: desk.email, password: ds.password },
});
if (login.statusCode !== 200) throw new Error(`login ${login.statusCode} ${login.body}`);
const headers = {
  cookie: `sv_session=${login.cookies.find((c) => c.name === 'sv_session')?.value}`,
  'x-csrf-token': login.json().csrfToken as string,
};

/** one desk request: the visitor search and the on-site list, alternately */
let n = 0;
const errors: Record<string, number> = {};
async function deskRequest() {
  const i = n++;
  const t0 = performance.now();
  const res =
    i % 2 === 0
      ? await app.inject({
          method: 'POST',
          url: '/api/visitors/search',
          headers,
          payload: { text: ds.search.exact[i % ds.search.exact.length] },
        })
      : await app.inject({ method: 'GET', url: `/api/buildings/${ds.busyBuildingId}/visits/current`, headers });
  if (res.statusCode !== 200) errors[res.statusCode] = (errors[res.statusCode] ?? 0) + 1;
  return performance.now() - t0;
}

/** desk requests one every 1000/RATE ms (open loop) until `until()` says stop */
async function pacedUntil(until: () => boolean) {
  const started = performance.now();
  const all: Promise<number>[] = [];
  for (let i = 0; !until(); i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    all.push(deskRequest());
  }
  return Promise.all(all);
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

// warm-up, then the desk alone
const warmEnd = performance.now() + 3000;
await pacedUntil(() => performance.now() > warmEnd);
const idleEnd = performance.now() + IDLE_SECONDS * 1000;
const idle = await pacedUntil(() => performance.now() > idleEnd);

// the run, with the desk working beside it
let finished = false;
let failure: unknown = null;
const runStarted = performance.now();
let removed = 0;
const statuses = new Set<string>();
// one district after another, as the nightly job runs them
const run = (async () => {
  for (const district of districts) {
    const r = await services.retention.runNow(ctx, { clientId: district });
    removed += r.counts.visits ?? 0;
    statuses.add(r.status);
  }
})()
  .catch((err: unknown) => {
    failure = err;
  })
  .finally(() => {
    finished = true;
  });
const during = await pacedUntil(() => finished || performance.now() - runStarted > MAX_SECONDS * 1000);
const runSeconds = (performance.now() - runStarted) / 1000;
if (!finished) {
  // stopped: what the runs so far removed (each run records its counts after every batch)
  const since = new Date(Date.now() - runSeconds * 1000 - 1000).toISOString();
  removed = await count(
    `select coalesce(sum((counts->>'visits')::bigint), 0) as n from retention_runs where started_at >= '${since}'`,
  );
}

const idleP95 = pct(idle, 95);
const duringP95 = pct(during, 95);
const report = {
  scenario: 'retention-run',
  visits: visitsBefore,
  districts: districts.length,
  districtVisits,
  keepVisitsDays: KEEP_VISITS_DAYS,
  expectedToRemove: expected,
  removed,
  status: finished ? (failure ? 'failed' : [...statuses].join(', ') || 'done') : `stopped after ${MAX_SECONDS} s`,
  runSeconds: Number(runSeconds.toFixed(1)),
  removedPerSecond: Math.round(removed / runSeconds),
  deskRate: RATE,
  deskIdleMs: { n: idle.length, p50: pct(idle, 50), p95: idleP95, p99: pct(idle, 99) },
  deskDuringMs: { n: during.length, p50: pct(during, 50), p95: duringP95, p99: pct(during, 99) },
  ratio: Number((duringP95 / Math.max(idleP95, 0.1)).toFixed(2)),
  errors,
  target: "desk p95 during the run ≤ 2× idle; a year's visits removed in minutes",
  machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => Number(l.toFixed(1))) },
};
const r1 = (x: number) => x.toFixed(1);
console.log(
  `  removed ${removed.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} visits in ${r1(runSeconds)} s (${report.removedPerSecond.toLocaleString('en-US')}/s), ${report.status}`,
);
console.log(
  `  desk at ${RATE}/s idle: p50 ${r1(report.deskIdleMs.p50)} ms p95 ${r1(idleP95)} ms (${idle.length} requests)`,
);
console.log(
  `  desk during the run: p50 ${r1(report.deskDuringMs.p50)} ms p95 ${r1(duringP95)} ms (${during.length} requests) — ${report.ratio}× idle (target ≤ 2×)`,
);
if (Object.keys(errors).length) console.log(`  desk errors by status: ${JSON.stringify(errors)}`);
console.log(`  machine: ${report.machine.cpus} CPUs, load ${report.machine.load.join(' ')}`);
if (failure) console.error(failure);
const dir = process.env.BENCH_RESULTS_DIR ?? path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'retention-run.json'), `${JSON.stringify(report, null, 2)}\n`);
if (!finished) process.exit(0);
await run;
await app.close();
await database.close();
await meta.end();
