import { describe, expect, it } from 'vitest';
import { flaggedFirst, isFlaggedCard } from './dashboard-cards';

/** Issue 22 "Floods": flagged cards sort first on the dashboard. */
describe('isFlaggedCard / flaggedFirst', () => {
  it('a card is flagged by an exclusion, a registry result, any finding or an explicit mark', () => {
    expect(isFlaggedCard({ exclusionCount: 1 })).toBe(true);
    expect(isFlaggedCard({ potentialCount: 2 })).toBe(true);
    expect(isFlaggedCard({ watchdogCount: 1 })).toBe(true);
    expect(isFlaggedCard({ findings: [{ source: 'exclusion' }] })).toBe(true);
    expect(isFlaggedCard({ flagged: true })).toBe(true);
    expect(isFlaggedCard({ exclusionCount: 0, findings: [] })).toBe(false);
    expect(isFlaggedCard(null)).toBe(false);
  });

  it('keeps each group in its order, flagged first', () => {
    const cards = [
      { id: 1, issues: {} },
      { id: 2, issues: { exclusionCount: 1 } },
      { id: 3, issues: {} },
      { id: 4, issues: { flagged: true } },
    ];
    expect(flaggedFirst(cards).map((c) => c.id)).toEqual([2, 4, 1, 3]);
  });
});
