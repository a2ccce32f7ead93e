import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { hitWindowLimit } from './window-limit';

/**
 * Per-address limits of the public registration form (security guide "Brute force"; issue 11).
 * Generous enough for a family or a school's shared connection, tight enough that a script cannot
 * flood a district's pending list or its background-check budget.
 *
 * - submissions: fixed windows counted in the sign-in throttle table (ADR 0009) under their own
 *   key prefix, so every server instance shares them and a restart does not reset them;
 * - form loads: a GET changes no stored data (security guide "No state change on GET"), so they
 *   are counted in this process's memory (per instance; a bounded map).
 */
export const PUBLIC_LIMITS = {
  load: { max: 60, windowMinutes: 10 },
  submit: { max: 5, windowMinutes: 10 },
  // nearby arrivals (ADR 0017): a phone posts its position a few times while walking up
  arrive: { max: 30, windowMinutes: 10 },
  // reunification pre-requests (issue 27 §3, ADR 0050): families on one carrier's shared address
  // during an emergency, so more than the registration form; still far from a flood
  reunify: { max: 30, windowMinutes: 10 },
} as const;

/**
 * Issue 23 §5: the confirmation e-mail goes to an address the submitter typed, so it is limited
 * per RECIPIENT as well as per source address: a script rotating source addresses still cannot
 * make the district mail one inbox more than this. Over it, the registration is still saved and
 * the submitter sees the normal success; only the confirmation is not sent again.
 */
export const CONFIRMATION_LIMIT = { max: 3, windowMinutes: 60 } as const;

/** The recipient's key: a hash of the normalized address, so the throttle table holds no e-mail address. */
export const confirmationLimitKey = (email: string) =>
  `pubreg:confirm:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** Counts one confirmation to `email`; true while the address is within CONFIRMATION_LIMIT. */
export async function hitConfirmationLimit(db: Db, email: string, now: Date): Promise<boolean> {
  return hitWindowLimit(db, confirmationLimitKey(email), CONFIRMATION_LIMIT, now);
}
export type PublicAction = keyof typeof PUBLIC_LIMITS;

export const RATE_LIMITED_MESSAGE = 'Too many requests from your connection. Please wait 10 minutes and try again.';

export const publicLimitKey = (action: PublicAction, ip: string) => `pubreg:${action}:${ip}`;

/** Counts one request; true while the address is within its limit (this request included). */
export async function hitPublicLimit(db: Db, action: PublicAction, ip: string, now: Date): Promise<boolean> {
  return hitWindowLimit(db, publicLimitKey(action, ip), PUBLIC_LIMITS[action], now);
}

/** Fixed-window counter in memory (form loads): at most `maxKeys` addresses, the oldest dropped first. */
export function createMemoryLimit(rule: { max: number; windowMinutes: number }, now: () => Date, maxKeys = 50_000) {
  const windowMs = rule.windowMinutes * 60_000;
  const hits = new Map<string, { start: number; n: number }>();
  return (ip: string): boolean => {
    const at = now().getTime();
    let entry = hits.get(ip);
    if (!entry || at - entry.start >= windowMs) {
      hits.delete(ip);
      if (hits.size >= maxKeys) {
        const oldest = hits.keys().next().value;
        if (oldest !== undefined) hits.delete(oldest);
      }
      entry = { start: at, n: 0 };
      hits.set(ip, entry);
    }
    entry.n++;
    return entry.n <= rule.max;
  };
}
