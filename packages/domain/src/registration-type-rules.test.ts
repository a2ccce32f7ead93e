import { describe, expect, it } from 'vitest';
import { applyArrestWatchRules } from './registration-type-rules';

describe('registration type arrest-watch rules (spec 001 §4)', () => {
  it("choosing 'scheduled arrest watch for all' clears the approval date", () => {
    expect(
      applyArrestWatchRules({
        inArrestWatch: false,
        scheduledArrestWatchAll: true,
        arrestWatchApprovalDate: '2024-05-01',
      }),
    ).toEqual({ inArrestWatch: false, scheduledArrestWatchAll: true, arrestWatchApprovalDate: null });
  });

  it('setting inArrestWatch clears the scheduled flag and the date', () => {
    expect(
      applyArrestWatchRules({
        inArrestWatch: true,
        scheduledArrestWatchAll: true,
        arrestWatchApprovalDate: '2024-05-01',
      }),
    ).toEqual({ inArrestWatch: true, scheduledArrestWatchAll: false, arrestWatchApprovalDate: null });
  });

  it('keeps the approval date when neither flag is set, and other fields untouched', () => {
    const state = {
      inArrestWatch: false,
      scheduledArrestWatchAll: false,
      arrestWatchApprovalDate: '2001-02-03',
      name: 'x',
    };
    expect(applyArrestWatchRules(state)).toEqual(state);
  });
});
