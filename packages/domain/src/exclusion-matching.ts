import { isIsoDate, parseUsDate } from './dates';

/**
 * Exclusion (banned-person) matching at the front desk (spec 000 §5 "Potential exclusion match",
 * spec 002 §5).
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
}

/** The visitor fields matching needs. */
export interface VisitorForMatching {
  id?: EntityId | null;
  firstName?: string | null;
  lastName?: string | null;
  /** 'YYYY-MM-DD' or 'MM/DD/YYYY'. */
  dateOfBirth?: string | null;
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
 * Name comparison key: case-insensitive as the spec says, after trimming and collapsing inner
 * white space (a stray double space typed at the desk must not hide a match) and Unicode NFC
 * normalisation (so "José" typed two ways is one name). Accents and punctuation stay significant:
 * this is the spec's exact-name rule, not the fuzzy registry matching.
 */
export function exclusionNameKey(name: string | null | undefined): string {
  return (name ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function dobKey(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (isIsoDate(text)) return text;
  return parseUsDate(text);
}

/** Whether the exclusion applies in `buildingId`: it is global, or it belongs to that building. */
export function isExclusionInScope(exclusion: ExclusionForMatching, buildingId: EntityId | null): boolean {
  const global = exclusion.isGlobal === true || exclusion.buildingId === null || exclusion.buildingId === undefined;
  return global || (buildingId !== null && String(exclusion.buildingId) === String(buildingId));
}

/** Which of first name, last name and date of birth agree between the two records. */
export function agreedFields(exclusion: ExclusionForMatching, visitor: VisitorForMatching): MatchedField[] {
  const agreed: MatchedField[] = [];
  const first = exclusionNameKey(exclusion.firstName);
  if (first !== '' && first === exclusionNameKey(visitor.firstName)) agreed.push('firstName');
  const last = exclusionNameKey(exclusion.lastName);
  if (last !== '' && last === exclusionNameKey(visitor.lastName)) agreed.push('lastName');
  // The 01/01/1970 placeholder means "unknown": it never counts as an agreement, or every
  // visitor born on that day would share a first or last name with any undated exclusion.
  const dob = dobKey(exclusion.dateOfBirth);
  if (dob !== null && dob !== DEFAULT_EXCLUSION_DOB && dob === dobKey(visitor.dateOfBirth)) agreed.push('dateOfBirth');
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

/**
 * Spec 000 §5 / 002 §5: an active exclusion with no visitor link, global or for this building,
 * whose (first name and dob) or (first and last name) or (last name and dob) agree with the
 * visitor. `buildingId` null (a user without a building) sees only global exclusions.
 */
export function isPotentialExclusionMatch(
  exclusion: ExclusionForMatching,
  visitor: VisitorForMatching,
  buildingId: EntityId | null,
): boolean {
  if (!exclusion.active) return false;
  if (exclusion.visitorId !== null && exclusion.visitorId !== undefined) return false;
  if (!isExclusionInScope(exclusion, buildingId)) return false;
  return isEnoughAgreement(agreedFields(exclusion, visitor));
}

/**
 * Spec 002 §5: the exclusion is linked to this visitor. Only active exclusions count, and the
 * same scope as potential matches applies (global, or this building): a building-specific ban is
 * a decision about that building. `buildingId` undefined skips the scope check (client-wide
 * questions such as "does this visitor have any active exclusion?", spec 002 §2 Deny button).
 */
export function isDirectExclusionMatch(
  exclusion: ExclusionForMatching,
  visitorId: EntityId | null | undefined,
  buildingId?: EntityId | null,
): boolean {
  if (!exclusion.active || visitorId === null || visitorId === undefined) return false;
  if (exclusion.visitorId === null || exclusion.visitorId === undefined) return false;
  if (String(exclusion.visitorId) !== String(visitorId)) return false;
  return buildingId === undefined || isExclusionInScope(exclusion, buildingId);
}

const FIELD_LABEL: Record<MatchedField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
};

function describeAgreement(agreed: MatchedField[], direct: boolean): string[] {
  const reasons = direct ? ['Exclusion is linked to this visitor'] : [];
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
  for (const exclusion of exclusions) {
    const agreed = agreedFields(exclusion, visitor);
    if (isDirectExclusionMatch(exclusion, visitor.id, buildingId)) {
      result.direct.push({ exclusion, agreed, reasons: describeAgreement(agreed, true) });
    } else if (isPotentialExclusionMatch(exclusion, visitor, buildingId)) {
      result.potential.push({ exclusion, agreed, reasons: describeAgreement(agreed, false) });
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
