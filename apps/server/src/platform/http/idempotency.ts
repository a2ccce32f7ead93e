import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../../db/schema/index';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/named';
import { INSTANCE_ID, instanceGone } from '../instances';
import { AppError } from './app-error';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** Reads the Idempotency-Key header (security guide: check-in and kiosk submissions carry one). */
export function requireIdempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'An Idempotency-Key header (8-100 letters, digits, - or _) is required.');
  }
  return key;
}

export const hashOf = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');

/**
 * The mark an earlier version left on a key inside the work's transaction ("the work is
 * committed", the answer to be rebuilt with `recover`); still honoured for keys written before.
 */
const COMMITTED = '$committed';

/**
 * How the work stores its answer with itself (issue 16): `complete(tx, answer)` inside its
 * transaction; or, for work done in one statement (issue 10 §9), that statement includes
 * `answerUpdate` for `key` and the work calls `done()` once it has stored the answer.
 */
export interface Completion<T> {
  (tx: Db, answer: T): Promise<T>;
  key: { userId: number; key: string };
  done(): void;
}

/**
 * The UPDATE that stores a key's answer, as a part of a larger statement: `from` is
 * `FROM … WHERE <condition>` (the response may use what it names); `userId` and `key` are SQL
 * (values or placeholders). Only a key still waiting for its answer is updated.
 */
export function answerUpdate(response: SQL, from: SQL, userId: SQL, key: SQL): SQL {
  return sql`update ${idempotencyKeys} set response = ${response}, status_code = 200 ${from}
               and ${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.key} = ${key}
               and ${idempotencyKeys.response} is null`;
}

/**
 * Runs `fn` once per (user, key): a retry with the same key and the same request returns the
 * stored answer; the same key with a different request is refused; a key whose first request
 * is still running answers 409. If `fn` fails, the key is released so the retry can proceed.
 *
 * Crashes (issue 16): `fn` may call `complete(tx, answer)` inside the transaction that does its
 * work, so the answer is stored atomically with the work (and no write follows the commit). A
 * key left without an answer by a process that died is then resolved on retry: not answered and
 * reserved before this process started on the embedded database (one process per folder), by an
 * instance that is gone (on PostgreSQL: stopped, or silent for seconds with no connection open,
 * issue 23 §4, ADR 0028), or more than `staleMs` ago → the work never happened and the key is
 * reserved again. A key marked by an earlier version (`$committed`) is answered with `recover(ref)`.
 * `instanceId` is the reserving process (platform/instances.ts; tests name others).
 */
export function createIdempotency(
  db: Db,
  opts: { singleProcess?: boolean; staleMs?: number; instanceId?: string } = {},
) {
  const bootedAt = new Date();
  const staleMs = opts.staleMs ?? 60_000;
  const instanceId = opts.instanceId ?? INSTANCE_ID;
  const where = (userId: number, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  // every check-in and kiosk submission reserves its key first: built once (issue 10 §9)
  const reserve = preparedQuery(db, (d) =>
    d
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder('userId'),
        key: sql.placeholder('key'),
        route: sql.placeholder('route'),
        requestHash: sql.placeholder('requestHash'),
        instanceId: sql.placeholder('instanceId'),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  );
  return {
    async run<T>(
      userId: number,
      key: string,
      route: string,
      request: unknown,
      fn: (complete: Completion<T>) => Promise<T>,
      recover?: (ref: number) => Promise<T>,
    ): Promise<T> {
      const requestHash = hashOf(request);
      let completedInTransaction = false;
      const complete: Completion<T> = Object.assign(
        async (tx: Db, answer: T) => {
          await tx
            .update(idempotencyKeys)
            .set({ response: answer as object, statusCode: 200 })
            .where(and(where(userId, key), isNull(idempotencyKeys.response)));
          completedInTransaction = true;
          return answer;
        },
        {
          key: { userId, key },
          done: () => {
            completedInTransaction = true;
          },
        },
      );
      for (let attempt = 0; ; attempt++) {
        const inserted = await reserve({ userId, key, route, requestHash, instanceId });
        if (inserted.length > 0) break;
        const [existing] = await db
          .select({ ...getTableColumns(idempotencyKeys), ownerGone: instanceGone(idempotencyKeys.instanceId) })
          .from(idempotencyKeys)
          .where(where(userId, key))
          .limit(1);
        if (!existing) {
          if (attempt > 3) throw new AppError('CONFLICT', 'This request is still being processed.');
          continue; // released meanwhile: reserve it
        }
        if (existing.route !== route || existing.requestHash !== requestHash) {
          throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
        }
        const stored = existing.response as Record<string, unknown> | null;
        if (stored && typeof stored[COMMITTED] === 'number' && Object.keys(stored).length === 1) {
          if (!recover) throw new AppError('CONFLICT', 'This request is still being processed.');
          const result = await recover(stored[COMMITTED] as number);
          await db
            .update(idempotencyKeys)
            .set({ response: result as object, statusCode: 200 })
            .where(where(userId, key));
          return result;
        }
        if (stored !== null) return stored as T;
        const orphaned =
          existing.ownerGone ||
          (opts.singleProcess && existing.createdAt < bootedAt) ||
          Date.now() - existing.createdAt.getTime() > staleMs;
        if (!orphaned || attempt > 0) throw new AppError('CONFLICT', 'This request is still being processed.');
        await db.delete(idempotencyKeys).where(
          and(
            where(userId, key),
            isNull(idempotencyKeys.response),
            // the stored time has microseconds, the Date read back milliseconds: "not after the row we read"
            lt(idempotencyKeys.createdAt, new Date(existing.createdAt.getTime() + 1)),
          ),
        );
      }
      try {
        const result = await fn(complete);
        if (!completedInTransaction)
          await db
            .update(idempotencyKeys)
            .set({ response: result as object, statusCode: 200 })
            .where(where(userId, key));
        return result;
      } catch (err) {
        await db.delete(idempotencyKeys).where(where(userId, key));
        throw err;
      }
    },

    async purge(now: Date) {
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000)));
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
