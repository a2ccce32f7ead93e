import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from './db/database';

/**
 * This server process (issue 23 §4, ADR 0028): the owner of the job leases it takes and of the
 * Idempotency-Keys it reserves, and its PostgreSQL connections' `application_name` (at most 63
 * characters, PostgreSQL's limit).
 */
export const INSTANCE_ID = `${os.hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** How often a running instance says it is alive. */
export const HEARTBEAT_EVERY_MS = 1_000;
/** An instance silent this long, with no connection open to the database, is gone. */
export const SILENT_AFTER_MS = 4_000;

/**
 * SQL that is true when the instance named by `id` is known to be gone (ADR 0028): it marked itself
 * stopped on a clean shutdown, or its heartbeat is older than SILENT_AFTER_MS and no connection of
 * it is open to the database (a process killed with -9 loses its connections at once; one whose
 * event loop merely stalled keeps them, so its work in flight is never taken from under it), and
 * the database itself has run that long (after a PostgreSQL restart every instance has lost its
 * connections and needs a beat to be heard again). An
 * owner with no `instances` row (the embedded database, a test's in-process app) is never "gone":
 * the caller's own time-out applies.
 */
export function instanceGone(id: SQLWrapper | string) {
  return sql<boolean>`exists (select 1 from instances gone_i where gone_i.id = ${id} and (gone_i.stopped_at is not null
    or (gone_i.heartbeat_at < now() - make_interval(secs => ${SILENT_AFTER_MS / 1000})
        and pg_postmaster_start_time() < now() - make_interval(secs => ${SILENT_AFTER_MS / 1000})
        and not exists (select 1 from pg_stat_activity gone_a where gone_a.application_name = gone_i.id))))`;
}

/**
 * Registers this process in `instances` and beats every HEARTBEAT_EVERY_MS; `stop()` (a clean
 * shutdown, after the last request finished) marks it stopped so what it held is released at once.
 * PostgreSQL only: the embedded database has one process per folder (issue 16), whose keys are
 * released by the next start. Rows of instances silent for a day are removed at start.
 */
export async function startHeartbeat(
  database: Pick<Database, 'query'>,
  opts: { id?: string; everyMs?: number; onError?: (err: unknown) => void } = {},
) {
  const id = opts.id ?? INSTANCE_ID;
  await database.query(`delete from instances where heartbeat_at < now() - interval '1 day'`);
  await database.query(
    `insert into instances (id, host, pid) values ($1, $2, $3)
     on conflict (id) do update set heartbeat_at = now(), stopped_at = null`,
    [id, os.hostname(), process.pid],
  );
  let beating: Promise<unknown> | null = null;
  let failing = false;
  const timer = setInterval(() => {
    if (beating) return; // the last beat has not come back (the database is slow): no pile-up
    beating = database
      .query('update instances set heartbeat_at = now() where id = $1', [id])
      .then(
        () => {
          failing = false;
        },
        (err) => {
          // told once per outage, not every second
          if (!failing) opts.onError?.(err);
          failing = true;
        },
      )
      .finally(() => {
        beating = null;
      });
  }, opts.everyMs ?? HEARTBEAT_EVERY_MS);
  timer.unref();
  return {
    id,
    /** `markStopped: false` when requests may still be running: it then goes silent instead. */
    async stop({ markStopped = true } = {}) {
      clearInterval(timer);
      await beating;
      if (markStopped) await database.query('update instances set stopped_at = now() where id = $1', [id]);
    },
  };
}
