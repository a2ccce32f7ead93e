import { isIsoDate, parseUsDate } from './dates';
import { NICKNAME_GROUPS } from './given-names';
import { canonicalName, dobAgreement } from './identity';
import { isWithinOneEdit, TYPO_MIN_LENGTH } from './names';

/**
 * Exclusion (banned-person) matching at the front desk (spec 000 §5 "Potential exclusion match",
 * spec 002 §5), widened to people rather than typed text (issue 22, ADR 0022):
 * - names are compared by `canonicalName` (case, accents, look-alike letters, hidden characters,
 *   hyphens, apostrophes and spaces folded), so the spec's exact-name rule cannot be dodged with
 *   a zero-width space or a Cyrillic "а";
 * - beyond the spec's three pairs, a potential match is raised for swapped first/last names, and
 *   for both names agreeing up to a nickname or one typo with the date of birth the same, one digit
 *   off, or with day and month swapped; every match says why;
 * - an exclusion linked to ANY record of the person (the caller establishes "same person":
 *   `linkedToPerson`) is a direct match; one linked to someone else still raises a potential
 *   match when the names agree as above.
 */

/** Exclusion types with a fixed label (spec 000 §3); any other type shows its reason text. */
export const EXCLUSION_TYPES = [
  'FailedBackgroundCheck',
  'Trespassed',
  'TerminatedEmployee',
  'ViolentOrThreateningBehavior',
  'RestrictedAccess',
] as const;
export type ExclusionType = (typeof EXCLUSION_TYPES)[number];

/** Spec 000 §5: on the exclusion form a missing date of birth is stored as 01/01/1970. */
export const DEFAULT_EXCLUSION_DOB = '1970-01-01';

export type EntityId = number | string;

/** The exclusion fields matching needs. */
export interface ExclusionForMatching {
  active: boolean;
  /** The linked visitor; null/undefined for an exclusion entered by name only. */
  visitorId?: EntityId | null;
  /** Null/undefined means the exclusion is global (spec 000 §3). */
  buildingId?: EntityId | null;
  isGlobal?: boolean | null;
  firstName?: string | null;
  lastName?: string | null;
  /** 'YYYY-MM-DD' or 'MM/DD/YYYY'. */
  dateOfBirth?: string | null;
  /** canonicalName of the names when already stored with the row (computed here otherwise) */
  firstKey?: string | null;
  lastKey?: string | null;
  /**
   * The exclusion is linked to a record of the same person as the visitor screened (the same
   * record, or another record with the same licence, or the same names and date of birth): the
   * caller's indexed query decides.
   */
  linkedToPerson?: boolean;
}

/** The visitor fields matching needs. */
export interface VisitorForMatching {
  id?: EntityId | null;
  firstName?: string | null;
  lastName?: string | null;
  /** 'YYYY-MM-DD' or 'MM/DD/YYYY'. */
  dateOfBirth?: string | null;
  /** canonicalName of the names when already known (`findExclusionMatches` computes them once) */
  firstKey?: string;
  lastKey?: string;
}

export type MatchedField = 'firstName' | 'lastName' | 'dateOfBirth';

export interface ExclusionMatch<E extends ExclusionForMatching = ExclusionForMatching> {
  exclusion: E;
  /** Which fields agree, so the attendant sees why (integrations guide: show why it matched). */
  agreed: MatchedField[];
  reasons: string[];
}

export interface ExclusionMatches<E extends ExclusionForMatching = ExclusionForMatching> {
  /** Exclusions linked to this very visitor (spec 002 §5 "direct exclusion match"). */
  direct: ExclusionMatch<E>[];
  /** Unlinked exclusions whose name/date of birth agree (spec 000 §5 "potential match"). */
  potential: ExclusionMatch<E>[];
}

/**
 * Name comparison key: `canonicalName` (identity.ts), so a name written with an accent added, a
 * look-alike letter from another alphabet, a hidden character, a hyphen or in another case is the
 * same name (issue 22). Kept under this name for the callers of the spec's exact-name rule.
 */
export function exclusionNameKey(name: string | null | undefined): string {
  return canonicalName(name);
}

function dobKey(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const iso = isIsoDate(text) ? text : parseUsDate(text);
  // The 01/01/1970 placeholder means "unknown": it never counts as an agreement, or every
  // visitor born on that day would share a first or last name with any undated exclusion.
  return iso === DEFAULT_EXCLUSION_DOB ? null : iso;
}

/** Whether the exclusion applies in `buildingId`: it is global, or it belongs to that building. */
export function isExclusionInScope(exclusion: ExclusionForMatching, buildingId: EntityId | null): boolean {
  const global = exclusion.isGlobal === true || exclusion.buildingId === null || exclusion.buildingId === undefined;
  return global || (buildingId !== null && String(exclusion.buildingId) === String(buildingId));
}

