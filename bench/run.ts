import { randomUUID } from 'node:crypto';
/**
 * Front-desk benchmarks at district scale (issue "District-scale data and benchmarks").
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sv_bench npm run bench [-- options]
 *
 * Needs a data set made by `npm run bench:data` in that database (it reads table bench_meta).
 * Builds bench/server.ts (the real app, production mode, plus the harness's floor routes) with
 * scripts/build-server.mjs and runs it compiled as a child process, as `npm start` runs the
 * product; samples its RSS from /proc/<pid>/status every 250 ms, and drives it with autocannon
 * (same machine) and node:http (SSE dashboards, the morning-rush mix).
 *
 * Options: --duration <s> (per scenario, default 10) --warmup <s> (default 3) --connections <n>
 * (default 10) --rush <s> (morning-rush length, default 60) --soak (morning rush for 600 s: the
 * memory soak) --only a,b (scenario name prefixes) --no-web --no-quality --no-plans
 * Writes bench/results/latest.json and latest.md (BENCH_RESULTS_DIR overrides the folder) and the
 * query plans in bench/results/plans/.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TActor } from '@sv/contracts';
import { buildAamvaPayload } from '@sv/domain';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema/index';
import {
  candidateQueryOf,
  createExclusionsRepository,
} from '../apps/server/src/features/exclusions/exclusions.repository';
import { createPreRegistrationsRepository } from '../apps/server/src/features/preregistrations/preregistrations.repository';
import { createVisitorsRepository } from '../apps/server/src/features/visitors/visitors.repository';
import { createVisitsRepository } from '../apps/server/src/features/visits/visits.repository';
import { createLocalRegistry } from '../apps/server/src/integrations/registry/local-registry';
import type { Db } from '../apps/server/src/platform/db/database';
import type { Dataset, PlantedProbe } from './generate-data';
import { buildServer } from '../scripts/build-server.mjs';
import { type ArrestWatchBench, arrestWatchBench } from './arrest-watch';
import { type DuplicateReport, duplicateReport } from './duplicates';
import { CORPUS_NOTE, type IdentityCorpusResult, identityCorpusBench } from './identity-corpus';
import { explainLogPlans, logScenarios } from './logs-scenarios';
import { type TwoInstancesReport, twoInstancesBench } from './two-instances';
import { measureWebSize, type WebSizeReport } from './web-size';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = process.env.BENCH_RESULTS_DIR
  ? path.resolve(process.env.BENCH_RESULTS_DIR)
  : path.join(ROOT, 'bench/results');

// ---- options ----------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const opt = (k: string, d: number) => {
  const i = argv.indexOf(`--${k}`);
  return i >= 0 ? Number(argv[i + 1]) : d;
};
const SOAK = argv.includes('--soak');
const DURATION = opt('duration', 10);
const WARMUP = opt('warmup', 3);
const CONNECTIONS = opt('connections', 10);
/**
 * Latency targets are read at a fixed arrival rate (open-loop pacing, autocannon overallRate):
 * 50 req/s is a state-wide morning peak of screenings and searches (1,000 buildings, one every
 * 20 s each). A saturating closed loop measures throughput instead: there, latency is mostly
 * queueing behind the other 9 connections on a 2-core machine, whatever the query costs.
 */
const LATENCY_RATE = opt('rate', 50);
const LATENCY_CONNECTIONS = 4;
const RUSH_SECONDS = SOAK ? 600 : opt('rush', 60);
/**
 * Issue 26 "Bench": the screening and check-in targets hold with read-auditing on. While each paced
 * (latency) scenario of the desk runs, other desks open visitors' records — GET /api/visitors/:id,
 * a sensitive read written to the audit log by the batched writer (ADR 0044) — at this rate;
 * `--audited-reads 0` turns the background off (the figures of runs before 2026-11-29).
 */
const AUDITED_READS = opt('audited-reads', 20);
/** the scenario groups measured with the audited reads beside them (paced, and the check-in's own) */
const AUDITED_GROUPS = new Set(['search', 'scan', 'screening', 'check-in']);
const ONLY = (() => {
  const i = argv.indexOf('--only');
  return i >= 0 ? argv[i + 1].split(',') : null;
})();
const wanted = (name: string) => !ONLY || ONLY.some((p) => name.startsWith(p));

// ---- stats ------------------------------------------------------------------------------------
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n: number, d = 1) => Number(n.toFixed(d));
function summary(latencies: number[]) {
  const s = [...latencies].sort((a, b) => a - b);
  return {
    p50: round(pct(s, 50)),
    p95: round(pct(s, 95)),
    p99: round(pct(s, 99)),
    max: round(s.at(-1) ?? 0),
    n: s.length,
  };
}

// ---- server process and memory ----------------------------------------------------------------
interface RssSample {
  t: number;
  kb: number;
}
const rss: RssSample[] = [];
function readRssKb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
const peakMb = (from: number, to: number) => {
  const w = rss.filter((s) => s.t >= from && s.t <= to).map((s) => s.kb);
  return w.length ? round(Math.max(...w) / 1024, 0) : null;
};

