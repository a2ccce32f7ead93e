import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE_LEVELS,
  confidenceLabel,
  confidenceLevelOf,
  formatConfidenceLevelList,
  isAtLeastAsConfident,
  parseConfidenceLevelList,
} from './confidence';

describe('confidence levels (spec 000 §3)', () => {
  it('has the six spec ids and labels', () => {
    expect(CONFIDENCE_LEVELS.map((l) => [l.id, l.label])).toEqual([
      [1, 'Exact Moderate'],
      [2, 'Exact Strong'],
      [3, 'Exact Very Strong'],
      [4, 'Mixed Moderate'],
      [5, 'Mixed Strong'],
      [6, 'Mixed Very Strong'],
    ]);
  });

  it('labels ids and rejects unknown ones', () => {
    expect(confidenceLabel(5)).toBe('Mixed Strong');
    expect(confidenceLabel(0)).toBeNull();
    expect(confidenceLabel(7)).toBeNull();
  });

  it('maps exactness and strength to ids consistently with the table', () => {
    for (const level of CONFIDENCE_LEVELS) expect(confidenceLevelOf(level.exactness, level.strength)).toBe(level.id);
  });

  it('orders levels by evidence, not by id', () => {
    expect(isAtLeastAsConfident(2, 4)).toBe(true);
    expect(isAtLeastAsConfident(4, 2)).toBe(false);
    expect(isAtLeastAsConfident(6, 1)).toBe(false);
    expect(isAtLeastAsConfident(3, 6)).toBe(true);
    for (const level of CONFIDENCE_LEVELS) expect(isAtLeastAsConfident(level.id, level.id)).toBe(true);
  });

  it('parses and formats contact level lists (spec 000 §5)', () => {
    expect(parseConfidenceLevelList(' 3,1,,x,9,3 ')).toEqual([1, 3]);
    expect(parseConfidenceLevelList(null)).toEqual([]);
    expect(formatConfidenceLevelList([6, 2, 2])).toBe('2,6');
    expect(formatConfidenceLevelList([])).toBeNull();
    expect(formatConfidenceLevelList([0, 8])).toBeNull();
  });
});
