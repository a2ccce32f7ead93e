import { describe, expect, it } from 'vitest';
import { LOG_MAX_RANGE_DAYS, LOG_RANGE_MESSAGES, logRangeProblem } from './logs';

/** Issue 25 (audit 002 L27, L28, B5): the one range rule the API enforces and the log screens say. */
describe('logRangeProblem', () => {
  it('accepts a range of one day up to LOG_MAX_RANGE_DAYS days, and a half-given range', () => {
    expect(logRangeProblem('2026-11-27', '2026-11-27')).toBeNull();
    expect(logRangeProblem('2025-11-26', '2026-11-27')).toBeNull(); // 367 days
    expect(LOG_MAX_RANGE_DAYS).toBe(367);
    expect(logRangeProblem(undefined, '2026-11-27')).toBeNull();
    expect(logRangeProblem('2026-11-30', undefined)).toBeNull();
  });
  it('names a start after the end, and a range one day too long', () => {
    expect(logRangeProblem('2026-11-30', '2026-11-27')).toBe('order');
    expect(logRangeProblem('2025-11-25', '2026-11-27')).toBe('length'); // 368 days
    expect(logRangeProblem('2023-01-01', '2026-11-27')).toBe('length');
    expect(LOG_RANGE_MESSAGES.order).toBe('The start date must be on or before the end date.');
    expect(LOG_RANGE_MESSAGES.length).toBe('Choose a range of at most 367 days.');
  });
});
