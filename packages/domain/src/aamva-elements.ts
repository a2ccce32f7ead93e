import { isCommonGivenName } from './given-names';

/**
 * The AAMVA DL/ID element catalogue used by the parser to find element boundaries.
 *
 * Why a full catalogue: keyboard-wedge scanners drop control characters (integrations guide,
 * "Driver's licences"), so some payloads arrive as `DAQ123DCSSMITHDACJOHN…` with no separators.
 * The only way to split them is to recognise the three-letter element ids, and a value such as
 * `DAVIS` or `MCDANIEL` contains ids too. Each element therefore carries a validator (what its
 * value may look like) and a weight (how much we believe an id occurrence is a real boundary).
 */

/** What an element's value may look like. */
type Kind =
  | 'name'
  | 'givenNames'
  | 'fullName'
  | 'suffix'
  | 'city'
  | 'street'
  | 'state'
  | 'postal'
  | 'date'
  | 'sex'
  | 'height'
  | 'heightCm'
  | 'weight'
  | 'eye'
  | 'hair'
  | 'country'
  | 'text'
  | RegExp;

interface ElementSpec {
  kind: Kind;
  /** Longest raw value (padding included) we accept when splitting a separator-less payload. */
  max: number;
  /**
   * Belief that an occurrence of the id is a real boundary: common elements are positive, rarely
   * used free-text elements negative so they are only chosen when the neighbouring value would
   * otherwise be invalid (e.g. the `DAN` inside `MCDANIEL`).
   */
  weight: number;
}

// Scores are in tenths so the small tie-breakers below never outweigh a real element.
const CORE = 100;
const COMMON = 60;
const RARE_STRICT = 40;
const RARE_TEXT = -30;
const STRICT_FORMAT_BONUS = 20;
const USUAL_ORDER_BONUS = 10;
const KNOWN_GIVEN_NAME_BONUS = 1;

