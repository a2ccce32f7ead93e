import type { ScheduledJob } from '../../platform/jobs/jobs';
import type { NearbyService } from './nearby.service';

/** ADR 0017: stale "I'm arriving" entries close every five minutes (an idempotent sweep, ADR 0005). */
export const nearbyJobs: ScheduledJob<{ nearby: NearbyService }>[] = [
  { name: 'nearby.expire', everyMs: 5 * 60_000, run: (_deps, services) => services.nearby.expireStale() },
];
