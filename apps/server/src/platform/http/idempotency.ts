import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../../db/schema/index';
import type { Db } from '../db/database';
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

const hashOf = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');

/**
 * Runs `fn` once per (user, key): a retry with the same key and the same request returns the
 * stored answer; the same key with a different request is refused; a key whose first request
 * is still running answers 409. If `fn` fails, the key is released so the retry can proceed.
 */
export function createIdempotency(db: Db) {
  return {
    async run<T>(userId: number, key: string, route: string, request: unknown, fn: () => Promise<T>): Promise<T> {
      const requestHash = hashOf(request);
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ userId, key, route, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 0) {
        const [existing] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
          .limit(1);
        if (!existing || existing.route !== route || existing.requestHash !== requestHash) {
          throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
        }
        if (existing.response === null) throw new AppError('CONFLICT', 'This request is still being processed.');
        return existing.response as T;
      }
      try {
        const result = await fn();
        await db
          .update(idempotencyKeys)
          .set({ response: result as object, statusCode: 200 })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return result;
      } catch (err) {
        await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
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
