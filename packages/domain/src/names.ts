/**
 * Name normalisation and phonetic keys for registry screening (docs/domain/confidence-levels.md).
 * The server uses the same functions to build its search keys, so a name is keyed once, one way.
 */

/**
 * Display/search form of a name: upper case, accents removed, apostrophes and periods dropped,
 * hyphens and other separators turned into single spaces ("  O'Brien-Núñez Jr. " → "OBRIEN NUNEZ JR").
 */
export function normalizeName(name: string | null | undefined): string {
  const raw = name ?? '';
  // Screening normalises the same few names thousands of times per request batch (issue 5
  // profile: a tenth of a screening's CPU); the answer depends on the string alone.
  const known = normalized.get(raw);
  if (known !== undefined) return known;
  const value = PLAIN_NAME.test(raw) ? raw.toUpperCase().replace(/ {2,}/g, ' ').trim() : fullNormalizeName(raw);
  if (normalized.size >= NORMALIZED_MAX) normalized.clear();
  normalized.set(raw, value);
  return value;
}

/** Letters, digits and spaces only: NFKD, mark and punctuation removal would change nothing. */
const PLAIN_NAME = /^[A-Za-z0-9 ]*$/;
const NORMALIZED_MAX = 20_000;
const normalized = new Map<string, string>();

/** The general form of `normalizeName` (exported for its equivalence test). */
export function fullNormalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/['\u2019.`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/**
 * Comparison key: `normalizeName` without spaces, so "Van Dyke", "VanDyke" and "VAN-DYKE" are one
 * key. Two names are "exactly" equal when their keys are.
 */
export function nameKey(name: string | null | undefined): string {
  return normalizeName(name).replace(/[^A-Z]/g, '');
}

const SOUNDEX_CODES: Record<string, string> = {
  B: '1',
  F: '1',
  P: '1',
  V: '1',
  C: '2',
  G: '2',
  J: '2',
  K: '2',
  Q: '2',
  S: '2',
  X: '2',
  Z: '2',
  D: '3',
  T: '3',
  L: '4',
  M: '5',
  N: '5',
  R: '6',
};

/**
 * American Soundex (as used by the US census and by NSOPW's "soundex search"): first letter plus
 * three digits, e.g. ROBERT and RUPERT → R163. Returns '' for a name without letters.
 */
export function soundex(name: string | null | undefined): string {
  const letters = nameKey(name);
  if (letters === '') return '';
  let code = letters[0];
  let previous = SOUNDEX_CODES[letters[0]] ?? '';
  for (const ch of letters.slice(1)) {
    const digit = SOUNDEX_CODES[ch] ?? '';
    // H and W do not separate letters with the same code; vowels do.
    if (ch === 'H' || ch === 'W') continue;
    if (digit !== '' && digit !== previous) code += digit;
    previous = digit;
    if (code.length === 4) break;
  }
  return code.padEnd(4, '0');
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions): the number of
 * single-letter insertions, deletions, substitutions or swaps between two strings.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * `editDistance(a, b) <= 1` without the matrix: whether one insertion, deletion, substitution or
 * swap of neighbours turns `a` into `b`. The matchers ask only this, for every candidate of every
 * screening (issue 22: the near-date arm brings ~150 exclusions a screening on the district
 * profile; the matrix's allocations were most of the screening's time in Node). Same code units
 * as `editDistance`; a property test holds the two together.
 */
export function isWithinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    // a substitution at i, or the neighbours at i and i+1 swapped
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // one letter more in the longer string, at i
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Names this long or longer may differ by one typo and still be "alike"; shorter ones may not. */
export const TYPO_MIN_LENGTH = 5;

/**
 * How two name keys relate, strongest first: 'exact', 'typo' (one edit apart, both at least
 * TYPO_MIN_LENGTH letters), 'phonetic' (same Soundex), or null.
 */
export function nameSimilarity(a: string, b: string): 'exact' | 'typo' | 'phonetic' | null {
  if (a === '' || b === '') return null;
  if (a === b) return 'exact';
  if (a.length >= TYPO_MIN_LENGTH && b.length >= TYPO_MIN_LENGTH && isWithinOneEdit(a, b)) return 'typo';
  if (soundex(a) === soundex(b)) return 'phonetic';
  return null;
}