const keysOf = (exclusion: ExclusionForMatching) => ({
  first: exclusion.firstKey ?? canonicalName(exclusion.firstName),
  last: exclusion.lastKey ?? canonicalName(exclusion.lastName),
});

/** Which of first name, last name and date of birth agree between the two records. */
export function agreedFields(exclusion: ExclusionForMatching, visitor: VisitorForMatching): MatchedField[] {
  const agreed: MatchedField[] = [];
  const { first, last } = keysOf(exclusion);
  if (first !== '' && first === (visitor.firstKey ?? canonicalName(visitor.firstName))) agreed.push('firstName');
  if (last !== '' && last === (visitor.lastKey ?? canonicalName(visitor.lastName))) agreed.push('lastName');
  const dob = dobKey(exclusion.dateOfBirth);
  if (dob !== null && dob === dobKey(visitor.dateOfBirth)) agreed.push('dateOfBirth');
  return agreed;
}

function isEnoughAgreement(agreed: MatchedField[]): boolean {
  const has = (f: MatchedField) => agreed.includes(f);
  return (
    (has('firstName') && has('dateOfBirth')) ||
    (has('firstName') && has('lastName')) ||
    (has('lastName') && has('dateOfBirth'))
  );
}

type NameAgreement = 'exact' | 'nickname' | 'typo';

let nicknameKeys: Map<string, Set<string>> | null = null;
/**
 * `isNicknamePair` over canonical keys: the nickname groups keyed by `canonicalName` too, since a
 * key is not the upper-cased name ("william" is "williarn": UTS #39 maps "m" to "rn", so
 * WILLIAM/BILL compared as keys never met). A formal name and each of its nicknames, either way.
 */
function isNicknameKeyPair(a: string, b: string): boolean {
  if (!nicknameKeys) {
    const keys = new Map<string, Set<string>>();
    const relate = (x: string, y: string) => {
      if (!keys.has(x)) keys.set(x, new Set());
      keys.get(x)!.add(y);
    };
    for (const [formal, ...nicknames] of NICKNAME_GROUPS) {
      const f = canonicalName(formal);
      for (const nickname of nicknames) {
        const n = canonicalName(nickname);
        relate(f, n);
        relate(n, f);
      }
    }
    nicknameKeys = keys;
  }
  return nicknameKeys.get(a)?.has(b) ?? false;
}

/**
 * How two name keys agree, the registry matcher's tiers (names.ts): the same key, a formal name
 * and its nickname (given names only), or one typo apart (both at least TYPO_MIN_LENGTH letters).
 */
function nameAgreement(a: string, b: string, given: boolean): NameAgreement | null {
  if (a === '' || b === '') return null;
  if (a === b) return 'exact';
  if (given && isNicknameKeyPair(a, b)) return 'nickname';
  if (a.length >= TYPO_MIN_LENGTH && b.length >= TYPO_MIN_LENGTH && isWithinOneEdit(a, b)) return 'typo';
  return null;
}

const DOB_REASON = {
  same: 'Date of birth matches',
  'one digit': 'Date of birth differs by one digit',
  'day and month swapped': 'Date of birth has day and month swapped',
} as const;

const NAME_REASON = {
  first: {
    exact: 'First name matches',
    nickname: 'First name is a nickname of it',
    typo: 'First name differs by one letter',
  },
  last: { exact: 'Last name matches', nickname: 'Last name matches', typo: 'Last name differs by one letter' },
} as const;

/**
 * Issue 22's rules beyond the spec's three pairs, or null: swapped first and last names (any date
 * of birth), or both names agreeing up to a nickname or one typo (straight or swapped) with the
 * date of birth the same or nearly so. Reasons say what agreed and how.
 */
function identityMatchReasons(exclusion: ExclusionForMatching, visitor: VisitorForMatching): string[] | null {
  const { first, last } = keysOf(exclusion);
  const vFirst = visitor.firstKey ?? canonicalName(visitor.firstName);
  const vLast = visitor.lastKey ?? canonicalName(visitor.lastName);
  const dob = dobAgreement(dobKey(exclusion.dateOfBirth), dobKey(visitor.dateOfBirth));
  const dobReasons = dob ? [DOB_REASON[dob]] : [];
  if (first !== '' && last !== '' && first !== last && first === vLast && last === vFirst) {
    return ['First and last names are swapped', ...dobReasons];
  }
  if (!dob) return null;
  for (const swapped of [false, true]) {
    const f = nameAgreement(first, swapped ? vLast : vFirst, true);
    const l = nameAgreement(last, swapped ? vFirst : vLast, false);
    if (f && l) {
      return [
        ...(swapped ? ['First and last names are swapped'] : []),
        NAME_REASON.first[f],
        NAME_REASON.last[l],
        ...dobReasons,
      ];
    }
  }
  return null;
}

