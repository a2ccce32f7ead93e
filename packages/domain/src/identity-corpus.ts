import fc from 'fast-check';
import { NICKNAME_GROUPS } from './given-names';
import { dobAgreement, dobNearVariants } from './identity';

/**
 * The adversarial identity corpus (issue 22): the ways a person on the exclusion list is written
 * again — by an attacker or by a busy front office — so that tests over every path can prove the
 * person is still found. For tests and the bench only (it imports fast-check): not exported from
 * the package index; import it as `@sv/domain/identity-corpus`.
 *
 * Two kinds of variant:
 * - **spoofs** change how the name is written, not who it names: invisible characters, look-alike
 *   letters of another alphabet, full-width and mathematical letters, accents, hyphens,
 *   apostrophes, case. Canonical names and date of birth still agree: by ADR 0022 the variant is
 *   the SAME PERSON, so an exclusion linked to the original record is a direct match;
 * - **near misses** change the identity a little: swapped first/last names, one typo, a nickname,
 *   a one-digit date-of-birth slip or day and month swapped. Not the same person by the rule, but a
 *   potential match the attendant must decide on.
 */

export interface IdentityPerson {
  firstName: string;
  lastName: string;
  /** 'YYYY-MM-DD' */
  dob: string;
}

export interface IdentityVariant extends IdentityPerson {
  /** what was done, for a test's name: 'zero-width space in the last name' */
  label: string;
  /** the canonical names and date of birth still agree (a spoof): ADR 0022's "same person" */
  samePerson: boolean;
}

type Spoof = { label: string; apply: (name: string) => string };

/** Inserts `ch` in the middle of the name (never first or last, where a trim could drop it). */
const inside = (ch: string) => (name: string) => {
  const chars = [...name];
  const at = Math.max(1, Math.floor(chars.length / 2));
  return [...chars.slice(0, at), ch, ...chars.slice(at)].join('');
};

/** Replaces the first `from` (any case-matching occurrence) by `to`; unchanged when absent. */
const replaceFirst = (from: string, to: string) => (name: string) => {
  const at = name.indexOf(from);
  return at < 0 ? name : `${name.slice(0, at)}${to}${name.slice(at + from.length)}`;
};

/** The name in capitals with one capital replaced by a look-alike; unchanged when it has no such letter. */
const upperWith = (from: string, to: string) => (name: string) =>
  name.toUpperCase().includes(from) ? replaceFirst(from, to)(name.toUpperCase()) : name;

/** Maps every ASCII letter through an offset block (full-width, mathematical bold). */
const letterBlock = (upperStart: number, lowerStart: number) => (name: string) =>
  [...name]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (code >= 65 && code <= 90) return String.fromCodePoint(upperStart + code - 65);
      if (code >= 97 && code <= 122) return String.fromCodePoint(lowerStart + code - 97);
      return ch;
    })
    .join('');

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', O: 'Ó' };
/** The first vowel after the first letter, accented: precomposed, or followed by a combining acute. */
const accent = (combining: boolean) => (name: string) => {
  const chars = [...name];
  const at = chars.findIndex((ch, i) => i > 0 && ACCENTED[ch] !== undefined);
  if (at < 0) return name;
  chars[at] = combining ? `${chars[at]}\u0301` : ACCENTED[chars[at]];
  return chars.join('');
};

/**
 * Every spoof of a name (issue 22 §1): each keeps the canonical name. A spoof that finds nothing
 * to change in a name (no "c" for a Cyrillic "с") leaves it as it is; `identityVariants` drops those.
 */
export const NAME_SPOOFS: readonly Spoof[] = [
  { label: 'zero-width space', apply: inside('\u200B') },
  { label: 'zero-width non-joiner', apply: inside('\u200C') },
  { label: 'soft hyphen', apply: inside('\u00AD') },
  { label: 'word joiner', apply: inside('\u2060') },
  { label: 'left-to-right mark', apply: inside('\u200E') },
  { label: 'right-to-left mark', apply: inside('\u200F') },
  { label: 'byte order mark', apply: inside('\uFEFF') },
  { label: 'Cyrillic а', apply: replaceFirst('a', '\u0430') },
  { label: 'Cyrillic е', apply: replaceFirst('e', '\u0435') },
  { label: 'Cyrillic о', apply: replaceFirst('o', '\u043E') },
  { label: 'Cyrillic с', apply: replaceFirst('c', '\u0441') },
  { label: 'Cyrillic р', apply: replaceFirst('p', '\u0440') },
  { label: 'Cyrillic capital А', apply: replaceFirst('A', '\u0410') },
  { label: 'Cyrillic capital Е', apply: replaceFirst('E', '\u0415') },
  { label: 'Cyrillic capital О', apply: replaceFirst('O', '\u041E') },
  { label: 'Greek capital Α (upper case)', apply: upperWith('A', '\u0391') },
  { label: 'Greek capital Ε (upper case)', apply: upperWith('E', '\u0395') },
  { label: 'Greek capital Ο (upper case)', apply: upperWith('O', '\u039F') },
  { label: 'Greek ο', apply: replaceFirst('o', '\u03BF') },
  { label: 'full-width letters', apply: letterBlock(0xff21, 0xff41) },
  { label: 'mathematical bold letters', apply: letterBlock(0x1d400, 0x1d41a) },
  { label: 'precomposed accent added', apply: accent(false) },
  { label: 'combining accent added', apply: accent(true) },
  { label: 'hyphen', apply: inside('-') },
  { label: 'Unicode hyphen', apply: inside('\u2010') },
  { label: 'non-breaking hyphen', apply: inside('\u2011') },
  { label: 'en dash', apply: inside('\u2013') },
  { label: 'apostrophe', apply: inside("'") },
  { label: 'right single quotation mark', apply: inside('\u2019') },
  { label: 'modifier letter apostrophe', apply: inside('\u02BC') },
  { label: 'upper case', apply: (n) => n.toUpperCase() },
  { label: 'lower case', apply: (n) => n.toLowerCase() },
];

