import { sql } from 'drizzle-orm';
import { authThrottle } from '../../db/schema/index';
import type { Db } from '../db/database';

/** A fixed-window limit: at most `max` requests per `windowMinutes`. */
export interface WindowRule {
  max: number;
  windowMinutes: number;
}

/**
 * Counts one request under `key` in a fixed window and answers true while the key is within its
 * limit (this request included). Counted in the sign-in throttle table (ADR 0009) under the
 * caller's own key prefix, so every server instance shares the count and a restart does not
 * reset it. One statement (an upsert), so concurrent requests cannot both slip under the limit.
 * Used by the public form's limits (issue 11) and the kiosk's (issue 22 "Floods").
 */
export async function hitWindowLimit(db: Db, key: string, rule: WindowRule, now: Date): Promise<boolean> {
  const windowStart = sql`${new Date(now.getTime() - rule.windowMinutes * 60_000).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      // last_failure_at holds the window's start: a request after the window opens a new one
      set: {
        failures: sql`case when ${authThrottle.lastFailureAt} <= ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
        lastFailureAt: sql`case when ${authThrottle.lastFailureAt} <= ${windowStart} then ${at} else ${authThrottle.lastFailureAt} end`,
      },
    })
    .returning({ n: authThrottle.failures });
  return (rows[0]?.n ?? 1) <= rule.max;
}
