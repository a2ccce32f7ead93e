/**
 * Webhook fan-out (issue 28 "Bench": "webhook fan-out of 1,000 check-ins to 3 subscribers with no
 * event lost or sent twice"; ADR 0051). Through the real app (in-process inject): a district
 * administrator subscribes three local receivers through the API, the kiosk checks in CHECK_INS
 * invited visitors by pass (scan, then check-in: screened now, through the admission gate; the
 * check-in's one statement writes the deliveries), and two delivery workers — `deliverWebhooks`
 * with owners 'A' and 'B', each on its own connection pool on PostgreSQL, as two instances would
 * run the job — drain the outbox at the same time as the check-ins are made, until every delivery
 * is sent. The receivers: one answers at once, one after 20–50 ms, one refuses FLAKY (5%) of first
 * attempts (half with a 500, half by dropping the connection) so that retries happen. The product
 * waits 1 minute before a retry (webhookBackoffSeconds); the bench makes a backed-off delivery due
 * again by setting its `next_attempt_at` to now (only rows no worker holds), and says so.
 * Checked from the receivers' side: each receiver acknowledged (2xx) every check-in's event exactly
 * once, the three got the same event id for a check-in, every signature verifies as documented.
 *   npx tsx bench/webhook-fanout.ts   or   npm run bench -- --only webhook-fanout
 *   CHECK_INS=1000 CLIENTS=4 (kiosk calls at once; RATE=n paces arrivals instead) FLAKY=0.05
 *   BENCH_PG_URL=postgres://… runs on a fresh PostgreSQL database (dropped at the end).
 * Exits 1 when an event is missing or acknowledged twice, or a signature does not verify.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedDemo } from '../apps/server/db/seed/demo';
import { buildApp } from '../apps/server/src/app';
import { insertPhoto } from '../apps/server/src/features/exclusions/exclusions.fixtures';
import { createPass } from '../apps/server/src/features/visitor-passes/visitor-passes.fixtures';
import { deliverWebhooks } from '../apps/server/src/features/webhooks/index';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { type Database, openPglite, openPostgres } from '../apps/server/src/platform/db/database';
import type { AppDeps } from '../apps/server/src/platform/deps';

const CHECK_INS = Number(process.env.CHECK_INS ?? 1000);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const RATE = Number(process.env.RATE ?? 0);
const FLAKY = Number(process.env.FLAKY ?? 0.05);
/** a worker with nothing due looks again after this long (the product's job: every 5 s) */
const IDLE_MS = 20;
/** backed-off deliveries are made due again this often */
const RETRY_SWEEP_MS = 250;
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 600);
const pgUrl = process.env.BENCH_PG_URL ?? '';
const dbName = `sv_bench_webhooks_${process.pid}`;
const pgliteDir = path.join(os.tmpdir(), `sv-webhook-fanout-${process.pid}`);

// ---- database ---------------------------------------------------------------------------------
const cleanup: { drop?: () => Promise<void> } = {};
const dbUrl = () => {
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
};
async function open(): Promise<Database> {
  if (!pgUrl) {
    cleanup.drop = async () => fs.rmSync(pgliteDir, { recursive: true, force: true });
    return openPglite({ dataDir: pgliteDir });
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  cleanup.drop = async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  };
  return openPostgres(dbUrl());
}

const database = await open();
await database.migrate();
const world = await seedDemo(database.db);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
  WEBHOOK_ALLOW_PRIVATE: 'true',
});
const deps = createDeps(config, database, { email: null, sms: null });
const app = await buildApp(deps);
await app.ready();
/** the two delivery workers' deps: their own pools on PostgreSQL (two instances), the one database on PGlite */
const workerDatabases: Database[] = [];
async function workerDeps(): Promise<AppDeps> {
  if (!pgUrl) return deps;
  const d = await openPostgres(dbUrl(), { max: 10 });
  workerDatabases.push(d);
  return { ...deps, database: d, db: d.db };
}
const depsA = await workerDeps();
const depsB = await workerDeps();

// ---- receivers --------------------------------------------------------------------------------
interface Receipt {
  eventId: string;
  eventType: string;
  visitId: number | null;
  /** what the receiver answered: an HTTP status, or 0 for a dropped connection */
  status: number;
  at: number;
  signatureOk: boolean;
}
type Behaviour = 'fast' | 'slow' | 'flaky';
/** deterministic pseudo-random numbers (mulberry32), so a run's failures can be repeated */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** The receiver's check, as WEBHOOK_SIGNATURE_DOC / ADR 0051 tell a receiver to do it. */
function verify(secret: string, headers: http.IncomingHttpHeaders, body: string) {
  const timestamp = String(headers['x-safevisitor-timestamp']);
  const signature = String(headers['x-safevisitor-signature']);
  if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > 300) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}
