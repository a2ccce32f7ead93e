/**
 * The adversarial identity corpus as a bench quality category (issue 22 "Must not get worse": "Add
 * the adversarial corpus as a bench quality category (recall 100%)").
 *
 * A few real excluded people are created through the running server's REST API (the bench admin,
 * global exclusions of the busy district, name + date of birth), then each is written the ways an
 * attacker or a hurried desk writes them — hidden characters, look-alike letters of other
 * alphabets, compatibility forms, accents, punctuation, case, swapped names, one typo, a nickname,
 * a date-of-birth slip — each variant POSTed as a new visitor at the busy building (as the desk's
 * "Create a New Visitor" does) and screened there. A variant is FOUND when the screening shows that
 * exclusion as a direct match, or as a potential match that is not cleared (it needs the
 * attendant's decision: ADR 0008's gate refuses the check-in until someone decides).
 *
 * The variants come from a small generator in this file: `packages/domain/src/identity-corpus.ts`
 * (the admission tests' corpus, being written for issue 22) was not on main when this was built.
 * Each variant is written from what it looks like to a person (a Cyrillic "о" in place of "o"),
 * never derived from the product's own `canonicalName`, so the bench does not grade the matcher
 * with its own answer key.
 *
 * Isolation from the other scenarios: this step runs after every load scenario and after the
 * planted-set quality step (so the common-name figure never sees these exclusions), the names are
 * made up from a seed the caller changes per run (bench/run.ts: the same people on a fresh data
 * set, others on each later run, so a run never meets an earlier run's records), the
 * visitors carry the note `CORPUS_NOTE` (the duplicate-record report leaves them out), and every
 * exclusion it creates is made inactive again at the end, through the API.
 */
import { NICKNAME_GROUPS } from '@sv/domain';
import { mulberry32, type Rng } from './names';

export const CORPUS_NOTE = 'Bench identity corpus (issue 22)';

export interface CorpusPerson {
  firstname: string;
  lastname: string;
  /** 'YYYY-MM-DD' */
  dob: string;
}

export const VARIANT_KINDS = [
  // the control: the person exactly as excluded (a miss here is no spelling trick at all)
  'exact (as excluded)',
  'zero-width space',
  'soft hyphen',
  'word joiner',
  'other invisible (ZWJ, ZWNJ, bidi mark, BOM, variation selector)',
  'Cyrillic look-alike letters',
  'Greek look-alike letters',
  'full-width letters',
  'mathematical letters',
  'accent added (combining)',
  'accent added (precomposed)',
  'hyphen / apostrophe / space',
  'upper case',
  'swapped first and last names',
  'one typo in one name',
  'nickname',
  'date of birth: one-digit slip',
  'date of birth: day and month swapped',
  'combined (look-alike + hidden + accent)',
  // only one name agrees as written and the date is off: the spec's pairs miss these, ADR 0022's
  // "both names up to a nickname or one typo, date the same or nearly" must not
  'nickname + date of birth slip',
  'one typo + date of birth slip',
] as const;
/** Kinds that need their own excluded person (the exclusion itself is written differently). */
export const SPECIAL_KINDS = [
  'exclusion typed with hidden / look-alike characters',
  'second record of a linked exclusion (same name + date of birth)',
  'second record of a linked exclusion (same licence, new surname)',
] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number] | (typeof SPECIAL_KINDS)[number];

export interface Variant {
  kind: VariantKind;
  firstname: string;
  lastname: string;
  dob: string;
  /** for the second-record kinds: the licence the visitor record carries */
  licence?: { number: string; state: string };
}

// ---- the people -------------------------------------------------------------------------------

