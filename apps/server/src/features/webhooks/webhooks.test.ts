import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENT_BODIES } from '@sv/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitors, webhookDeliveries } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { nameTag } from '../../test/names';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { deliverWebhooks, publishWebhook } from './index';

/**
 * Webhooks (issue 28 §5, ADR 0051): events published where they happen reach each subscribed
 * receiver once, signed as documented (contracts WEBHOOK_SIGNATURE_DOC), retried when it is down.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** A local receiver: records every POST; `status` is what it answers. */
async function startReceiver(port = 0) {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status === 200 ? 'thanks' : 'busy');
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    port: (server.address() as AddressInfo).port,
    received,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The receiver's check, written from the documentation only (WEBHOOK_SIGNATURE_DOC / ADR 0051). */
function verify(secret: string, r: Received, nowSeconds = Math.floor(Date.now() / 1000)) {
  const timestamp = String(r.headers['x-safevisitor-timestamp']);
  const signature = String(r.headers['x-safevisitor-signature']);
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}

let t: TestApp;
let adminA: Session;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.login('admin.north@demo.test');
});
afterAll(async () => {
  for (const r of receivers) await r.close().catch(() => {});
  await t.close();
});

const receiver = async (port?: number) => {
  const r = await startReceiver(port);
  receivers.push(r);
  return r;
};
const subscribe = async (url: string, body: object = {}) => {
  const res = await t
    .as(adminA)
    .post('/api/webhooks', { url, events: ['visit.checked_in', 'visit.checked_out'], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { webhook: { id: number; version: number }; secret: string };
};
/** turns every other subscription off, so each test counts its own receiver's deliveries only */
const onlyThese = async (...ids: number[]) => {
  await t.deps.database.query(`update webhook_subscriptions set active = (id = any($1::int[]))`, [ids]);
  await t.deps.database.query(`update webhook_deliveries set status = 'failed' where status = 'queued'`);
};

let n = 0;
async function checkIn() {
  n++;
  const [v] = await t.deps.db
    .insert(visitors)
    .values({
      clientId: t.world.north.clientId,
      firstname: `Hook${nameTag(n)}`,
      lastname: `Visitor${nameTag(n)}`,
      dob: '1980-05-05',
      photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
    })
    .returning();
  const buildingId = t.world.north.northHighId;
  const screening = await t.as(adminA).post(`/api/visitors/${v!.id}/screening`, { buildingId });
  expect(screening.statusCode, screening.body).toBe(200);
  const res = await t
    .as(adminA)
    .post('/api/visits', { visitorId: v!.id, buildingId, screeningId: screening.json().id });
  expect(res.statusCode, res.body).toBe(200);
  return { visitor: v!, visitId: res.json().visit.id as number };
}

describe('webhooks', () => {
  it('a check-in reaches the receiver once, signed as documented, with the documented body', async () => {
    const r = await receiver();
    const { webhook, secret } = await subscribe(r.url);
    await onlyThese(webhook.id);
    const { visitor, visitId } = await checkIn();
    expect(await deliverWebhooks(t.deps)).toMatchObject({ sent: 1 });
    expect(await deliverWebhooks(t.deps)).toMatchObject({ sent: 0 });
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(secret).toMatch(/^whsec_/);
    expect(verify(secret, got)).toBe(true);
    expect(verify(`${secret}x`, got)).toBe(false);
    expect(verify(secret, { ...got, body: got.body.replace('"visitId"', '"visitID"') })).toBe(false);
    const body = WEBHOOK_EVENT_BODIES['visit.checked_in'].parse(JSON.parse(got.body));
    expect(body.data).toMatchObject({ visitId, visitorId: visitor.id, buildingId: t.world.north.northHighId });
    expect(got.headers['x-safevisitor-event']).toBe('visit.checked_in');
    expect(got.headers['x-safevisitor-delivery']).toBe(body.id);
    // ids only unless the district chose names
    expect(got.body).not.toContain(visitor.firstname);
  });

  it('names go out only to a receiver set to send names; check-out is an event too', async () => {
    const r = await receiver();
    const { webhook } = await subscribe(r.url, { personalData: 'names' });
    await onlyThese(webhook.id);
    const { visitor, visitId } = await checkIn();
    expect((await t.as(adminA).post(`/api/visits/${visitId}/check-out`)).statusCode).toBe(200);
    await deliverWebhooks(t.deps);
    expect(r.received.map((x) => JSON.parse(x.body).type)).toEqual(['visit.checked_in', 'visit.checked_out']);
    const out = WEBHOOK_EVENT_BODIES['visit.checked_out'].parse(JSON.parse(r.received[1]!.body));
    expect(out.data).toMatchObject({ visitId, firstName: visitor.firstname, lastName: visitor.lastname });
  });

  it('a receiver that is down gets the event later, exactly once', async () => {
    const r = await receiver();
    const { webhook } = await subscribe(r.url);
    await onlyThese(webhook.id);
    await r.close(); // down: the connection is refused
    await checkIn();
    expect(await deliverWebhooks(t.deps)).toMatchObject({ sent: 0, retrying: 1 });
    const [queued] = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, webhook.id));
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.lastError).toBeTruthy();
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000); // back-off
    // not due yet: nothing is sent
    expect(await deliverWebhooks(t.deps)).toMatchObject({ sent: 0, retrying: 0 });
    const back = await receiver(r.port);
    await t.deps.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.subscriptionId, webhook.id));
    expect(await deliverWebhooks(t.deps)).toMatchObject({ sent: 1 });
    await deliverWebhooks(t.deps);
    expect(back.received).toHaveLength(1);
    const log = await t.as(adminA).get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(log.json().data[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastStatusCode: 200,
      lastResponse: 'thanks',
    });
  });

  it('a receiver answering 503 is retried, and its answer is in the delivery log', async () => {
    const r = await receiver();
    r.state.status = 503;
    const { webhook } = await subscribe(r.url);
    await onlyThese(webhook.id);
    await checkIn();
    await deliverWebhooks(t.deps);
    const log = await t.as(adminA).get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(log.json().data[0]).toMatchObject({ status: 'queued', lastStatusCode: 503, lastResponse: 'busy' });
  });

  it('two workers draining the queue at once send each delivery once (1,000 check-ins × 3 receivers)', async () => {
    const rs = [await receiver(), await receiver(), await receiver()];
    const subs = [];
    for (const r of rs) subs.push((await subscribe(r.url)).webhook.id);
    await onlyThese(...subs);
    const EVENTS = 1000;
    const started = performance.now();
    for (let i = 0; i < EVENTS; i++)
      await t.deps.db.transaction(async (tx) =>
        publishWebhook(tx as never, {
          type: 'visit.checked_in',
          clientId: t.world.north.clientId,
          data: { visitId: 100_000 + i, visitorId: 1, buildingId: t.world.north.northHighId },
        }),
      );
    const published = performance.now() - started;
    const drain = async (owner: string) => {
      let sent = 0;
      for (;;) {
        const c = await deliverWebhooks(t.deps, { owner });
        sent += c.sent;
        if (c.sent + c.retrying + c.failed === 0) return sent;
      }
    };
    const t0 = performance.now();
    const [a, b] = await Promise.all([drain('worker-1'), drain('worker-2')]);
    const drained = performance.now() - t0;
    expect(a + b).toBe(EVENTS * 3);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    for (const r of rs) {
      expect(r.received).toHaveLength(EVENTS);
      expect(new Set(r.received.map((x) => x.headers['x-safevisitor-delivery'])).size).toBe(EVENTS);
    }
    const [left] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'queued')));
    expect(left!.n).toBe(0);
    console.info(
      `webhook fan-out: ${EVENTS} events published in ${published.toFixed(0)} ms; ${EVENTS * 3} deliveries by 2 workers in ${drained.toFixed(0)} ms (${a}/${b})`,
    );
  }, 300_000);

  it('"send test event" delivers to that receiver now and shows in the log; events it does not want are not sent', async () => {
    const r = await receiver();
    const { webhook, secret } = await subscribe(r.url, { events: ['emergency.started'] });
    await onlyThese(webhook.id);
    await checkIn(); // not subscribed
    const res = await t.as(adminA).post(`/api/webhooks/${webhook.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({ eventType: 'webhook.test', status: 'sent', lastStatusCode: 200 });
    expect(r.received).toHaveLength(1);
    expect(verify(secret, r.received[0]!)).toBe(true);
    await deliverWebhooks(t.deps);
    expect(r.received).toHaveLength(1);
  });

  it('a private address is refused unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const r = await receiver();
    const strict = { ...t.deps, config: { ...t.deps.config, WEBHOOK_ALLOW_PRIVATE: false } };
    const { webhook } = await subscribe(r.url);
    await onlyThese(webhook.id);
    await checkIn();
    expect(await deliverWebhooks(strict)).toMatchObject({ sent: 0, retrying: 1 });
    expect(r.received).toHaveLength(0);
    const log = await t.as(adminA).get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(log.json().data[0].lastError).toBe('The receiver’s address is in a private network.');
  });
});