async function startReceiver(behaviour: Behaviour, seed: number) {
  const receipts: Receipt[] = [];
  const seen = new Set<string>();
  const rnd = random(seed);
  const r = { behaviour, url: '', secret: '', receipts, close: async () => {} };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const at = performance.now();
      const eventId = String(req.headers['x-safevisitor-delivery'] ?? '');
      let visitId: number | null = null;
      try {
        visitId = JSON.parse(body).data?.visitId ?? null;
      } catch {}
      const first = !seen.has(eventId);
      seen.add(eventId);
      const receipt: Receipt = {
        eventId,
        eventType: String(req.headers['x-safevisitor-event'] ?? ''),
        visitId,
        status: 200,
        at,
        signatureOk: verify(r.secret, req.headers, body),
      };
      receipts.push(receipt);
      const answer = () => res.writeHead(receipt.status, { 'content-type': 'text/plain' }).end('ok');
      if (behaviour === 'flaky' && first && rnd() < FLAKY) {
        if (rnd() < 0.5) {
          receipt.status = 0; // the connection is dropped with no answer
          req.socket.destroy();
        } else {
          receipt.status = 500;
          answer();
        }
      } else if (behaviour === 'slow') setTimeout(answer, 20 + rnd() * 30);
      else answer();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/${behaviour}`;
  r.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return r;
}
const receivers = [await startReceiver('fast', 1), await startReceiver('slow', 2), await startReceiver('flaky', 3)];

// ---- sessions and subscriptions through the API --------------------------------------------------
async function login(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo-Visitor-2026' },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name.endsWith('sv_session'))!;
  return { cookie: `${cookie.name}=${cookie.value}`, 'x-csrf-token': res.json().csrfToken as string };
}
const admin = await login('admin.north@demo.test');
const subscriptionIds: number[] = [];
for (const r of receivers) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: admin,
    payload: {
      url: r.url,
      description: `bench ${r.behaviour} receiver`,
      events: ['visit.checked_in', 'visit.checked_out', 'screening.flagged', 'entry.denied'],
    },
  });
  if (res.statusCode !== 200) throw new Error(`subscribe ${res.statusCode} ${res.body}`);
  r.secret = res.json().secret;
  subscriptionIds.push(res.json().webhook.id);
}

// ---- the passes (as bench/pass-arrival.ts prepares them) ------------------------------------------
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
console.log(`webhook fan-out: preparing ${CHECK_INS} invitations and photos…`);
const passes: { token: string; photo: string }[] = [];
for (let i = 0; i < CHECK_INS; i++) {
  const { token } = await createPass(deps, at, {
    firstname: `Hook${letters(i)}`,
    lastname: `Fanout${letters(i * 7 + 3)}`,
    dob: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
  });
  passes.push({ token, photo: await insertPhoto(database.db, at.clientId) });
}
const kiosk = await login('kiosk.northhigh@demo.test');

// ---- delivery workers and the retry sweep -------------------------------------------------------
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const state = { checkInsDone: false, stop: false, retriesMadeDue: 0, sweeps: 0 };
const workers = {
  A: { sent: 0, retrying: 0, failed: 0, batches: 0 },
  B: { sent: 0, retrying: 0, failed: 0, batches: 0 },
};
async function worker(owner: 'A' | 'B', d: AppDeps) {
  const tally = workers[owner];
  while (!state.stop) {
    const c = await deliverWebhooks(d, { owner });
    tally.sent += c.sent;
    tally.retrying += c.retrying;
    tally.failed += c.failed;
    if (c.sent + c.retrying + c.failed === 0) await sleep(IDLE_MS);
    else tally.batches++;
  }
}
/** The bench's only change to the product's timing: a delivery waiting its back-off (no worker holds it) is due now. */
async function retrySweep() {
  while (!state.stop) {
    await sleep(RETRY_SWEEP_MS);
    const moved = await database.query(
      `update webhook_deliveries set next_attempt_at = now()
        where status = 'queued' and claimed_by is null and attempts > 0 and next_attempt_at > now() returning id`,
    );
    state.retriesMadeDue += moved.length;
    state.sweeps++;
  }
}
async function queuedLeft() {
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from webhook_deliveries where status = 'queued'`,
  );
  return Number(row?.n ?? 0);
}

