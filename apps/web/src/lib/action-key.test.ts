import { describe, expect, it } from 'vitest';
import { createActionKey } from './action-key';

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