async function startServer(
  url: string,
  o: { port?: string; build?: boolean } = {},
): Promise<{ child: ChildProcess; port: number; pid: number }> {
  // Compiled like `npm start` runs the product (ADR 0019), so RSS and CPU are production's, not tsx's.
  const outdir = path.join(ROOT, 'apps/server/dist/bench');
  if (o.build !== false) {
    const build = await buildServer({ entries: { server: 'bench/server.ts' }, outdir });
    console.log(`bench server built in ${(build.ms / 1000).toFixed(1)} s`);
  }
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server only (e.g. --cpu-prof to profile it
  // under load, --enable-source-maps to map its stack traces to src/)
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, path.join(outdir, 'server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, PORT: o.port ?? process.env.BENCH_PORT ?? '3999' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /READY (\d+) (\d+)/.exec(buf);
      if (m) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.on('data', (x: Buffer) => process.stdout.write(`[server] ${x}`));
        resolve({ child, port: Number(m[1]), pid: Number(m[2]) });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

// ---- http helpers -----------------------------------------------------------------------------
let BASE = '';
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
interface Session {
  cookie: string;
  csrf: string;
}
function request(
  method: string,
  p: string,
  opts: { session?: Session; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const t0 = performance.now();
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${BASE}${p}`,
      {
        method,
        agent,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...(opts.session ? { cookie: opts.session.cookie, 'x-csrf-token': opts.session.csrf } : {}),
          // every create takes an Idempotency-Key (issue 23 §4, ADR 0024): one per request, as a client makes one per action
          ...(method === 'POST' ? { 'idempotency-key': `bench-${randomUUID()}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data, ms: performance.now() - t0 }));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}
async function login(email: string, password: string): Promise<Session> {
  const res = await new Promise<{ status: number; body: string; cookie: string }>((resolve, reject) => {
    const body = JSON.stringify({ email, password });
    const req = http.request(
      `${BASE}/api/auth/login`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (r) => {
        let data = '';
        r.on('data', (c) => {
          data += c;
        });
        r.on('end', () =>
          resolve({
            status: r.statusCode ?? 0,
            body: data,
            cookie: (r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
          }),
        );
      },
    );
    req.on('error', reject);
    req.write(body);
    req.end();
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body}`);
  return { cookie: res.cookie, csrf: JSON.parse(res.body).csrfToken };
}

/** An SSE dashboard stream: calls onEvent for every `event:` block. */
function openSse(buildingId: number, session: Session, onEvent: (type: string, data: string) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(
      `${BASE}/api/buildings/${buildingId}/events`,
      { headers: { cookie: session.cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`SSE ${res.statusCode}`));
          return;
        }
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          let i = buf.indexOf('\n\n');
          while (i >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type && data) onEvent(type, data);
            i = buf.indexOf('\n\n');
          }
        });
        res.on('error', () => {});
        resolve(req);
      },
    );
    req.on('error', (e) => reject(e));
  });
}

// ---- autocannon scenarios ---------------------------------------------------------------------
interface ScenarioResult {
  name: string;
  group: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  peakRssMb: number | null;
  ratioJson?: number;
  ratioPk?: number;
  note?: string;
  [k: string]: unknown;
}
const results: ScenarioResult[] = [];

/** Who opens records in the background, and which (set once the busy desk has signed in). */
const auditedReadsOf: { session?: Session; visitorIds: number[]; total: number; errors: number } = {
  visitorIds: [],
  total: 0,
  errors: 0,
};
/** Opens visitors' records at AUDITED_READS per second until stopped; its latencies. */
function startAuditedReads(): () => { reads: number; errors: number; p95: number } {
  const { session, visitorIds } = auditedReadsOf;
  if (AUDITED_READS <= 0 || !session || visitorIds.length === 0) return () => ({ reads: 0, errors: 0, p95: 0 });
  const lat: number[] = [];
  let errors = 0;
  let i = 0;
  const timer = setInterval(() => {
    const id = visitorIds[i++ % visitorIds.length]!;
    request('GET', `/api/visitors/${id}`, { session })
      .then((r) => {
        lat.push(r.ms);
        if (r.status !== 200) errors++;
      })
      .catch(() => errors++);
  }, 1000 / AUDITED_READS);
  return () => {
    clearInterval(timer);
    auditedReadsOf.total += lat.length;
    auditedReadsOf.errors += errors;
    return { reads: lat.length, errors, p95: summary(lat).p95 };
  };
}

async function cannon(
  name: string,
  group: string,
  build: () => Parameters<typeof autocannon>[0]['requests'],
  o: {
    duration?: number;
    amount?: number;
    connections?: number;
    warmup?: boolean;
    note?: string;
    /** fixed arrival rate (req/s over all connections) instead of a saturating closed loop */
    rate?: number;
  } = {},
): Promise<ScenarioResult | null> {
  if (!wanted(name)) return null;
  const connections = o.connections ?? (o.rate ? LATENCY_CONNECTIONS : CONNECTIONS);
  const pacing = o.rate ? { overallRate: o.rate } : {};
  if (o.warmup !== false && WARMUP > 0 && o.amount === undefined) {
    await autocannon({ url: BASE, connections, duration: WARMUP, requests: build(), ...pacing });
  }
  const latencies: number[] = [];
  const from = Date.now();
  const inst = autocannon({
    url: BASE,
    connections,
    ...(o.amount !== undefined ? { amount: o.amount } : { duration: o.duration ?? DURATION }),
    timeout: 10,
    requests: build(),
    ...pacing,
  });
  // the other desks open records meanwhile (audited reads), at the paced scenarios' side
  const stopReads = (o.rate || group === 'check-in') && AUDITED_GROUPS.has(group) ? startAuditedReads() : null;
  const statuses: Record<string, number> = {};
  inst.on('response', (_c: unknown, status: number) => {
    if (status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
  });
  inst.on('response', (_c: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const r = await inst;
  const reads = stopReads?.();
  const s = summary(latencies);
  const res: ScenarioResult = {
    name,
    group,
    reqPerSec: round(r.requests.total / r.duration, 1),
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
    max: s.max,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
    peakRssMb: peakMb(from, Date.now()),
    connections,
    ...(o.rate ? { rate: o.rate } : {}),
    ...(Object.keys(statuses).length ? { errorStatuses: statuses } : {}),
    ...(o.note || reads?.reads
      ? {
          note: [
            o.note,
            reads?.reads
              ? `with ${reads.reads} audited record reads beside it (${AUDITED_READS}/s, p95 ${reads.p95} ms)`
              : '',
          ]
            .filter(Boolean)
            .join('; '),
        }
      : {}),
    ...(reads?.reads ? { auditedReads: reads } : {}),
  };
  results.push(res);
  console.log(
    `  ${name.padEnd(44)} ${String(res.reqPerSec).padStart(8)} req/s  p50 ${res.p50} p95 ${res.p95} p99 ${res.p99} ms  errors ${res.errors}${res.errorStatuses ? ` ${JSON.stringify(res.errorStatuses)}` : ''}  peak RSS ${res.peakRssMb} MB`,
  );
  return res;
}

const jsonHeaders = (s: Session) => ({ 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf });
/** A request that cycles through `items` (one per request, across connections). */
function cycling<T>(
  items: T[],
  make: (item: T, i: number) => { method: string; path: string; body?: string },
  s?: Session,
) {
  let i = 0;
  return [
    {
      setupRequest: (req: Record<string, unknown>) => {
        const n = i++;
        const r = make(items[n % items.length], n);
        const headers: Record<string, string> = s ? { cookie: s.cookie, 'x-csrf-token': s.csrf } : {};
        // a JSON content type only with a body (Fastify refuses an empty JSON body)
        if (r.body !== undefined) headers['content-type'] = 'application/json';
        return { ...req, ...r, headers };
      },
    },
  ];
}

// ---- query plans ------------------------------------------------------------------------------
interface Captured {
  query: string;
  params: unknown[];
}
async function explainAll(url: string, ds: Dataset, planted: PlantedProbe[]) {
  const dir = path.join(RESULTS_DIR, 'plans');
  fs.mkdirSync(dir, { recursive: true });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: Captured[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) },
  }) as unknown as Db;
  const desk = ds.deskBuildings.find((d) => d.buildingId === ds.busyBuildingId)!;
  const actor: TActor = {
    userId: 1,
    roleId: 3,
    clientId: desk.clientId,
    buildingId: desk.buildingId,
    impersonatorId: null,
  };
  const hit = planted.find((p) => p.category === 'exact')!;
  const common = planted.find((p) => p.category === 'common')!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const jobs: [string, () => Promise<unknown>][] = [
    ['search-exact', () => createVisitorsRepository(db).search(actor, desk.clientId, ds.search.exact[0])],
    ['search-prefix', () => createVisitorsRepository(db).search(actor, desk.clientId, ds.search.prefix[0])],
    ['search-typo', () => createVisitorsRepository(db).search(actor, desk.clientId, ds.search.typo[0])],
    ['scan-licence', () => createVisitorsRepository(db).findByLicense(desk.clientId, ds.licences[0])],
    [
      'registry-candidates-hit',
      () =>
        createLocalRegistry(db).search({
          firstName: hit.visitor.firstname,
          lastName: hit.visitor.lastname,
          dob: hit.visitor.dob,
        }),
    ],
    [
      'registry-candidates-common-name',
      () =>
        createLocalRegistry(db).search({
          firstName: common.visitor.firstname,
          lastName: common.visitor.lastname,
          dob: common.visitor.dob,
        }),
    ],
    [
      'exclusion-candidates-common-name',
      () =>
        createExclusionsRepository(db).findExclusionCandidates(
          actor,
          { id: desk.buildingId, clientId: desk.clientId },
          candidateQueryOf({
            id: common.visitorId,
            firstName: common.visitor.firstname,
            lastName: common.visitor.lastname,
            dob: common.visitor.dob,
          }),
        ),
    ],
    ['dashboard-current-visits', () => createVisitsRepository(db).findCurrentVisits(actor, desk.buildingId)],
    [
      'dashboard-preregistrations',
      () => createPreRegistrationsRepository(db).findForDashboard(actor, desk.buildingId, today),
    ],
  ];
  const plans: Record<string, string> = {};
  for (const [name, run] of jobs) {
    captured.length = 0;
    try {
      await run();
    } catch (err) {
      plans[name] = `(could not run: ${(err as Error).message})`;
      continue;
    }
    // every statement the scenario ran (the name search runs one tier after another), in order
    const parts: string[] = [];
    const texts: string[] = [];
    for (const [k, q] of captured.entries()) {
      // warm once, then the measured plan
      const text = `explain (analyze, buffers) ${q.query}`;
      await pool.query(text, q.params as unknown[]);
      const rows = (await pool.query(text, q.params as unknown[])).rows as Record<string, string>[];
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      parts.push(plan);
      texts.push(`-- statement ${k + 1}: ${q.query}\n-- params: ${JSON.stringify(q.params)}\n\n${plan}\n`);
    }
    if (parts.length === 0) continue;
    plans[name] = parts.join('\n');
    fs.writeFileSync(
      path.join(dir, `${name}.txt`),
      `-- ${name} (${ds.profile}, scale ${ds.scale})\n${texts.join('\n')}`,
    );
  }
  await pool.end();
  return plans;
}

// ---- main -------------------------------------------------------------------------------------
async function main() {
  // issue 27 §3 (ADR 0050): reunification runs in-process on its own data (bench/reunification.ts,
  // the small profile); asked for by name only, and alone it needs no district data set
  if (ONLY?.some((p) => 'reunification'.startsWith(p))) {
    const r = spawnSync('npx', ['tsx', 'bench/reunification.ts'], { stdio: 'inherit', cwd: ROOT, env: process.env });
    if (r.status !== 0) throw new Error('bench/reunification.ts failed');
    if (ONLY.every((p) => 'reunification'.startsWith(p))) return;
  }
  // issue 28 "Bench": arrival by pass through the kiosk API, in-process on its own data
  if (ONLY?.some((p) => 'pass-arrival'.startsWith(p))) {
    const r = spawnSync('npx', ['tsx', 'bench/pass-arrival.ts'], { stdio: 'inherit', cwd: ROOT, env: process.env });
    if (r.status !== 0) throw new Error('bench/pass-arrival.ts failed');
    if (ONLY.every((p) => 'pass-arrival'.startsWith(p))) return;
  }
  // issue 26 "Bench": a retention run over the district data set while the desk works; it deletes
  // data, so it runs only when asked for by name (bench/retention-run.ts)
  if (ONLY?.some((p) => p === 'retention-run')) {
    const r = spawnSync('npx', ['tsx', 'bench/retention-run.ts'], { stdio: 'inherit', cwd: ROOT, env: process.env });
    if (r.status !== 0) throw new Error('bench/retention-run.ts failed');
    if (ONLY.every((p) => p === 'retention-run')) return;
  }
  // issue 28 "Bench": webhook fan-out of check-ins to three receivers, drained by two workers at
  // once, in-process on its own database (bench/webhook-fanout.ts); asked for by name only
  if (ONLY?.some((p) => p === 'webhook-fanout')) {
    const r = spawnSync('npx', ['tsx', 'bench/webhook-fanout.ts'], { stdio: 'inherit', cwd: ROOT, env: process.env });
    if (r.status !== 0) throw new Error('bench/webhook-fanout.ts failed');
    if (ONLY.every((p) => p === 'webhook-fanout')) return;
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (the database made by npm run bench:data)');
  const meta = new pg.Pool({ connectionString: url, max: 2 });
  const metaRows = await meta
    .query<{ key: string; value: unknown }>('select key, value from bench_meta')
    .catch(() => ({ rows: [] as { key: string; value: unknown }[] }));
  const ds = metaRows.rows.find((r) => r.key === 'dataset')?.value as Dataset | undefined;
  const plantedFile = metaRows.rows.find((r) => r.key === 'planted')?.value as { probes: PlantedProbe[] } | undefined;
  if (!ds || !plantedFile) throw new Error('No data set in this database: run npm run bench:data first');
  const planted = plantedFile.probes;
  const startedAt = new Date();
  const load0 = os.loadavg();
  console.log(
    `bench: profile ${ds.profile} (scale ${ds.scale}), visitors ${ds.counts.visitors.toLocaleString()}, visits ${ds.counts.visits.toLocaleString()}, registry ${ds.counts.registry_offenders.toLocaleString()}; load average ${load0.map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`,
  );

  // Visitors free to check in: not checked in, not linked to an exclusion, without a potential
  // exclusion match (two of first name, last name and date of birth agree, or, issue 22, first and
  // last names swapped: the admission gate re-reads the exclusions and refuses those check-ins until
  // someone reviews them, as it should), not a screening probe, not one of the identity corpus's
  // visitors (bench/identity-corpus.ts, left by an earlier run). The generator's names are plain
  // A-Z, so equal lower() names have equal identity keys (only an m/rn pair, which the UTS #39
  // table folds together, is missed); lower() because the keys may not be filled yet on a data set
  // loaded without them: the server's start-up backfill runs after this query.
  const probeIds = planted.map((p) => p.visitorId).concat(ds.screeningClean);
  const deskClients = [...new Set(ds.deskBuildings.map((d) => d.clientId))];
  const free = await meta.query<{ id: number; client_id: number }>(
    `with agreeing as (
       select v.id from visitors v join exclusions e on e.client_id = v.client_id and e.active
          and lower(e.firstname) = lower(v.firstname) and e.dob = v.dob where v.client_id = any($1)
       union
       select v.id from visitors v join exclusions e on e.client_id = v.client_id and e.active
          and lower(e.firstname) = lower(v.firstname) and lower(e.lastname) = lower(v.lastname) where v.client_id = any($1)
       union
       select v.id from visitors v join exclusions e on e.client_id = v.client_id and e.active
          and lower(e.lastname) = lower(v.lastname) and e.dob = v.dob where v.client_id = any($1)
       union
       select v.id from visitors v join exclusions e on e.client_id = v.client_id and e.active
          and lower(e.firstname) = lower(v.lastname) and lower(e.lastname) = lower(v.firstname) where v.client_id = any($1))
     select id, client_id from (
       select v.id, v.client_id, row_number() over (partition by v.client_id order by v.id desc) as n
         from visitors v
        where v.client_id = any($1)
          and not exists (select 1 from visits x where x.visitor_id = v.id and x.check_out is null)
          and not exists (select 1 from exclusions e where e.visitor_id = v.id)
          and not exists (select 1 from agreeing a where a.id = v.id)
          and v.id <> all($2)
          and v.note <> $3) t
      where n <= 16000`,
    [deskClients, probeIds, CORPUS_NOTE],
  );
  const freeByClient = new Map<number, number[]>();
  for (const r of free.rows) {
    const list = freeByClient.get(r.client_id) ?? [];
    list.push(r.id);
    freeByClient.set(r.client_id, list);
  }
  const takeVisitor = (clientId: number) => {
    const v = freeByClient.get(clientId)?.pop();
    if (v === undefined) throw new Error(`no free visitor left in client ${clientId}`);
    return v;
  };
  /**
   * Check-ins name a recent screening of the person at that building and carry the building's
   * required photo (ADR 0008). The bench measures check-in, not screening: clean screenings are
   * written ahead in one statement, and one photo file per district serves every check-in.
   */
  const photoByClient = new Map<number, string>();
  const prepareAdmissions = async (clientId: number, buildingId: number, count: number) => {
    if (!photoByClient.has(clientId)) {
      const bytes = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
      const f = await meta.query<{ id: string }>(
        `insert into files (client_id, kind, content_type, bytes, size) values ($1, 'visitor-photo', 'image/jpeg', $2, $3) returning id`,
        [clientId, bytes, bytes.length],
      );
      photoByClient.set(clientId, f.rows[0].id);
    }
    const ids = Array.from({ length: count }, () => takeVisitor(clientId));
    const rows = await meta.query<{ id: string; visitor_id: number }>(
      `insert into screenings (client_id, building_id, visitor_id, screened_at, registry_status, findings)
       select $1, $2, v, now(), 'ok', '[]'::jsonb from unnest($3::int[]) v returning id, visitor_id`,
      [clientId, buildingId, ids],
    );
    const queue = rows.rows.map((r) => ({
      visitorId: r.visitor_id,
      screeningId: r.id,
      photoFileId: photoByClient.get(clientId)!,
    }));
    return () => {
      const next = queue.pop();
      if (!next) throw new Error(`no screened visitor left for building ${buildingId}`);
      return next;
    };
  };

  const server = await startServer(url);
  BASE = `http://127.0.0.1:${server.port}`;
  const sampler = setInterval(() => {
    const kb = readRssKb(server.pid);
    if (kb !== null) rss.push({ t: Date.now(), kb });
  }, 250);
  let failed: unknown = null;
  const extra: Record<string, unknown> = {};
  try {
    const busy = ds.busyBuildingId;
    const desk = ds.deskBuildings.find((d) => d.buildingId === busy)!;
    const session = await login(desk.email, ds.password);
    // the records opened beside the desk's paced scenarios: the busy district's visitors the
    // check-ins do not use (the same desk signs in again: its own session, like another attendant)
    auditedReadsOf.session = await login(desk.email, ds.password);
    auditedReadsOf.visitorIds = (freeByClient.get(desk.clientId) ?? []).slice(0, 2000);
    const auditRowsBefore = Number(
      (await meta.query<{ n: string }>(`select count(*) as n from audit_events where action = 'visitor.read'`)).rows[0]!
        .n,
    );
    const busyCards = JSON.parse((await request('GET', `/api/buildings/${busy}/visits/current`, { session })).body);
    console.log(`  busy building ${busy}: ${busyCards.data?.length ?? '?'} open visits`);

    // floors
    const json = await cannon('floor: trivial JSON', 'floor', () => [{ method: 'GET', path: '/__bench/json' }]);
    const buildingIds = ds.deskBuildings.map((d) => d.buildingId);
    const pk = await cannon('floor: primary-key lookup', 'floor', () =>
      cycling(buildingIds, (id) => ({ method: 'GET', path: `/__bench/pk/${id}` })),
    );
    // the same floor at the fixed rate: the latency any request pays on this machine at that pace
    await cannon(
      'floor: primary-key lookup — at fixed rate',
      'floor',
      () => cycling(buildingIds, (id) => ({ method: 'GET', path: `/__bench/pk/${id}` })),
      { rate: LATENCY_RATE, note: `at ${LATENCY_RATE} req/s` },
    );

    // search, scan, screening: each at the fixed arrival rate (latency targets), then saturated
    // (throughput, and latency under queueing)
    const both = async (
      name: string,
      group: string,
      build: () => Parameters<typeof autocannon>[0]['requests'],
      note?: string,
    ) => {
      await cannon(name, group, build, {
        rate: LATENCY_RATE,
        note: `at ${LATENCY_RATE} req/s${note ? `; ${note}` : ''}`,
      });
      await cannon(`${name} — saturated`, group, build, {
        note: `${CONNECTIONS} connections, closed loop${note ? `; ${note}` : ''}`,
      });
    };
    for (const kind of ['exact', 'prefix', 'typo'] as const) {
      await both(`visitor search: ${kind}`, 'search', () =>
        cycling(
          ds.search[kind],
          (text) => ({ method: 'POST', path: '/api/visitors/search', body: JSON.stringify({ text }) }),
          session,
        ),
      );
    }
    // a real AAMVA card payload per licence, built by the product's own encoder
    const scanRaw = (lic: string) =>
      buildAamvaPayload({
        firstName: 'BENCH',
        lastName: 'SCANNER',
        dateOfBirth: '1980-01-01',
        state: 'IL',
        city: 'SPRINGFIELD',
        postalCode: '62701',
        licenseNumber: lic,
      });
    await both('scan lookup (licence)', 'scan', () =>
      cycling(
        ds.licences,
        (lic) => ({
          method: 'POST',
          path: '/api/scans',
          body: JSON.stringify({ raw: scanRaw(lic), buildingId: busy, action: 'new' }),
        }),
        session,
      ),
    );

    const screen = (ids: number[]) => () =>
      cycling(
        ids,
        (id) => ({ method: 'POST', path: `/api/visitors/${id}/screening`, body: JSON.stringify({ buildingId: busy }) }),
        session,
      );
    await both('screening: with matches', 'screening', screen([ds.screeningHit]));
    await both('screening: no match', 'screening', screen([ds.screeningClean]));
    const commons = planted.filter((p) => p.category === 'common').map((p) => p.visitorId);
    await both(
      'screening: common names (mix)',
      'screening',
      screen(commons),
      'the false-positive probe visitors, one after another',
    );

    // dashboard data (before check-ins change the open count)
    await cannon('dashboard: current visits', 'dashboard', () => [
      { method: 'GET', path: `/api/buildings/${busy}/visits/current`, headers: jsonHeaders(session) },
    ]);
    await cannon('dashboard: pre-registrations', 'dashboard', () => [
      { method: 'GET', path: `/api/buildings/${busy}/preregistrations`, headers: jsonHeaders(session) },
    ]);

    // check-in, then check-out of the same visits
    const checkedIn: number[] = [];
    const runId = Date.now().toString(36);
    let n = 0;
    // enough for 10 s at 1,000 check-ins a second (the check-in floor's rate on this machine), but
    // never more than the busy district has free (the small profile has 10,000 visitors a district),
    // leaving the morning rush its share; none when no check-in scenario runs (--only quality)
    const admitCount = Math.min(10_000, Math.max(0, (freeByClient.get(desk.clientId)?.length ?? 0) - 1_000));
    const admitBusy =
      wanted('check-in') || wanted('dashboard under 200')
        ? await prepareAdmissions(desk.clientId, busy, admitCount)
        : () => {
            throw new Error('no check-in scenario was selected');
          };
    const checkInRequests = () => {
      return [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            method: 'POST',
            path: '/api/visits',
            headers: { ...jsonHeaders(session), 'idempotency-key': `bench-${runId}-${n++}` },
            body: JSON.stringify({ ...admitBusy(), buildingId: busy, reason: 'Meeting' }),
          }),
          onResponse: (status: number, body: string) => {
            if (status === 200) checkedIn.push(JSON.parse(body).visit.id);
          },
        },
      ];
    };
    // the check-in floor: the same writes as one plain SQL transaction through the app's pool
    // (bench/server.ts); visits are written checked out, so it reuses visitors without taking them
    const deskUser = (await meta.query<{ id: number }>('select id from users where email = $1', [desk.email])).rows[0];
    const floorVisitors = (freeByClient.get(desk.clientId) ?? []).slice(0, 500);
    if (deskUser && floorVisitors.length > 0)
      await cannon(
        'check-in floor: badge + visit + audit + notify (one SQL transaction)',
        'floor',
        () =>
          cycling(floorVisitors, (visitorId) => ({
            method: 'POST',
            path: '/__bench/check-in-floor',
            body: JSON.stringify({ visitorId, buildingId: busy, userId: deskUser.id }),
          })),
        { note: 'the writes a check-in must make, nothing else; visits written checked out' },
      );
    await cannon('check-in (badge, idempotency key)', 'check-in', checkInRequests);
    if (wanted('check-out') && checkedIn.length > 0) {
      const ids = [...checkedIn];
      await cannon(
        'check-out',
        'check-out',
        () => cycling(ids, (id) => ({ method: 'POST', path: `/api/visits/${id}/check-out` }), session),
        { amount: ids.length, note: `each visit checked in by the check-in scenario (${ids.length})` },
      );
    }

    // 200 open dashboards with push
    if (wanted('dashboard under 200')) {
      const streams: http.ClientRequest[] = [];
      // push delay: from the start of the check-in / check-out request to the event at a stream
      let opStart = 0;
      const delays: number[] = [];
      let events = 0;
      for (let i = 0; i < 200; i++) {
        streams.push(
          await openSse(busy, session, () => {
            events++;
            if (opStart) delays.push(performance.now() - opStart);
          }),
        );
      }
      let pushing = true;
      const pushErrors: number[] = [];
      const pusher = (async () => {
        let k = 0;
        while (pushing) {
          opStart = performance.now();
          const ci = await request('POST', '/api/visits', {
            session,
            body: { ...admitBusy(), buildingId: busy, reason: 'Meeting' },
            headers: { 'idempotency-key': `bench-push-${runId}-${k++}` },
          });
          if (ci.status !== 200) pushErrors.push(ci.status);
          else {
            const id = JSON.parse(ci.body).visit.id as number;
            await new Promise((r) => setTimeout(r, 250));
            opStart = performance.now();
            const co = await request('POST', `/api/visits/${id}/check-out`, { session });
            if (co.status !== 200) pushErrors.push(co.status);
          }
          await new Promise((r) => setTimeout(r, 500));
        }
      })();
      const r = await cannon(
        'dashboard under 200 SSE + push',
        'dashboard',
        () => [{ method: 'GET', path: `/api/buildings/${busy}/visits/current`, headers: jsonHeaders(session) }],
        { note: '200 open SSE streams on the busy building; a desk checks a visitor in and out every ~0.5 s' },
      );
      pushing = false;
      await pusher;
      await new Promise((res) => setTimeout(res, 500));
      for (const s of streams) s.destroy();
      if (r) {
        const d = summary(delays);
        Object.assign(r, {
          sseStreams: 200,
          sseEventsDelivered: events,
          pushDelayMs: { p50: d.p50, p95: d.p95, p99: d.p99, max: d.max },
          pushErrors: pushErrors.length,
        });
        r.errors += pushErrors.length;
        console.log(
          `    SSE: ${events} events delivered to 200 streams, push delay p50 ${d.p50} p95 ${d.p95} p99 ${d.p99} ms, pusher errors ${pushErrors.length}`,
        );
      }
    }

    // logs (issue 13): bench/logs-scenarios.ts
    if (wanted('logs'))
      Object.assign(
        extra,
        await logScenarios({
          baseUrl: BASE,
          ds,
          session,
          login,
          cannon: cannon as never,
          cycling: cycling as never,
          rate: LATENCY_RATE,
          peakMb,
        }),
      );
    // morning rush: 50 buildings × 1 check-in / 5 s, 100 dashboards refetching on every event
    if (wanted('morning rush')) extra.morningRush = await morningRush(ds, prepareAdmissions);

    // every background read was written to the audit log (the batched writer flushes each second)
    if (auditedReadsOf.total > 0) {
      await new Promise((r) => setTimeout(r, 2500));
      const after = Number(
        (await meta.query<{ n: string }>(`select count(*) as n from audit_events where action = 'visitor.read'`))
          .rows[0]!.n,
      );
      extra.auditedReads = {
        ratePerSecond: AUDITED_READS,
        reads: auditedReadsOf.total,
        errors: auditedReadsOf.errors,
        auditRowsWritten: after - auditRowsBefore,
      };
      console.log(
        `  audited reads: ${auditedReadsOf.total} records opened beside the paced scenarios, ${after - auditRowsBefore} 'visitor.read' audit rows written`,
      );
    }

    // two instances on one PostgreSQL (issue 23 §9): check-in through two vs one, and a kill -9
    // of an instance mid-storm (bench/two-instances.ts)
    if (wanted('two-instances')) {
      const free = freeByClient.get(desk.clientId)?.length ?? 0;
      const storm = 300;
      const perRun = Math.max(100, Math.min(1500, Math.floor((free - storm - 200) / 2)));
      const deskUser = (await meta.query<{ id: number }>('select id from users where email = $1', [desk.email]))
        .rows[0];
      let another = 0;
      extra.twoInstances = await twoInstancesBench({
        meta,
        baseA: BASE,
        startAnother: async () => {
          const port = String(Number(process.env.BENCH_PORT ?? 3999) + 1 + (another++ % 2));
          const s = await startServer(url, { port, build: false });
          return { child: s.child, base: `http://127.0.0.1:${s.port}` };
        },
        session,
        buildingId: busy,
        userId: deskUser.id,
        floorVisitors: (freeByClient.get(desk.clientId) ?? []).slice(0, 500),
        admit: await prepareAdmissions(desk.clientId, busy, 2 * perRun + storm + 100),
        connections: CONNECTIONS,
        checkIns: perRun,
        stormCheckIns: storm,
        workers: 8,
      });
    }

    // arrest watch (issue 11): the nightly run over the registrations, in this process (bench/arrest-watch.ts)
    if (wanted('arrest watch')) {
      const count = Number(process.env.BENCH_ARREST_WATCH_COUNT ?? (ds.profile === 'district' ? 100_000 : 10_000));
      extra.arrestWatch = await arrestWatchBench({ databaseUrl: url, ds, planted, count });
    }

    // screening quality on the planted set
    if (!argv.includes('--no-quality') && wanted('quality: planted'))
      extra.screeningQuality = await quality(planted, session, busy);
    // the adversarial identity corpus (issue 22, bench/identity-corpus.ts): after the planted set, so
    // its exclusions (made inactive again at its end) never reach the common-name figure
    if (!argv.includes('--no-quality') && wanted('quality: identity')) {
      console.log('  identity corpus: excluded people written every way, each variant a new visitor screened');
      const admin = await login('bench.admin@bench.test', ds.password);
      // the same people on every fresh data set, other people on each later run on the same one
      const earlier = await meta.query<{ n: number }>('select count(*)::int as n from exclusions where reason = $1', [
        CORPUS_NOTE,
      ]);
      const identity = await identityCorpusBench({
        request,
        admin,
        desk: session,
        clientId: desk.clientId,
        buildingId: busy,
        seed: 20_261_127 + earlier.rows[0].n,
      });
      extra.identityCorpus = identity;
      for (const [k, v] of Object.entries(identity.byKind))
        console.log(
          `    ${k.padEnd(66)} recall ${v.recallPct}% (${v.found}/${v.variants}; direct ${v.direct}; as typed ${v.asTypedFound}; on an existing record ${v.resolvedToExisting})`,
        );
      console.log(
        `    identity corpus: recall ${identity.recallPct}% (${identity.found}/${identity.variants}) over ${identity.people} excluded people in ${identity.seconds} s`,
      );
    }

    if (json && pk) {
      // throughput ratios only for saturated runs (a paced run's req/s is its pace)
      for (const r of results.filter((x) => x.rate === undefined)) {
        r.ratioJson = round(r.reqPerSec / json.reqPerSec, 3);
        r.ratioPk = round(r.reqPerSec / pk.reqPerSec, 3);
      }
    }
  } catch (err) {
    failed = err;
  } finally {
    clearInterval(sampler);
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
  if (failed) throw failed;

  // the duplicate-record rate of the data set by the old rule and by the identity rules (issue 22)
  if (!argv.includes('--no-quality') && wanted('quality: duplicates')) {
    const d = await duplicateReport(url);
    extra.duplicateRecords = d;
    console.log(
      `  duplicate records of ${d.records.toLocaleString()} visitors: old rule ${d.oldRule.sharePct}%, identity keys ${d.identityKeys.sharePct}%, licence ${d.licence.sharePct}%, same person ${d.samePerson.sharePct}% (${d.seconds} s)`,
    );
  }
  const plans = argv.includes('--no-plans') ? {} : await explainAll(url, ds, planted);
  if (!argv.includes('--no-plans') && wanted('logs'))
    Object.assign(plans, await explainLogPlans(url, ds, path.join(RESULTS_DIR, 'plans')));
  let web: WebSizeReport | null = null;
  if (!argv.includes('--no-web')) {
    try {
      web = measureWebSize({ build: true });
    } catch (err) {
      console.error(`web size: ${(err as Error).message}`);
    }
  }
  await meta.end();

  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 2 ** 30, 0),
      node: process.version,
      loadAverageAtStart: load0.map((l) => round(l, 1)),
      loadAverageAtEnd: os.loadavg().map((l) => round(l, 1)),
    },
    settings: { duration: DURATION, warmup: WARMUP, connections: CONNECTIONS, rushSeconds: RUSH_SECONDS, soak: SOAK },
    dataset: { profile: ds.profile, scale: ds.scale, seed: ds.seed, counts: ds.counts, generatorTimings: ds.timings },
    scenarios: results,
    ...extra,
    web,
    targets: targets(results, extra, web),
    plans: Object.keys(plans),
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), markdown(report, plans));
  console.log(`\n${markdown(report, {})}`);
  console.log(`→ ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.json'))}, latest.md`);
}

