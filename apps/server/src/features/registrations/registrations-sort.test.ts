import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every sort key of the registration lists in both directions (the fuzz run found the status key
 * carrying its own direction: 'desc' made it `asc nulls first desc`, a 500).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('registration list sorting', () => {
  for (const url of ['/api/sv-registrations/search', '/api/registrations/search'])
    for (const sort of ['status', 'name', 'expDate'])
      for (const dir of ['asc', 'desc'])
        it(`${url} by ${sort} ${dir}`, async () => {
          const s = await t.login('admin.north@demo.test');
          const res = await t.as(s).post(url, { page: 1, perPage: 50, sort, dir, status: 'all' });
          expect(res.statusCode, res.body).toBe(200);
        });
});
