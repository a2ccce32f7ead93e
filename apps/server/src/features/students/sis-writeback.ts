import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { dropoffEvents, pickupEvents, sisWritebacks, students } from '../../db/schema/index';
import { type SisClient, SisError, type SisEvent } from '../../integrations/sis/index';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { sisClientFor } from './sis-connection';

/** Attempts before a write-back is given up ('failed', shown on the pickup log and the sync status). */
export const WRITEBACK_MAX_ATTEMPTS = 6;
const BATCH = 50;
/** A claimed write-back is withheld from other runs this long (longer than a batch of SIS calls). */
const WRITEBACK_LEASE_SECONDS = 600;
/** 1, 2, 4 … minutes, at most an hour */
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

export type WritebackStatus = 'pending' | 'retrying' | 'sent' | 'failed' | 'unsupported';

/** Queues an event in the transaction that records it (nothing is queued for an event that rolled back). */
export async function enqueueWriteback(tx: Db, clientId: number, eventKind: 'pickup' | 'dropoff', eventId: number) {
  await tx.insert(sisWritebacks).values({ clientId, eventKind, eventId }).onConflictDoNothing();
}

/**
 * Beyond the spec (issue 12): tardy and early-release events written back to the SIS where it
 * accepts them. Each due row is sent once per run; a SIS that answers "not accepted" marks it
 * 'unsupported' (no retry); a failure retries with backoff until WRITEBACK_MAX_ATTEMPTS.
 * The event id is the idempotency key on the SIS side, so a retry after a lost answer is harmless.
 */
export async function processWritebacks(
  deps: AppDeps,
  opts: { clientFor?: (clientId: number) => Promise<SisClient | null> } = {},
) {
  const now = deps.now();
  // Claimed, not just read (issue 23 §3, ADR 0023): the due rows' next attempt moves past a lease
  // in one UPDATE over rows locked with SKIP LOCKED, so a second instance or an overlapping run
  // never writes the same event twice; a killed run's rows are due again when the lease ends.
  const dueIds = deps.db
    .select({ id: sisWritebacks.id })
    .from(sisWritebacks)
    .where(and(inArray(sisWritebacks.status, ['pending', 'retrying']), lte(sisWritebacks.nextAttemptAt, now)))
    .orderBy(asc(sisWritebacks.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const due = await deps.db
    .update(sisWritebacks)
    .set({ nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${WRITEBACK_LEASE_SECONDS})` })
    .where(inArray(sisWritebacks.id, dueIds))
    .returning();
  due.sort((a, b) => a.id - b.id);
  const clients = new Map<number, SisClient | null>();
  const counts = { sent: 0, unsupported: 0, retrying: 0, failed: 0 };
  for (const row of due) {
    if (!clients.has(row.clientId))
      clients.set(row.clientId, await (opts.clientFor ?? ((id) => sisClientFor(deps, id)))(row.clientId));
    const client = clients.get(row.clientId) ?? null;
    const event = await eventOf(deps.db, row.eventKind, row.eventId);
    let status: Exclude<WritebackStatus, 'pending'>;
    let lastError = '';
    if (!event || !client) {
      status = 'failed';
      lastError = event ? 'no SIS' : 'event missing';
    } else {
      try {
        status = await client.writeEvent({ ...event, eventId: row.eventId });
      } catch (err) {
        lastError = err instanceof SisError ? err.kind : 'error';
        status = row.attempts + 1 >= WRITEBACK_MAX_ATTEMPTS ? 'failed' : 'retrying';
      }
    }
    counts[status]++;
    await deps.db
      .update(sisWritebacks)
      .set({
        status,
        attempts: row.attempts + 1,
        lastError,
        nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts + 1)),
        ...(status === 'sent' ? { sentAt: now } : {}),
      })
      .where(eq(sisWritebacks.id, row.id));
  }
  return counts;
}

async function eventOf(db: Db, kind: string, id: number): Promise<Omit<SisEvent, 'eventId'> | null> {
  if (kind === 'pickup') {
    const [e] = await db
      .select({ at: pickupEvents.pickedUpAt, reason: pickupEvents.reason, sourcedId: students.sourcedId })
      .from(pickupEvents)
      .innerJoin(students, eq(students.id, pickupEvents.studentId))
      .where(eq(pickupEvents.id, id));
    return e ? { kind: 'pickup', studentSourcedId: e.sourcedId, at: e.at.toISOString(), reason: e.reason } : null;
  }
  const [e] = await db
    .select({
      at: dropoffEvents.droppedOffAt,
      reason: dropoffEvents.reason,
      isExcused: dropoffEvents.isExcused,
      sourcedId: students.sourcedId,
    })
    .from(dropoffEvents)
    .innerJoin(students, eq(students.id, dropoffEvents.studentId))
    .where(eq(dropoffEvents.id, id));
  return e
    ? {
        kind: 'dropoff',
        studentSourcedId: e.sourcedId,
        at: e.at.toISOString(),
        reason: e.reason,
        isExcused: e.isExcused,
      }
    : null;
}
