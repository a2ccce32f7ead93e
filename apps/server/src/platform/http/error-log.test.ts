import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * Every error answer is logged by the one error handler (issue 25, audit 000 12.4): a refusal as
 * 'request refused' with its code and route template, a failure as 'request failed' at error with
 * the stack — never the body, the URL's values or the cookie.
 */
const CANARY = 'Zqxwvutsrgoodrow';
let explode = false;
const now = () => {
  if (explode) throw new Error('clock broke');
  return new Date();
};

let t: TestApp;
let admin: Session;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
    overrides: { now },
  });
  admin = await t.login('admin@demo.test');
});

const logged = (msg: string) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg);

describe('the error handler logs every error answer', () => {
  it('a refusal (4xx): "request refused" with the code and the route template, without the body or URL values', async () => {
    lines.length = 0;
    const res = await t.as(admin).post('/api/clients', { name: CANARY, state: 'not a state' });
    expect(res.statusCode).toBe(400);
    const missing = await t.as(admin).get(`/api/clients/987654/settings?x=${CANARY}`);
    expect(missing.statusCode).toBe(404);
    const refused = logged('request refused');
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 30,
          code: 'VALIDATION_FAILED',
          status: 400,
          method: 'POST',
          route: '/api/clients',
        }),
        expect.objectContaining({ level: 30, code: 'NOT_FOUND', status: 404, route: '/api/clients/:id/settings' }),
      ]),
    );
    const text = lines.join('\n');
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain('987654');
    expect(text).not.toContain(admin.cookie.split('=')[1]);
  });

  it('an unauthenticated request is refused at info', async () => {
    lines.length = 0;
    const res = await t.as(null).get('/api/clients');
    expect(res.statusCode).toBe(401);
    expect(logged('request refused')).toEqual([expect.objectContaining({ code: 'UNAUTHENTICATED', status: 401 })]);
  });

  it('a failure (5xx): "request failed" at error, with the stack', async () => {
    lines.length = 0;
    explode = true;
    try {
      const res = await t.as(admin).get('/api/clients');
      expect(res.statusCode).toBe(500);
    } finally {
      explode = false;
    }
    const failed = logged('request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, code: 'INTERNAL', status: 500, route: '/api/clients' });
    expect((failed[0]!.err as { stack: string }).stack).toMatch(/^\s+at /);
  });
});
