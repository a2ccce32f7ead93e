import { arrestWatchJobs } from './features/arrest-watch/arrest-watch.jobs';
import { invitationsJobs } from './features/invitations/invitations.jobs';
import { nearbyJobs } from './features/nearby/nearby.jobs';
import { retentionJobs } from './features/retention/retention.jobs';
import { webhooksJobs } from './features/webhooks/webhooks.jobs';
import { preRegistrationsJobs } from './features/preregistrations/preregistrations.jobs';
import { backgroundCheckJobs } from './features/public-registration/background-checks';
import { studentsJobs } from './features/students/students.jobs';
import { visitsJobs } from './features/visits/visits.jobs';
import { hostsJobs } from './features/hosts/hosts.notify';
import type { Services } from './composition';
import type { ScheduledJob } from './platform/jobs/jobs';

/**
 * Every scheduled job, registered here by the features (the composition root's list: platform
 * imports no feature, issue 23 §3). Each runs once per period across every server instance
 * (platform/jobs/jobs.ts `runJobOnce`, ADR 0023), with the app's one set of services
 * (composition.ts, issue 24 §1).
 */
export const scheduledJobs: ScheduledJob<Services>[] = [
  ...visitsJobs,
  ...arrestWatchJobs,
  ...invitationsJobs,
  ...backgroundCheckJobs,
  ...studentsJobs,
  ...nearbyJobs,
  ...preRegistrationsJobs,
  ...retentionJobs,
  ...webhooksJobs,
  ...hostsJobs,
  { name: 'sessions.purge', everyMs: 15 * 60_000, run: (deps) => deps.sessions.purgeExpired(deps.now()) },
  {
    name: 'messages.retry',
    everyMs: 60_000,
    run: (deps) => deps.messenger.retryQueued(new Date(deps.now().getTime() - 30_000)),
  },
];
