import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/** the app clock; moved forward to expire sessions (deps.now) */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ overrides: { now } });
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

/** Opens a stream and reads it until it ends or `timeoutMs` passes; answers what arrived and whether it ended. */
async function openStream(session: Session, buildingId: number) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/buildings/${buildingId}/events`, {
    headers: { cookie: session.cookie },
    signal: ctrl.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  await reader.read(); // ': connected'
  return {
    async drain(timeoutMs = 1500) {
      let text = '';
      let ended = false;
      const timer = setTimeout(() => ctrl.abort(), timeoutMs);
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            ended = true;
            break;
          }
          text += decoder.decode(value);
        }
      } catch {
        // aborted by the timeout: the stream was still open
      } finally {
        clearTimeout(timer);
        ctrl.abort();
      }
      return { ended, events: text.split('\n').filter((l) => l.startsWith('data: ')) };
    },
  };
}

// issue 10 §5 / security guide: "Live streams (SSE) end when their session ends"
describe('the event stream ends with its session', () => {
  const publish = (id: number) =>
    t.deps.realtime.publish({
      type: 'visit.checked_in',
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      id,
    });

  it('on logout: the stream closes and delivers nothing more', async () => {
    const desk = await t.login('desk.northhigh@demo.test');
    const stream = await openStream(desk, t.world.north.northHighId);
    expect((await t.as(desk).post('/api/auth/logout')).statusCode).toBe(200);
    await publish(101);
    expect(await stream.drain()).toEqual({ ended: true, events: [] });
    // reconnecting with the ended session is refused
    expect((await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/events?once=1`)).statusCode).toBe(401);
  });

  it('on deactivation of the user', async () => {
    const admin = await t.login('admin.north@demo.test');
    const desk = await t.login('desk.northhigh@demo.test');
    const stream = await openStream(desk, t.world.north.northHighId);
    const me = (await t.as(admin).get(`/api/users/${desk.userId}`)).json().user;
    expect((await t.as(admin).edit('PUT', `/api/users/${desk.userId}`, { ...me, active: false })).statusCode).toBe(200);
    await publish(102);
    expect(await stream.drain()).toEqual({ ended: true, events: [] });
    await t.as(admin).edit('PUT', `/api/users/${desk.userId}`, { ...me, active: true });
  });

  it('on idle expiry: the next event is not delivered and the stream closes', async () => {
    const desk = await t.login('desk.lincoln@demo.test');
    const stream = await openStream(desk, t.world.north.lincolnId);
    offsetMs += (t.deps.config.SESSION_IDLE_MINUTES + 1) * 60_000;
    try {
      await t.deps.realtime.publish({
        type: 'visit.checked_in',
        clientId: t.world.north.clientId,
        buildingId: t.world.north.lincolnId,
        id: 103,
      });
      expect(await stream.drain()).toEqual({ ended: true, events: [] });
    } finally {
      offsetMs = 0;
    }
  });

  it('keeps delivering while the session is alive, also past the deadline it opened with', async () => {
    const desk = await t.login('desk.northhigh@demo.test');
    const stream = await openStream(desk, t.world.north.northHighId);
    // other requests of the dashboard keep the session alive past the stream's first deadline
    offsetMs += (t.deps.config.SESSION_IDLE_MINUTES - 1) * 60_000;
    expect((await t.as(desk).get('/api/auth/session')).statusCode).toBe(200);
    offsetMs += 2 * 60_000;
    try {
      await publish(104);
      expect((await stream.drain(1000)).events).toEqual([expect.stringContaining('"id":104')]);
    } finally {
      offsetMs = 0;
    }
  });
});
