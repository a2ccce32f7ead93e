import type { ScheduledJob } from '../../platform/jobs/jobs';
import { createVisitsService } from './visits.service';

/** spec 002 §4 Automatic check-out: every minute, visits whose local 23:59 has passed are checked out. */
export const visitsJobs: ScheduledJob[] = [
  { name: 'visits.autoCheckOut', everyMs: 60_000, run: (deps) => createVisitsService(deps).runAutoCheckOut() },
];
