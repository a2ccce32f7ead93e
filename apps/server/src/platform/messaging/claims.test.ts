import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances, jobLeases, outboundMessages } from '../../db/schema/index';
import { createSmtpTransport } from '../../integrations/email/email-transport';
import { startSmtpServer, type SmtpPeer } from '../../test/peers/smtp-server';
import { testPgUrl, withDatabase } from '../../test/test-db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openPostgres } from '../db/database';
import { runJobOnce } from '../jobs/jobs';
import { createMessenger } from './messenger';

/**
 * Background work, once (issue 23 §3, ADR 0023): two senders over one database — two server
 * instances, or two overlapping runs of the retry job against a slow mail server — deliver every
 * queued message exactly once; a sender killed mid-run leaves its messages due again when the
 * lease ends; a scheduled job runs once per period across instances.
 */
describe('claims on queued messages and scheduled jobs', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ delayMs: 40 });
    t = await createTestApp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** `n` messages queued a minute ago (as if their first delivery had failed). */
  async function queue(tag: string, n: number) {
    const rows = await t.deps.db
      .insert(outboundMessages)
      .values(
        Array.from({ length: n }, (_, i) => ({
          clientId: t.world.north.clientId,
          channel: 'email',
          recipient: `${tag}-${i}@example.org`,
          subject: `claims ${tag}`,
          body: 'once',
          kind: 'test.claims',
          status: 'queued',
          createdAt: sql`now() - interval '1 minute'`,
        })),
      )
      .returning({ id: outboundMessages.id });
    return rows.map((r) => r.id);
  }

  const deliveredTo = (tag: string) => smtp.messages.flatMap((m) => m.to).filter((to) => to.startsWith(`${tag}-`));

  it('two overlapping retry runs against a slow mail server send each message once', async () => {
    const ids = await queue('overlap', 30);
    const messenger = createMessenger({ db: t.deps.db, email: createSmtpTransport(smtp.url, 'sv@test'), sms: null });
    const [a, b] = await Promise.all([messenger.retryQueued(), messenger.retryQueued()]);
    expect(a.sent + b.sent).toBe(30);
    const to = deliveredTo('overlap');
    expect(to.length).toBe(30);
    expect(new Set(to).size).toBe(30);
    const rows = await t.deps.db.select().from(outboundMessages).where(inArray(outboundMessages.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it.runIf(testPgUrl())('two server instances on one PostgreSQL deliver 100 queued messages exactly once', async () => {
    await queue('instances', 100);
    const [{ name }] = await t.deps.database.query<{ name: string }>('select current_database() as name');
    const other = await openPostgres(withDatabase(testPgUrl()!, name), { max: 3 });
    try {
      const transport = createSmtpTransport(smtp.url, 'sv@test');
      const a = createMessenger({ db: t.deps.db, email: transport, sms: null });
      const b = createMessenger({ db: other.db, email: createSmtpTransport(smtp.url, 'sv@test'), sms: null });
      await Promise.all([a.retryQueued(), b.retryQueued(), a.retryQueued(), b.retryQueued()]);
      const to = deliveredTo('instances');
      expect(to.length).toBe(100);
      expect(new Set(to).size).toBe(100);
    } finally {
      await other.close();
    }
  });

  it('a sender killed after claiming leaves the messages due again when the lease ends, and failures back off', async () => {
    const [id] = await queue('killed', 1);
    // the "killed" instance: claims (attempt 1) and never reports back
    await t.deps.db
      .update(outboundMessages)
      .set({ nextAttemptAt: sql`now() + interval '5 minutes'`, attempts: 1 })
      .where(eq(outboundMessages.id, id));
    const messenger = createMessenger({ db: t.deps.db, email: createSmtpTransport(smtp.url, 'sv@test'), sms: null });
    expect((await messenger.retryQueued()).sent).toBe(0);
    // the lease ends
    await t.deps.db.update(outboundMessages).set({ nextAttemptAt: sql`now()` }).where(eq(outboundMessages.id, id));
    expect((await messenger.retryQueued()).sent).toBe(1);
    expect(deliveredTo('killed')).toEqual(['killed-0@example.org']);

    const [failing] = await queue('failing', 1);
    const broken = createMessenger({
      db: t.deps.db,
      email: {
        async send() {
          throw new Error('mail server down');
        },
      },
      sms: null,
    });
    expect((await broken.retryQueued()).failed).toBe(1);
    const [row] = await t.deps.db.select().from(outboundMessages).where(eq(outboundMessages.id, failing));
    expect(row.status).toBe('queued');
    expect(row.lastError).toBe('mail server down');
    const [{ waits }] = await t.deps.database.query<{ waits: boolean }>(
      `select next_attempt_at > now() + interval '50 seconds' as waits from outbound_messages where id = $1`,
      [failing],
    );
    expect(waits).toBe(true);
    // the last attempt: dead letter, shown in the Message Outbox
    await t.deps.db
      .update(outboundMessages)
      .set({ attempts: 4, nextAttemptAt: sql`now()` })
      .where(eq(outboundMessages.id, failing));
    await broken.retryQueued();
    const [dead] = await t.deps.db.select().from(outboundMessages).where(eq(outboundMessages.id, failing));
    expect(dead.status).toBe('failed');
  });

  it('a message claimed by an instance known to be gone is due at once; one a live instance holds waits for its lease', async () => {
    const [goneId, liveId] = await queue('owner', 2);
    await t.deps.db
      .insert(instances)
      .values([
        { id: 'claims-gone', host: 'test', pid: 1, stoppedAt: new Date() },
        { id: 'claims-live', host: 'test', pid: 2 },
      ])
      .onConflictDoNothing();
    // each "instance" claimed one message (attempt 1) and never reported back
    for (const [id, owner] of [
      [goneId, 'claims-gone'],
      [liveId, 'claims-live'],
    ] as const) {
      await t.deps.db
        .update(outboundMessages)
        .set({ nextAttemptAt: sql`now() + interval '5 minutes'`, attempts: 1, claimedBy: owner })
        .where(eq(outboundMessages.id, id));
    }
    const messenger = createMessenger({
      db: t.deps.db,
      email: createSmtpTransport(smtp.url, 'sv@test'),
      sms: null,
      instanceId: 'claims-retrier',
    });
    expect((await messenger.retryQueued()).sent).toBe(1);
    expect(deliveredTo('owner')).toEqual(['owner-0@example.org']);
    const rows = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(inArray(outboundMessages.id, [goneId, liveId]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(goneId)).toMatchObject({ status: 'sent', attempts: 2, claimedBy: null });
    expect(byId.get(liveId)).toMatchObject({ status: 'queued', attempts: 1, claimedBy: 'claims-live' });
  });

  it('a scheduled job runs once across instances per period, and is taken over when a lease ends', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const job = {
      name: 'test.once',
      everyMs: 60_000,
      run: async () => {
        runs++;
        await gate;
      },
    };
    const first = runJobOnce(t.deps, {}, job, 'instance-a');
    // wait until instance a holds the lease
    for (let i = 0; i < 50 && runs === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await runJobOnce(t.deps, {}, job, 'instance-b')).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(runs).toBe(1);
    // still inside the period: nobody runs it
    expect(await runJobOnce(t.deps, {}, job, 'instance-b')).toBe(false);
    // the period (or a killed instance's lease) ends: the other instance takes it
    await t.deps.db
      .update(jobLeases)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobLeases.name, job.name));
    expect(await runJobOnce(t.deps, {}, job, 'instance-b')).toBe(true);
    expect(runs).toBe(2);
    const [lease] = await t.deps.db.select().from(jobLeases).where(eq(jobLeases.name, job.name));
    expect(lease.owner).toBe('instance-b');
    expect(lease.lastFinishedAt).not.toBeNull();
  });

  it('a run whose instance is gone is taken over at once; a finished run keeps its period (ADR 0028)', async () => {
    const job = { name: 'test.dead-owner', everyMs: 60_000, run: async () => {} };
    const heldBy = async (owner: string, finished: boolean) => {
      await t.deps.db.delete(jobLeases).where(eq(jobLeases.name, job.name));
      await t.deps.db.insert(jobLeases).values({
        name: job.name,
        owner,
        lockedUntil: sql`now() + interval '15 minutes'`,
        lastStartedAt: sql`now() - interval '1 minute'`,
        lastFinishedAt: finished ? sql`now()` : null,
      });
    };
    const instance = (id: string, silentSeconds: number, stopped = false) =>
      t.deps.db.insert(instances).values({
        id,
        host: 'test',
        pid: 1,
        heartbeatAt: sql`now() - make_interval(secs => ${silentSeconds})`,
        stoppedAt: stopped ? sql`now()` : null,
      });
    await instance('job-alive', 0);
    await instance('job-killed', 10);
    await instance('job-stopped', 30, true);
    // an instance that beats keeps its run
    await heldBy('job-alive', false);
    expect(await runJobOnce(t.deps, {}, job, 'instance-b')).toBe(false);
    // killed (silent, no connection open) or stopped mid-run: taken over now, not in 15 minutes
    await heldBy('job-killed', false);
    expect(await runJobOnce(t.deps, {}, job, 'instance-b')).toBe(true);
    await heldBy('job-stopped', false);
    expect(await runJobOnce(t.deps, {}, job, 'instance-b')).toBe(true);
    // a run that finished before its instance stopped: the period still holds
    await heldBy('job-stopped', true);
    expect(await runJobOnce(t.deps, {}, job, 'instance-b')).toBe(false);
  });
});
