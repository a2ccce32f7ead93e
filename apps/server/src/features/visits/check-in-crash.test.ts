import { ZCheckInRequest } from '@sv/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { idempotencyKeys, instances, visitors, visits } from '../../db/schema/index';
import { hashOf } from '../../platform/http/idempotency';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { insertScreening } from '../screening/screening.fixtures';
import { nameTag } from '../../test/names';
import { SILENT_AFTER_MS } from '../../platform/instances';
import { testPgUrl, withDatabase } from '../../test/test-db';

/**
 * Issue 16: a check-in cut by a crash is completed by the client's retry with the same key,
 * never duplicated. The crash test (test/durability) kills real servers; these are its states.
 */
let t: TestApp;
let desk: Session;
beforeAll(async () => {
  t = await createTestApp();
  desk = await t.login('desk.northhigh@demo.test');
});

let n = 0;
async function newVisitor() {
  n++;
  const [v] = await t.deps.db
    .insert(visitors)
    .values({ clientId: t.world.north.clientId, firstname: `Crash${nameTag(n)}`, lastname: `Retry${nameTag(n)}` })
    .returning();
  return v;
}
/** A check-in request naming a clean screening of the visitor, with the photo the building requires. */
async function bodyFor(visitorId: number) {
  const { clientId, northHighId: buildingId } = t.world.north;
  const screeningId = await insertScreening(t.deps.db, { clientId, buildingId, visitorId, at: t.deps.now() });
  return { screeningId, visitorId, buildingId, photoFileId: await insertPhoto(t.deps.db, clientId) };
}
const checkIn = (body: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visits',
    headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key },
    payload: body,
  });
const visitsOf = (visitorId: number) => t.deps.db.select().from(visits).where(eq(visits.visitorId, visitorId));
const keyRow = (key: string) =>
  t.deps.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, desk.userId), eq(idempotencyKeys.key, key)));
/** A key reserved by a request that never finished (the process died), `ageMs` ago. */
async function reserve(key: string, body: object, ageMs: number, instanceId?: string) {
  await t.deps.db.insert(idempotencyKeys).values({
    userId: desk.userId,
    key,
    route: 'visits.checkIn',
    requestHash: hashOf(ZCheckInRequest.parse(body)),
    // stored by the database's clock, with microseconds, as a real reservation is
    createdAt: sql`now() - make_interval(secs => ${ageMs / 1000})`,
    instanceId,
  });
}
/** Another server process on the database (platform/instances.ts): last heard `silentMs` ago. */
/** Waits until the database has been up `ms` (pg_postmaster_start_time: a PGlite opened by this test file is young). */
async function databaseUpFor(ms: number) {
  const [{ up }] = await t.deps.database.query<{ up: number }>(
    'select (extract(epoch from now() - pg_postmaster_start_time()) * 1000)::float8 as up',
  );
  if (Number(up) < ms) await new Promise((r) => setTimeout(r, ms - Number(up)));
}

async function otherInstance(id: string, silentMs: number, stopped = false) {
  await t.deps.db.insert(instances).values({
    id,
    host: 'elsewhere',
    pid: 1,
    heartbeatAt: sql`now() - make_interval(secs => ${silentMs / 1000})`,
    stoppedAt: stopped ? sql`now()` : null,
  });
}

