import type { ScheduledJob } from '../../platform/jobs/jobs';
import { arrestWatchFor } from './arrest-watch.service';

/**
 * Arrest watch (issue 11): every 5 minutes the scheduler resumes an interrupted run or starts the
 * nightly one when it is due (ADR 0005: a sweep whose "due" is computed, so a missed tick or a
 * restart is caught up by the next one).
 */
export const arrestWatchJobs: ScheduledJob[] = [
  { name: 'arrestWatch.nightly', everyMs: 5 * 60_000, run: (deps) => arrestWatchFor(deps).runIfDue() },
];