const isLinked = (exclusion: ExclusionForMatching) => exclusion.visitorId !== null && exclusion.visitorId !== undefined;

/**
 * Spec 000 §5 / 002 §5 on canonical names, widened by issue 22: an active exclusion, global or
 * for this building, not linked to this person, whose (first name and dob) or (first and last
 * name) or (last name and dob) agree with the visitor, or that agrees by `identityMatchReasons`.
 * An exclusion linked to someone else counts too: a namesake of a linked exclusion must be looked
 * at, not silently let through. `buildingId` null (a user without a building) sees only global
 * exclusions.
 */
export function isPotentialExclusionMatch(
  exclusion: ExclusionForMatching,
  visitor: VisitorForMatching,
  buildingId: EntityId | null,
): boolean {
  if (!exclusion.active) return false;
  if (isDirectExclusionMatch(exclusion, visitor.id, buildingId)) return false;
  if (!isExclusionInScope(exclusion, buildingId)) return false;
  return isEnoughAgreement(agreedFields(exclusion, visitor)) || identityMatchReasons(exclusion, visitor) !== null;
}

/**
 * Spec 002 §5: the exclusion is linked to this visitor — or, issue 22, to another record of the
 * same person (`linkedToPerson`, established by the caller). Only active exclusions count, and the
 * same scope as potential matches applies (global, or this building): a building-specific ban is
 * a decision about that building. `buildingId` undefined skips the scope check (client-wide
 * questions such as "does this visitor have any active exclusion?", spec 002 §2 Deny button).
 */
export function isDirectExclusionMatch(
  exclusion: ExclusionForMatching,
  visitorId: EntityId | null | undefined,
  buildingId?: EntityId | null,
): boolean {
  if (!exclusion.active || !isLinked(exclusion)) return false;
  const sameRecord = visitorId !== null && visitorId !== undefined && String(exclusion.visitorId) === String(visitorId);
  if (!sameRecord && exclusion.linkedToPerson !== true) return false;
  return buildingId === undefined || isExclusionInScope(exclusion, buildingId);
}

const FIELD_LABEL: Record<MatchedField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
};

function describeAgreement(agreed: MatchedField[], direct: 'record' | 'person' | null): string[] {
  const reasons =
    direct === 'record'
      ? ['Exclusion is linked to this visitor']
      : direct === 'person'
        ? ['Exclusion is linked to another record of this person']
        : [];
  for (const field of agreed) reasons.push(`${FIELD_LABEL[field]} matches`);
  return reasons;
}

/** Splits the exclusions that concern a visitor into direct and potential matches, with reasons. */
export function findExclusionMatches<E extends ExclusionForMatching>(
  exclusions: readonly E[],
  visitor: VisitorForMatching,
  buildingId: EntityId | null,
): ExclusionMatches<E> {
  const result: ExclusionMatches<E> = { direct: [], potential: [] };
  // the visitor's keys once, not once per candidate (issue 22: ~150 candidates a screening)
  visitor = { ...visitor, firstKey: canonicalName(visitor.firstName), lastKey: canonicalName(visitor.lastName) };
  for (const exclusion of exclusions) {
    if (!exclusion.active) continue;
    const agreed = agreedFields(exclusion, visitor);
    if (isDirectExclusionMatch(exclusion, visitor.id, buildingId)) {
      const sameRecord = String(exclusion.visitorId) === String(visitor.id);
      result.direct.push({ exclusion, agreed, reasons: describeAgreement(agreed, sameRecord ? 'record' : 'person') });
    } else if (isExclusionInScope(exclusion, buildingId)) {
      if (isEnoughAgreement(agreed)) {
        result.potential.push({ exclusion, agreed, reasons: describeAgreement(agreed, null) });
      } else {
        const reasons = identityMatchReasons(exclusion, visitor);
        if (reasons) result.potential.push({ exclusion, agreed, reasons });
      }
    }
  }
  return result;
}

/** 'ViolentOrThreateningBehavior' → 'Violent Or Threatening Behavior'. */
function spaced(type: string): string {
  return type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

/**
 * The label of an exclusion type (spec 000 §3): the known types as spaced words; any other type
 * shows its reason text. With no reason either, the type itself is spaced out so the row is never
 * blank.
 */
export function exclusionTypeLabel(type: string | null | undefined, reason?: string | null): string {
  if (type && (EXCLUSION_TYPES as readonly string[]).includes(type)) return spaced(type);
  const text = reason?.trim();
  if (text) return text;
  return type ? spaced(type) : '';
}