// ---- the check-ins ------------------------------------------------------------------------------
const answeredAt = new Map<number, number>();
const states: Record<string, number> = {};
const checkInMs: number[] = [];
async function arrive(i: number) {
  const p = passes[i]!;
  const scan = await app.inject({
    method: 'POST',
    url: '/api/kiosk/passes/scan',
    headers: kiosk,
    payload: { token: p.token },
  });
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/kiosk/passes/check-in',
    headers: { ...kiosk, 'idempotency-key': randomUUID() },
    payload: { token: p.token, photoFileId: p.photo },
  });
  const t1 = performance.now();
  checkInMs.push(t1 - t0);
  const s =
    scan.statusCode !== 200
      ? `scan ${scan.statusCode}`
      : res.statusCode !== 200
        ? `check-in ${res.statusCode}`
        : res.json().state;
  states[s] = (states[s] ?? 0) + 1;
  if (s === 'checked_in') answeredAt.set(res.json().visitId as number, t1);
}

const started = performance.now();
const running = [worker('A', depsA), worker('B', depsB), retrySweep()];
if (RATE > 0) {
  const all: Promise<void>[] = [];
  for (let i = 0; i < CHECK_INS; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    all.push(arrive(i));
  }
  await Promise.all(all);
} else {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = next++; i < CHECK_INS; i = next++) await arrive(i);
    }),
  );
}
const checkInsEnded = performance.now();
state.checkInsDone = true;
let timedOut = false;
for (;;) {
  if ((await queuedLeft()) === 0) break;
  if (performance.now() - started > MAX_SECONDS * 1000) {
    timedOut = true;
    break;
  }
  await sleep(100);
}
const drained = performance.now();
state.stop = true;
await Promise.all(running);

// ---- verification from the receivers' side --------------------------------------------------------
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const expected = [...answeredAt.keys()];
const lags: number[] = [];
/** for each check-in, the event id each receiver acknowledged: the three must agree */
const eventOfVisit = new Map<number, Set<string>>();
let lastReceipt = started;
const perReceiver = receivers.map((r) => {
  const ok = r.receipts.filter((x) => x.status >= 200 && x.status < 300);
  const checkedIn = ok.filter((x) => x.eventType === 'visit.checked_in');
  const ackByEvent = new Map<string, Receipt[]>();
  for (const x of ok) ackByEvent.set(x.eventId, [...(ackByEvent.get(x.eventId) ?? []), x]);
  const duplicates = [...ackByEvent.values()].reduce((n, xs) => n + xs.length - 1, 0);
  const ackByVisit = new Map<number, Receipt>();
  let visitAckedTwice = 0;
  for (const x of checkedIn) {
    if (x.visitId === null) continue;
    if (ackByVisit.has(x.visitId) && ackByVisit.get(x.visitId)!.eventId !== x.eventId) visitAckedTwice++;
    if (!ackByVisit.has(x.visitId)) ackByVisit.set(x.visitId, x);
  }
  const missing = expected.filter((v) => !ackByVisit.has(v)).length;
  const unexpected = [...ackByVisit.keys()].filter((v) => !answeredAt.has(v)).length;
  for (const [visitId, x] of ackByVisit) {
    const t = answeredAt.get(visitId);
    if (t !== undefined) lags.push(x.at - t);
    eventOfVisit.set(visitId, (eventOfVisit.get(visitId) ?? new Set()).add(x.eventId));
  }
  for (const x of ok) lastReceipt = Math.max(lastReceipt, x.at);
  const refused = r.receipts.filter((x) => x.status < 200 || x.status >= 300);
  return {
    receiver: r.behaviour,
    posts: r.receipts.length,
    acknowledged: ok.length,
    checkInEvents: ackByVisit.size,
    otherEvents: ok.length - checkedIn.length,
    refusedFirstAttempts: {
      http500: refused.filter((x) => x.status === 500).length,
      dropped: refused.filter((x) => x.status === 0).length,
    },
    duplicates: duplicates + visitAckedTwice,
    missing,
    unexpected,
    badSignatures: r.receipts.filter((x) => !x.signatureOk).length,
  };
});
const eventIdsDisagree = [...eventOfVisit.values()].filter((s) => s.size !== 1).length;
const dbRows = await database.query<{ status: string; n: number; attempts: number }>(
  `select status, count(*)::int as n, sum(attempts)::int as attempts from webhook_deliveries
    where subscription_id = any($1::int[]) group by status order by status`,
  [subscriptionIds],
);
const byStatus = Object.fromEntries(dbRows.map((r) => [r.status, { rows: r.n, attempts: r.attempts }]));
const duplicates = perReceiver.reduce((n, r) => n + r.duplicates, 0);
const missing = perReceiver.reduce((n, r) => n + r.missing, 0);
const badSignatures = perReceiver.reduce((n, r) => n + r.badSignatures, 0);
const deliveries = perReceiver.reduce((n, r) => n + r.acknowledged, 0);
const posts = perReceiver.reduce((n, r) => n + r.posts, 0);
const r1 = (n: number) => Number(n.toFixed(1));
const report = {
  scenario: 'webhook-fanout',
  database: pgUrl ? 'postgresql' : 'pglite',
  checkIns: { asked: CHECK_INS, states, clients: RATE > 0 ? null : CLIENTS, rate: RATE || null },
  checkInsPerSecond: r1(answeredAt.size / ((checkInsEnded - started) / 1000)),
  checkInMs: { p50: r1(pct(checkInMs, 50)), p95: r1(pct(checkInMs, 95)), max: r1(Math.max(...checkInMs)) },
  receivers: perReceiver,
  deliveries,
  deliveriesPerSecond: r1(deliveries / ((lastReceipt - started) / 1000)),
  lastReceiptAfterLastCheckInMs: r1(lastReceipt - checkInsEnded),
  lagMs: { p50: r1(pct(lags, 50)), p95: r1(pct(lags, 95)), max: r1(Math.max(...lags)), min: r1(Math.min(...lags)) },
  attempts: { posts, byStatus, retriesMadeDueByTheBench: state.retriesMadeDue },
  workers,
  duplicates,
  missing,
  badSignatures,
  eventIdsDisagree,
  timedOut,
  seconds: r1((drained - started) / 1000),
  note: 'a backed-off delivery (product back-off 60 s+) is made due again by the bench every 250 ms (next_attempt_at = now() on queued rows no worker holds); lag = first 2xx receipt − the check-in answer',
  machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => r1(l)) },
};

