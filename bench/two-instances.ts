/**
 * Issue 23 §9, scenario "two-instances": the front desk's check-in through two server instances on
 * one PostgreSQL against one, and a kill -9 of one instance in the middle of a check-in storm.
 *
 * Throughput: the same number of check-ins (with Idempotency-Keys) through instance A alone with
 * `connections` connections, then through A and B at once with half the connections each; both as
 * ratios to the check-in floor (bench/server.ts) measured here on A with the same connections. On a
 * shared 2-core machine a second instance adds no CPU: what this shows is that two instances on one
 * database cost nothing in correctness and little in throughput, not that they scale.
 *
 * Kill storm: `workers` clients send check-ins round-robin to A and a third instance K; K is killed
 * with SIGKILL once a third of them are answered; every client whose request to K failed retries on
 * A with the same key until it is answered (a key K had reserved answers 409 until K is known to be
 * gone, ADR 0028). Counted: acknowledged check-ins, visits of those visitors (lost, duplicated),
 * keys left unanswered, and how long after the kill the retries were answered.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import type pg from 'pg';

export interface Admission {
  visitorId: number;
  screeningId: string;
  photoFileId: string;
}
interface Session {
  cookie: string;
  csrf: string;
}
interface Run {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  ratioToFloor?: number;
}
export interface TwoInstancesReport {
  note: string;
  connections: number;
  checkInsPerRun: number;
  floor: Run;
  oneInstance: Run;
  twoInstances: Run;
  killStorm: {
    intended: number;
    acknowledged: number;
    visits: number;
    lost: number;
    duplicated: number;
    unansweredKeys: number;
    sentToKilled: number;
    retriedOnSurvivor: number;
    firstRetryAnswered409: number;
    retryAnsweredMsAfterKill: { p50: number; max: number };
  };
}

const round = (n: number, d = 1) => Number(n.toFixed(d));
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** `amount` requests through each base at once (connections split evenly), merged. */
async function cannonAcross(
  bases: string[],
  connections: number,
  amount: number,
  requestFor: () => { method: string; path: string; headers: Record<string, string>; body: string },
): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    bases.map(async (url) => {
      const inst = autocannon({
        url,
        connections: Math.max(1, Math.round(connections / bases.length)),
        amount: Math.round(amount / bases.length),
        timeout: 10,
        requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...requestFor() }) }],
      });
      inst.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
        latencies.push(ms);
        if (status !== 200) errors++;
      });
      const r = await inst;
      errors += r.errors + r.timeouts;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const s = [...latencies].sort((a, b) => a - b);
  return {
    reqPerSec: round(latencies.length / seconds),
    p50: round(pct(s, 50)),
    p95: round(pct(s, 95)),
    p99: round(pct(s, 99)),
    requests: latencies.length,
    errors,
  };
}

