import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZCheckInRequest } from '@sv/contracts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../../../../scripts/build-server.mjs';
import type { AppDeps } from '../platform/deps';
import { hashOf } from '../platform/http/idempotency';
import { instanceGone } from '../platform/instances';
import { runJobOnce } from '../platform/jobs/jobs';
import { nameTag } from './names';
import {
  type HttpSession,
  loginOverHttp,
  productionEnv,
  type ServerProcess,
  startProcess,
  uploadPhotoOverHttp,
  waitHealthy,
  waitUntil,
} from './server-process';
import { testPgUrl, withDatabase } from './test-db';

/**
 * Issue 23 §9: two real server processes (the compiled server, as `npm start` runs it) on one
 * PostgreSQL database. A check-in on A reaches a dashboard stream on B in under a second; a session
 * made on A works on B and its logout on A ends B's stream; kill -9 of A in the middle of a
 * check-in storm sent round-robin to A and B loses and duplicates nothing (every client whose
 * request to A failed retries on B with the same Idempotency-Key), a key A had reserved is released
 * to the retry within seconds (issue 23 §4, ADR 0028), and nothing A held stays held. The 100
 * queued messages delivered once by two instances are in platform/messaging/claims.test.ts.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const pgUrl = testPgUrl();
/** A bundle of its own: the crash test builds apps/server/dist at the same time. */
const OUTDIR = path.join(root, 'apps/server/dist/two-instances');
const DESK = 'desk.northhigh@demo.test';