console.log(
  `webhook fan-out on ${report.database}: ${answeredAt.size} check-ins (${JSON.stringify(states)}) × ${receivers.length} receivers, 2 workers (A, B${pgUrl ? ', each its own pool' : ', one PGlite'})`,
);
console.log(
  `  check-ins ${report.checkInsPerSecond}/s (${RATE > 0 ? `paced ${RATE}/s` : `${CLIENTS} kiosk clients`}; check-in p50 ${report.checkInMs.p50} ms p95 ${report.checkInMs.p95} ms)`,
);
console.log(
  `  deliveries ${deliveries} acknowledged, ${report.deliveriesPerSecond}/s; the last ${report.lastReceiptAfterLastCheckInMs} ms after the last check-in; workers A ${workers.A.sent} / B ${workers.B.sent} sent`,
);
console.log(
  `  lag check-in answer → receipt: p50 ${report.lagMs.p50} ms p95 ${report.lagMs.p95} ms max ${report.lagMs.max} ms`,
);
console.log(
  `  attempts: ${posts} POSTs received; refused first attempts ${JSON.stringify(perReceiver[2]!.refusedFirstAttempts)}; ${state.retriesMadeDue} backed-off deliveries made due at once by the bench (product back-off is 60 s+)`,
);
console.log(
  `  duplicates ${duplicates}, missing ${missing}, bad signatures ${badSignatures}, event ids differing between receivers ${eventIdsDisagree}${timedOut ? `, TIMED OUT after ${MAX_SECONDS} s` : ''}`,
);
console.log(`  machine: ${report.machine.cpus} CPUs, load ${report.machine.load.join(' ')}`);
const dir = process.env.BENCH_RESULTS_DIR ?? path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'webhook-fanout.json'), `${JSON.stringify(report, null, 2)}\n`);

for (const r of receivers) await r.close();
await app.close();
for (const d of workerDatabases) await d.close();
await database.close();
await cleanup.drop?.();
const failed =
  duplicates > 0 ||
  missing > 0 ||
  badSignatures > 0 ||
  eventIdsDisagree > 0 ||
  timedOut ||
  answeredAt.size !== CHECK_INS ||
  perReceiver.some((r) => r.unexpected > 0);
if (failed) {
  console.error('webhook fan-out: FAILED (an event lost, sent twice, unsigned, or a check-in not made)');
  process.exit(1);
}