// AAMVA DL/ID Card Design Standard, versions 1 (2000) to 10 (2020): every DL/ID element id.
const ELEMENTS: Record<string, ElementSpec> = {
  DAA: { kind: 'fullName', max: 130, weight: CORE },
  DAB: { kind: 'name', max: 60, weight: COMMON },
  DAC: { kind: 'name', max: 60, weight: CORE },
  DAD: { kind: 'name', max: 60, weight: CORE },
  DAE: { kind: 'suffix', max: 10, weight: COMMON },
  DAF: { kind: 'suffix', max: 10, weight: RARE_TEXT },
  DAG: { kind: 'street', max: 45, weight: CORE },
  DAH: { kind: 'street', max: 45, weight: COMMON },
  DAI: { kind: 'city', max: 40, weight: CORE },
  DAJ: { kind: 'state', max: 3, weight: CORE },
  DAK: { kind: 'postal', max: 14, weight: CORE },
  DAL: { kind: 'street', max: 45, weight: RARE_TEXT },
  DAM: { kind: 'street', max: 45, weight: RARE_TEXT },
  DAN: { kind: 'city', max: 40, weight: RARE_TEXT },
  DAO: { kind: 'state', max: 3, weight: RARE_STRICT },
  DAP: { kind: 'postal', max: 14, weight: RARE_STRICT },
  DAQ: { kind: 'text', max: 30, weight: CORE },
  DAR: { kind: 'text', max: 12, weight: COMMON },
  DAS: { kind: 'text', max: 12, weight: COMMON },
  DAT: { kind: 'text', max: 12, weight: COMMON },
  DAU: { kind: 'height', max: 8, weight: CORE },
  DAV: { kind: 'heightCm', max: 8, weight: RARE_STRICT },
  DAW: { kind: 'weight', max: 4, weight: COMMON },
  DAX: { kind: 'weight', max: 4, weight: RARE_STRICT },
  DAY: { kind: 'eye', max: 3, weight: CORE },
  DAZ: { kind: 'hair', max: 3, weight: COMMON },
  DBA: { kind: 'date', max: 8, weight: CORE },
  DBB: { kind: 'date', max: 8, weight: CORE },
  DBC: { kind: 'sex', max: 1, weight: CORE },
  DBD: { kind: 'date', max: 8, weight: CORE },
  DBE: { kind: 'text', max: 20, weight: RARE_TEXT },
  DBF: { kind: /^\d{1,2}$/, max: 2, weight: COMMON },
  DBG: { kind: /^[YN0-9]$/, max: 1, weight: RARE_STRICT },
  DBH: { kind: /^[YN0-9]$/, max: 1, weight: COMMON },
  DBI: { kind: /^[YN0-9]$/, max: 1, weight: RARE_STRICT },
  DBJ: { kind: 'text', max: 30, weight: RARE_TEXT },
  DBK: { kind: /^\d{9}$/, max: 9, weight: RARE_STRICT },
  DBL: { kind: 'date', max: 8, weight: RARE_STRICT },
  DBM: { kind: /^\d{9}$/, max: 9, weight: RARE_STRICT },
  DBN: { kind: 'fullName', max: 130, weight: RARE_TEXT },
  DBO: { kind: 'name', max: 60, weight: RARE_TEXT },
  DBP: { kind: 'name', max: 60, weight: RARE_TEXT },
  DBQ: { kind: 'suffix', max: 10, weight: RARE_TEXT },
  DBR: { kind: 'suffix', max: 10, weight: RARE_TEXT },
  DBS: { kind: 'suffix', max: 10, weight: RARE_TEXT },
  DCA: { kind: 'text', max: 12, weight: COMMON },
  DCB: { kind: 'text', max: 16, weight: COMMON },
  DCD: { kind: 'text', max: 12, weight: COMMON },
  DCE: { kind: /^\d$/, max: 1, weight: RARE_STRICT },
  DCF: { kind: 'text', max: 30, weight: COMMON },
  DCG: { kind: 'country', max: 3, weight: CORE },
  DCH: { kind: 'text', max: 8, weight: RARE_TEXT },
  DCI: { kind: 'text', max: 40, weight: RARE_TEXT },
  DCJ: { kind: 'text', max: 40, weight: RARE_TEXT },
  DCK: { kind: 'text', max: 30, weight: COMMON },
  DCL: { kind: 'text', max: 3, weight: RARE_TEXT },
  DCM: { kind: 'text', max: 8, weight: RARE_TEXT },
  DCN: { kind: 'text', max: 8, weight: RARE_TEXT },
  DCO: { kind: 'text', max: 16, weight: RARE_TEXT },
  DCP: { kind: 'text', max: 60, weight: RARE_TEXT },
  DCQ: { kind: 'text', max: 60, weight: RARE_TEXT },
  DCR: { kind: 'text', max: 60, weight: RARE_TEXT },
  DCS: { kind: 'name', max: 60, weight: CORE },
  DCT: { kind: 'givenNames', max: 90, weight: CORE },
  DCU: { kind: 'suffix', max: 10, weight: COMMON },
  DDA: { kind: /^[FN]$/, max: 1, weight: COMMON },
  DDB: { kind: 'date', max: 8, weight: COMMON },
  DDC: { kind: 'date', max: 8, weight: COMMON },
  DDD: { kind: /^[01]$/, max: 1, weight: COMMON },
  DDE: { kind: /^[NTU]$/, max: 1, weight: COMMON },
  DDF: { kind: /^[NTU]$/, max: 1, weight: COMMON },
  DDG: { kind: /^[NTU]$/, max: 1, weight: COMMON },
  DDH: { kind: 'date', max: 8, weight: RARE_STRICT },
  DDI: { kind: 'date', max: 8, weight: RARE_STRICT },
  DDJ: { kind: 'date', max: 8, weight: RARE_STRICT },
  DDK: { kind: /^[01]$/, max: 1, weight: COMMON },
  DDL: { kind: /^[01]$/, max: 1, weight: RARE_STRICT },
  PAA: { kind: 'text', max: 4, weight: RARE_TEXT },
  PAB: { kind: 'date', max: 8, weight: RARE_STRICT },
  PAC: { kind: 'text', max: 20, weight: RARE_TEXT },
  PAD: { kind: 'date', max: 8, weight: RARE_STRICT },
  PAE: { kind: 'text', max: 10, weight: RARE_TEXT },
  PAF: { kind: 'text', max: 5, weight: RARE_TEXT },
};

/** Every standard AAMVA DL/ID element id (versions 1–10), in catalogue order. */
export const AAMVA_ELEMENT_IDS: readonly string[] = Object.freeze(Object.keys(ELEMENTS));

