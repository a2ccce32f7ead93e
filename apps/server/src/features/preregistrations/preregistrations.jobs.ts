import type { ScheduledJob } from '../../platform/jobs/jobs';
import { screenUnscreenedCards } from './preregistrations.flags';

/**
 * Issue 22: cards nobody screened yet (written before the flags existed, or by a path that does
 * not screen them) are screened against the exclusion list within minutes, a batch at a time.
 */
export const preRegistrationsJobs: ScheduledJob[] = [
  { name: 'preregistrations.screen', everyMs: 5 * 60_000, run: (deps) => screenUnscreenedCards(deps.db, deps.now()) },
];