/** Letters a typo puts in: none of them is one the confusables table maps ("m" is "rn"). */
const TYPO_LETTERS = 'xkzqbdg';

/**
 * One typo in a name of at least five letters (the matcher's TYPO_MIN_LENGTH): a letter
 * replaced, dropped or doubled in the middle. Never an "m" (its canonical form is two letters).
 * Null when the name is too short.
 */
export function typoOf(name: string, kind: 'replaced' | 'dropped' | 'doubled' = 'replaced'): string | null {
  const chars = [...name];
  if (chars.length < 6) return null;
  let at = Math.floor(chars.length / 2);
  while (at < chars.length - 1 && /[mM]/.test(chars[at])) at++;
  if (kind === 'dropped') return [...chars.slice(0, at), ...chars.slice(at + 1)].join('');
  if (kind === 'doubled') return [...chars.slice(0, at + 1), chars[at], ...chars.slice(at + 1)].join('');
  const replacement = [...TYPO_LETTERS].find((c) => c !== chars[at].toLowerCase())!;
  chars[at] = replacement;
  return chars.join('');
}

const titleCase = (name: string) => name.charAt(0) + name.slice(1).toLowerCase();

/** A nickname of a formal given name, or the formal name of a nickname (NICKNAME_GROUPS); null when none. */
export function nicknameOf(firstName: string): string | null {
  const upper = firstName.toUpperCase();
  for (const [formal, ...nicknames] of NICKNAME_GROUPS) {
    if (formal === upper && nicknames.length > 0) return titleCase(nicknames[0]);
    if (nicknames.includes(upper)) return titleCase(formal);
  }
  return null;
}

/** Dates of birth one digit off (realistic years only: a century slip is not a typing slip). */
export function dobSlips(dob: string): string[] {
  return dobNearVariants(dob).filter((d) => {
    const year = Number(d.slice(0, 4));
    return dobAgreement(dob, d) === 'one digit' && year >= 1900 && year <= 2030;
  });
}

/** Day and month swapped, or null when that is no other real date. */
export function dobSwapped(dob: string): string | null {
  const swapped = `${dob.slice(0, 4)}-${dob.slice(8, 10)}-${dob.slice(5, 7)}`;
  return dobAgreement(dob, swapped) === 'day and month swapped' ? swapped : null;
}

/**
 * The fixed variants of one real (excluded) person: every spoof applied to the first name and to
 * the last name, then the near misses (swapped names, typos, a nickname, date-of-birth slips, day
 * and month swapped). Spoofs that change nothing are left out.
 */