function post(base: string, path: string, session: Session, body: unknown, key: string) {
  const text = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent: false,
        timeout: 15_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
          'idempotency-key': key,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.write(text);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function twoInstancesBench(o: {
  meta: pg.Pool;
  baseA: string;
  /** starts another bench server on the same database (already built) */
  startAnother: () => Promise<{ child: ChildProcess; base: string }>;
  session: Session;
  buildingId: number;
  userId: number;
  /** visitors the floor may reuse (it writes its visits checked out) */
  floorVisitors: number[];
  admit: () => Admission;
  connections: number;
  checkIns: number;
  stormCheckIns: number;
  workers: number;
}): Promise<TwoInstancesReport> {
  const runId = Date.now().toString(36);
  let n = 0;
  const checkIn = () => ({
    method: 'POST',
    path: '/api/visits',
    headers: {
      'content-type': 'application/json',
      cookie: o.session.cookie,
      'x-csrf-token': o.session.csrf,
      'idempotency-key': `bench-two-${runId}-${n++}`,
    },
    body: JSON.stringify({ ...o.admit(), buildingId: o.buildingId, reason: 'Meeting' }),
  });
  let f = 0;
  const floorRequest = () => ({
    method: 'POST',
    path: '/__bench/check-in-floor',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      visitorId: o.floorVisitors[f++ % o.floorVisitors.length],
      buildingId: o.buildingId,
      userId: o.userId,
    }),
  });

  const b = await o.startAnother();
  try {
    // warm B (a new process: JIT, prepared statements) and A alike
    await cannonAcross([o.baseA, b.base], 4, 100, checkIn);
    const floor = await cannonAcross([o.baseA], o.connections, o.checkIns, floorRequest);
    const oneInstance = await cannonAcross([o.baseA], o.connections, o.checkIns, checkIn);
    const twoInstances = await cannonAcross([o.baseA, b.base], o.connections, o.checkIns, checkIn);
    oneInstance.ratioToFloor = round(oneInstance.reqPerSec / floor.reqPerSec, 3);
    twoInstances.ratioToFloor = round(twoInstances.reqPerSec / floor.reqPerSec, 3);
    console.log(
      `  two-instances: check-in floor ${floor.reqPerSec} req/s; one instance ${oneInstance.reqPerSec} req/s (p95 ${oneInstance.p95} ms, ratio ${oneInstance.ratioToFloor}); two instances ${twoInstances.reqPerSec} req/s (p95 ${twoInstances.p95} ms, ratio ${twoInstances.ratioToFloor})`,
    );
    b.child.kill('SIGTERM');

    // the kill storm: A and K, K killed a third of the way in
    const k = await o.startAnother();
    const people = Array.from({ length: o.stormCheckIns }, () => o.admit());
    const acked = new Map<string, number>();
    let killedAt = 0;
    let sentToKilled = 0;
    let retried = 0;
    let first409 = 0;
    const answeredAfterKill: number[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < people.length; i = next++) {
        const key = `bench-storm-${runId}-${i}`;
        const body = { ...people[i], buildingId: o.buildingId, reason: 'Meeting' };
        const toKilled = i % 2 === 1;
        if (toKilled) sentToKilled++;
        let res: { status: number; body: string } | null = null;
        try {
          res = await post(toKilled ? k.base : o.baseA, '/api/visits', o.session, body, key);
        } catch {
          // K went away under the request
        }
        if (!res || res.status >= 500) {
          retried++;
          for (let attempt = 0; ; attempt++) {
            res = await post(o.baseA, '/api/visits', o.session, body, key);
            if (attempt === 0 && res.status === 409) first409++;
            if (res.status !== 409 || Date.now() - killedAt > 60_000) break;
            await sleep(250);
          }
          if (killedAt) answeredAfterKill.push(Date.now() - killedAt);
        }
        if (res.status === 200) acked.set(key, JSON.parse(res.body).visit.id);
      }
    };
    const storm = Promise.all(Array.from({ length: o.workers }, worker));
    while (acked.size < o.stormCheckIns / 3 && next < people.length) await sleep(20);
    k.child.kill('SIGKILL');
    killedAt = Date.now();
    await storm;
    const visitorIds = people.map((p) => p.visitorId);
    const { rows: visitRows } = await o.meta.query<{ visits: number; dups: number; visitors: number }>(
      `select count(*)::int as visits, count(distinct visitor_id)::int as visitors,
              (count(*) - count(distinct visitor_id))::int as dups
         from visits where visitor_id = any($1::int[]) and check_in > now() - interval '1 hour'`,
      [visitorIds],
    );
    const { rows: keyRows } = await o.meta.query<{ n: number }>(
      `select count(*)::int as n from idempotency_keys where key like $1 and response is null`,
      [`bench-storm-${runId}-%`],
    );
    const s = [...answeredAfterKill].sort((x, y) => x - y);
    const killStorm = {
      intended: o.stormCheckIns,
      acknowledged: acked.size,
      visits: visitRows[0].visits,
      lost: o.stormCheckIns - visitRows[0].visitors,
      duplicated: visitRows[0].dups,
      unansweredKeys: keyRows[0].n,
      sentToKilled,
      retriedOnSurvivor: retried,
      firstRetryAnswered409: first409,
      retryAnsweredMsAfterKill: { p50: Math.round(pct(s, 50)), max: Math.round(s.at(-1) ?? 0) },
    };
    console.log(`  two-instances kill storm: ${JSON.stringify(killStorm)}`);
    return {
      note: 'A and B are bench/server.ts processes on one PostgreSQL on the same 2-core machine as the load generator; check-ins per run fixed, connections split evenly between instances',
      connections: o.connections,
      checkInsPerRun: o.checkIns,
      floor,
      oneInstance,
      twoInstances,
      killStorm,
    };
  } finally {
    if (b.child.exitCode === null) b.child.kill('SIGTERM');
  }
}