describe('check-in after a crash (issue 16)', () => {
  it('work committed, answer lost: the retry answers the committed visit, no second visit', async () => {
    const v = await newVisitor();
    const body = await bodyFor(v.id);
    const first = await checkIn(body, `crash-committed-${v.id}`);
    expect(first.statusCode).toBe(200);
    const visitId = first.json().visit.id;
    // the state a crash between the visit's commit and storing the answer leaves
    await t.deps.db
      .update(idempotencyKeys)
      .set({ response: { $committed: visitId }, statusCode: null })
      .where(and(eq(idempotencyKeys.userId, desk.userId), eq(idempotencyKeys.key, `crash-committed-${v.id}`)));
    const retry = await checkIn(body, `crash-committed-${v.id}`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await visitsOf(v.id)).toHaveLength(1);
    expect((await keyRow(`crash-committed-${v.id}`))[0].response).toEqual(first.json());
  });

  it('key reserved by a process that died before the work: the retry checks the visitor in once', async () => {
    const v = await newVisitor();
    const body = await bodyFor(v.id);
    await reserve(`crash-orphan-${v.id}`, body, 2 * 3600_000);
    const retry = await checkIn(body, `crash-orphan-${v.id}`);
    expect(retry.statusCode).toBe(200);
    expect(await visitsOf(v.id)).toHaveLength(1);
    expect((await checkIn(body, `crash-orphan-${v.id}`)).json()).toEqual(retry.json());
  });

  it('a key reserved a moment ago by this process is still being processed: 409, nothing created', async () => {
    const v = await newVisitor();
    const body = await bodyFor(v.id);
    await reserve(`crash-running-${v.id}`, body, -1000); // reserved now (after this server started)
    const res = await checkIn(body, `crash-running-${v.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This request is still being processed.');
    expect(await visitsOf(v.id)).toHaveLength(0);
  });
});

/**
 * Issue 23 §4 (ADR 0028): several servers share PostgreSQL; a key reserved a moment ago by one
 * that died is released at the client's retry on another within seconds, not after 60 s. These
 * run on both databases (the instance rows are what a heartbeat leaves); the real kill -9 of a
 * server is in test/two-instances.test.ts.
 */
describe('a key reserved by another instance (issue 23 §4)', () => {
  const cases = [
    { name: 'that was killed (silent for 10 s, no connection open)', silentMs: 10_000, stopped: false, status: 200 },
    { name: 'that stopped cleanly', silentMs: 500, stopped: true, status: 200 },
    { name: 'that is alive (heard a second ago)', silentMs: 1_000, stopped: false, status: 409 },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.status === 200 ? 'the retry checks the visitor in once' : '409, nothing created'}`, async () => {
      const v = await newVisitor();
      const body = await bodyFor(v.id);
      const owner = `other-${v.id}`;
      // a silent instance counts as gone only once the database itself has run SILENT_AFTER_MS
      // (ADR 0028: after a restart every instance needs a beat); a fresh test database may not have
      if (!c.stopped && c.silentMs > SILENT_AFTER_MS) await databaseUpFor(SILENT_AFTER_MS + 500);
      await otherInstance(owner, c.silentMs, c.stopped);
      await reserve(`instance-${v.id}`, body, 1000, owner);
      const res = await checkIn(body, `instance-${v.id}`);
      expect(res.statusCode).toBe(c.status);
      expect(await visitsOf(v.id)).toHaveLength(c.status === 200 ? 1 : 0);
      if (c.status === 200) expect((await checkIn(body, `instance-${v.id}`)).json()).toEqual(res.json());
    });
  }

  // a process whose event loop stalled stops beating but keeps its connections: its request may
  // still commit, so its key is not taken from under it
  it.runIf(testPgUrl())('silent but with a connection open: 409, nothing created', async () => {
    const v = await newVisitor();
    const body = await bodyFor(v.id);
    const owner = `stalled-${v.id}`;
    await otherInstance(owner, 10_000);
    await reserve(`stalled-${v.id}`, body, 1000, owner);
    const [{ name }] = await t.deps.database.query<{ name: string }>('select current_database() as name');
    const conn = new pg.Client({ connectionString: withDatabase(testPgUrl()!, name), application_name: owner });
    await conn.connect();
    try {
      const res = await checkIn(body, `stalled-${v.id}`);
      expect(res.statusCode).toBe(409);
      expect(await visitsOf(v.id)).toHaveLength(0);
    } finally {
      await conn.end();
    }
    // its connections gone too: released
    expect((await checkIn(body, `stalled-${v.id}`)).statusCode).toBe(200);
  });
});
