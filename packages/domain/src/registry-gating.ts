import type { ConfidenceLevelId, Strength } from './confidence';
import { CONFIDENCE_LEVELS } from './confidence';

/**
 * Which registry matches stop a check-in until an attendant decides ("gate"), and which are
 * shown for information only. Decided per district (client setting `registryGating`); the
 * choice and its measurements are in docs/domain/confidence-levels.md ("Gate or information")
 * and ADR 0010.
 *
 * - 'dob-agrees' (default): a match gates when the date of birth agrees — Strong or Very Strong
 *   (levels 2, 3, 5, 6). Moderate matches (a registry that gives only the birth year or no date,
 *   or a one-digit slip in month/day) are shown as information: on the district data set they
 *   were 98% of the matches of common-name visitors who are in no registry.
 * - 'all-matches': every match gates (the behaviour before issue 10 §7).
 */
export const REGISTRY_GATING_POLICIES = ['dob-agrees', 'all-matches'] as const;
export type RegistryGatingPolicy = (typeof REGISTRY_GATING_POLICIES)[number];
export const DEFAULT_REGISTRY_GATING: RegistryGatingPolicy = 'dob-agrees';

/** The strengths that gate under each policy. */
const GATING_STRENGTHS: Record<RegistryGatingPolicy, readonly Strength[]> = {
  'dob-agrees': ['strong', 'very strong'],
  'all-matches': ['moderate', 'strong', 'very strong'],
};

/**
 * Whether a registry match of this level needs an attendant's decision under the district's
 * policy. An unknown policy (a stored value from a later version, a hand edit) gates everything:
 * when in doubt the desk decides, it never silently admits.
 */
export function registryMatchGates(level: ConfidenceLevelId, policy: string | null | undefined): boolean {
  const strengths = GATING_STRENGTHS[policy as RegistryGatingPolicy] ?? GATING_STRENGTHS['all-matches'];
  const found = CONFIDENCE_LEVELS.find((l) => l.id === level);
  // an unknown level is not something we can call "weak": it gates
  return found === undefined || strengths.includes(found.strength);
}

/** The levels that gate under a policy (for the settings screen and the documentation). */
export function gatingLevels(policy: RegistryGatingPolicy): ConfidenceLevelId[] {
  return CONFIDENCE_LEVELS.filter((l) => registryMatchGates(l.id, policy)).map((l) => l.id);
}
