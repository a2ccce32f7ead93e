import { dashboardRefreshMs, visitorCardColumns } from '@sv/domain';
import { describe, expect, it } from 'vitest';
import { CONSTANTS } from './constants';

/**
 * The spec's constants (000 §9, 002 §9) are written once in CONSTANTS; the pure rules that apply
 * them live in @sv/domain, which cannot import the contracts. The line-by-line re-count (issue 25)
 * found CONSTANTS.dashboardRefreshMs, dashboardRefreshFastMs and breakpoints read by nobody: this
 * pins the rules to them, so a change to one side fails here.
 */
describe('the domain rules apply the spec constants', () => {
  it('dashboard refresh: 7,200,000 ms, or 15,000 ms with enableCheckForVisitorsMoreOften (spec 002 §9)', () => {
    expect(dashboardRefreshMs(false)).toBe(CONSTANTS.dashboardRefreshMs);
    expect(dashboardRefreshMs(true)).toBe(CONSTANTS.dashboardRefreshFastMs);
  });
  it('visitor cards gain a column at each breakpoint 768, 992, 1200 px (spec 000 §9)', () => {
    for (const [i, b] of CONSTANTS.breakpoints.entries()) {
      expect(visitorCardColumns(b - 1)).toBe(i + 1);
      expect(visitorCardColumns(b)).toBe(i + 2);
    }
  });
});
