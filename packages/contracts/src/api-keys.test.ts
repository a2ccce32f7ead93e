import { describe, expect, it } from 'vitest';
import { API_KEY_GRANTABLE, API_KEY_READ_PERMISSIONS, apiKeyPermissions } from './api-keys';
import { can } from './permissions';
import { ROLE } from './roles';

/** Issue 28 §5 (ADR 0051): what a key may hold, and `can()` with a key. */
describe('API key permissions', () => {
  it('a read-only key holds reads only, and never key or webhook management', () => {
    expect(API_KEY_READ_PERMISSIONS.every((p) => /\.(read|list|history)$|^logs\.filterByBuilding$/.test(p))).toBe(true);
    expect(API_KEY_GRANTABLE).not.toContain('apiKeys.manage');
    expect(API_KEY_GRANTABLE).not.toContain('webhooks.manage');
    expect(API_KEY_GRANTABLE).not.toContain('impersonation.start');
    const held = apiKeyPermissions({ readOnly: true, permissions: ['visitors.manage'], buildingId: null });
    expect(held).not.toContain('visitors.manage');
    expect(held).toContain('visitors.read');
  });

  it('can() needs the role and the key', () => {
    const actor = { roleId: ROLE.ClientAdmin, apiKey: { id: 1, permissions: ['contacts.read'] } };
    expect(can(actor, 'contacts.read')).toBe(true);
    expect(can(actor, 'contacts.manage')).toBe(false);
    // a key cannot lift its role: an attendant-scoped key with a district permission still has none
    const building = apiKeyPermissions({ readOnly: false, permissions: ['users.manage'], buildingId: 5 });
    expect(building).not.toContain('users.manage');
    expect(can({ roleId: ROLE.Attendant, apiKey: { id: 2, permissions: ['users.manage'] } }, 'users.manage')).toBe(
      false,
    );
    // sessions are unchanged
    expect(can({ roleId: ROLE.ClientAdmin }, 'contacts.manage')).toBe(true);
  });
});
