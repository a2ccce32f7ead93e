import type { ScheduledJob } from '../../platform/jobs/jobs';
import { deliverWebhooks } from './webhooks.delivery';

/** every 5 s: due webhook deliveries are sent (retries wait their back-off) — issue 28 §5, ADR 0051 */
export const webhooksJobs: ScheduledJob[] = [
  { name: 'webhooks.deliver', everyMs: 5_000, run: (deps) => deliverWebhooks(deps) },
];
