import { type EntityId, findExclusionMatches } from './exclusion-matching';

/**
 * Pre-registration cards screened before arrival (issue 22, "Pre-registrations are not screened
 * before arrival"): a card has no visitor record yet, so its names and date of birth are compared
 * with the exclusion list by the one exclusion matcher (`findExclusionMatches`: canonical keys,
 * the spec 000 §5 pairs, swapped names, nickname or typo with a near date of birth; a namesake of
 * a linked exclusion counts), and the card is flagged with what matched and why.
 *
 * A flag is a warning on the card, never a decision: the person is screened again at arrival and
 * the admission gate (ADR 0008) still needs a decision on every finding.
 */

export interface CardForFlagging {
  firstname: string;
  lastname: string;
  /** 'YYYY-MM-DD' or null */
  dob: string | null;
  buildingId: EntityId;
  /** the card's visitor record, once it has one */
  visitorId?: EntityId | null;
}

export interface ExclusionForFlagging {
  id: number;
  active: boolean;
  isGlobal?: boolean | null;
  buildingId?: EntityId | null;
  visitorId?: EntityId | null;
  /** canonicalName of the names, as stored with the exclusion */
  firstKey: string | null;
  lastKey: string | null;
  /** 'YYYY-MM-DD' */
  dob: string | null;
  /** the exclusion's names as stored, for the card's label */
  firstname: string;
  lastname: string;
}

export interface CardFlag {
  exclusionId: number;
  /** 'Possible exclusion match: Zara Excludedperson' */
  label: string;
  /** why, in the matcher's words: 'First name matches', 'First and last names are swapped', … */
  reasons: string[];
}

export const CARD_FLAG_LABEL = 'Possible exclusion match';

/**
 * A card's registry flag (issue 22: cards are screened "again whenever the district's exclusion
 * list or registry data change"): an offender registry match that would need a decision at
 * arrival, found before it. `registryRef` is the offender's reference, as screening names it.
 */
export interface CardRegistryFlag {
  registryRef: string;
  /** 'Possible registry match: John Doe (Exact Very Strong)' */
  label: string;
  reasons: string[];
}

export const CARD_REGISTRY_FLAG_LABEL = 'Possible registry match';

/** Any flag a card stores in `flag_reasons`. */
export type AnyCardFlag = CardFlag | CardRegistryFlag;

const isRegistryFlag = (f: unknown): f is CardRegistryFlag =>
  typeof f === 'object' && f !== null && typeof (f as CardRegistryFlag).registryRef === 'string';

/**
 * The card's flags after one of its two screenings ran again: that screening's flags replace its
 * own earlier ones, the other screening's are kept (exclusion flags first, as they are shown).
 */
export function withCardFlags(
  stored: unknown,
  from: 'exclusion' | 'registry',
  fresh: readonly AnyCardFlag[],
): AnyCardFlag[] {
  const list = Array.isArray(stored) ? (stored as unknown[]) : [];
  const kept = list.filter((f): f is AnyCardFlag =>
    from === 'exclusion' ? isRegistryFlag(f) : !isRegistryFlag(f) && typeof f === 'object' && f !== null,
  );
  return from === 'exclusion' ? [...fresh, ...kept] : [...kept, ...fresh];
}

/** The card's flags: one per active exclusion that applies at the card's building and matches. */
export function cardExclusionFlags(card: CardForFlagging, exclusions: readonly ExclusionForFlagging[]): CardFlag[] {
  const found = findExclusionMatches(
    exclusions.map((e) => ({
      e,
      active: e.active,
      visitorId: e.visitorId ?? null,
      buildingId: e.buildingId ?? null,
      isGlobal: e.isGlobal ?? null,
      firstName: e.firstname,
      lastName: e.lastname,
      firstKey: e.firstKey,
      lastKey: e.lastKey,
      dateOfBirth: e.dob,
    })),
    { id: card.visitorId ?? null, firstName: card.firstname, lastName: card.lastname, dateOfBirth: card.dob },
    card.buildingId,
  );
  return [...found.direct, ...found.potential].map((m) => ({
    exclusionId: m.exclusion.e.id,
    label: `${CARD_FLAG_LABEL}: ${`${m.exclusion.e.firstname} ${m.exclusion.e.lastname}`.trim()}`,
    reasons: m.reasons,
  }));
}
