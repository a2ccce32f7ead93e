import type { ScheduledJob } from '../../platform/jobs/jobs';
import type { RetentionService } from './retention.service';

/**
 * Retention (issue 26 §2, ADR 0047): hourly through the job queue (once across instances); each
 * district runs when its last run finished more than 23 hours ago, so a night the servers were
 * down is caught up at the next tick.
 */
export const retentionJobs: ScheduledJob<{ retention: RetentionService }>[] = [
  { name: 'retention.run', everyMs: 60 * 60_000, run: (_deps, services) => services.retention.runDue() },
];