const ELEMENT_INDEX = new Map(AAMVA_ELEMENT_IDS.map((id, i) => [id, i]));

/** Whether `id` is a standard DL/ID element id. */
export function isAamvaElementId(id: string): boolean {
  return ELEMENT_INDEX.has(id);
}

/** ANSI D20 eye colour codes (and the two-letter forms of version 1 cards). */
export const EYE_COLORS: Readonly<Record<string, string>> = {
  BLK: 'Black',
  BLU: 'Blue',
  BRO: 'Brown',
  BRN: 'Brown',
  GRY: 'Gray',
  GRN: 'Green',
  HAZ: 'Hazel',
  MAR: 'Maroon',
  PNK: 'Pink',
  DIC: 'Dichromatic',
  BK: 'Black',
  BL: 'Blue',
  BR: 'Brown',
  GY: 'Gray',
  GN: 'Green',
  HZ: 'Hazel',
};

/** ANSI D20 hair colour codes (and the two-letter forms of version 1 cards). */
export const HAIR_COLORS: Readonly<Record<string, string>> = {
  BAL: 'Bald',
  BLK: 'Black',
  BLN: 'Blond',
  BRO: 'Brown',
  BRN: 'Brown',
  GRY: 'Gray',
  RED: 'Red',
  SDY: 'Sandy',
  WHI: 'White',
  BA: 'Bald',
  BK: 'Black',
  BL: 'Blond',
  BR: 'Brown',
  GY: 'Gray',
  RD: 'Red',
  SY: 'Sandy',
  WH: 'White',
};

const UNKNOWN_CODES = new Set(['UNK', 'NONE', 'UN']);

