import { type ConfidenceLevelId, confidenceLevelOf, type Exactness, type Strength } from './confidence';
import { isNicknamePair } from './given-names';
import { isWithinOneEdit, nameKey, nameSimilarity, normalizeName } from './names';

/**
 * Scoring a sex-offender registry candidate against a visitor. The definition of each confidence
 * level is written down in docs/domain/confidence-levels.md; keep the two in sync.
 */

/** The visitor being screened (spec 002 §5: background check needs first name, last name, dob). */
export interface RegistryVisitor {
  firstName: string | null | undefined;
  middleName?: string | null;
  lastName: string | null | undefined;
  /** 'YYYY-MM-DD' */
  dateOfBirth?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}

export interface RegistryName {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}

/** A registry record in the NSOPW shape (integrations guide "Sex-offender registry"). */
export interface RegistryOffender {
  name: RegistryName;
  aliases?: readonly RegistryName[] | null;
  /** 'YYYY-MM-DD', or 'YYYY' when a registry publishes only the birth year. */
  dob?: string | null;
  locations?: readonly { city?: string | null; state?: string | null; zipCode?: string | null }[] | null;
}

export interface RegistryScore {
  level: ConfidenceLevelId;
  exactness: Exactness;
  strength: Strength;
  /** Human-readable explanations shown to the attendant, strongest evidence first. */
  reasons: string[];
}

const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, p, c) => p + c.toUpperCase());
const show = (name: string | null | undefined) => title(normalizeName(name));

interface NameAgreement {
  exactness: Exactness;
  reasons: string[];
  entry: RegistryName;
  /** a short-name typo: a match only when the date of birth agrees (see `shortNameTypo`) */
  needsDob?: true;
}

/** Short names one letter apart count only with corroboration: at least this many letters. */
const SHORT_TYPO_MIN_LENGTH = 3;

/**
 * A one-letter difference in a short name (3–4 letters, below the general typo rule's 5: Ames →
 * James, Maok → Mark, Brue → Bruce) while the other name agrees exactly. Short names one letter
 * apart are often different names (Lee/Lea, Mark/Mary), so this counts only when the date of
 * birth agrees too (`needsDob`); it never makes a match on a year, a missing date or a slip.
 */
function shortNameTypo(vf: string, vl: string, ef: string, el: string): 'first' | 'last' | null {
  const near = (a: string, b: string) =>
    a !== b && Math.min(a.length, b.length) >= SHORT_TYPO_MIN_LENGTH && isWithinOneEdit(a, b);
  if (vl === el && near(vf, ef)) return 'first';
  if (vf === ef && near(vl, el)) return 'last';
  return null;
}

/** How the visitor's first name relates to a registry first name, or null when it does not. */
function firstNameReason(
  visitorFirst: string,
  entryFirst: string,
  shownVisitor: string,
  shownEntry: string,
): string | null {
  const v = nameKey(visitorFirst);
  const e = nameKey(entryFirst);
  if (v === '' || e === '') return null;
  if (v === e) return 'First name matches exactly';
  if (isNicknamePair(v, e)) return `Nickname: ${shownVisitor} → ${shownEntry}`;
  // Compound given names: "Mary Ann" against "Mary".
  const vFirstWord = nameKey(normalizeName(visitorFirst).split(' ')[0]);
  const eFirstWord = nameKey(normalizeName(entryFirst).split(' ')[0]);
  if (vFirstWord !== '' && vFirstWord === eFirstWord)
    return `First name matches in part: ${shownVisitor} → ${shownEntry}`;
  const similarity = nameSimilarity(v, e);
  if (similarity === 'typo') return `First name differs by one letter: ${shownVisitor} → ${shownEntry}`;
  if (similarity === 'phonetic') return `First name sounds alike: ${shownVisitor} → ${shownEntry}`;
  if ((v.length === 1 || e.length === 1) && v[0] === e[0])
    return `First initial matches: ${shownVisitor} → ${shownEntry}`;
  return null;
}