interface Server extends ServerProcess {
  name: string;
  base: string;
}
type Session = HttpSession;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(pgUrl)('two server instances on one PostgreSQL (issue 23 §9)', () => {
  const dbName = `sv_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const servers: Server[] = [];
  let a: Server;
  let b: Server;
  let check: pg.Client;

  async function start(name: string, url: string): Promise<Server> {
    const port = await freePort();
    const run = startProcess([path.join(OUTDIR, 'main.mjs')], {
      cwd: root,
      env: productionEnv({
        DATABASE_URL: url,
        PORT: String(port),
        SEED_DEMO: 'false',
        APP_SECRET: 'two-instances-secret-0123456789abcdef0123456789',
      }),
    });
    const server = { ...run, name, base: `http://127.0.0.1:${port}` };
    servers.push(server);
    return server;
  }

  async function healthy(s: Server) {
    await waitHealthy(s, s.base, 60_000, s.name);
  }

  const send = (s: Server, session: Session | null, method: string, url: string, body?: unknown, key?: string) =>
    fetch(`${s.base}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });

  async function login(s: Server): Promise<Session> {
    return loginOverHttp(s.base, DESK);
  }

  /** A dashboard's event stream: the events it hears, and whether the server ended it. */
  async function openStream(s: Server, session: Session) {
    const controller = new AbortController();
    const res = await fetch(`${s.base}/api/buildings/${session.buildingId}/events`, {
      headers: { cookie: session.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const heard: { type: string; id?: number; at: number }[] = [];
    const stream = { heard, endedAt: 0, close: () => controller.abort() };
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let text = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n')) {
            const data = text
              .slice(0, i)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            text = text.slice(i + 2);
            if (data) heard.push({ ...JSON.parse(data.slice(6)), at: Date.now() });
          }
        }
        stream.endedAt = Date.now();
      } catch {
        // closed by this test
      }
    })();
    return stream;
  }

  /** A visitor of the desk's building with a fresh screening: the body of their check-in. */
  async function prepare(s: Server, session: Session, n: number, photoFileId: string, family = 'Twoinst') {
    const created = await send(
      s,
      session,
      'POST',
      '/api/visitors',
      {
        buildingId: session.buildingId,
        firstname: `Storm${nameTag(n)}`,
        lastname: `${family}${nameTag(Math.floor(n / 26))}`,
        dob: '1984-04-04',
      },
      // every create takes an Idempotency-Key (issue 23 §4, ADR 0024)
      `twoinst-visitor-${family}-${n}-${randomUUID()}`,
    );
    if (created.status !== 200) throw new Error(`visitor: ${created.status} ${await created.text()}`);
    const visitorId = ((await created.json()) as { id: number }).id;
    const screened = await send(s, session, 'POST', `/api/visitors/${visitorId}/screening`, {
      buildingId: session.buildingId,
    });
    if (screened.status !== 200) throw new Error(`screening: ${screened.status} ${await screened.text()}`);
    const screeningId = ((await screened.json()) as { id: string }).id;
    return { visitorId, body: { screeningId, visitorId, buildingId: session.buildingId, photoFileId } };
  }

  async function uploadPhoto(s: Server, session: Session) {
    return uploadPhotoOverHttp(s.base, session, `twoinst-holder-${randomUUID()}`);
  }

  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await check.query(text, params)).rows as T[];

  beforeAll(async () => {
    // a fresh database: a clone of the run's migrated, demo-seeded template
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const url = withDatabase(pgUrl!, dbName);
    check = new pg.Client({ connectionString: url });
    await check.connect();
    await buildServer({ outdir: OUTDIR, logLevel: 'error' });
    // both start at once (migrations under the advisory lock, issue 23 §8)
    a = await start('A', url);
    b = await start('B', url);
    await Promise.all([healthy(a), healthy(b)]);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    await check?.end().catch(() => {});
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('a check-in on A reaches B’s dashboard in under a second; A’s session works on B and its logout ends B’s stream', async () => {
    const session = await login(a);
    const photoFileId = await uploadPhoto(a, session);
    // the session made on A opens B's stream
    const stream = await openStream(b, session);
    const { body } = await prepare(a, session, 0, photoFileId);
    await sleep(200); // B's LISTEN connection is up
    const sent = Date.now();
    const res = await send(a, session, 'POST', '/api/visits', body, 'twoinst-push-0001');
    expect(res.status).toBe(200);
    const visitId = ((await res.json()) as { visit: { id: number } }).visit.id;
    await waitUntil('check-in heard on B', 5_000, () =>
      stream.heard.some((e) => e.type === 'visit.checked_in' && e.id === visitId),
    );
    const heardAt = stream.heard.find((e) => e.type === 'visit.checked_in' && e.id === visitId)!.at;
    expect(heardAt - sent).toBeLessThan(1000);
    // reads on B with A's session
    expect((await send(b, session, 'GET', '/api/auth/session')).status).toBe(200);
    // logout on A: B's stream ends within about a second, and B refuses the session
    const out = Date.now();
    expect((await send(a, session, 'POST', '/api/auth/logout')).status).toBeLessThan(300);
    await waitUntil('B’s stream ended', 5_000, () => stream.endedAt > 0);
    console.log(
      `two instances: check-in on A heard on B after ${heardAt - sent} ms; logout on A ended B's stream after ${stream.endedAt - out} ms`,
    );
    expect(stream.endedAt - out).toBeLessThan(1500);
    expect((await send(b, session, 'GET', '/api/auth/session')).status).toBe(401);
    stream.close();
  }, 30_000);

  it('kill -9 of A mid-storm: every check-in exactly once, keys released within seconds, nothing left held', async () => {
    const COUNT = 36;
    const WORKERS = 6;
    const sA = await login(a);
    const sB = await login(b);
    const photoFileId = await uploadPhoto(b, sB);
    // the people are registered before the storm (a person record's create is not what is tested
    // here); the storm is check-ins with Idempotency-Keys through both instances
    const people: Awaited<ReturnType<typeof prepare>>[] = [];
    for (let i = 0; i < COUNT; i++)
      people.push(await prepare(i % 2 ? b : a, i % 2 ? sB : sA, i, photoFileId, 'Stormer'));
    const [{ id: idA }] = await q<{ id: string }>('select id from instances where pid = $1 and stopped_at is null', [
      a.proc.pid,
    ]);
    const [{ id: userId }] = await q<{ id: number }>('select id from users where email = $1', [DESK]);
    // what A is doing when it dies, made certain: one more check-in whose key A has reserved (its
    // request in flight), and a scheduled job it is running
    const inFlight = await prepare(a, sA, 99, photoFileId);
    const inFlightKey = 'twoinst-inflight-0001';
    await q(
      `insert into idempotency_keys (user_id, key, route, request_hash, instance_id) values ($1, $2, 'visits.checkIn', $3, $4)`,
      [userId, inFlightKey, hashOf(ZCheckInRequest.parse(inFlight.body)), idA],
    );
    await q(
      `insert into job_leases (name, owner, locked_until, last_started_at) values ('test.twoinst', $1, now() + interval '15 minutes', now())`,
      [idA],
    );

    let next = 0;
    let killedAt = 0;
    const done = new Map<string, number>(); // key → visit id
    const retriedOnB: { key: string; firstStatus: number; msAfterKill: number }[] = [];
    const worker = async () => {
      for (let i = next++; i < COUNT; i = next++) {
        const key = `twoinst-storm-${String(i).padStart(4, '0')}`;
        const target = i % 2 ? b : a;
        let res: Response | null = null;
        try {
          res = await send(target, target === a ? sA : sB, 'POST', '/api/visits', people[i].body, key);
        } catch {
          // A went away under the request: retried on B with the same key
        }
        if (!res || res.status >= 500) {
          // until A is known to be gone, B answers 409 for a key A reserved
          let first = 0;
          for (;;) {
            res = await send(b, sB, 'POST', '/api/visits', people[i].body, key);
            first ||= res.status;
            if (res.status !== 409) break;
            if (Date.now() - killedAt > 15_000) break;
            await sleep(250);
          }
          retriedOnB.push({ key, firstStatus: first, msAfterKill: Date.now() - killedAt });
        }
        expect(res!.status, `${key}: ${await res!.clone().text()}`).toBe(200);
        done.set(key, ((await res!.json()) as { visit: { id: number } }).visit.id);
      }
    };
    const storm = Promise.all(Array.from({ length: WORKERS }, worker));
    await waitUntil('storm under way', 20_000, () => done.size >= COUNT / 4);
    a.proc.kill('SIGKILL');
    killedAt = Date.now();
    await storm;

    // the request A had in flight: its key is given to the retry on B within seconds
    let inFlightStatus = 0;
    let releasedAfterMs = 0;
    for (;;) {
      const res = await send(b, sB, 'POST', '/api/visits', inFlight.body, inFlightKey);
      inFlightStatus = res.status;
      releasedAfterMs = Date.now() - killedAt;
      if (res.status !== 409 || releasedAfterMs > 20_000) break;
      await sleep(250);
    }

    const keys = [...done.keys()];
    const visitorIds = people.map((p) => p.visitorId);
    const [visitsRow] = await q<{ n: number; visitors: number }>(
      'select count(*)::int as n, count(distinct visitor_id)::int as visitors from visits where visitor_id = any($1::int[])',
      [visitorIds],
    );
    const [people1] = await q<{ n: number; names: number }>(
      `select count(*)::int as n, count(distinct (firstname, lastname))::int as names from visitors where lastname like 'Stormer%'`,
    );
    const [unanswered] = await q<{ n: number }>(
      `select count(*)::int as n from idempotency_keys where user_id = $1 and key like 'twoinst-%' and response is null`,
      [userId],
    );
    // nothing A held stays held: A is known to be gone, so its running job is free to be taken
    // over now (ADR 0028); no message claim outlives its lease (ADR 0023: 5 minutes)
    const db = drizzle({ client: check });
    const gone = (await db.execute(sql`select ${instanceGone(idA)} as gone`)).rows[0] as { gone: boolean };
    const [claimHeld] = await q<{ n: number }>(
      `select count(*)::int as n from outbound_messages where status = 'queued' and next_attempt_at > now() + interval '5 minutes'`,
    );
    const summary = {
      checkIns: done.size,
      visits: visitsRow.n,
      visitorsCheckedIn: visitsRow.visitors,
      people: people1.n,
      distinctPeople: people1.names,
      unansweredKeys: unanswered.n,
      aKnownGone: gone.gone,
      claimsPastLease: claimHeld.n,
      inFlightRetry: inFlightStatus,
    };
    console.log(
      `two instances, kill -9 storm: ${JSON.stringify(summary)}; retried on B ${retriedOnB.length} (first answer 409: ${retriedOnB.filter((r) => r.firstStatus === 409).length}); key A reserved released ${releasedAfterMs} ms after the kill`,
    );
    expect(summary).toEqual({
      checkIns: COUNT,
      visits: COUNT,
      visitorsCheckedIn: COUNT,
      people: COUNT,
      distinctPeople: COUNT,
      unansweredKeys: 0,
      aKnownGone: true,
      claimsPastLease: 0,
      inFlightRetry: 200,
    });
    expect(new Set(done.values()).size).toBe(keys.length);
    // released within seconds (silent for 4 s, no connection open), not 60 s
    expect(releasedAfterMs).toBeLessThan(10_000);
    expect(retriedOnB.every((r) => r.msAfterKill < 10_000)).toBe(true);
    // A's running job is taken over at once, not in 15 minutes
    const job = { name: 'test.twoinst', everyMs: 60_000, run: async () => {} };
    expect(await runJobOnce({ db } as unknown as AppDeps, {}, job, 'test-after-kill')).toBe(true);

    // a clean stop of B marks it stopped: what it held is released at once
    const [{ id: idB }] = await q<{ id: string }>('select id from instances where pid = $1', [b.proc.pid]);
    b.proc.kill('SIGTERM');
    await b.exited;
    const [stopped] = await q<{ stopped: boolean }>(
      'select stopped_at is not null as stopped from instances where id = $1',
      [idB],
    );
    expect(stopped.stopped).toBe(true);
  }, 60_000);
});