// ---- morning rush -----------------------------------------------------------------------------
type Admission = { visitorId: number; screeningId: string; photoFileId: string };
async function morningRush(
  ds: Dataset,
  prepareAdmissions: (clientId: number, buildingId: number, count: number) => Promise<() => Admission>,
) {
  const desks = ds.deskBuildings.slice(0, 50);
  const admit = new Map<number, () => Admission>();
  for (const d of desks)
    admit.set(d.buildingId, await prepareAdmissions(d.clientId, d.buildingId, Math.ceil(RUSH_SECONDS / 5) + 10));
  console.log(
    `  morning rush: ${desks.length} buildings, 1 check-in per building every 5 s, ${desks.length * 2} dashboards, ${RUSH_SECONDS} s${SOAK ? ' (soak)' : ''}`,
  );
  const sessions = new Map<number, Session>();
  for (const d of desks) sessions.set(d.buildingId, await login(d.email, ds.password));
  const lat: Record<string, number[]> = { checkIn: [], checkOut: [], dashboardVisits: [], dashboardPreregs: [] };
  const errors: Record<string, number> = { checkIn: 0, checkOut: 0, dashboardVisits: 0, dashboardPreregs: 0, sse: 0 };
  const pushDelays: number[] = [];
  /** start of the latest check-in / check-out request per building (one at a time per desk) */
  const opStart = new Map<number, number>();
  const streams: http.ClientRequest[] = [];
  const timed = async (kind: string, fn: () => Promise<{ status: number; ms: number; body: string }>) => {
    try {
      const r = await fn();
      lat[kind].push(r.ms);
      if (r.status !== 200) errors[kind]++;
      return r;
    } catch {
      errors[kind]++;
      return null;
    }
  };
  let running = true;
  // other desks open visitors' records meanwhile (audited reads, issue 26)
  const stopReads = startAuditedReads();
  const refetch = (b: number, s: Session) =>
    Promise.all([
      timed('dashboardVisits', () => request('GET', `/api/buildings/${b}/visits/current`, { session: s })),
      timed('dashboardPreregs', () => request('GET', `/api/buildings/${b}/preregistrations`, { session: s })),
    ]);
  const t0 = Date.now();
  for (const d of desks) {
    const s = sessions.get(d.buildingId)!;
    for (let k = 0; k < 2; k++) {
      try {
        streams.push(
          await openSse(d.buildingId, s, () => {
            const t = opStart.get(d.buildingId);
            if (t) pushDelays.push(performance.now() - t);
            if (running) void refetch(d.buildingId, s);
          }),
        );
      } catch {
        errors.sse++;
      }
      void refetch(d.buildingId, s);
    }
  }
  const timers: NodeJS.Timeout[] = [];
  const runId = Date.now().toString(36);
  let seq = 0;
  let checkIns = 0;
  for (const d of desks) {
    const s = sessions.get(d.buildingId)!;
    const open: number[] = [];
    const tick = async () => {
      if (!running) return;
      // check out the visit from three ticks ago, then check a new visitor in
      if (open.length >= 3) {
        const id = open.shift()!;
        opStart.set(d.buildingId, performance.now());
        await timed('checkOut', () => request('POST', `/api/visits/${id}/check-out`, { session: s }));
      }
      opStart.set(d.buildingId, performance.now());
      const r = await timed('checkIn', () =>
        request('POST', '/api/visits', {
          session: s,
          body: { ...admit.get(d.buildingId)!(), buildingId: d.buildingId, reason: 'Meeting' },
          headers: { 'idempotency-key': `bench-rush-${runId}-${seq++}` },
        }),
      );
      checkIns++;
      if (r?.status === 200) {
        open.push(JSON.parse(r.body).visit.id as number);
      }
    };
    const first = setTimeout(
      () => {
        void tick();
        timers.push(setInterval(() => void tick(), 5000));
      },
      Math.floor(Math.random() * 5000),
    );
    timers.push(first);
    // at the end every desk checks out what it still has open
    timers.push(
      setTimeout(
        async () => {
          while (open.length) {
            const id = open.shift()!;
            await request('POST', `/api/visits/${id}/check-out`, { session: s }).catch(() => {});
          }
        },
        RUSH_SECONDS * 1000 + 1000,
      ),
    );
  }
  await new Promise((r) => setTimeout(r, RUSH_SECONDS * 1000));
  running = false;
  const auditedReads = stopReads();
  for (const t of timers.slice()) {
    clearTimeout(t);
    clearInterval(t);
  }
  // final check-outs run from the timers above: let them finish
  await new Promise((r) => setTimeout(r, 1500));
  for (const s of streams) s.destroy();
  const end = Date.now();
  const all = [...lat.checkIn, ...lat.checkOut, ...lat.dashboardVisits, ...lat.dashboardPreregs];
  const samples = rss.filter((x) => x.t >= t0 && x.t <= end);
  const dur = end - t0;
  const windowMean = (a: number, b: number) => {
    const w = samples.filter((x) => x.t >= t0 + a * dur && x.t <= t0 + b * dur).map((x) => x.kb);
    return w.length ? w.reduce((p, q) => p + q, 0) / w.length / 1024 : 0;
  };
  const early = windowMean(0.1, 0.2);
  const late = windowMean(0.9, 1);
  const out = {
    seconds: RUSH_SECONDS,
    soak: SOAK,
    buildings: desks.length,
    dashboards: streams.length,
    checkIns,
    requests: all.length,
    throughputPerSec: round(all.length / (dur / 1000), 1),
    latency: Object.fromEntries(Object.entries(lat).map(([k, v]) => [k, summary(v)])),
    overall: summary(all),
    errors,
    errorTotal: Object.values(errors).reduce((a, b) => a + b, 0),
    pushDelayMs: summary(pushDelays),
    auditedReads,
    memory: {
      startMb: round((samples[0]?.kb ?? 0) / 1024, 0),
      peakMb: round(Math.max(...samples.map((x) => x.kb)) / 1024, 0),
      endMb: round((samples.at(-1)?.kb ?? 0) / 1024, 0),
      meanAt10to20pctMb: round(early, 0),
      meanAtLast10pctMb: round(late, 0),
      growthPct: early ? round(((late - early) / early) * 100, 1) : null,
    },
  };
  console.log(
    `    overall p50 ${out.overall.p50} p95 ${out.overall.p95} p99 ${out.overall.p99} ms over ${out.requests} requests (${out.throughputPerSec}/s), errors ${out.errorTotal}; RSS ${out.memory.meanAt10to20pctMb} → ${out.memory.meanAtLast10pctMb} MB (${out.memory.growthPct}%)`,
  );
  return out;
}

