import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobLeases } from '../../db/schema/index';
import type { AppDeps } from '../deps';
import { INSTANCE_ID, instanceGone } from '../instances';

/**
 * A job a feature registers with the composition root (scheduled-jobs.ts); platform knows none.
 * It runs with the app's deps and the app's one set of services (composition.ts, issue 24 §1):
 * `S` is what the job needs of them, so platform never names a feature's type.
 */
export interface ScheduledJob<S = unknown> {
  name: string;
  everyMs: number;
  run(deps: AppDeps, services: S): Promise<unknown>;
}

/** A run may take this long before another instance may take the job over (a killed instance). */
export const MIN_RUN_LEASE_MS = 15 * 60_000;

/**
 * Runs a job if no instance holds its lease (issue 23 §3, ADR 0023): the lease is taken in one
 * statement (an upsert that only wins when the lease has ended), held for the run — at least
 * MIN_RUN_LEASE_MS or the job's period — and then moved to the end of the period, so across every
 * instance the job runs once per period and never twice at once. A run whose instance is gone (it
 * stopped, or was killed: platform/instances.ts, ADR 0028) is taken over at once rather than when
 * its lease ends. Returns whether it ran.
 */
export async function runJobOnce<S>(
  deps: AppDeps,
  services: S,
  job: ScheduledJob<S>,
  owner = INSTANCE_ID,
): Promise<boolean> {
  const runLeaseMs = Math.max(MIN_RUN_LEASE_MS, job.everyMs);
  const taken = await deps.db
    .insert(jobLeases)
    .values({
      name: job.name,
      owner,
      lockedUntil: sql`now() + make_interval(secs => ${runLeaseMs / 1000})`,
      lastStartedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { owner, lockedUntil: sql`excluded.locked_until`, lastStartedAt: sql`now()` },
      // a finished run's lease (the rest of the period) is kept whoever held it
      setWhere: or(
        sql`${jobLeases.lockedUntil} <= now()`,
        and(
          sql`(${jobLeases.lastFinishedAt} is null or ${jobLeases.lastFinishedAt} < ${jobLeases.lastStartedAt})`,
          instanceGone(jobLeases.owner),
        ),
      ),
    })
    .returning({ name: jobLeases.name });
  if (taken.length === 0) return false;
  let error: string | null = null;
  try {
    await job.run(deps, services);
  } catch (err) {
    error = err instanceof Error ? err.message.slice(0, 500) : 'failed';
    throw err;
  } finally {
    await deps.db
      .update(jobLeases)
      .set({
        lockedUntil: sql`${jobLeases.lastStartedAt} + make_interval(secs => ${job.everyMs / 1000})`,
        lastFinishedAt: sql`now()`,
        lastError: error,
      })
      .where(and(eq(jobLeases.name, job.name), eq(jobLeases.owner, owner)));
  }
  return true;
}

/**
 * Ticks every job on its period in this process; `runJobOnce` decides, across instances, who runs
 * it. A tick is skipped while this process is still running the job.
 */
export async function startJobs<S>(
  deps: AppDeps,
  services: S,
  log: FastifyBaseLogger,
  jobs: readonly ScheduledJob<S>[],
) {
  const running = new Set<string>();
  const tick = (job: ScheduledJob<S>) => {
    if (running.has(job.name)) return;
    running.add(job.name);
    runJobOnce(deps, services, job)
      .catch((err) => log.error({ err, job: job.name }, 'scheduled job failed'))
      .finally(() => running.delete(job.name));
  };
  const timers = jobs.map((job) => setInterval(() => tick(job), job.everyMs));
  for (const t of timers) t.unref();
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
    },
  };
}
