import type { ScheduledJob } from '../../platform/jobs/jobs';
import type { ScreeningService } from '../screening';
import { screenUnscreenedCards } from '../exclusions';
import { screenCardsInRegistry } from './preregistrations.registry-screening';

/**
 * Issue 22: cards nobody screened yet (written before the flags existed, or by a path that does
 * not screen them) are screened against the exclusion list within minutes, a batch at a time;
 * then searched in the offender registry (again after every registry import).
 */
export const preRegistrationsJobs: ScheduledJob<{ screening: ScreeningService }>[] = [
  { name: 'preregistrations.screen', everyMs: 5 * 60_000, run: (deps) => screenUnscreenedCards(deps.db, deps.now()) },
  {
    name: 'preregistrations.registry',
    everyMs: 5 * 60_000,
    run: (deps, services) => screenCardsInRegistry(deps, services.screening, deps.now()),
  },
];