const ONSETS = ['B', 'D', 'F', 'G', 'K', 'L', 'M', 'N', 'P', 'R', 'S', 'T', 'V', 'W', 'Br', 'Dr', 'Gr', 'Tr', 'St'];
const VOWELS = ['a', 'e', 'o', 'a', 'o', 'e', 'i'];
const CODAS = ['', 'n', 'r', 'l', 'rr', 'nd', 'm', 's', 'ck', 'th'];
const LOWER_ONSETS = ['b', 'd', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w'];

/**
 * A made-up surname of 7–12 letters (fresh each run: never someone in the data set), with at least
 * one "a", "o" or "e" (letters with Cyrillic and Greek look-alikes), e.g. "Dravonell".
 */
function madeUpSurname(r: Rng): string {
  for (;;) {
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    let s = pick(ONSETS) + pick(VOWELS) + pick(CODAS);
    const syllables = 2 + Math.floor(r() * 2);
    for (let i = 1; i < syllables; i++) s += pick(LOWER_ONSETS) + pick(VOWELS) + pick(CODAS);
    if (s.length >= 7 && s.length <= 12 && /[aoe]/.test(s)) return s;
  }
}

const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

/**
 * `count` excluded people for one run: a formal given name that has a nickname (so the nickname
 * variant exists) and at least five letters (so a typo is a typo, names.ts TYPO_MIN_LENGTH), a
 * made-up surname, a date of birth whose day is 1–12 and not the month (so swapping day and month
 * makes another real date).
 */
export function corpusPeople(count: number, seed: number): CorpusPerson[] {
  const r = mulberry32(seed);
  const firsts = NICKNAME_GROUPS.filter((g) => g[0].length >= 5 && g.length > 1).map((g) => g[0]);
  const used = new Set<string>();
  const out: CorpusPerson[] = [];
  while (out.length < count) {
    const lastname = madeUpSurname(r);
    if (used.has(lastname.toLowerCase())) continue;
    used.add(lastname.toLowerCase());
    const year = 1955 + Math.floor(r() * 45);
    const month = 1 + Math.floor(r() * 12);
    let day = 1 + Math.floor(r() * 12);
    if (day === month) day = (day % 12) + 1;
    out.push({
      firstname: title(firsts[Math.floor(r() * firsts.length)]),
      lastname,
      dob: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    });
  }
  return out;
}

// ---- the variants -----------------------------------------------------------------------------

/** Latin → Cyrillic letters that look the same (lower and upper case). */
const CYRILLIC: Record<string, string> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  x: 'х',
  y: 'у',
  i: 'і',
  j: 'ј',
  s: 'ѕ',
  A: 'А',
  B: 'В',
  E: 'Е',
  K: 'К',
  M: 'М',
  H: 'Н',
  O: 'О',
  P: 'Р',
  C: 'С',
  T: 'Т',
  X: 'Х',
};
/** Latin → Greek letters that look the same. */
const GREEK: Record<string, string> = {
  o: 'ο',
  a: 'α',
  i: 'ι',
  v: 'ν',
  p: 'ρ',
  A: 'Α',
  B: 'Β',
  E: 'Ε',
  Z: 'Ζ',
  H: 'Η',
  I: 'Ι',
  K: 'Κ',
  M: 'Μ',
  N: 'Ν',
  O: 'Ο',
  P: 'Ρ',
  T: 'Τ',
  X: 'Χ',
  Y: 'Υ',
};
const OTHER_INVISIBLES = ['\u200D', '\u200C', '\u200E', '\u200F', '\uFEFF', '\uFE0F', '\u2063'];
const PRECOMPOSED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', y: 'ý' };

/** Inserts `ch` inside the word (never at an end, where trimming alone would remove it). */
const inside = (word: string, ch: string, at = Math.ceil(word.length / 2)) => word.slice(0, at) + ch + word.slice(at);

/** Replaces the letters `map` knows: every one (`all`) or only the first. */
function lookAlike(word: string, map: Record<string, string>, all: boolean): string {
  let done = false;
  let out = '';
  for (const ch of word) {
    if (map[ch] && (all || !done)) {
      out += map[ch];
      done = true;
    } else out += ch;
  }
  return out;
}

const fullWidth = (word: string) =>
  [...word].map((ch) => (/[A-Za-z]/.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! - 0x21 + 0xff01) : ch)).join('');
/** Mathematical bold letters (U+1D400 …): compatibility forms NFKC turns back into Latin. */
const mathBold = (word: string) =>
  [...word]
    .map((ch) =>
      /[A-Z]/.test(ch)
        ? String.fromCodePoint(0x1d400 + ch.charCodeAt(0) - 65)
        : /[a-z]/.test(ch)
          ? String.fromCodePoint(0x1d41a + ch.charCodeAt(0) - 97)
          : ch,
    )
    .join('');

