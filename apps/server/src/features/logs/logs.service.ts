import type { AppDeps } from '../../platform/deps';
import { createLogsCore } from './logs.core';
import { exportUseCases } from './logs.exports';
import { readUseCases } from './logs.reads';

export { LOG_MESSAGES } from './logs.core';

/**
 * The logs (spec 002 §2 Logs, §3, §5, §6, §9; spec 001 §9): visits, vendors, denied entries,
 * pickups, nearby arrivals, on site; every query goes through logs.repository.ts. One closure per
 * use case (issue 24 §1): logs.reads and logs.exports on one shared core (logs.core.ts); the
 * export cells in logs.cells.ts.
 */
export function createLogsService(deps: AppDeps, parts: Parameters<typeof createLogsCore>[1]) {
  const core = createLogsCore(deps, parts);
  return {
    ...readUseCases(core),
    ...exportUseCases(core),
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
