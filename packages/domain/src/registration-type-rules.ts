/**
 * Registration type arrest-watch rules (spec 001 §4): choosing 'scheduled arrest watch for all'
 * clears the approval date; setting inArrestWatch clears the scheduled flag and the date.
 * The edit form applies it on every change and the server on every save, so both agree.
 */
export interface ArrestWatchState {
  inArrestWatch: boolean;
  scheduledArrestWatchAll: boolean;
  arrestWatchApprovalDate: string | null;
}

export function applyArrestWatchRules<T extends ArrestWatchState>(state: T): T {
  if (state.inArrestWatch) return { ...state, scheduledArrestWatchAll: false, arrestWatchApprovalDate: null };
  if (state.scheduledArrestWatchAll) return { ...state, arrestWatchApprovalDate: null };
  return state;
}