/** The first vowel after the first letter, with an accent: combining (´ after it) or precomposed. */
function accented(word: string, combining: boolean): string {
  for (let i = 1; i < word.length; i++) {
    const ch = word[i];
    if (PRECOMPOSED[ch]) return word.slice(0, i) + (combining ? `${ch}\u0301` : PRECOMPOSED[ch]) + word.slice(i + 1);
  }
  return word;
}

/** A hyphen, apostrophe or space the person did not write (hyphen-minus, U+2010, en dash, ’, '). */
function punctuated(word: string, n: number): string {
  const at = Math.max(2, Math.floor(word.length / 2));
  const head = word.slice(0, at);
  const tail = word.slice(at);
  switch (n % 5) {
    case 0:
      return `${head}-${title(tail)}`;
    case 1:
      return `${head}\u2010${tail}`;
    case 2:
      return `${head}\u2013${title(tail)}`;
    case 3:
      return `${word[0]}\u2019${word.slice(1)}`;
    default:
      return `${head} ${title(tail)}`;
  }
}

/** A date one digit off: the last digit of the year or of the day (always a real date here). */
function dobSlip(dob: string, n: number): string {
  const i = n % 2 === 0 ? 3 : 9;
  const digit = Number(dob[i]);
  const next = i === 9 ? (digit === 9 ? 1 : digit + 1) : (digit + 1) % 10;
  // the day is 01–12: changing its last digit to 1–9 keeps it a real day (10 → 11, 12 → 13 ok)
  return dob.slice(0, i) + String(next) + dob.slice(i + 1);
}

/** Letters a typo puts in: any but "m", which the UTS #39 table writes as two letters ("rn"). */
const TYPO_LETTERS = 'abcdefghijklnopqrstuvwxyz';

/**
 * One typing error in a name, keeping its first letter: a letter replaced, dropped, put in, or two
 * neighbours swapped (one edit of names.ts's editDistance). Never an "m" put in, dropped or moved:
 * its canonical form is two letters ("rn"), so that would be two edits to the matcher, not one.
 */
function oneTypo(r: Rng, name: string): string {
  const lower = name.toLowerCase();
  for (let attempt = 0; attempt < 50; attempt++) {
    const i = 1 + Math.floor(r() * (lower.length - 1));
    const kind = Math.floor(r() * 4);
    const letter = TYPO_LETTERS[Math.floor(r() * TYPO_LETTERS.length)];
    let out = lower;
    if (kind === 0 && lower[i] !== 'm') out = lower.slice(0, i) + letter + lower.slice(i + 1);
    else if (kind === 1 && lower[i] !== 'm') out = lower.slice(0, i) + lower.slice(i + 1);
    else if (kind === 2) out = lower.slice(0, i) + letter + lower.slice(i);
    else if (kind === 3 && i < lower.length - 1 && lower[i] !== 'm' && lower[i + 1] !== 'm')
      out = lower.slice(0, i) + lower[i + 1] + lower[i] + lower.slice(i + 2);
    if (out !== lower) return out.charAt(0).toUpperCase() + out.slice(1);
  }
  return `${name}e`;
}

const nicknameOf = (first: string, n: number): string => {
  const pair = NICKNAME_GROUPS.find((g) => g[0] === first.toUpperCase());
  const nicks = pair ? pair.slice(1) : [];
  return nicks.length ? title(nicks[n % nicks.length]) : first;
};

/**
 * Every named variant of one excluded person (`n`: the person's index, which varies where in the
 * name and which character is used, so the corpus is not one trick repeated).
 */
