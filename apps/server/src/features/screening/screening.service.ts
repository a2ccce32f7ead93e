import type { AppDeps } from '../../platform/deps';
import { admissionUseCases } from './screening.admission';
import { clearingUseCases } from './screening.clearing';
import { createScreeningCore } from './screening.core';
import { screenUseCases } from './screening.screen';

export { undecidedFindings } from './screening.rules';

/**
 * Screening at check-in (issue 4; spec 002 §4–§5, §7, §8): the offender registry and the
 * exclusion list, evaluated on the server at this moment. Never fails open: a registry failure,
 * timeout or partial answer is status 'failed' with 'Unable to run Background Check at this
 * time.' and the matches found so far. One closure per use case (issue 24 §1): screening.screen,
 * screening.admission, screening.clearing, on one shared core (screening.core.ts); pure rules in
 * screening.rules.ts.
 */
export function createScreeningService(deps: AppDeps, parts: Parameters<typeof createScreeningCore>[1]) {
  const core = createScreeningCore(deps, parts);
  return {
    ...admissionUseCases(core),
    ...screenUseCases(core),
    ...clearingUseCases(core),
  };
}
export type ScreeningService = ReturnType<typeof createScreeningService>;
