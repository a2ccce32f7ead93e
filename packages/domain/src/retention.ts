/**
 * Retention periods (issue 26 §2, ADR 0047): pure rules, no clock (the caller passes `now`).
 */

export const DAY_MS = 86_400_000;

/** Records older than this instant are past a period of `days` days; `null` keeps them for ever. */
export function retentionCutoff(now: Date, days: number | null): Date | null {
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/**
 * A district's period per kind of record: its stored rule, else the default. `stored` holds only
 * the kinds the district changed; a stored `null` means "keep for ever".
 */
export function effectiveRetention<K extends string>(
  categories: readonly K[],
  defaults: Record<K, number | null>,
  stored: { category: string; keepDays: number | null }[],
): { category: K; days: number | null; isDefault: boolean }[] {
  const byCategory = new Map(stored.map((r) => [r.category, r.keepDays]));
  return categories.map((category) =>
    byCategory.has(category)
      ? { category, days: byCategory.get(category) ?? null, isDefault: false }
      : { category, days: defaults[category], isDefault: true },
  );
}

/** A district's nightly run is due when it has not finished one in the last 23 hours. */
export function retentionRunDue(now: Date, lastFinished: Date | null): boolean {
  return lastFinished === null || now.getTime() - lastFinished.getTime() >= 23 * 60 * 60_000;
}