export function identityVariants(p: CorpusPerson, n: number): Variant[] {
  const r = mulberry32(9_173 + n * 31);
  const { firstname: f, lastname: l, dob } = p;
  const both = n % 2 === 1; // odd people: the trick in both names
  const v = (kind: VariantKind, firstname: string, lastname: string, date = dob): Variant => ({
    kind,
    firstname,
    lastname,
    dob: date,
  });
  return [
    v('exact (as excluded)', f, l),
    v('zero-width space', both ? inside(f, '\u200B') : f, inside(l, '\u200B')),
    v('soft hyphen', both ? inside(f, '\u00AD', 2) : f, inside(l, '\u00AD')),
    v('word joiner', both ? inside(f, '\u2060') : f, inside(l, '\u2060', 3)),
    v(
      'other invisible (ZWJ, ZWNJ, bidi mark, BOM, variation selector)',
      both ? inside(f, OTHER_INVISIBLES[(n + 3) % OTHER_INVISIBLES.length]) : f,
      inside(l, OTHER_INVISIBLES[n % OTHER_INVISIBLES.length]),
    ),
    v('Cyrillic look-alike letters', both ? lookAlike(f, CYRILLIC, false) : f, lookAlike(l, CYRILLIC, n % 3 === 0)),
    v('Greek look-alike letters', both ? lookAlike(f, GREEK, false) : f, lookAlike(l, GREEK, n % 3 === 0)),
    v('full-width letters', both ? fullWidth(f) : f, fullWidth(l)),
    v('mathematical letters', both ? mathBold(f) : f, mathBold(l)),
    v('accent added (combining)', both ? accented(f, true) : f, accented(l, true)),
    v('accent added (precomposed)', both ? accented(f, false) : f, accented(l, false)),
    v('hyphen / apostrophe / space', f, punctuated(l, n)),
    v('upper case', f.toUpperCase(), l.toUpperCase()),
    v('swapped first and last names', l, f),
    both ? v('one typo in one name', oneTypo(r, f), l) : v('one typo in one name', f, oneTypo(r, l)),
    v('nickname', nicknameOf(f, n), l),
    v('date of birth: one-digit slip', f, l, dobSlip(dob, n)),
    v('date of birth: day and month swapped', f, l, `${dob.slice(0, 4)}-${dob.slice(8, 10)}-${dob.slice(5, 7)}`),
    v(
      'combined (look-alike + hidden + accent)',
      both ? lookAlike(f, GREEK, false) : accented(f, false),
      inside(accented(lookAlike(l, CYRILLIC, false), true), n % 2 === 0 ? '\u200B' : '\u00AD', 2),
    ),
    v('nickname + date of birth slip', nicknameOf(f, n + 1), l, dobSlip(dob, n + 1)),
    both
      ? v('one typo + date of birth slip', oneTypo(r, f), l, dobSlip(dob, n))
      : v('one typo + date of birth slip', f, oneTypo(r, l), dobSlip(dob, n)),
  ];
}

/** How the reverse case's exclusion is typed: hidden characters and a look-alike letter in it. */
export function reverseExclusionName(p: CorpusPerson, n: number): CorpusPerson {
  return {
    ...p,
    firstname: n % 2 === 0 ? inside(p.firstname, '\u200B') : p.firstname,
    lastname: inside(lookAlike(p.lastname, n % 2 === 0 ? CYRILLIC : GREEK, false), '\u2060', 2),
  };
}

// ---- the run ------------------------------------------------------------------------------------

