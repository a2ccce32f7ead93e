import type { FastifyBaseLogger } from 'fastify';
import { arrestWatchJobs } from '../../features/arrest-watch/arrest-watch.jobs';
import { invitationsJobs } from '../../features/invitations/invitations.jobs';
import { nearbyJobs } from '../../features/nearby/nearby.jobs';
import { preRegistrationsJobs } from '../../features/preregistrations/preregistrations.jobs';
import { backgroundCheckJobs } from '../../features/public-registration/background-checks';
import { studentsJobs } from '../../features/students/students.jobs';
import { visitsJobs } from '../../features/visits/visits.jobs';
import type { AppDeps } from '../deps';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<unknown>;
}

/** Scheduled jobs registered by features (auto check-out, invitation reminders, expiry warnings, background checks, message retries, session purge). */
export const scheduledJobs: ScheduledJob[] = [
  ...visitsJobs,
  ...arrestWatchJobs,
  ...invitationsJobs,
  ...backgroundCheckJobs,
  ...studentsJobs,
  ...nearbyJobs,
  ...preRegistrationsJobs,
  { name: 'sessions.purge', everyMs: 15 * 60_000, run: (deps) => deps.sessions.purgeExpired(deps.now()) },
  {
    name: 'messages.retry',
    everyMs: 60_000,
    run: (deps) => deps.messenger.retryQueued(new Date(deps.now().getTime() - 30_000)),
  },
];

/**
 * Runs the scheduled jobs in-process on an interval. See ADR 0005 for why this is a small
 * interval runner over idempotent sweeps rather than a job queue.
 */
export async function startJobs(deps: AppDeps, log: FastifyBaseLogger) {
  const timers = scheduledJobs.map((job) =>
    setInterval(() => {
      job.run(deps).catch((err) => log.error({ err, job: job.name }, 'scheduled job failed'));
    }, job.everyMs),
  );
  for (const t of timers) t.unref();
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
    },
  };
}
