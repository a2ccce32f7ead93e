import type { ScheduledJob } from '../../platform/jobs/jobs';
import type { ArrestWatchService } from './arrest-watch.service';

/**
 * Arrest watch (issue 11): every 5 minutes the scheduler resumes an interrupted run or starts the
 * nightly one when it is due (ADR 0005: a sweep whose "due" is computed, so a missed tick or a
 * restart is caught up by the next one). The app's one service: its in-process run guard is
 * shared with the API and the registry import (composition.ts).
 */
export const arrestWatchJobs: ScheduledJob<{ arrestWatch: ArrestWatchService }>[] = [
  { name: 'arrestWatch.nightly', everyMs: 5 * 60_000, run: (_deps, services) => services.arrestWatch.runIfDue() },
];
