import type { AppDeps } from '../../platform/deps';
import { createVisitorsCore } from './visitors.core';
import { mergeUseCases } from './visitors.merge';
import { recordUseCases } from './visitors.records';
import { scanUseCases } from './visitors.scan';

export { LIKELY_DUPLICATE_MESSAGE, MERGED_RECORD_MESSAGE } from './visitors.core';

/**
 * Visitors (spec 002 §4, §5; issue 22 "A person, not a record"). One closure per use case
 * (issue 24 §1): visitors.records, visitors.merge, visitors.scan, on one shared core
 * (visitors.core.ts).
 */
export function createVisitorsService(deps: AppDeps, parts: Parameters<typeof createVisitorsCore>[1]) {
  const core = createVisitorsCore(deps, parts);
  return {
    ...recordUseCases(core),
    ...mergeUseCases(core),
    ...scanUseCases(core),
  };
}
export type VisitorsService = ReturnType<typeof createVisitorsService>;