function lastNameReason(
  visitorLast: string,
  entryLast: string,
  shownVisitor: string,
  shownEntry: string,
): string | null {
  const similarity = nameSimilarity(nameKey(visitorLast), nameKey(entryLast));
  if (similarity === 'exact') return 'Last name matches exactly';
  if (similarity === 'typo') return `Last name differs by one letter: ${shownVisitor} → ${shownEntry}`;
  if (similarity === 'phonetic') return `Last name sounds alike: ${shownVisitor} → ${shownEntry}`;
  return null;
}

/** The name agreement with one registry name (primary or alias), or null. */
function compareName(visitor: RegistryVisitor, entry: RegistryName, alias: boolean): NameAgreement | null {
  const vf = visitor.firstName ?? '';
  const vl = visitor.lastName ?? '';
  const ef = entry.firstName ?? '';
  const el = entry.lastName ?? '';
  if (nameKey(vf) === '' || nameKey(vl) === '' || nameKey(ef) === '' || nameKey(el) === '') return null;
  const aliasNote = alias ? ` (alias ${show(ef)} ${show(el)})` : '';

  if (nameKey(vf) === nameKey(ef) && nameKey(vl) === nameKey(el)) {
    return { exactness: 'exact', reasons: [`First and last name match exactly${aliasNote}`], entry };
  }
  const last = lastNameReason(vl, el, show(vl), show(el));
  const first = firstNameReason(vf, ef, show(vf), show(ef));
  if (last && first) return { exactness: 'mixed', reasons: [first + aliasNote, last + aliasNote], entry };
  if (nameKey(vf) === nameKey(el) && nameKey(vl) === nameKey(ef)) {
    return { exactness: 'mixed', reasons: [`First and last names are swapped${aliasNote}`], entry };
  }
  const short = shortNameTypo(nameKey(vf), nameKey(vl), nameKey(ef), nameKey(el));
  if (short === 'first') {
    const reasons = [`First name differs by one letter: ${show(vf)} → ${show(ef)}${aliasNote}`];
    return {
      exactness: 'mixed',
      reasons: [...reasons, `Last name matches exactly${aliasNote}`],
      entry,
      needsDob: true,
    };
  }
  if (short === 'last') {
    const reasons = [
      `First name matches exactly${aliasNote}`,
      `Last name differs by one letter: ${show(vl)} → ${show(el)}${aliasNote}`,
    ];
    return { exactness: 'mixed', reasons, entry, needsDob: true };
  }
  return null;
}

type DobRelation = 'equal' | 'transposed' | 'same year' | 'unknown' | 'different';

/**
 * How two dates of birth relate. 'transposed' is the same year with day and month swapped
 * (05/06 against 06/05), the usual US/international mix-up. A registry giving only a year can at
 * best agree on the year.
 */
function compareDob(visitorDob: string | null | undefined, offenderDob: string | null | undefined): DobRelation {
  const v = /^(\d{4})-(\d{2})-(\d{2})$/.exec(visitorDob ?? '');
  const o = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(offenderDob ?? '');
  if (!v || !o) return 'unknown';
  if (v[1] !== o[1]) return 'different';
  if (o[2] === undefined) return 'same year';
  if (v[2] === o[2] && v[3] === o[3]) return 'equal';
  if (v[2] === o[3] && v[3] === o[2]) return 'transposed';
  // Two full dates in the same year: only a one-digit slip (07/07 against 07/08) is a plausible
  // typo. Any other day is another person — in a national registry a common name almost always
  // has someone born the same year, and flagging them all is the failure we must not repeat.
  const differingDigits = [...`${v[2]}${v[3]}`].filter((c, i) => c !== `${o[2]}${o[3]}`[i]).length;
  return differingDigits === 1 ? 'same year' : 'different';
}

function middleReason(visitor: RegistryVisitor, entry: RegistryName): string | null {
  const v = nameKey(visitor.middleName);
  const e = nameKey(entry.middleName);
  if (v === '' || e === '') return null;
  if (v === e) return v.length === 1 ? 'Middle initial matches' : 'Middle name matches';
  if ((v.length === 1 || e.length === 1) && v[0] === e[0]) return 'Middle initial matches';
  if (isNicknamePair(v, e)) return `Middle name is a nickname: ${show(visitor.middleName)} → ${show(entry.middleName)}`;
  return null;
}

