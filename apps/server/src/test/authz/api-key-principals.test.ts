import { API_KEY_GRANTABLE } from '@sv/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { leakedCanaries, seedCanaries } from './canary';
import { buildRequest, isReadEntry, type LoadedEntry, loadAuthzEntries, routeKey, send, statusMatches } from './matrix';

/**
 * API-key principals in the authorization and tenancy matrix (issue 28 §5, ADR 0051). Every row of
 * the matrix is called with four keys, made through the real API by the district administrators:
 * - `keyA`: district A, every grantable permission → never more than A's district administrator;
 * - `keyAReadOnly`: district A, read-only → no state-changing row succeeds;
 * - `keyA1`: North High only, every grantable permission → never more than the North High attendant;
 * - `keyB`: district B, every grantable permission → never more than B's district administrator.
 * And every read row, as each A key, carries no tenant-B canary.
 */
const entries = await loadAuthzEntries();

let t: TestApp;
const keys = {} as Record<'keyA' | 'keyAReadOnly' | 'keyA1' | 'keyB', string>;
beforeAll(async () => {
  t = await createTestApp();
  const make = async (email: string, body: object) => {
    const res = await t.as(await t.login(email)).post('/api/api-keys', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().secret as string;
  };
  const all = { readOnly: false, permissions: API_KEY_GRANTABLE };
  keys.keyA = await make('admin.north@demo.test', { name: 'Full A', ...all });
  keys.keyAReadOnly = await make('admin.north@demo.test', { name: 'Read A', readOnly: true });
  keys.keyA1 = await make('admin.north@demo.test', {
    name: 'North High',
    buildingId: t.world.north.northHighId,
    ...all,
  });
  keys.keyB = await make('admin.south@demo.test', { name: 'Full B', ...all });
  // after the keys: the canaries rename tenant B's logins
  await seedCanaries(t, entries);
}, 120_000);

const asKey = async (entry: LoadedEntry, key: string) => {
  const req = await buildRequest(t, entry);
  return send(t, entry, { ...req, headers: { ...req.headers, authorization: `Bearer ${key}` } }, null);
};
const ok = (status: number) => status >= 200 && status < 300;
/**
 * POSTs that only read, under `visitors.read`, whose matrix rows are not marked readOnly: the desk's
 * name search (terms in the body) and a scanned licence's parse and matches. Nothing is written.
 */
const READ_POSTS = new Set(['POST /api/visitors/search', 'POST /api/scans']);
/**
 * routes about the browser session itself, which a key does not have (and the test sign-in of a
 * district's provider, a browser's round trip to the provider: issue 30), and the browser windows
 * (not under /api/: a signed-out window is sent to the sign-in page)
 */
const SESSION_ONLY = /^\/api\/(auth|impersonation|api-keys|webhooks|help|sso\/test)\b|\/events$|^\/(?!api\/)/;
/** public rows (sign-in, the public form …) answer anyone: a key adds nothing there */
const isPublic = (e: LoadedEntry) => e.expect.anonymous === 'ok';

describe('API-key principals', () => {
  it.for(entries.map((e) => [`${routeKey(e)}${e.note ? ` [${e.note}]` : ''}`, e] as const))('%s', async ([, entry]) => {
    if (isPublic(entry)) return;
    const problems: string[] = [];
    const check = async (key: keyof typeof keys, bound: 'clientAdminA' | 'attendantA1' | 'clientAdminB') => {
      const res = await asKey(entry, keys[key]);
      if (res.statusCode >= 500) problems.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      // never more than the role the key acts as
      if (ok(res.statusCode) && !statusMatches(entry.expect[bound], res.statusCode) && entry.expect[bound] !== 'ok')
        problems.push(`${key}: ${res.statusCode} where ${bound} gets ${entry.expect[bound]}`);
      return res;
    };
    const full = await check('keyA', 'clientAdminA');
    // the same API as a session: what A's administrator may do, a full key of A may do (but the
    // routes about the browser session itself: the signed-in user, sign-out, password, the menu)
    if (entry.expect.clientAdminA === 'ok' && !ok(full.statusCode) && !SESSION_ONLY.test(entry.route))
      problems.push(`keyA: ${full.statusCode} where clientAdminA gets ok ${full.body.slice(0, 120)}`);
    await check('keyA1', 'attendantA1');
    await check('keyB', 'clientAdminB');
    const ro = await check('keyAReadOnly', 'clientAdminA');
    if (!isReadEntry(entry) && !READ_POSTS.has(routeKey(entry)) && ok(ro.statusCode))
      problems.push(`keyAReadOnly: ${ro.statusCode} on a state-changing route`);
    expect(problems).toEqual([]);
  });

  it('no tenant-B canary reaches a key of district A (every read row)', async () => {
    const leaks: string[] = [];
    for (const entry of entries.filter(isReadEntry)) {
      for (const key of ['keyA', 'keyAReadOnly', 'keyA1'] as const) {
        const found = leakedCanaries(await asKey(entry, keys[key]));
        if (found.length) leaks.push(`${routeKey(entry)} as ${key}: ${found.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