interface Session {
  cookie: string;
  csrf: string;
}
type Request = (
  method: string,
  p: string,
  opts?: { session?: Session; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; body: string; ms: number }>;

export interface IdentityKindResult {
  variants: number;
  /** the screening shows the exclusion: direct, or potential and not cleared */
  found: number;
  /** of those, as a direct match */
  direct: number;
  recallPct: number;
  /** the exclusion-check endpoint with the names as typed (no record) finds it too */
  asTypedFound: number;
  /** the POST answered an existing record of the person (issue 22 "a person, not a record") */
  resolvedToExisting: number;
  /** requests that failed (visitor refused, screening error): counted as not found */
  errors: number;
  missed: string[];
}

export interface IdentityCorpusResult {
  people: number;
  variants: number;
  found: number;
  recallPct: number;
  asTypedFound: number;
  asTypedRecallPct: number;
  byKind: Record<string, IdentityKindResult>;
  exclusionsCreated: number;
  exclusionsDeactivated: number;
  /** exclusions typed with hidden / look-alike characters that the server refused (reverse kind) */
  refusedExclusions: string[];
  generator: string;
  seconds: number;
}

/** A name with every character outside plain ASCII letters spelled out: "Dr<U+0430>vonell". */
const show = (s: string) =>
  [...s]
    .map((ch) => (/[A-Za-z ]/.test(ch) ? ch : `<U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`))
    .join('');

export async function identityCorpusBench(h: {
  request: Request;
  admin: Session;
  desk: Session;
  clientId: number;
  buildingId: number;
  /** excluded people for the ordinary variants (default 20) */
  people?: number;
  /** excluded people for each special kind (default 5) */
  specialPeople?: number;
  seed?: number;
}): Promise<IdentityCorpusResult> {
  const t0 = performance.now();
  // names made up from the seed: a run must not meet an earlier run's people (give another seed)
  const seed = h.seed ?? Date.now() % 2_147_483_647;
  const peopleCount = h.people ?? 20;
  const specialCount = h.specialPeople ?? 5;
  const everyone = corpusPeople(peopleCount + specialCount * SPECIAL_KINDS.length, seed);
  const ordinary = everyone.slice(0, peopleCount);
  const special = (k: number) => everyone.slice(peopleCount + k * specialCount, peopleCount + (k + 1) * specialCount);
  const json = (r: { status: number; body: string }) => {
    try {
      return JSON.parse(r.body);
    } catch {
      return null;
    }
  };

  const exclusionBodies = new Map<number, Record<string, unknown>>();
  const createExclusion = async (p: CorpusPerson, visitorId: number | null = null) => {
    const body = {
      clientId: h.clientId,
      isGlobal: true,
      buildingId: null,
      active: true,
      firstname: p.firstname,
      lastname: p.lastname,
      dob: p.dob,
      exclusionType: 'Trespassed',
      reason: CORPUS_NOTE,
      visitorId,
    };
    const r = await h.request('POST', '/api/exclusions', { session: h.admin, body });
    if (r.status !== 200) throw new Error(`identity corpus: creating an exclusion answered ${r.status} ${r.body}`);
    const id = json(r).exclusion.id as number;
    exclusionBodies.set(id, body);
    return id;
  };
  /** POST a new visitor as the desk does; a 409 "may be someone already on file" is answered "Create anyway". */
  const createVisitor = async (v: Variant) => {
    const body = {
      firstname: v.firstname,
      lastname: v.lastname,
      dob: v.dob,
      buildingId: h.buildingId,
      note: CORPUS_NOTE,
      ...(v.licence ? { currentDriversLicenseNumber: v.licence.number, licenseState: v.licence.state } : {}),
    };
    let r = await h.request('POST', '/api/visitors', { session: h.desk, body });
    if (r.status === 409)
      r = await h.request('POST', '/api/visitors', { session: h.desk, body: { ...body, confirmNew: true } });
    const b = r.status === 200 ? json(r) : null;
    return b
      ? { id: b.id as number, existing: b.existing === true, error: null }
      : { id: null, existing: false, error: `${r.status} ${r.body.slice(0, 200)}` };
  };

  const byKind: Record<string, IdentityKindResult> = {};
  const seenIds = new Set<number>();
  const check = async (v: Variant, exclusionId: number) => {
    byKind[v.kind] ??= {
      variants: 0,
      found: 0,
      direct: 0,
      recallPct: 0,
      asTypedFound: 0,
      resolvedToExisting: 0,
      errors: 0,
      missed: [],
    };
    const k = byKind[v.kind];
    k.variants++;
    const what = `${show(v.firstname)} ${show(v.lastname)} ${v.dob}`;
    // the exclusion check with the names exactly as typed (spec 002 §7 PotentialMatches): no record
    const typed = json(
      await h.request('POST', '/api/exclusions/potential-matches', {
        session: h.desk,
        body: { buildingId: h.buildingId, firstname: v.firstname, lastname: v.lastname, dob: v.dob },
      }),
    );
    const typedIds = [...(typed?.direct ?? []), ...(typed?.potential ?? [])].map(
      (m: { exclusion: { id: number } }) => m.exclusion.id,
    );
    if (typedIds.includes(exclusionId)) k.asTypedFound++;

    const visitor = await createVisitor(v);
    if (visitor.id === null) {
      k.errors++;
      if (k.missed.length < 10) k.missed.push(`${what}: visitor not created (${visitor.error})`);
      return;
    }
    if (visitor.existing || seenIds.has(visitor.id)) k.resolvedToExisting++;
    seenIds.add(visitor.id);
    const sr = await h.request('POST', `/api/visitors/${visitor.id}/screening`, {
      session: h.desk,
      body: { buildingId: h.buildingId },
    });
    const sc = sr.status === 200 ? json(sr) : null;
    if (!sc) {
      k.errors++;
      if (k.missed.length < 10) k.missed.push(`${what}: screening answered ${sr.status}`);
      return;
    }
    const ref = String(exclusionId);
    const direct = (sc.exclusions?.direct ?? []).some((m: { id: string }) => m.id === ref);
    const potential = (sc.exclusions?.potential ?? []).some(
      (m: { id: string; cleared: boolean }) => m.id === ref && !m.cleared,
    );
    if (direct || potential) {
      k.found++;
      if (direct) k.direct++;
    } else if (k.missed.length < 10) k.missed.push(what);
  };

  const created: number[] = [];
  const refusedExclusions: string[] = [];
  let deactivatedCount = 0;
  try {
    // the ordinary variants: one plain exclusion per person
    for (const [n, p] of ordinary.entries()) {
      const id = await createExclusion(p);
      created.push(id);
      for (const v of identityVariants(p, n)) await check(v, id);
    }
    // the reverse: the exclusion is the one typed with hidden characters and a look-alike letter
    for (const [n, p] of special(0).entries()) {
      let id: number;
      try {
        id = await createExclusion(reverseExclusionName(p, n));
      } catch (err) {
        // refusing such an exclusion is a fair answer too (nothing hidden gets on the list): noted, not a miss
        refusedExclusions.push((err as Error).message.slice(0, 200));
        continue;
      }
      created.push(id);
      await check({ kind: SPECIAL_KINDS[0], ...p }, id);
    }
    // a second record of a person whose exclusion is linked to their first record ("Deny & Add
    // Exclusion"): the same name and date of birth; the same licence under a new surname
    for (const [k, kind] of [
      [1, SPECIAL_KINDS[1]],
      [2, SPECIAL_KINDS[2]],
    ] as const) {
      for (const [n, p] of special(k).entries()) {
        const licence = { number: `IDC${seed % 100_000}${k}${String(n).padStart(3, '0')}`, state: 'IL' };
        const first = await createVisitor({ kind, ...p, licence });
        if (first.id === null) throw new Error(`identity corpus: the first record was refused (${first.error})`);
        seenIds.add(first.id);
        const id = await createExclusion(p, first.id);
        created.push(id);
        const second: Variant =
          k === 1
            ? { kind, ...p }
            : // a new surname (married, or a second family name) on the same licence
              {
                kind,
                firstname: p.firstname,
                lastname: madeUpSurname(mulberry32(seed + 1_000 + n)),
                dob: p.dob,
                licence,
              };
        await check(second, id);
      }
    }
  } finally {
    // leave no active exclusion behind (a later run's free-visitor query and scenarios never see them)
    let deactivated = 0;
    for (const id of created) {
      const body = exclusionBodies.get(id)!;
      const r = await h.request('PUT', `/api/exclusions/${id}`, { session: h.admin, body: { ...body, active: false } });
      if (r.status === 200) deactivated++;
      else console.error(`identity corpus: could not deactivate exclusion ${id}: ${r.status} ${r.body.slice(0, 200)}`);
    }
    deactivatedCount = deactivated;
  }

  const kinds = Object.values(byKind);
  for (const k of kinds) k.recallPct = round1((k.found / Math.max(1, k.variants)) * 100);
  const variants = kinds.reduce((a, k) => a + k.variants, 0);
  const found = kinds.reduce((a, k) => a + k.found, 0);
  const asTyped = kinds.reduce((a, k) => a + k.asTypedFound, 0);
  return {
    people: everyone.length,
    variants,
    found,
    recallPct: round1((found / Math.max(1, variants)) * 100),
    asTypedFound: asTyped,
    asTypedRecallPct: round1((asTyped / Math.max(1, variants)) * 100),
    byKind,
    exclusionsCreated: created.length,
    exclusionsDeactivated: deactivatedCount,
    refusedExclusions,
    generator: 'bench/identity-corpus.ts (local generator)',
    seconds: round1((performance.now() - t0) / 1000),
  };
}

const round1 = (x: number) => Number(x.toFixed(1));
