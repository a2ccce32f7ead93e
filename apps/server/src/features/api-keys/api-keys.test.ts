import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * API keys (issue 28 §5, ADR 0051): a key authenticates `Authorization: Bearer sv_…` against the
 * same routes and permission checks as a session, within its district and its permissions.
 */
let t: TestApp;
let adminA: Session;
let adminB: Session;
beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.login('admin.north@demo.test');
  adminB = await t.login('admin.south@demo.test');
});
afterAll(() => t.close());

const bearer = (key: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const createKey = async (s: Session, body: object) => {
  const res = await t.as(s).post('/api/api-keys', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { key: { id: number; prefix: string }; secret: string };
};

describe('API keys', () => {
  it('shows the secret once and stores only its SHA-256 (nowhere in clear: keys, audit, idempotency)', async () => {
    const { key, secret } = await createKey(adminA, { name: 'SIS reader', readOnly: true });
    expect(secret).toMatch(/^sv_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const list = await t.as(adminA).get('/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().data.find((k: { id: number }) => k.id === key.id)).toMatchObject({
      name: 'SIS reader',
      lastUsedAt: null,
    });
    const [row] = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(secret).digest('hex'));
    // every text column of every table: the secret appears nowhere
    const tables = await t.deps.database.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`,
    );
    const found: string[] = [];
    for (const c of tables) {
      const r = await t.deps.database.query<{ n: number }>(
        `select count(*)::int as n from "${c.table_name}" where "${c.column_name}"::text like $1`,
        [`%${secret.slice(3)}%`],
      );
      if (r[0]!.n > 0) found.push(`${c.table_name}.${c.column_name}`);
    }
    expect(found).toEqual([]);
  });

  it('a read-only key reads but cannot write, with no cookie and no CSRF token', async () => {
    const { secret } = await createKey(adminA, { name: 'Dashboard', readOnly: true });
    const read = await bearer(secret, 'GET', '/api/contacts');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.length).toBeGreaterThan(0);
    const write = await bearer(
      secret,
      'POST',
      '/api/visitors',
      { firstname: 'Ro', lastname: 'Key', dob: '1980-01-01' },
      {
        'idempotency-key': `ro-${Date.now()}`,
      },
    );
    expect(write.statusCode).toBe(403);
    // nor can it manage keys, even read them
    expect((await bearer(secret, 'GET', '/api/api-keys')).statusCode).toBe(403);
  });

  it('a key with named permissions writes what they allow (no CSRF), and nothing else', async () => {
    const { secret } = await createKey(adminA, {
      name: 'Visitor sync',
      readOnly: false,
      permissions: ['visitors.manage'],
    });
    const create = await bearer(
      secret,
      'POST',
      '/api/visitors',
      { firstname: 'Kay', lastname: 'Bearer', dob: '1981-02-03' },
      {
        'idempotency-key': `named-${Date.now()}`,
      },
    );
    expect(create.statusCode, create.body).toBe(200);
    expect((await bearer(secret, 'GET', '/api/contacts')).statusCode).toBe(403);
    // a key cannot create keys
    expect((await bearer(secret, 'POST', '/api/api-keys', { name: 'x' })).statusCode).toBe(403);
  });

  it('another district’s data is unreachable with a key', async () => {
    const { secret } = await createKey(adminA, { name: 'A reader', readOnly: true });
    const own = await bearer(secret, 'GET', `/api/buildings/${t.world.north.northHighId}`);
    expect(own.statusCode).toBe(200);
    const other = await bearer(secret, 'GET', `/api/buildings/${t.world.south.southElemId}`);
    expect(other.statusCode).toBe(404);
    const list = await bearer(secret, 'GET', '/api/contacts');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    expect(list.json().data.every((c: { clientId: number }) => c.clientId === t.world.north.clientId)).toBe(true);
    // naming the other district gives nothing of it
    const asked = await bearer(secret, 'GET', `/api/contacts?clientId=${t.world.south.clientId}`);
    expect((asked.json().data ?? []).some((c: { clientId: number }) => c.clientId === t.world.south.clientId)).toBe(
      false,
    );
    // B's administrator cannot revoke A's key
    const { key } = await createKey(adminA, { name: 'A key' });
    expect((await t.as(adminB).post(`/api/api-keys/${key.id}/revoke`)).statusCode).toBe(404);
  });

  it('a building key acts as an attendant of that building only', async () => {
    const { secret } = await createKey(adminA, {
      name: 'Lobby screen',
      buildingId: t.world.north.northHighId,
      readOnly: true,
    });
    expect((await bearer(secret, 'GET', `/api/buildings/${t.world.north.northHighId}`)).statusCode).toBe(200);
    expect((await bearer(secret, 'GET', `/api/buildings/${t.world.north.lincolnId}`)).statusCode).toBe(404);
    // another district's building cannot be given to a key
    const res = await t.as(adminA).post('/api/api-keys', { name: 'x', buildingId: t.world.south.southElemId });
    expect(res.statusCode).toBe(404);
  });

  it('a revoked key fails at once; last used is recorded', async () => {
    const { key, secret } = await createKey(adminA, { name: 'Soon revoked', readOnly: true });
    expect((await bearer(secret, 'GET', '/api/contacts')).statusCode).toBe(200);
    const [used] = await t.deps.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(used!.at).not.toBeNull();
    const revoke = await t.as(adminA).post(`/api/api-keys/${key.id}/revoke`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    const after = await bearer(secret, 'GET', '/api/contacts');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('The API key is not valid or was revoked.');
  });

  it('a bearer that is no key is refused even with a valid session cookie; the platform administrator has no keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/buildings',
      headers: { authorization: 'Bearer sv_not-a-key', cookie: adminA.cookie },
    });
    expect(res.statusCode).toBe(401);
    const platform = await t.login('admin@demo.test');
    expect((await t.as(platform).post('/api/api-keys', { name: 'x' })).statusCode).toBe(403);
    expect(
      (
        await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(sql`${apiKeys.clientId} is null`)
      )[0]!.n,
    ).toBe(0);
  });

  it('OpenAPI documents the key scheme and every webhook event body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual(expect.arrayContaining([{ apiKey: [] }]));
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['WebhookEvent_visit.checked_in', 'WebhookEvent_emergency.ended']),
    );
    expect(doc.info.description).toContain('HMAC-SHA256');
  });
});
