import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createClient } from '../../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPlatformAdmin } from '../users/platform-admin';

/** Issue 23 §1: the demo data is announced on every screen and can be removed before real use. */
describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const count = async (query: string) => {
    const [row] = await t.deps.database.query<{ n: number }>(query);
    return Number(row.n);
  };

  it('is announced, refused without another administrator, then removed with all it holds and nothing else', async () => {
    const demoAdmin = await t.login('admin@demo.test');
    expect((await t.as(demoAdmin).get('/api/auth/session')).json().demoData).toBe(true);
    const desk = await t.login('desk.northhigh@demo.test');
    expect((await t.as(desk).post('/api/demo-data/remove')).statusCode).toBe(403);

    const refused = await t.as(demoAdmin).post('/api/demo-data/remove');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/npm run admin:create/);
    expect(await count('select count(*)::int as n from clients where is_demo')).toBe(2);

    // the district's real data, and its own administrator
    const real = await createClient(t.deps.db, { name: 'Real District' });
    const building = await createBuilding(t.deps.db, real.id, { name: 'Real School' });
    await createPlatformAdmin(t.deps.db, {
      email: 'it@real.example',
      name: 'Real Admin',
      password: 'a-Long-enough-passphrase-7',
    });

    const res = await t.as(demoAdmin).post('/api/demo-data/remove');
    expect(res.statusCode).toBe(200);
    expect(res.json().districts).toBe(2);
    expect(res.json().accounts).toBeGreaterThanOrEqual(7);

    expect(await count('select count(*)::int as n from clients where is_demo')).toBe(0);
    expect(await count("select count(*)::int as n from users where email like '%@demo.test'")).toBe(0);
    for (const table of ['visitors', 'visits', 'exclusions', 'students', 'registrations']) {
      const left = await count(
        `select count(*)::int as n from ${table} where client_id not in (select id from clients)`,
      );
      expect(left, table).toBe(0);
    }
    const [kept] = await t.deps.db
      .execute(sql`select name from buildings where id = ${building.id}`)
      .then((r) => (r as unknown as { rows: { name: string }[] }).rows);
    expect(kept.name).toBe('Real School');

    const admin = await t.login('it@real.example', 'a-Long-enough-passphrase-7');
    // the presence answer is cached per instance for a minute: the removal drops it
    expect((await t.as(admin).get('/api/auth/session')).json().demoData).toBe(false);
    // the demo password opens nothing any more
    const again = await t.as(null).post('/api/auth/login', { email: 'admin@demo.test', password: 'demo-Visitor-2026' });
    expect(again.statusCode).toBe(401);
  });
});