export function identityVariants(person: IdentityPerson): IdentityVariant[] {
  const out: IdentityVariant[] = [];
  const seen = new Set<string>([`${person.firstName}|${person.lastName}|${person.dob}`]);
  const add = (v: IdentityVariant) => {
    const key = `${v.firstName}|${v.lastName}|${v.dob}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(v);
  };
  for (const spoof of NAME_SPOOFS) {
    add({
      ...person,
      firstName: spoof.apply(person.firstName),
      label: `${spoof.label} in the first name`,
      samePerson: true,
    });
    add({
      ...person,
      lastName: spoof.apply(person.lastName),
      label: `${spoof.label} in the last name`,
      samePerson: true,
    });
  }
  add({
    ...person,
    firstName: person.lastName,
    lastName: person.firstName,
    label: 'first and last names swapped',
    samePerson: false,
  });
  for (const kind of ['replaced', 'dropped', 'doubled'] as const) {
    const first = typoOf(person.firstName, kind);
    if (first) add({ ...person, firstName: first, label: `one letter ${kind} in the first name`, samePerson: false });
    const last = typoOf(person.lastName, kind);
    if (last) add({ ...person, lastName: last, label: `one letter ${kind} in the last name`, samePerson: false });
  }
  const nickname = nicknameOf(person.firstName);
  if (nickname) add({ ...person, firstName: nickname, label: `nickname ${nickname}`, samePerson: false });
  const slips = dobSlips(person.dob);
  // the last digit of the day and of the year, and one in the month: the usual slips
  const picked = [
    slips.find((d) => d[9] !== person.dob[9]),
    slips.find((d) => d[3] !== person.dob[3]),
    slips.find((d) => d[6] !== person.dob[6]),
  ];
  for (const d of picked) if (d) add({ ...person, dob: d, label: `date of birth ${d} (one digit)`, samePerson: false });
  const swapped = dobSwapped(person.dob);
  if (swapped)
    add({ ...person, dob: swapped, label: `date of birth ${swapped} (day and month swapped)`, samePerson: false });
  return out;
}

const CASE_SPOOFS = new Set(['upper case', 'lower case']);
/**
 * Case changes first: lower-casing a Greek capital "Ε" after it was put in makes "ε", a letter
 * that does not look like "e" (UTS #39 does not map it): no longer a spoof but another name.
 */
const caseFirst = (spoofs: Spoof[]) => [
  ...spoofs.filter((s) => CASE_SPOOFS.has(s.label)),
  ...spoofs.filter((s) => !CASE_SPOOFS.has(s.label)),
];

/**
 * Generated variants of a person (fast-check): up to three spoofs on each name (so a Cyrillic
 * "о" can come with a zero-width space and upper case), then at most one near miss of each kind
 * that the matcher still has to catch: the names swapped or not, one name changed by a typo or a
 * nickname, the date of birth slipped or swapped. `samePerson` is true when only spoofs applied.
 */
export function identityVariantArbitrary(person: IdentityPerson): fc.Arbitrary<IdentityVariant> {
  const spoofs = fc.array(fc.constantFrom(...NAME_SPOOFS), { maxLength: 3 });
  const nickname = nicknameOf(person.firstName);
  const nameChange = fc.constantFrom<(p: IdentityPerson) => [IdentityPerson, string] | null>(
    () => null,
    (p) => (typoOf(p.firstName) ? [{ ...p, firstName: typoOf(p.firstName)! }, 'typo in the first name'] : null),
    (p) =>
      typoOf(p.lastName, 'dropped')
        ? [{ ...p, lastName: typoOf(p.lastName, 'dropped')! }, 'letter dropped in the last name']
        : null,
    (p) => (nickname ? [{ ...p, firstName: nickname }, `nickname ${nickname}`] : null),
  );
  const dobs = [...dobSlips(person.dob).slice(0, 6), ...(dobSwapped(person.dob) ? [dobSwapped(person.dob)!] : [])];
  const dobChange = fc.option(fc.constantFrom(...dobs), { nil: null });
  return fc
    .record({ first: spoofs, last: spoofs, swap: fc.boolean(), change: nameChange, dob: dobChange })
    .map(({ first, last, swap, change, dob }) => {
      const labels: string[] = [];
      let p: IdentityPerson = { ...person };
      const changed = change(p);
      if (changed) {
        p = changed[0];
        labels.push(changed[1]);
      }
      if (dob) {
        p = { ...p, dob };
        labels.push(`date of birth ${dob}`);
      }
      // a changed name with the exact other name and date of birth is the spec's pair rule; with a
      // near date of birth, the nickname / one-typo rule; swapped, either of them straight or swapped
      if (swap) {
        p = { ...p, firstName: p.lastName, lastName: p.firstName };
        labels.push('names swapped');
      }
      // only the spoofs that changed something are named (no "c" in the name: no Cyrillic "с")
      const spoofed = (name: string, spoofs: Spoof[], part: string) =>
        caseFirst(spoofs).reduce((n, s) => {
          const next = s.apply(n);
          if (next !== n) labels.push(`${s.label} (${part})`);
          return next;
        }, name);
      const firstName = spoofed(p.firstName, first, 'first');
      const lastName = spoofed(p.lastName, last, 'last');
      return {
        firstName,
        lastName,
        dob: p.dob,
        label: labels.join(', ') || 'as on file',
        samePerson: !changed && !dob && !swap,
      };
    });
}

/**
 * Five fictitious people on the exclusion list: long and short names, given names with nicknames,
 * and dates of birth whose day and month can be swapped.
 */
export const EXCLUDED_PEOPLE: readonly IdentityPerson[] = [
  { firstName: 'Zara', lastName: 'Excludedperson', dob: '1981-03-07' },
  { firstName: 'Robert', lastName: 'Banfield', dob: '1975-11-04' },
  { firstName: 'Elizabeth', lastName: 'Harrowgate', dob: '1990-02-06' },
  { firstName: 'William', lastName: 'Oakhurst', dob: '1968-08-12' },
  { firstName: 'Dana', lastName: 'Linkedonly', dob: '1966-06-09' },
];
