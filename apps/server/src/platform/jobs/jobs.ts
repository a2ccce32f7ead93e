import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobLeases } from '../../db/schema/index';
import type { AppDeps } from '../deps';

/** A job a feature registers with the composition root (scheduled-jobs.ts); platform knows none. */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<unknown>;
}

/** A run may take this long before another instance may take the job over (a killed instance). */
export const MIN_RUN_LEASE_MS = 15 * 60_000;

/** This process, as the owner of the leases it takes. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Runs a job if no instance holds its lease (issue 23 §3, ADR 0023): the lease is taken in one
 * statement (an upsert that only wins when the lease has ended), held for the run — at least
 * MIN_RUN_LEASE_MS or the job's period — and then moved to the end of the period, so across every
 * instance the job runs once per period and never twice at once. Returns whether it ran.
 */
export async function runJobOnce(deps: AppDeps, job: ScheduledJob, owner = INSTANCE_ID): Promise<boolean> {
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
      setWhere: sql`${jobLeases.lockedUntil} <= now()`,
    })
    .returning({ name: jobLeases.name });
  if (taken.length === 0) return false;
  let error: string | null = null;
  try {
    await job.run(deps);
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
export async function startJobs(deps: AppDeps, log: FastifyBaseLogger, jobs: readonly ScheduledJob[]) {
  const running = new Set<string>();
  const tick = (job: ScheduledJob) => {
    if (running.has(job.name)) return;
    running.add(job.name);
    runJobOnce(deps, job)
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