function addressReason(visitor: RegistryVisitor, offender: RegistryOffender): string | null {
  const city = normalizeName(visitor.city);
  const state = normalizeName(visitor.state);
  const zip = (visitor.postalCode ?? '').replace(/\D/g, '').slice(0, 5);
  for (const location of offender.locations ?? []) {
    if (
      city !== '' &&
      state !== '' &&
      normalizeName(location.city) === city &&
      normalizeName(location.state) === state
    ) {
      return `City and state match: ${show(visitor.city)}, ${state}`;
    }
    if (zip.length === 5 && (location.zipCode ?? '').replace(/\D/g, '').slice(0, 5) === zip) {
      return `ZIP code matches: ${zip}`;
    }
  }
  return null;
}

/**
 * Scores one registry candidate for a visitor, or returns null when it is not a match.
 *
 * Name (best of the primary name and every alias):
 * - EXACT: first and last name keys equal (case, accents, punctuation and spaces ignored).
 * - MIXED: last name exact, one typo apart (5+ letters) or same Soundex, AND first name exact,
 *   a nickname pair, one typo apart, same Soundex, an initial, or the first word of a compound
 *   name; or first and last names swapped; or one name exact and the other a short name (3–4
 *   letters) one letter off — only when the date of birth agrees.
 *
 * Date of birth: a known date in a different year, or another day of the same year beyond a
 * one-digit slip, is NOT a match (this keeps parents with common names from being flagged). Same
 * day and month, or day and month swapped → STRONG; unknown on either side, a registry that gives
 * only the year, or a one-digit slip in month/day → MODERATE.
 *
 * VERY STRONG: STRONG plus a middle name/initial agreement, or the visitor's city and state (or
 * ZIP code) at one of the offender's registered locations.
 */
export function scoreRegistryCandidate(visitor: RegistryVisitor, offender: RegistryOffender): RegistryScore | null {
  const candidates = [
    compareName(visitor, offender.name, false),
    ...(offender.aliases ?? []).map((alias) => compareName(visitor, alias, true)),
  ].filter((c): c is NameAgreement => c !== null);
  if (candidates.length === 0) return null;

  const dob = compareDob(visitor.dateOfBirth, offender.dob);
  if (dob === 'different') return null;
  // a short-name typo needs the date of birth to agree
  const dobAgrees = dob === 'equal' || dob === 'transposed';
  const usable = dobAgrees ? candidates : candidates.filter((c) => !c.needsDob);
  if (usable.length === 0) return null;
  // Exact beats mixed; among equals the primary name (listed first) wins.
  const name = usable.find((c) => c.exactness === 'exact') ?? usable[0];

  const reasons = [...name.reasons];
  let strength: Strength = 'moderate';
  if (dob === 'equal' || dob === 'transposed') {
    strength = 'strong';
    reasons.push(dob === 'equal' ? 'Date of birth matches' : 'Date of birth matches with day and month swapped');
    // The chosen name's middle name first, then any other name the registry lists for the person.
    const middle = [name.entry, offender.name, ...(offender.aliases ?? [])]
      .map((entry) => middleReason(visitor, entry))
      .find((reason) => reason !== null);
    const address = addressReason(visitor, offender);
    if (middle) reasons.push(middle);
    if (address) reasons.push(address);
    if (middle || address) strength = 'very strong';
  } else if (dob === 'same year') {
    reasons.push(
      offender.dob && /^\d{4}$/.test(offender.dob)
        ? 'Birth year matches (registry gives only the year)'
        : 'Date of birth differs by one digit (possible typo)',
    );
  } else {
    reasons.push(visitor.dateOfBirth ? 'Registry has no date of birth' : 'Visitor date of birth unknown');
  }

  return { level: confidenceLevelOf(name.exactness, strength), exactness: name.exactness, strength, reasons };
}
