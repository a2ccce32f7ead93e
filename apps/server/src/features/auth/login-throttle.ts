import { eq, sql } from 'drizzle-orm';
import { authThrottle } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { sha256 } from '../../platform/auth/tokens';

/**
 * Brute-force protection (security guide): failures counted per account and per address.
 * An account locks for 1, 2, 4 … up to 15 minutes after 5 consecutive failures; an address
 * locks for 15 minutes after 50 failures. Keys are hashed so no e-mail is stored here.
 */
export const ACCOUNT_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 50;
const MAX_LOCK_MINUTES = 15;

const accountKey = (email: string) => `acct:${sha256(email.trim().toLowerCase())}`;
const addressKey = (ip: string) => `ip:${ip}`;

export function createLoginThrottle(db: Db) {
  async function lockedUntil(key: string, now: Date) {
    const rows = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
    const until = rows[0]?.lockedUntil;
    return until && until > now ? until : null;
  }

  async function fail(key: string, freeFailures: number, fixedLockMinutes: number | null, now: Date) {
    const rows = await db
      .insert(authThrottle)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: { failures: sql`${authThrottle.failures} + 1`, lastFailureAt: now },
      })
      .returning({ failures: authThrottle.failures });
    const failures = rows[0]?.failures ?? 1;
    if (failures >= freeFailures) {
      const minutes = fixedLockMinutes ?? Math.min(2 ** (failures - freeFailures), MAX_LOCK_MINUTES);
      await db
        .update(authThrottle)
        .set({ lockedUntil: new Date(now.getTime() + minutes * 60_000) })
        .where(eq(authThrottle.key, key));
    }
  }

  return {
    async isLocked(email: string, ip: string, now = new Date()) {
      return Boolean((await lockedUntil(accountKey(email), now)) ?? (await lockedUntil(addressKey(ip), now)));
    },
    async recordFailure(email: string, ip: string, now = new Date()) {
      await fail(accountKey(email), ACCOUNT_FREE_FAILURES, null, now);
      await fail(addressKey(ip), ADDRESS_FREE_FAILURES, MAX_LOCK_MINUTES, now);
    },
    async recordSuccess(email: string) {
      await db.delete(authThrottle).where(eq(authThrottle.key, accountKey(email)));
    },
  };
}
