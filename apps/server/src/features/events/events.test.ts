import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.app.close();
});

/** Opens the SSE stream and collects `data:` payloads until `count` arrive or the timeout. */
async function collect(
  session: Session,
  buildingId: number,
  trigger: () => Promise<void>,
  count = 1,
  timeoutMs = 3000,
) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/buildings/${buildingId}/events`, {
    headers: { cookie: session.cookie },
    signal: ctrl.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  const first = await reader.read(); // ': connected' — the subscription is live
  buffer += decoder.decode(first.value);
  const started = performance.now();
  await trigger();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value);
      for (const line of buffer.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    }
  } catch {
    // aborted by the timeout: return what arrived
  } finally {
    clearTimeout(timer);
    ctrl.abort();
  }
  return { events, ms: performance.now() - started };
}

describe('front-desk event stream', () => {
  it('delivers a building event to that building’s open dashboards within a second, ids only', async () => {
    const desk = await t.login('desk.northhigh@demo.test');
    const { north } = t.world;
    const { events, ms } = await collect(desk, north.northHighId, async () => {
      await t.deps.realtime.publish({
        type: 'visit.checked_in',
        clientId: north.clientId,
        buildingId: north.northHighId,
        id: 42,
      });
    });
    expect(events).toEqual([
      { type: 'visit.checked_in', clientId: north.clientId, buildingId: north.northHighId, id: 42 },
    ]);
    expect(ms).toBeLessThan(1000);
  });

  it('does not deliver another building’s events', async () => {
    const desk = await t.login('desk.northhigh@demo.test');
    const { north } = t.world;
    const { events } = await collect(
      desk,
      north.northHighId,
      async () => {
        await t.deps.realtime.publish({
          type: 'visit.checked_in',
          clientId: north.clientId,
          buildingId: north.lincolnId,
          id: 1,
        });
        await t.deps.realtime.publish({
          type: 'entry.denied',
          clientId: north.clientId,
          buildingId: north.northHighId,
          id: 2,
        });
      },
      1,
    );
    expect(events).toEqual([expect.objectContaining({ buildingId: north.northHighId, id: 2 })]);
  });

  it('publishes on commit only: a rolled-back transaction notifies nobody', async () => {
    const admin = await t.login('admin.north@demo.test');
    const { north } = t.world;
    const { events } = await collect(
      admin,
      north.northHighId,
      async () => {
        await t.deps.db
          .transaction(async (tx) => {
            await t.deps.realtime.publish(
              { type: 'visit.checked_out', clientId: north.clientId, buildingId: north.northHighId, id: 7 },
              tx,
            );
            throw new Error('rollback');
          })
          .catch(() => {});
        await t.deps.realtime.publish({
          type: 'visit.checked_out',
          clientId: north.clientId,
          buildingId: north.northHighId,
          id: 8,
        });
      },
      1,
    );
    expect(events).toEqual([expect.objectContaining({ id: 8 })]);
  });

  it('refuses buildings outside the actor’s scope with 404', async () => {
    const lincolnDesk = await t.login('desk.lincoln@demo.test');
    const south = await t.login('admin.south@demo.test');
    expect((await t.as(lincolnDesk).get(`/api/buildings/${t.world.north.northHighId}/events?once=1`)).statusCode).toBe(
      404,
    );
    expect((await t.as(south).get(`/api/buildings/${t.world.north.northHighId}/events?once=1`)).statusCode).toBe(404);
    expect((await t.as(null).get(`/api/buildings/${t.world.north.northHighId}/events?once=1`)).statusCode).toBe(401);
  });
});