// ---- screening quality ------------------------------------------------------------------------
async function quality(planted: PlantedProbe[], session: Session, buildingId: number) {
  console.log(`  screening quality: ${planted.length} planted probes`);
  const per: Record<
    string,
    { probes: number; found: number; gated: number; failed: number; missed: string[]; notGated: string[] }
  > = {};
  const common = {
    probes: 0,
    withRegistryMatch: 0,
    registryMatches: 0,
    withExclusionPotential: 0,
    byLevel: {} as Record<string, number>,
    /** probes with a Strong or Very Strong match (levels 2, 3, 5, 6: the date of birth agrees) */
    withStrongMatch: 0,
    /** probes with a registry match that needs an attendant's decision (gating: the district's setting) */
    withGatingMatch: 0,
    /** probes whose registry matches are all shown for information only */
    withInformationalOnly: 0,
    /** probes that need any decision: a gating registry match, an exclusion match, or a failed check */
    withAnyDecision: 0,
  };
  let i = 0;
  const worker = async () => {
    while (i < planted.length) {
      const p = planted[i++];
      const r = await request('POST', `/api/visitors/${p.visitorId}/screening`, { session, body: { buildingId } });
      const body = r.status === 200 ? JSON.parse(r.body) : null;
      const matches: { id: string; level?: number; gating?: boolean }[] = body?.registry?.matches ?? [];
      // a match without the field (a server before issue 10 §7) gates
      const gates = (m: { gating?: boolean }) => m.gating !== false;
      if (p.category === 'common') {
        common.probes++;
        if (matches.length > 0) common.withRegistryMatch++;
        common.registryMatches += matches.length;
        for (const m of matches) common.byLevel[String(m.level)] = (common.byLevel[String(m.level)] ?? 0) + 1;
        if (matches.some((m) => m.level !== undefined && [2, 3, 5, 6].includes(m.level))) common.withStrongMatch++;
        if (matches.some(gates)) common.withGatingMatch++;
        else if (matches.length > 0) common.withInformationalOnly++;
        if ((body?.exclusions?.potential ?? []).length > 0) common.withExclusionPotential++;
        if (!body || body.issueCount > 0) common.withAnyDecision++;
        continue;
      }
      per[p.category] ??= { probes: 0, found: 0, gated: 0, failed: 0, missed: [], notGated: [] };
      const c = per[p.category];
      c.probes++;
      if (body?.registry.status !== 'ok') c.failed++;
      const hit = matches.find((m) => m.id === p.expectedRef);
      const what = `${p.visitor.firstname} ${p.visitor.lastname} ${p.visitor.dob} vs ${p.registryName}${p.note ? ` (${p.note})` : ''}`;
      if (hit) {
        c.found++;
        if (gates(hit)) c.gated++;
        else if (c.notGated.length < 10) c.notGated.push(`${what}: level ${hit.level}`);
      } else if (c.missed.length < 10) c.missed.push(what);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const recall = Object.fromEntries(
    Object.entries(per).map(([k, v]) => [
      k,
      { ...v, recallPct: round((v.found / v.probes) * 100, 1), gatedRecallPct: round((v.gated / v.probes) * 100, 1) },
    ]),
  );
  const rate = (n: number) => round((n / Math.max(1, common.probes)) * 100, 1);
  const out = {
    recall,
    commonNames: {
      ...common,
      falsePositiveRatePct: rate(common.withRegistryMatch),
      strongFalsePositiveRatePct: rate(common.withStrongMatch),
      registryDecisionRatePct: rate(common.withGatingMatch),
      anyDecisionRatePct: rate(common.withAnyDecision),
      exclusionPotentialRatePct: rate(common.withExclusionPotential),
    },
  };
  for (const [k, v] of Object.entries(recall))
    console.log(`    ${k.padEnd(9)} recall ${v.recallPct}% (${v.found}/${v.probes}), as a gate ${v.gatedRecallPct}%`);
  console.log(
    `    common names: ${out.commonNames.falsePositiveRatePct}% of ${common.probes} non-offender visitors got a registry match; ${out.commonNames.registryDecisionRatePct}% need a decision on it`,
  );
  return out;
}

// ---- targets and markdown ---------------------------------------------------------------------
interface Target {
  target: string;
  measured: string;
  pass: boolean | null;
}
function targets(rs: ScenarioResult[], extra: Record<string, unknown>, web: WebSizeReport | null): Target[] {
  const by = (n: string) => rs.find((r) => r.name === n);
  const out: Target[] = [];
  const p95 = (names: string[], limit: number, label: string) => {
    for (const n of names) {
      const r = by(n);
      if (r)
        out.push({
          target: `${label}: ${n} p95 ≤ ${limit} ms (at ${r.rate ?? '?'} req/s)`,
          measured: `${r.p95} ms`,
          pass: r.p95 <= limit,
        });
    }
  };
  p95(['screening: with matches', 'screening: no match', 'screening: common names (mix)'], 20, 'Screening');
  p95(['visitor search: exact', 'visitor search: prefix', 'visitor search: typo'], 30, 'Search');
  const ratio = (n: string, min: number) => {
    const r = by(n);
    if (r?.ratioPk !== undefined)
      out.push({
        target: `${n} throughput ≥ ${min * 100}% of the primary-key floor`,
        measured: `${round(r.ratioPk * 100, 1)}% (${r.reqPerSec} vs ${by('floor: primary-key lookup')?.reqPerSec} req/s)`,
        pass: r.ratioPk >= min,
      });
  };
  ratio('check-in (badge, idempotency key)', 0.4);
  const checkIn = by('check-in (badge, idempotency key)');
  const checkInFloor = rs.find((r) => r.name.startsWith('check-in floor:'));
  if (checkIn && checkInFloor)
    out.push({
      target: 'check-in throughput ≥ 50% of the check-in floor (its writes as one SQL transaction)',
      measured: `${round((checkIn.reqPerSec / checkInFloor.reqPerSec) * 100, 1)}% (${checkIn.reqPerSec} vs ${checkInFloor.reqPerSec} req/s)`,
      pass: checkIn.reqPerSec / checkInFloor.reqPerSec >= 0.5,
    });
  ratio('dashboard: current visits', 0.6);
  ratio('dashboard: pre-registrations', 0.6);
  // issue 26: the targets above were measured with audited reads beside them; each one is written
  const reads = extra.auditedReads as
    | { reads: number; errors: number; auditRowsWritten: number; ratePerSecond: number }
    | undefined;
  if (reads)
    out.push({
      target: `Audited record reads (${reads.ratePerSecond}/s beside the paced scenarios): every one written, none failed`,
      measured: `${reads.auditRowsWritten} audit rows for ${reads.reads} reads, ${reads.errors} errors`,
      pass: reads.errors === 0 && reads.auditRowsWritten >= reads.reads,
    });
  const rush = extra.morningRush as
    | { overall: { p99: number }; errorTotal: number; memory: { growthPct: number | null }; seconds: number }
    | undefined;
  if (rush) {
    out.push({ target: 'Morning rush p99 < 100 ms', measured: `${rush.overall.p99} ms`, pass: rush.overall.p99 < 100 });
    out.push({ target: 'Morning rush: zero errors', measured: String(rush.errorTotal), pass: rush.errorTotal === 0 });
    out.push({
      target: `Server memory flat (growth < 10%) over ${rush.seconds} s${rush.seconds < 600 ? ' (short run; --soak for 10 min)' : ''}`,
      measured: `${rush.memory.growthPct}%`,
      pass: rush.memory.growthPct !== null && rush.memory.growthPct < 10,
    });
  }
  const two = extra.twoInstances as TwoInstancesReport | undefined;
  if (two) {
    const k = two.killStorm;
    out.push({
      target: 'Two instances: check-in through both at least as fast as through one (ratio to the floor)',
      measured: `${two.twoInstances.ratioToFloor} vs ${two.oneInstance.ratioToFloor} (${two.twoInstances.reqPerSec} vs ${two.oneInstance.reqPerSec} req/s)`,
      pass: (two.twoInstances.ratioToFloor ?? 0) >= (two.oneInstance.ratioToFloor ?? 0) * 0.9,
    });
    out.push({
      target: 'Two instances: kill -9 of one mid-storm loses and duplicates nothing, no key left unanswered',
      measured: `${k.acknowledged}/${k.intended} acknowledged, lost ${k.lost}, duplicated ${k.duplicated}, unanswered keys ${k.unansweredKeys}; retries answered ≤ ${k.retryAnsweredMsAfterKill.max} ms after the kill`,
      pass: k.acknowledged === k.intended && k.lost === 0 && k.duplicated === 0 && k.unansweredKeys === 0,
    });
  }
  const aw = extra.arrestWatch as ArrestWatchBench | undefined;
  if (aw) {
    out.push({
      target: `Arrest watch: the nightly run over ${aw.registrations.toLocaleString()} registrations finishes in minutes (≤ 10 min)`,
      measured: `${aw.run.seconds} s (${aw.run.perSecond}/s; ${round(aw.run.ratioToFloor * 100, 1)}% of the bare-search floor), ${aw.run.alerts} alerts, planted found ${aw.plantedFound.exact}/${aw.plantedFound.of}`,
      pass: aw.run.seconds <= 600 && aw.plantedFound.exact === aw.plantedFound.of,
    });
    out.push({
      target: 'Arrest watch: killed after a batch and resumed, alerts exactly once',
      measured: `${aw.restart.alertsWithRestart} alerts with the restart vs ${aw.restart.alertsUninterrupted} uninterrupted (${aw.restart.sliceRegistrations} registrations)`,
      pass: aw.restart.exactlyOnce,
    });
  }
  const q = extra.screeningQuality as
    | {
        recall: Record<string, { recallPct: number; gatedRecallPct: number }>;
        commonNames: { registryDecisionRatePct: number; withGatingMatch: number; probes: number };
      }
    | undefined;
  // recall counts a planted record only when it is found AND gates (needs the attendant's decision)
  for (const [k, min] of [
    ['exact', 100],
    ['typo', 99],
    ['nickname', 99],
    ['alias', 99],
  ] as const) {
    const r = q?.recall[k];
    if (r)
      out.push({
        target: `Screening recall (found and gating), ${k} ${min === 100 ? '= 100%' : `≥ ${min}%`}`,
        measured: `${r.gatedRecallPct}% (found ${r.recallPct}%)`,
        pass: r.gatedRecallPct >= min,
      });
  }
  const idc = extra.identityCorpus as IdentityCorpusResult | undefined;
  if (idc) {
    const short = Object.entries(idc.byKind)
      .filter(([, v]) => v.found < v.variants)
      .map(([k, v]) => `${k} ${v.found}/${v.variants}`);
    out.push({
      target: 'Screening recall, adversarial identity corpus = 100%',
      measured: `${idc.recallPct}% (${idc.found}/${idc.variants} variants of ${idc.people} excluded people${short.length ? `; missed: ${short.join(', ')}` : ''})`,
      pass: idc.found === idc.variants && idc.variants > 0,
    });
  }
  if (q?.commonNames)
    out.push({
      target: 'Common-name non-offenders needing a registry decision ≤ 2%',
      measured: `${q.commonNames.registryDecisionRatePct}% (${q.commonNames.withGatingMatch} of ${q.commonNames.probes})`,
      pass: q.commonNames.registryDecisionRatePct <= 2,
    });
  for (const r of web?.routes ?? [])
    out.push({
      target: `Web ${r.route} initial JS ≤ ${r.targetGzipBytes / 1024} KB gzip`,
      measured: `${round(r.jsGzipBytes / 1024, 1)} KB`,
      pass: r.pass,
    });
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: report shape is built above
function markdown(report: any, plans: Record<string, string>): string {
  const L: string[] = [];
  const ds = report.dataset;
  L.push(`# Front-desk benchmark — ${ds.profile} profile${ds.scale !== 1 ? ` (scale ${ds.scale})` : ''}`);
  L.push('');
  L.push(
    `Run ${report.startedAt} on ${report.machine.cpus} cores (${report.machine.cpuModel}), ${report.machine.memoryGb} GB, Node ${report.machine.node}; ` +
      `load average at start ${report.machine.loadAverageAtStart.join(' / ')}, at end ${report.machine.loadAverageAtEnd.join(' / ')} ` +
      '(a shared machine: server, PostgreSQL and load generator on the same cores — compare ratios, not absolute numbers).',
  );
  L.push('');
  L.push(
    `Data: ${Object.entries(ds.counts)
      .filter(([k]) => k !== 'database_bytes')
      .map(([k, v]) => `${k} ${Number(v).toLocaleString('en-US')}`)
      .join(', ')}; database ${(ds.counts.database_bytes / 2 ** 30).toFixed(2)} GB. ` +
      `autocannon ${report.settings.connections} connections, ${report.settings.warmup} s warm-up, ${report.settings.duration} s per scenario.`,
  );
  L.push('');
  L.push('| Scenario | req/s | p50 ms | p95 ms | p99 ms | errors | peak RSS MB | × JSON floor | × PK floor |');
  L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of report.scenarios as ScenarioResult[]) {
    L.push(
      `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.peakRssMb ?? ''} | ${r.ratioJson ?? ''} | ${r.ratioPk ?? ''} |`,
    );
  }
  const sse = (report.scenarios as ScenarioResult[]).find((r) => r.sseStreams);
  if (sse) {
    const d = sse.pushDelayMs as { p50: number; p95: number; p99: number; max: number };
    L.push('');
    L.push(
      `200 SSE dashboards: ${sse.sseEventsDelivered} events delivered; push delay (check-in/out request start → event at a stream) p50 ${d.p50} / p95 ${d.p95} / p99 ${d.p99} / max ${d.max} ms.`,
    );
  }
  const rush = report.morningRush;
  if (rush) {
    L.push('');
    L.push(
      `## Morning rush (${rush.buildings} buildings, 1 check-in per building every 5 s with a check-out 15 s later, ${rush.dashboards} SSE dashboards refetching visits + pre-registrations on every event, ${rush.seconds} s${rush.soak ? ', soak' : ''})`,
    );
    L.push('');
    L.push('| Operation | n | p50 ms | p95 ms | p99 ms | max ms | errors |');
    L.push('|---|---:|---:|---:|---:|---:|---:|');
    for (const [k, v] of Object.entries(rush.latency as Record<string, ReturnType<typeof summary>>)) {
      L.push(`| ${k} | ${v.n} | ${v.p50} | ${v.p95} | ${v.p99} | ${v.max} | ${rush.errors[k] ?? 0} |`);
    }
    L.push(
      `| **all** | ${rush.overall.n} | ${rush.overall.p50} | ${rush.overall.p95} | ${rush.overall.p99} | ${rush.overall.max} | ${rush.errorTotal} |`,
    );
    L.push('');
    L.push(
      `${rush.auditedReads?.reads ? `Beside it, ${rush.auditedReads.reads} visitors' records opened (audited reads, ${AUDITED_READS}/s, p95 ${rush.auditedReads.p95} ms). ` : ''}Push delay p50 ${rush.pushDelayMs.p50} / p95 ${rush.pushDelayMs.p95} / p99 ${rush.pushDelayMs.p99} ms. Server RSS: start ${rush.memory.startMb} MB, mean at 10–20% ${rush.memory.meanAt10to20pctMb} MB, mean over the last 10% ${rush.memory.meanAtLast10pctMb} MB (growth ${rush.memory.growthPct}%), peak ${rush.memory.peakMb} MB.`,
    );
  }
  const two = report.twoInstances as TwoInstancesReport | undefined;
  if (two) {
    L.push('');
    L.push(
      `## Two instances on one PostgreSQL (issue 23 §9, ${two.checkInsPerRun} check-ins per run, ${two.connections} connections)`,
    );
    L.push('');
    L.push('| Run | req/s | p50 ms | p95 ms | p99 ms | errors | × check-in floor |');
    L.push('|---|---:|---:|---:|---:|---:|---:|');
    for (const [k, r] of [
      ['check-in floor (A)', two.floor],
      ['check-in, one instance', two.oneInstance],
      ['check-in, two instances', two.twoInstances],
    ] as const)
      L.push(`| ${k} | ${r.reqPerSec} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.ratioToFloor ?? ''} |`);
    L.push('');
    L.push(`Kill -9 storm: ${JSON.stringify(two.killStorm)}. ${two.note}.`);
  }
  const q = report.screeningQuality;
  if (q) {
    L.push('');
    L.push('## Screening quality (planted set, bench/results/planted.json)');
    L.push('');
    L.push('| Category | probes | found | recall | gating (needs a decision) | recall as a gate |');
    L.push('|---|---:|---:|---:|---:|---:|');
    for (const [k, v] of Object.entries(
      q.recall as Record<
        string,
        { probes: number; found: number; gated?: number; recallPct: number; gatedRecallPct?: number }
      >,
    ))
      L.push(
        `| ${k} | ${v.probes} | ${v.found} | ${v.recallPct}% | ${v.gated ?? ''} | ${v.gatedRecallPct ?? ''}${v.gatedRecallPct === undefined ? '' : '%'} |`,
      );
    L.push('');
    const c = q.commonNames;
    L.push(
      `Common names (top-10 given names × top-20 surnames, not in the registry): ${c.withRegistryMatch} of ${c.probes} got at least one registry match (${c.falsePositiveRatePct}%; levels ${JSON.stringify(c.byLevel)}); ${c.withStrongMatch} (${c.strongFalsePositiveRatePct}%) got a Strong or Very Strong one (the date of birth agrees), the rest only Moderate ones (a year-only registry date, a missing date, or a one-digit slip). ` +
        `**${c.withGatingMatch} (${c.registryDecisionRatePct}%) need a decision on a registry match** under the busy district's registryGating setting; ${c.withInformationalOnly} see registry matches for information only. ` +
        `${c.exclusionPotentialRatePct}% got an exclusion potential match; ${c.anyDecisionRatePct}% need any decision (registry or exclusion).`,
    );
    for (const [k, v] of Object.entries(q.recall as Record<string, { missed: string[]; notGated?: string[] }>)) {
      if (v.missed.length) L.push(`\nMissed ${k} (first ${v.missed.length}): ${v.missed.join('; ')}`);
      if (v.notGated?.length) L.push(`\nFound but information only, ${k}: ${v.notGated.join('; ')}`);
    }
  }
  const idc = report.identityCorpus as IdentityCorpusResult | undefined;
  if (idc) {
    L.push('');
    L.push(`## Identity: adversarial corpus (${idc.generator})`);
    L.push('');
    L.push(
      `${idc.people} excluded people created as global exclusions of the busy district through the API; each written the ways below, POSTed as a new visitor at the busy building and screened there. ` +
        "Found: the screening shows that exclusion as a direct match or as a potential match not cleared (it needs the attendant's decision). " +
        '"As typed": the exclusion check (POST /api/exclusions/potential-matches) with the names exactly as typed, no record. ' +
        `"On an existing record": the POST answered a record of the person already on file. The ${idc.exclusionsCreated} exclusions were made inactive again at the end (${idc.exclusionsDeactivated} done); ${idc.seconds} s.`,
    );
    L.push('');
    L.push('| Variant | variants | found | recall | direct | as typed | on an existing record | errors |');
    L.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const [k, v] of Object.entries(idc.byKind))
      L.push(
        `| ${k} | ${v.variants} | ${v.found} | ${v.recallPct}% | ${v.direct} | ${v.asTypedFound} | ${v.resolvedToExisting} | ${v.errors} |`,
      );
    L.push(
      `| **all** | ${idc.variants} | ${idc.found} | ${idc.recallPct}% | | ${idc.asTypedFound} (${idc.asTypedRecallPct}%) | | |`,
    );
    for (const [k, v] of Object.entries(idc.byKind))
      if (v.missed.length) L.push(`\nMissed, ${k} (first ${v.missed.length}): ${v.missed.join('; ')}`);
    if (idc.refusedExclusions.length)
      L.push(`\nExclusions refused by the server (reverse kind): ${idc.refusedExclusions.join('; ')}`);
  }
  const dup = report.duplicateRecords as DuplicateReport | undefined;
  if (dup) {
    const row = (label: string, r: DuplicateReport['oldRule']) =>
      `| ${label} | ${r.secondRecords.toLocaleString('en-US')} | ${r.sharePct}% | ${r.peopleWithDuplicates === null ? '' : r.peopleWithDuplicates.toLocaleString('en-US')} |`;
    L.push('');
    L.push('## Duplicate records of the data set (informational)');
    L.push('');
    L.push(
      `A record is a second record when an earlier record of the same district is the same person by the rule. ${dup.records.toLocaleString('en-US')} visitor records` +
        `${dup.merged === null ? '' : ` (${dup.merged.toLocaleString('en-US')} merged records left out)`}; ${dup.unkeyed} without identity keys. ` +
        'Dates of birth agree only when known (not null, not the 01/01/1970 placeholder).',
    );
    L.push('');
    L.push('| Rule | second records | share | people with more than one record |');
    L.push('|---|---:|---:|---:|');
    L.push(row('before: old rule (lower(first), lower(last), date of birth)', dup.oldRule));
    L.push(row('after: identity keys (first_key, last_key, date of birth)', dup.identityKeys));
    L.push(row('after: licence number + licence state', dup.licence));
    L.push(row('after: same person (identity keys or licence, ADR 0022)', dup.samePerson));
    L.push('');
    L.push(
      `${dup.keysNotOldRule.toLocaleString('en-US')} second records by identity keys are not second records by the old rule (accents, hidden characters, look-alike letters, punctuation). ${dup.seconds} s.`,
    );
  }
  if (report.web) {
    L.push('');
    L.push('## Web initial JavaScript (gzip, from the Vite manifest)');
    L.push('');
    L.push(`Entry chunk alone: ${(report.web.entryOnlyGzipBytes / 1024).toFixed(1)} KB.`);
    L.push('');
    L.push('| Route | JS gzip | JS raw | files | CSS gzip | target |');
    L.push('|---|---:|---:|---:|---:|---:|');
    for (const r of report.web.routes as WebSizeReport['routes'])
      L.push(
        `| ${r.route} | ${(r.jsGzipBytes / 1024).toFixed(1)} KB | ${(r.jsBytes / 1024).toFixed(1)} KB | ${r.files.length} | ${(r.cssGzipBytes / 1024).toFixed(1)} KB | ≤ ${r.targetGzipBytes / 1024} KB |`,
      );
  }
  L.push('');
  L.push('## Targets');
  L.push('');
  L.push('| Target | Measured | |');
  L.push('|---|---|---|');
  for (const t of report.targets as Target[])
    L.push(`| ${t.target} | ${t.measured} | ${t.pass === null ? '' : t.pass ? 'PASS' : 'MISS'} |`);
  const planNames = Object.keys(plans);
  if (planNames.length) {
    L.push('');
    L.push('## Query plans (EXPLAIN ANALYZE, BUFFERS; full text in bench/results/plans/)');
    for (const n of planNames) {
      const times = plans[n]
        .split('\n')
        .filter((l) => l.includes('Execution Time'))
        .map((l) => Number(/([\d.]+) ms/.exec(l)?.[1] ?? 0));
      const total = times.reduce((a, b) => a + b, 0);
      L.push(
        `- ${n}: ${times.length} statement${times.length === 1 ? '' : 's'}, execution ${times.map((t) => `${t} ms`).join(' + ')}${times.length > 1 ? ` = ${total.toFixed(3)} ms` : ''}`,
      );
    }
  }
  L.push('');
  return L.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
