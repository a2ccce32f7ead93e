import { describe, expect, it } from 'vitest';
import { effectiveRetention, retentionCutoff, retentionRunDue } from './retention';

describe('retention rules (issue 26 §2)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('the cutoff is the period before now; no period keeps everything', () => {
    expect(retentionCutoff(now, 30)?.toISOString()).toBe('2026-05-02T12:00:00.000Z');
    expect(retentionCutoff(now, null)).toBeNull();
  });
  it('a district’s stored rule wins over the default, including "keep for ever"', () => {
    const rules = effectiveRetention(['a', 'b', 'c'] as const, { a: 10, b: 20, c: 30 }, [
      { category: 'b', keepDays: 99 },
      { category: 'c', keepDays: null },
    ]);
    expect(rules).toEqual([
      { category: 'a', days: 10, isDefault: true },
      { category: 'b', days: 99, isDefault: false },
      { category: 'c', days: null, isDefault: false },
    ]);
  });
  it('a run is due once a day', () => {
    expect(retentionRunDue(now, null)).toBe(true);
    expect(retentionRunDue(now, new Date('2026-06-01T00:00:00Z'))).toBe(false);
    expect(retentionRunDue(now, new Date('2026-05-31T12:00:00Z'))).toBe(true);
  });
});
