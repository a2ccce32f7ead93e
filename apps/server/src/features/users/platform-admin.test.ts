import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPlatformAdmin } from './platform-admin';

describe('npm run admin:create (issue 23 §1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('creates a platform administrator who can sign in, and refuses a weak password or a taken e-mail', async () => {
    const admin = await createPlatformAdmin(t.deps.db, {
      email: 'first.admin@district.example',
      name: 'First Admin',
      password: 'a-Long-enough-passphrase-7',
    });
    expect(admin.email).toBe('first.admin@district.example');
    const session = await t.login('first.admin@district.example', 'a-Long-enough-passphrase-7');
    const me = await t.as(session).get('/api/auth/session');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.roleId).toBe(1);

    await expect(
      createPlatformAdmin(t.deps.db, { email: 'other@district.example', name: 'X', password: 'password' }),
    ).rejects.toThrow(/too common|at least 8/);
    await expect(
      createPlatformAdmin(t.deps.db, {
        email: 'FIRST.admin@district.example',
        name: 'Again',
        password: 'a-Long-enough-passphrase-7',
      }),
    ).rejects.toThrow(/already exists/);
    await expect(createPlatformAdmin(t.deps.db, { email: 'not-an-email', name: 'X', password: 'x' })).rejects.toThrow(
      /valid e-mail/,
    );
  });
});