/** Parses an 8-digit AAMVA date in the given order; null unless it is a real calendar date. */
export function aamvaDate(digits: string, order: 'MDY' | 'YMD'): string | null {
  if (!/^\d{8}$/.test(digits)) return null;
  const [y, m, d] =
    order === 'MDY'
      ? [digits.slice(4, 8), digits.slice(0, 2), digits.slice(2, 4)]
      : [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1800 || year > 2299 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${y}-${m}-${d}`;
}

function matchesKind(kind: Kind, value: string): boolean {
  if (kind instanceof RegExp) return kind.test(value);
  switch (kind) {
    case 'name':
      // A trailing comma is tolerated (`DCSTESTER,`); inner commas only occur in DAA/DCT.
      return /^[\p{L}\p{M} .'\u2019-]+,?$/u.test(value) && /\p{L}/u.test(value);
    case 'givenNames':
      return /^[\p{L}\p{M} .,'\u2019-]+$/u.test(value) && /\p{L}/u.test(value);
    case 'fullName':
      return /^[\p{L}\p{M}0-9 .,'\u2019$@-]+$/u.test(value) && /\p{L}/u.test(value);
    case 'suffix':
      return /^[\p{L}0-9 .]+$/u.test(value);
    case 'city':
      return /^[\p{L}\p{M} .,'\u2019-]+$/u.test(value) && /\p{L}/u.test(value);
    case 'street':
      // At least three characters and one letter: `DA` or `1 ` is a fragment of a name, not a street.
      return /^[\p{L}0-9#][\x20-\x7E\u00A0-\uFFFF]{2,}$/u.test(value) && /\p{L}/u.test(value);
    case 'text':
      return /^[\x20-\x7E\u00A0-\uFFFF]+$/.test(value);
    case 'state':
      return /^[A-Z]{2,3}$/.test(value);
    case 'postal':
      return /^[A-Z0-9][A-Z0-9 -]{2,12}$/i.test(value) && /\d/.test(value);
    case 'date':
      return aamvaDate(value, 'MDY') !== null || aamvaDate(value, 'YMD') !== null;
    case 'sex':
      return /^[129MFXU]$/i.test(value);
    case 'height':
      return /^\d{1,3} ?(IN|CM)?$/i.test(value);
    case 'heightCm':
      return /^\d{2,3} ?(CM)?$/i.test(value);
    case 'weight':
      return /^\d{1,3}$/.test(value);
    case 'eye':
      return value in EYE_COLORS || UNKNOWN_CODES.has(value);
    case 'hair':
      return value in HAIR_COLORS || UNKNOWN_CODES.has(value);
    case 'country':
      return /^(USA|CAN|MEX)$/.test(value);
  }
}

function isStrict(kind: Kind): boolean {
  return !(
    kind === 'text' ||
    kind === 'street' ||
    kind === 'name' ||
    kind === 'givenNames' ||
    kind === 'fullName' ||
    kind === 'city'
  );
}

// Fixed-width cards pad values with spaces beyond the element's length (`DBHN         `).
const MAX_PADDING = 40;

/**
 * Whether `raw` is an acceptable value for element `id` in a separator-less payload. A value must
 * be non-empty (a run of padding spaces is fine: `DAT     `; an empty value only at the very end,
 * `…DCU` before a jurisdiction subfile), fit the element's longest length once trailing padding is
 * dropped, and match its kind once trimmed. `relaxed` accepts any eight digits where a date belongs.
 */
function isPlausibleValue(id: string, raw: string, relaxed = false, last = false): boolean {
  const spec = ELEMENTS[id];
  if (!spec || raw.length > spec.max + MAX_PADDING) return false;
  if (raw.length === 0) return last;
  const value = raw.trim();
  if (value === '') return true;
  if (raw.trimEnd().length > spec.max) return false;
  if (relaxed && spec.kind === 'date') return /^\d{8}$/.test(value);
  return matchesKind(spec.kind, value);
}

// Usual successions of elements: the mandatory-element order of the 2009+ standard, the names
// of versions 2–3 and the alphabetical order version 1 cards use. Only a tie-breaker between equally weighted splits.
const USUAL_ORDER_2009 =
  'DCA DCB DCD DBA DCS DAC DAD DBD DBB DBC DAY DAU DAG DAH DAI DAJ DAK DAQ DCF DCG DDE DDF DDG DAZ DCK DCU DDA DDB DDC DDD DAW DDK DDL'.split(
    ' ',
  );
const USUAL_ORDER_V1 =
  'DAA DAB DAC DAD DAE DAF DAG DAH DAI DAJ DAK DAL DAM DAN DAO DAP DAQ DAR DAS DAT DAU DAV DAW DAX DAY DAZ DBA DBB DBC DBD DBE DBF DBG DBH'.split(
    ' ',
  );
const USUAL_ORDER_2003 = 'DAQ DCS DCT DCU DBB DBA DBD DBC'.split(' ');
const USUAL_PAIRS = new Set<string>();
for (const order of [USUAL_ORDER_2009, USUAL_ORDER_2003, USUAL_ORDER_V1]) {
  for (let i = 0; i + 1 < order.length; i++) USUAL_PAIRS.add(`${order[i]}${order[i + 1]}`);
}

// Name layouts never mix on one card: version 1 writes DAA (or DAB/DAC/DAD), versions 2–3 DCS +
// DCT, later versions DCS + DAC + DAD. A split that mixes them has found an id inside a name.
const CONFLICTS: Record<string, string[]> = {
  DAA: ['DAB', 'DAC', 'DAD', 'DCS', 'DCT'],
  DAB: ['DAA', 'DCS', 'DCT'],
  DAC: ['DAA', 'DCT'],
  DAD: ['DAA', 'DCT'],
  DCS: ['DAA', 'DAB'],
  DCT: ['DAA', 'DAB', 'DAC', 'DAD'],
};

// Elements of the other era are unlikely on a card: version 1 had no DC*/DD* elements, and
// versions 2+ dropped the version 1 name, residence and physical-description variants.
const VERSION_1_ONLY = new Set(
  'DAA DAB DAE DAF DAL DAM DAN DAO DAP DAR DAS DAT DAV DBE DBI DBJ DBK DBL DBM DBO DBP DBQ DBR'.split(' '),
);
function fitsVersion(id: string, version: number): boolean {
  return version <= 1 ? !/^(DC|DD|PA)/.test(id) : !VERSION_1_ONLY.has(id);
}

const GIVEN_NAME_ELEMENTS = new Set(['DAA', 'DAC', 'DAD', 'DCT']);

const SEARCH_BUDGET = 200_000;

/**
 * Splits a separator-less subfile body (`DAQ123DCSSMITHDACJOHN…`) into elements.
 *
 * Every occurrence of a known id is a candidate boundary. We pick the set of boundaries that
 * (1) gives every element a plausible value, (2) uses each id at most once, and (3) maximises the
 * summed element weights (strict formats such as dates earn a bonus; elements of the card's
 * version weigh more; usual successions, then common given names, break ties; then the earlier
 * boundary wins). A bounded depth-first search with memoisation does this; payloads are a few hundred
 * characters, so it is fast. Returns null when no consistent split exists. `relaxed` accepts any
 * eight digits where a date belongs, for a second pass over cards carrying dummy dates (`11111112`).
 */
export function splitRunTogetherElements(body: string, version = 10, relaxed = false): Map<string, string> | null {
  const positions: number[] = [];
  for (let i = 0; i + 3 <= body.length; i++) {
    if (ELEMENT_INDEX.has(body.slice(i, i + 3))) positions.push(i);
  }
  // Leading junk before the first id (e.g. a stray designator) is skipped.
  if (positions.length === 0) return null;
  const ids = positions.map((p) => body.slice(p, p + 3));
  const bitOf = (id: string) => 1n << BigInt(ELEMENT_INDEX.get(id)!);
  const bit = (k: number) => bitOf(ids[k]);
  const blocked = ids.map((id) => (CONFLICTS[id] ?? []).reduce((mask, other) => mask | bitOf(other), bitOf(id)));
  const gain = (k: number, value: string) => {
    const spec = ELEMENTS[ids[k]];
    let score =
      (fitsVersion(ids[k], version) ? spec.weight : RARE_TEXT) + (isStrict(spec.kind) ? STRICT_FORMAT_BONUS : 0);
    if (GIVEN_NAME_ELEMENTS.has(ids[k])) {
      for (const token of value.toUpperCase().split(/[^A-Z]+/))
        if (isCommonGivenName(token)) score += KNOWN_GIVEN_NAME_BONUS;
    }
    return score;
  };

  // Every card has a family name (DAA, DAB or DCS). A split without one has swallowed it into
  // another value, so it is only accepted when no split with one exists.
  const surnames = bitOf('DAA') | bitOf('DAB') | bitOf('DCS');
  let steps = 0;

  // Only ids that could be chosen twice, or that take part in a conflict or the surname rule,
  // need remembering; keying the memo on them alone keeps the search small.
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  let relevant = surnames;
  for (const id of ids) if ((counts.get(id) ?? 0) > 1 || id in CONFLICTS) relevant |= bitOf(id);

  type Best = { score: number; next: number } | null; // next = -1 means "runs to the end"
  const solve = (requireSurname: boolean): Map<string, string> | null => {
    const memo = new Map<string, Best>();
    const best = (k: number, used: bigint): Best => {
      const key = `${k}:${(used & relevant).toString(36)}`;
      const cached = memo.get(key);
      if (cached !== undefined) return cached;
      if (++steps > SEARCH_BUDGET) return null;
      const start = positions[k] + 3;
      const max = ELEMENTS[ids[k]].max;
      let result: Best = null;
      const tail = body.slice(start);
      if ((!requireSurname || (used & surnames) !== 0n) && isPlausibleValue(ids[k], tail, relaxed, true)) {
        result = { score: gain(k, tail), next: -1 };
      }
      for (let j = k + 1; j < positions.length; j++) {
        const length = positions[j] - start;
        if (length > max + MAX_PADDING) break;
        if (length <= 0 || used & blocked[j]) continue;
        const value = body.slice(start, positions[j]);
        if (!isPlausibleValue(ids[k], value, relaxed)) continue;
        const rest = best(j, used | bit(j));
        if (!rest) continue;
        const score = gain(k, value) + (USUAL_PAIRS.has(ids[k] + ids[j]) ? USUAL_ORDER_BONUS : 0) + rest.score;
        // On a tie keep the earlier boundary: a value that contains its own id (`DACCANDACE`) is
        // far more common than a value that contains the next element's id.
        if (!result || score > result.score) result = { score, next: j };
      }
      memo.set(key, result);
      return result;
    };

    if (!best(0, bit(0))) return null;
    const out = new Map<string, string>();
    let k = 0;
    let used = bit(0);
    for (;;) {
      const step = memo.get(`${k}:${(used & relevant).toString(36)}`);
      if (!step) break;
      const end = step.next === -1 ? body.length : positions[step.next];
      out.set(ids[k], body.slice(positions[k] + 3, end));
      if (step.next === -1) break;
      k = step.next;
      used |= bit(k);
    }
    return out;
  };

  return solve(true) ?? solve(false);
}
