/**
 * Issue 22 "Floods": which cards of the desk's dashboard are FLAGGED, so they always sort first and
 * no flood of ordinary cards (kiosk sign-ins, health answers) pushes them out of view. A card is
 * flagged when its screening found something to decide (an exclusion, a registry hit or status,
 * any finding) or when whoever made it marked it so (`flagged: true`, e.g. a refused pickup).
 * The repository's SQL (`FLAGGED_CARD_SQL` in preregistrations.repository.ts) says the same.
 */
export interface CardIssuesLike {
  exclusionCount?: number;
  potentialCount?: number;
  watchdogCount?: number;
  findings?: readonly unknown[];
  flagged?: boolean;
}

export function isFlaggedCard(issues: CardIssuesLike | null | undefined): boolean {
  if (!issues) return false;
  return (
    issues.flagged === true ||
    (issues.exclusionCount ?? 0) > 0 ||
    (issues.potentialCount ?? 0) > 0 ||
    (issues.watchdogCount ?? 0) > 0 ||
    (Array.isArray(issues.findings) && issues.findings.length > 0)
  );
}

/** Flagged cards first, each group in its given order (a stable partition). */
export function flaggedFirst<T extends { issues: CardIssuesLike | null | undefined }>(cards: readonly T[]): T[] {
  return [...cards.filter((c) => isFlaggedCard(c.issues)), ...cards.filter((c) => !isFlaggedCard(c.issues))];
}
