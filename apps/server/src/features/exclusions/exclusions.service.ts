import type { AppDeps } from '../../platform/deps';
import { createExclusionsCore } from './exclusions.core';
import { editUseCases } from './exclusions.edits';
import { photoUseCases } from './exclusions.photos';
import { potentialMatchUseCases } from './exclusions.potential-matches';
import { readUseCases } from './exclusions.reads';

export { cleanName, EXCLUSION_MESSAGES, toExclusion } from './exclusions.core';

/**
 * Exclusions (spec 000 §2 Manage Exclusions, §3, §4 defaults, §5 dob and matching; spec 002 §5).
 * Field rules (security guide): only 'exclusions.manage' writes, 'exclusions.setGlobal' decides
 * isGlobal, a building must be an ACTIVE building of the same client.
 * One closure per use case (issue 24 §1): exclusions.reads, exclusions.edits, exclusions.photos,
 * exclusions.potential-matches, on one shared core (exclusions.core.ts).
 */
export function createExclusionsService(deps: AppDeps, parts: Parameters<typeof createExclusionsCore>[1]) {
  const core = createExclusionsCore(deps, parts);
  return {
    ...readUseCases(core),
    ...editUseCases(core),
    ...photoUseCases(core),
    ...potentialMatchUseCases(core),
  };
}
export type ExclusionsService = ReturnType<typeof createExclusionsService>;
