/**
 * Confidence levels of exclusion and registry matches (spec 000 §3, 001 §3, 002 §9). What makes a
 * match exact or mixed and moderate, strong or very strong is defined in
 * docs/domain/confidence-levels.md and implemented in registry-matching.ts.
 */

export type Exactness = 'exact' | 'mixed';
export type Strength = 'moderate' | 'strong' | 'very strong';
export type ConfidenceLevelId = 1 | 2 | 3 | 4 | 5 | 6;

export interface ConfidenceLevel {
  id: ConfidenceLevelId;
  label: string;
  exactness: Exactness;
  strength: Strength;
}

/** The six levels with the spec's ids and labels. */
export const CONFIDENCE_LEVELS: readonly ConfidenceLevel[] = Object.freeze([
  { id: 1, label: 'Exact Moderate', exactness: 'exact', strength: 'moderate' },
  { id: 2, label: 'Exact Strong', exactness: 'exact', strength: 'strong' },
  { id: 3, label: 'Exact Very Strong', exactness: 'exact', strength: 'very strong' },
  { id: 4, label: 'Mixed Moderate', exactness: 'mixed', strength: 'moderate' },
  { id: 5, label: 'Mixed Strong', exactness: 'mixed', strength: 'strong' },
  { id: 6, label: 'Mixed Very Strong', exactness: 'mixed', strength: 'very strong' },
] as const);

/** The label of a level id, or null for an unknown id. */
export function confidenceLabel(id: number): string | null {
  return CONFIDENCE_LEVELS.find((level) => level.id === id)?.label ?? null;
}

const STRENGTH_ORDER: Strength[] = ['moderate', 'strong', 'very strong'];

/** The level for an exactness and a strength. */
export function confidenceLevelOf(exactness: Exactness, strength: Strength): ConfidenceLevelId {
  return ((exactness === 'exact' ? 1 : 4) + STRENGTH_ORDER.indexOf(strength)) as ConfidenceLevelId;
}

/**
 * Whether level `a` carries at least the evidence of level `b`: as exact (or more) and as strong
 * (or more). Ids are not an order: Mixed Moderate (4) is weaker than Exact Strong (2).
 */
export function isAtLeastAsConfident(a: ConfidenceLevelId, b: ConfidenceLevelId): boolean {
  const la = CONFIDENCE_LEVELS[a - 1];
  const lb = CONFIDENCE_LEVELS[b - 1];
  const exactOk = la.exactness === 'exact' || lb.exactness === 'mixed';
  return exactOk && STRENGTH_ORDER.indexOf(la.strength) >= STRENGTH_ORDER.indexOf(lb.strength);
}

/**
 * Parses a contact's comma-separated level list (spec 000 §3 ConfidenceLevelNotification /
 * ConfidenceLevelbadge), ignoring blanks and unknown ids, sorted and without duplicates.
 */
export function parseConfidenceLevelList(text: string | null | undefined): ConfidenceLevelId[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n): n is ConfidenceLevelId => Number.isInteger(n) && n >= 1 && n <= 6);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Joins chosen levels for storage; null when none is chosen (spec 000 §5 "only set when non-empty"). */
export function formatConfidenceLevelList(ids: readonly number[]): string | null {
  const valid = parseConfidenceLevelList(ids.join(','));
  return valid.length > 0 ? valid.join(',') : null;
}
