import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPgUrl, withDatabase } from '../../test/test-db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openPostgres } from '../db/database';
import { createSessionStore } from './session-store';

/**
 * Issue 23 §8: a logout on instance A ends the session's event streams on instance B within a
 * second (before: up to 30 s, until B's periodic re-check). Instance B is a second session store
 * over its own connections to the same PostgreSQL database.
 */
describe.runIf(testPgUrl())('a session ended on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('ends its streams on every instance within a second', async () => {
    const [{ name }] = await t.deps.database.query<{ name: string }>('select current_database() as name');
    const b = await openPostgres(withDatabase(testPgUrl()!, name), { max: 2 });
    try {
      const storeB = createSessionStore(b.db, { idleMinutes: 60, absoluteHours: 24 }, (channel, onPayload) =>
        b.listen(channel, onPayload),
      );
      const session = await t.login('desk.northhigh@demo.test');
      const token = session.cookie.slice(session.cookie.indexOf('=') + 1);
      const live = await storeB.find(decodeURIComponent(token));
      expect(live).not.toBeNull();
      let endedAt = 0;
      storeB.watch(live!, () => {
        endedAt = Date.now();
      });
      // let B's LISTEN connection come up
      await new Promise((r) => setTimeout(r, 200));
      const before = Date.now();
      expect((await t.as(session).post('/api/auth/logout')).statusCode).toBeLessThan(300);
      for (let i = 0; i < 100 && endedAt === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(endedAt).toBeGreaterThan(0);
      expect(endedAt - before).toBeLessThan(1000);
    } finally {
      await b.close();
    }
  });
});
