import type { AppDeps } from '../../platform/deps';
import { badgeUseCases } from './visits.badges';
import { checkInUseCases } from './visits.check-in';
import { checkOutUseCases } from './visits.check-out';
import { createVisitsCore } from './visits.core';

export { arrivalNotices, newBadgeCode, printModeOf } from './visits.rules';

/**
 * The front desk's visits (spec 002 §4): check-in, check-out, the current visits, badges. One
 * closure per use case (issue 24 §1): visits.check-in, visits.check-out, visits.badges, on one
 * shared core (visits.core.ts); pure helpers in visits.rules.ts.
 */
export function createVisitsService(deps: AppDeps, parts: Parameters<typeof createVisitsCore>[1]) {
  const core = createVisitsCore(deps, parts);
  return {
    ...checkInUseCases(core),
    ...checkOutUseCases(core),
    ...badgeUseCases(core),
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
