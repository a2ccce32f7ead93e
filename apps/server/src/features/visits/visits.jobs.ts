import type { ScheduledJob } from '../../platform/jobs/jobs';
import type { VisitsService } from './visits.service';

/**
 * spec 002 §4 Automatic check-out: every minute, visits whose local 23:59 has passed are checked
 * out (by the app's one visits service, issue 24 §1: not a new one per tick).
 */
export const visitsJobs: ScheduledJob<{ visits: VisitsService }>[] = [
  { name: 'visits.autoCheckOut', everyMs: 60_000, run: (_deps, services) => services.visits.runAutoCheckOut() },
];
