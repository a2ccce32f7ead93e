import { eq, sql } from 'drizzle-orm';
import { authThrottle } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { sha256 } from '../../platform/auth/tokens';

/**
 * Brute-force protection (security guide; issue 10 §4; ADR 0009). Failed sign-ins are counted
 * in leaky buckets that age out (NIST SP 800-63B §5.2.2, OWASP ASVS 2.2): each counter loses one
 * failure per `leakMinutes`, so a typo is forgotten and an old burst does not linger.
 *
 * - account (untrusted browsers): the 5th failure locks for 30 s, each further one doubles the
 *   lock up to 15 min; one failure leaks every 15 min, so a stranger gets about 4 guesses an
 *   hour in the long run, and the lock binds only browsers that are not the user's trusted
 *   devices (trusted-device.ts): the stranger cannot lock the user out;
 * - address (untrusted browsers): the 100th failure locks for 1 min, doubling up to 15 min;
 *   one failure leaks every 36 s (100 an hour); a school's staff behind one address never reach
 *   it by typos, and their trusted browsers are not bound by it either;
 * - trusted device entry: after 10 failures (leaking one per 15 min) the entry stops
 *   counting as trusted (a stolen cookie does not give unlimited guesses) until it decays.
 *
 * Requests refused by a lock neither check the password nor count, so hammering a locked
 * account does not extend the lock. E-mails and cookie nonces are stored hashed. A failure
 * restarts the leak clock (a part-elapsed leak period is dropped): decay is never faster than
 * stated, only slower.
 */
export interface BucketRule {
  free: number;
  leakMinutes: number;
  /** lock after the `free`-th failure, doubled per further failure; null: no lock */
  firstLockSeconds: number | null;
  maxLockMinutes: number;
}

export const THROTTLE = {
  account: { free: 5, leakMinutes: 15, firstLockSeconds: 30, maxLockMinutes: 15 },
  address: { free: 100, leakMinutes: 0.6, firstLockSeconds: 60, maxLockMinutes: 15 },
  device: { free: 10, leakMinutes: 15, firstLockSeconds: null, maxLockMinutes: 0 },
} as const satisfies Record<string, BucketRule>;

export const accountKey = (email: string) => `acct:${sha256(email.trim().toLowerCase())}`;
const addressKey = (ip: string) => `ip:${ip}`;
const deviceKey = (nonce: string) => `dev:${sha256(nonce)}`;

/** Lock length after `failures` counted failures: none before `free`, then doubling to the cap. */
export function lockSeconds(rule: BucketRule, failures: number): number {
  if (rule.firstLockSeconds === null || failures < rule.free) return 0;
  return Math.min(rule.firstLockSeconds * 2 ** Math.min(failures - rule.free, 20), rule.maxLockMinutes * 60);
}

export function createLoginThrottle(db: Db) {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  /** the stored count less what has leaked since the last failure */
  const decayed = (rule: BucketRule, now: Date) =>
    sql<number>`greatest(0, ${authThrottle.failures} - floor(extract(epoch from (${at(now)} - ${authThrottle.lastFailureAt})) / ${rule.leakMinutes * 60}))::int`;

  async function current(key: string, rule: BucketRule, now: Date) {
    const rows = await db
      .select({ failures: decayed(rule, now), lockedUntil: authThrottle.lockedUntil })
      .from(authThrottle)
      .where(eq(authThrottle.key, key))
      .limit(1);
    return { failures: rows[0]?.failures ?? 0, lockedUntil: rows[0]?.lockedUntil ?? null };
  }

  async function fail(key: string, rule: BucketRule, now: Date) {
    const rows = await db
      .insert(authThrottle)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: { failures: sql`${decayed(rule, now)} + 1`, lastFailureAt: now },
      })
      .returning({ failures: authThrottle.failures });
    const failures = rows[0]?.failures ?? 1;
    const seconds = lockSeconds(rule, failures);
    if (seconds > 0) {
      await db
        .update(authThrottle)
        .set({ lockedUntil: new Date(now.getTime() + seconds * 1000) })
        .where(eq(authThrottle.key, key));
    }
  }

  const locked = (row: { lockedUntil: Date | null }, now: Date) => Boolean(row.lockedUntil && row.lockedUntil > now);

  return {
    /** Whether an untrusted browser may try this account from this address now. */
    async isLocked(email: string, ip: string, now: Date) {
      const [account, address] = await Promise.all([
        current(accountKey(email), THROTTLE.account, now),
        current(addressKey(ip), THROTTLE.address, now),
      ]);
      return locked(account, now) || locked(address, now);
    },
    /** Whether a trusted-device entry still has failures left (else it counts as untrusted). */
    async deviceUsable(nonce: string, now: Date) {
      return (await current(deviceKey(nonce), THROTTLE.device, now)).failures < THROTTLE.device.free;
    },
    async recordFailure(email: string, ip: string, now: Date) {
      await fail(accountKey(email), THROTTLE.account, now);
      await fail(addressKey(ip), THROTTLE.address, now);
    },
    async recordDeviceFailure(nonce: string, now: Date) {
      await fail(deviceKey(nonce), THROTTLE.device, now);
    },
    /**
     * The account holder proved themselves. From a trusted device only that entry's counter
     * starts over: the account counter is the untrusted browsers' (a stranger's) and clearing it
     * on every sign-in of the user would hand the stranger fresh free guesses. From an untrusted
     * browser (which was not locked) the account counter starts over. The address counter is
     * left to decay (it is shared with other people's failures).
     */
    async recordSuccess(email: string, trustedNonce?: string) {
      await db
        .delete(authThrottle)
        .where(eq(authThrottle.key, trustedNonce ? deviceKey(trustedNonce) : accountKey(email)));
    },
    /** A password reset clears the account's counter and lock (issue 10 §4). */
    async clearAccount(email: string) {
      await db.delete(authThrottle).where(eq(authThrottle.key, accountKey(email)));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
