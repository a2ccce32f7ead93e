import { describe, expect, it } from 'vitest';
import { createActionKey, createKeyring } from './action-key';

describe('createActionKey (one Idempotency-Key per user action)', () => {
  it('reuses the key while the same request is retried, and starts over after success or a change', () => {
    let n = 0;
    const keys = createActionKey(() => `k${++n}`);
    expect(keys.for({ buildingId: 1, issues: 'a' })).toBe('k1');
    expect(keys.for({ buildingId: 1, issues: 'a' })).toBe('k1'); // retry after a failure
    expect(keys.for({ buildingId: 1, issues: 'b' })).toBe('k2'); // edited: a different request
    keys.done();
    expect(keys.for({ buildingId: 1, issues: 'b' })).toBe('k3'); // the next action
  });

  it('makes random UUIDs by default', () => {
    const a = createActionKey().for({});
    const b = createActionKey().for({});
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});

describe('createKeyring (the Idempotency-Key of every create, issue 23 §4)', () => {
  it('gives the same body the same key, a changed body a new key, and a new key after success', () => {
    let n = 0;
    const keys = createKeyring(() => `k${++n}`);
    const body = { firstname: 'Ana', lastname: 'Diaz' };
    expect(keys.for('/api/visitors', body)).toBe('k1');
    expect(keys.for('/api/visitors', { ...body })).toBe('k1'); // Save pressed again after a network failure
    expect(keys.for('/api/visitors', { ...body, lastname: 'Díaz' })).toBe('k2'); // corrected: another request
    keys.done('/api/visitors');
    expect(keys.for('/api/visitors', { ...body, lastname: 'Díaz' })).toBe('k3'); // the next visitor
  });

  it('keeps one key per address: a create elsewhere does not change it', () => {
    let n = 0;
    const keys = createKeyring(() => `k${++n}`);
    expect(keys.for('/api/contacts', { name: 'A' })).toBe('k1');
    expect(keys.for('/api/buildings', { name: 'A' })).toBe('k2');
    keys.done('/api/buildings');
    expect(keys.for('/api/contacts', { name: 'A' })).toBe('k1');
  });
});
