import { DEFAULT_EXCLUSION_DOB, type EntityId, isExclusionInScope } from './exclusion-matching';

/**
 * Pre-registration cards screened before arrival (issue 22, "Pre-registrations are not screened
 * before arrival"): a card has no visitor record yet, so it is compared with the exclusion list on
 * the canonical keys of the names (`canonicalName`, the exclusions' `first_key` / `last_key`) and
 * the date of birth, by the spec's potential-match rules (spec 000 §5, 002 §5: first name and dob,
 * first and last name, last name and dob), and again with the card's first and last names swapped.
 *
 * A flag is a warning on the card, never a decision: the person is screened again at arrival and
 * the admission gate (ADR 0008) still needs a decision on every finding. So an exclusion linked to
 * a visitor record is compared by name too (the card may be a second record of that person, issue
 * 22 §2), and so is one linked to the card's own visitor.
 */

export interface CardForFlagging {
  firstKey: string;
  lastKey: string;
  /** 'YYYY-MM-DD' or null */
  dob: string | null;
  buildingId: EntityId;
  visitorId?: EntityId | null;
}

export interface ExclusionForFlagging {
  id: number;
  active: boolean;
  isGlobal?: boolean | null;
  buildingId?: EntityId | null;
  visitorId?: EntityId | null;
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
  /** why: 'First name matches', 'Date of birth matches', 'First and last names swapped', … */
  reasons: string[];
}

export const CARD_FLAG_LABEL = 'Possible exclusion match';

type Field = 'first' | 'last' | 'dob';

function agreement(first: string, last: string, dob: string | null, e: ExclusionForFlagging): Field[] {
  const out: Field[] = [];
  if (first !== '' && first === (e.firstKey ?? '')) out.push('first');
  if (last !== '' && last === (e.lastKey ?? '')) out.push('last');
  // 01/01/1970 is the exclusion form's "unknown" (spec 000 §5): never an agreement
  if (dob && e.dob && e.dob !== DEFAULT_EXCLUSION_DOB && e.dob === dob) out.push('dob');
  return out;
}

/** spec 000 §5: (first and dob) or (first and last) or (last and dob). */
function enough(agreed: Field[]): boolean {
  const has = (f: Field) => agreed.includes(f);
  return (has('first') && has('dob')) || (has('first') && has('last')) || (has('last') && has('dob'));
}

const FIELD_REASON: Record<Field, string> = {
  first: 'First name matches',
  last: 'Last name matches',
  dob: 'Date of birth matches',
};

/** The card's flags: one per active exclusion that applies at the card's building and agrees. */
export function cardExclusionFlags(card: CardForFlagging, exclusions: readonly ExclusionForFlagging[]): CardFlag[] {
  const flags: CardFlag[] = [];
  for (const e of exclusions) {
    if (!e.active || !isExclusionInScope(e, card.buildingId)) continue;
    const label = `${CARD_FLAG_LABEL}: ${`${e.firstname} ${e.lastname}`.trim()}`;
    if (card.visitorId != null && e.visitorId != null && String(card.visitorId) === String(e.visitorId)) {
      flags.push({ exclusionId: e.id, label, reasons: ['Exclusion is linked to this visitor'] });
      continue;
    }
    const straight = agreement(card.firstKey, card.lastKey, card.dob, e);
    if (enough(straight)) {
      flags.push({ exclusionId: e.id, label, reasons: straight.map((f) => FIELD_REASON[f]) });
      continue;
    }
    // "Excludedperson Zara": the names typed the other way round
    const swapped = agreement(card.lastKey, card.firstKey, card.dob, e);
    if (enough(swapped)) {
      flags.push({
        exclusionId: e.id,
        label,
        reasons: ['First and last names swapped', ...swapped.map((f) => FIELD_REASON[f])],
      });
    }
  }
  return flags;
}
