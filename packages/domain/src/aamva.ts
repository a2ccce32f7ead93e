import { aamvaDate, isAamvaElementId, splitRunTogetherElements } from './aamva-elements';
import { isCommonGivenName } from './given-names';

/**
 * A driver's licence or ID card read from its AAMVA PDF417 barcode (spec 002 §3 "Driver license
 * (scan result)"; integrations guide "Driver's licences and ID cards"). Missing values are null.
 */
export interface ParsedLicense {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  suffix: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  sex: 'M' | 'F' | 'X' | null;
  /** ANSI D20 code as printed on the card, e.g. 'BRO' (see EYE_COLORS for labels). */
  eyeColor: string | null;
  /** ANSI D20 code as printed on the card, e.g. 'BRN' (see HAIR_COLORS for labels). */
  hairColor: string | null;
  heightInches: number | null;
  weightLbs: number | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  /** US: the 5-digit ZIP; Canada: 'A1A 1A1'; elsewhere the trimmed value. */
  postalCode: string | null;
  /** ISO 3166 alpha-3: 'USA', 'CAN' or 'MEX'. */
  country: string | null;
  licenseNumber: string | null;
  issueDate: string | null;
  expirationDate: string | null;
  aamvaVersion: number | null;
  /** spec 002 §3 scan result: namePrefix (DAF, version 1), race (DCL) and fullName (DAA, or the parts) */
  namePrefix: string | null;
  race: string | null;
  fullName: string | null;
}

interface Subfile {
  type: string;
  offset: number;
  length: number;
}

interface Header {
  issuerId: string;
  version: number;
  subfiles: Subfile[];
  /** Index just past the subfile designator table. */
  end: number;
  /** No header was found; the elements were recognised by their ids (see readHeaderless). */
  headerless?: boolean;
}

// Issuer identification numbers of Canadian jurisdictions (AAMVA IIN list): their dates are
// CCYYMMDD whatever the version.
const CANADIAN_IINS = new Set([
  '604426', // PE
  '604428', // QC
  '604429', // YT
  '604432', // AB
  '604433', // NU
  '604434', // NT
  '636012', // ON
  '636013', // NS
  '636016', // NL
  '636017', // NB
  '636028', // BC
  '636044', // SK
  '636048', // MB
  '990876', // AB (non-ISO)
]);
const CANADIAN_PROVINCES = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
const US_JURISDICTIONS = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
    'OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'
  ).split(' '),
);

// Characters no card element contains: control characters other than the separators (LF, CR,
// RS) and tab, format characters (byte-order marks, zero-width spaces), private-use, unassigned
// and lone surrogate code points, and U+FFFD (what a decoder writes for a byte it cannot read).
const INVISIBLE = /[^\P{C}\t\n\r\x1e]|\uFFFD/gu;

/**
 * Strips what scanners put before the `@` (a UTF-8 byte-order mark, white space) and the
 * characters a scanner or decoder inserted that no element can hold (see INVISIBLE).
 */
function stripLeadingNoise(raw: string): string {
  return raw.replace(INVISIBLE, '').replace(/^\s+/, '');
}

/**
 * Finds the header: `ANSI ` (older cards `AAMVA`; seen mangled as `@AMVA `, `@acANSI`, `@\n6MANSI`)
 * + 6-digit issuer id + 2-digit version + (version 2+) 2-digit jurisdiction version + 2-digit
 * number of entries, then one 10-character designator per entry (type, offset, length).
 * Letter case is ignored in the header and designators: a wedge scanner typing with Caps Lock on
 * inverts it (`ansi 636026080001dl00310099`).
 */
function readHeader(text: string): Header | null {
  const match = /(?:ANSI|A?AMVA) ?(\d{6})(\d{2})/i.exec(text.slice(0, 32));
  if (!match) return null;
  const issuerId = match[1];
  const version = Number(match[2]);
  const afterVersion = match.index + match[0].length;
  // Version 1 has no jurisdiction version field; try the expected layout first, then the other.
  const layouts = version >= 2 ? [true, false] : [false, true];
  for (const hasJurisdictionVersion of layouts) {
    let p = afterVersion + (hasJurisdictionVersion ? 2 : 0);
    const count = text.slice(p, p + 2);
    if (!/^\d{2}$/.test(count)) continue;
    p += 2;
    const subfiles: Subfile[] = [];
    for (let i = 0; i < Number(count); i++, p += 10) {
      const entry = /^([A-Z]{2})(\d{4})(\d{4})$/i.exec(text.slice(p, p + 10));
      if (!entry) break;
      subfiles.push({ type: entry[1].toUpperCase(), offset: Number(entry[2]), length: Number(entry[3]) });
    }
    if (subfiles.length > 0 && subfiles.length === Number(count)) return { issuerId, version, subfiles, end: p };
  }
  // Corrupt designator table: elements start at the first DL/ID designator or element id.
  const rest = text.slice(afterVersion);
  const first = /(?:DL|ID)?(?=D[A-C][A-Z])/.exec(rest);
  return { issuerId, version, subfiles: [], end: afterVersion + (first ? first.index : 0) };
}

const SURNAME_IDS = new Set(['DCS', 'DAA', 'DAB']);
const KEY_IDS = new Set(['DBB', 'DAQ', 'DBA']);

/**
 * A payload whose header was lost (some scanners and copy-pastes drop it) is still read when its
 * lines are elements: at least three lines start with an element id, one of them a family name
 * and one a birth date, licence number or expiry. Its version is guessed from its name elements.
 */
function readHeaderless(text: string): Header | null {
  if (!SEPARATORS.test(text)) return null;
  const ids = new Set<string>();
  for (const line of text.split(SEPARATOR_RUN)) {
    const id = line.replace(/^[ \t]+/, '').slice(0, 3);
    if (isAamvaElementId(id)) ids.add(id);
  }
  if (ids.size < 3 || ![...ids].some((id) => SURNAME_IDS.has(id)) || ![...ids].some((id) => KEY_IDS.has(id))) {
    return null;
  }
  const version = ids.has('DAA') || ids.has('DAB') ? 1 : ids.has('DCT') ? 3 : 10;
  return { issuerId: '', version, subfiles: [], end: 0, headerless: true };
}

/** Whether `raw` looks like an AAMVA PDF417 payload (an AAMVA header near its start, or lines of elements). */
export function isAamvaPayload(raw: string): boolean {
  try {
    const text = stripLeadingNoise(raw);
    return (readHeader(text) ?? readHeaderless(text)) !== null;
  } catch {
    return false;
  }
}

// Element separators: LF, CR and RS as the standard has them (pipes, which some scanners send
// instead, are turned into LF in readElements).
const SEPARATORS = /[\n\r\x1e]/;
const SEPARATOR_RUN = /[\n\r\x1e]+/;

/** Where the first DL/ID subfile's elements start, skipping its designator when present. */
function skipDesignator(text: string, at: number): number {
  let p = at;
  while (p < text.length && /[\s\x1e]/.test(text[p])) p++;
  if (/^(?:DL|ID)$/i.test(text.slice(p, p + 2)) && isAamvaElementId(text.slice(p + 2, p + 5).toUpperCase())) p += 2;
  return p;
}

/**
 * Finds where a jurisdiction subfile (`ZV…`) starts. Its header offset is tried first (shifted
 * by however much the scanner mangled the prefix); a separator-less payload has lost characters,
 * so we fall back to searching for the designator followed by one of its own elements (`ZVZVA`).
 */
function findJurisdictionSubfile(text: string, from: number, subfile: Subfile, shift: number): number {
  const marker = subfile.type + subfile.type;
  const expected = subfile.offset + shift;
  for (const delta of [0, -1, 1, -2, 2]) {
    const at = expected + delta;
    if (at > from && text.startsWith(marker, at)) return at;
  }
  const found = text.indexOf(marker, from + 1);
  return found === -1 ? text.length : found;
}

/** Reads the element id → raw value map of the first DL/ID subfile. */
function readElements(text: string, header: Header): Map<string, string> {
  const mainIndex = Math.max(
    0,
    header.subfiles.findIndex((s) => s.type === 'DL' || s.type === 'ID'),
  );
  const start = skipDesignator(text, header.end);
  let body = text.slice(start);
  const elements = new Map<string, string>();
  // Pipes stand in for the separators on some scanners ('@||ANSI …|DCSSMITH|…').
  if (!SEPARATORS.test(body) && /\|(?:DL|ID)?D[A-D][A-Z]/.test(body)) body = body.replace(/\|/g, '\n');

  if (SEPARATORS.test(body)) {
    // Each element ends with LF (CR ends a subfile; git checkouts show CR as LF). Jurisdiction
    // elements (`Z..`) are skipped; the first occurrence of an id wins. White space before an id
    // (indented test data, CR LF line ends) is not part of the element. Ids are matched in any
    // letter case (Caps Lock on a wedge scanner); the value is kept as typed.
    for (const raw of body.split(SEPARATOR_RUN)) {
      const line = raw.replace(/^[ \t]+/, '');
      const id = line.slice(0, 3).toUpperCase();
      if (isAamvaElementId(id) && !elements.has(id)) elements.set(id, line.slice(3));
      else if (/^(?:DL|ID)$/i.test(line.slice(0, 2)) && isAamvaElementId(line.slice(2, 5).toUpperCase())) {
        const inner = line.slice(2, 5).toUpperCase();
        if (!elements.has(inner)) elements.set(inner, line.slice(5));
      }
    }
    return elements;
  }

  // No separators at all: cut off jurisdiction subfiles, then split on element ids.
  const main = header.subfiles[mainIndex];
  const shift = main ? header.end - main.offset : 0;
  let end = text.length;
  for (const subfile of header.subfiles) {
    if (subfile.type.startsWith('Z')) end = Math.min(end, findJurisdictionSubfile(text, start, subfile, shift));
  }
  if (header.subfiles.length === 0) {
    const z = /Z([A-Z])Z\1[A-Z]/.exec(body);
    if (z) end = start + z.index;
  }
  const run = text.slice(start, end);
  // Cards with impossible values (a dummy 11111112 expiry) defeat the strict split; then accept
  // any digits where a date belongs (parseAamva still rejects the impossible date itself).
  return (
    splitRunTogetherElements(run, header.version) ?? splitRunTogetherElements(run, header.version, true) ?? elements
  );
}

/** Trims, collapses white space and drops the `NONE`/`unavailable` placeholders cards use. */
function clean(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = value
    .replace(/\s+/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .trim();
  if (text === '' || /^(NONE|UNAVL|UNAVAIL(ABLE)?|N\/A)$/i.test(text)) return null;
  return text;
}

/**
 * A name part: only letters (any script), combining marks, digits, spaces, apostrophes, hyphens
 * and periods survive, so stray punctuation or a decoder's replacement character ('¿') never
 * reaches a visitor record.
 */
function cleanName(value: string | undefined): string | null {
  if (value === undefined) return null;
  return clean(value.replace(/[^\p{L}\p{M}\p{Nd}\s'\u2019.-]/gu, ' '));
}

// Full-word colours some issuers print instead of the ANSI D20 codes ('DAYBROWN'), and
// abbreviations seen on real cards ('DAYBN', 'DAYHZL').
const EYE_WORDS: Record<string, string> = {
  BROWN: 'BRO',
  BN: 'BRO',
  HZL: 'HAZ',
  BLUE: 'BLU',
  GREEN: 'GRN',
  HAZEL: 'HAZ',
  BLACK: 'BLK',
  GRAY: 'GRY',
  GREY: 'GRY',
  MAROON: 'MAR',
  PINK: 'PNK',
  DICHROMATIC: 'DIC',
};
const HAIR_WORDS: Record<string, string> = {
  BROWN: 'BRO',
  BLACK: 'BLK',
  BLOND: 'BLN',
  BLONDE: 'BLN',
  GRAY: 'GRY',
  GREY: 'GRY',
  AUBURN: 'RED',
  SANDY: 'SDY',
  WHITE: 'WHI',
  BALD: 'BAL',
};

function cleanCode(value: string | undefined, words: Record<string, string> = {}): string | null {
  const text = clean(value)?.toUpperCase() ?? null;
  if (text === null || text === 'UNK' || text === 'UN') return null;
  return words[text] ?? text;
}

interface NameParts {
  first: string | null;
  middle: string | null;
  last: string | null;
  suffix: string | null;
}

const NO_NAME: NameParts = { first: null, middle: null, last: null, suffix: null };
const isInitial = (token: string) => /^\p{L}\.?$/u.test(token);

/**
 * Version 1 `DAA` full name. The standard's form is `LAST,FIRST,MIDDLE[,SUFFIX]` (some issuers
 * use `$` or `@` instead of commas); real cards also write `LAST,FIRST MIDDLE` (one comma, LA and
 * OR), and, without any delimiter, either `LAST FIRST MIDDLE` or `FIRST MIDDLE… LAST` (PA).
 *
 * Without delimiters the order is decided by: a single letter at the end is a middle initial
 * (`DOE JANE Q` → LAST FIRST M); a single letter inside is one too (`JOHN P SMITH` → FIRST M
 * LAST); otherwise a common given name first and not last means FIRST … LAST (`JOHN ROBERT LEE
 * SMITH`); else the standard's LAST FIRST MIDDLE.
 */
function splitFullName(value: string | undefined): NameParts {
  const text = value?.trim() ?? '';
  if (text === '') return NO_NAME;
  if (/[,$@]/.test(text)) {
    const parts = text.split(/[,$@]/);
    const [last, given = '', middle, suffix] = parts;
    if (parts.length === 2) {
      // `LAST,FIRST MIDDLE`: the given names share one field.
      const names = splitGivenNames(given);
      return { last: cleanName(last), first: names.first, middle: names.middle, suffix: null };
    }
    return { last: cleanName(last), first: cleanName(given), middle: cleanName(middle), suffix: cleanName(suffix) };
  }
  const tokens = (cleanName(text) ?? '').split(' ').filter(Boolean);
  if (tokens.length === 0) return NO_NAME;
  if (tokens.length === 1) return { ...NO_NAME, last: tokens[0] };
  const upper = tokens.map((t) => t.toUpperCase());
  const lastIsInitial = isInitial(tokens[tokens.length - 1]);
  const firstLast =
    !lastIsInitial &&
    (tokens.slice(1, -1).some(isInitial) ||
      (isCommonGivenName(upper[0]) && !isCommonGivenName(upper[upper.length - 1])));
  if (firstLast) {
    return {
      first: tokens[0],
      middle: tokens.slice(1, -1).join(' ') || null,
      last: tokens[tokens.length - 1],
      suffix: null,
    };
  }
  return { last: tokens[0], first: tokens[1], middle: tokens.slice(2).join(' ') || null, suffix: null };
}

/** Versions 2–3 `DCT` given names: `FIRST,MIDDLE` or `FIRST MIDDLE` (first name, then middle names). */
function splitGivenNames(value: string | undefined): { first: string | null; middle: string | null } {
  const text = value?.trim() ?? '';
  if (text.includes(',')) {
    const [first, ...rest] = text.split(',');
    return { first: cleanName(first), middle: cleanName(rest.join(' ')) };
  }
  const [first = null, ...rest] = (cleanName(text) ?? '').split(' ').filter(Boolean);
  return { first, middle: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * `DAC` first name when `DAD` is empty: some issuers put the middle name there too. Versions 1–3
 * (whose given names element, DCT, holds `FIRST,MIDDLE` or `FIRST MIDDLE`) are split like DCT.
 * From version 4 DAC is the first name alone, so a space is not enough (`MARY ANN` is one first
 * name): only a comma or a trailing initial (`MOTORIST E`, WY) splits it.
 */
function splitFirstName(value: string | undefined, version: number): { first: string | null; middle: string | null } {
  const text = value?.trim() ?? '';
  if (text.includes(',') || version <= 3) return splitGivenNames(text);
  const first = cleanName(text);
  const initial = first ? /^(.+) (\p{L})\.?$/u.exec(first) : null;
  return initial ? { first: initial[1], middle: initial[2] } : { first, middle: null };
}

function parseSex(value: string | undefined): ParsedLicense['sex'] {
  switch (clean(value)?.toUpperCase()) {
    case '1':
    case 'M':
      return 'M';
    case '2':
    case 'F':
      return 'F';
    case '9':
    case 'X':
      return 'X';
    default:
      return null;
  }
}

/**
 * `DAU`: `072 IN`, `170 CM`, `5'-04"`, or (version 1) `509` meaning 5 ft 9 in. A bare three-digit value is
 * read as feet+inches when its first digit is 3–8 and the last two are under 12, otherwise as
 * inches. `DAV` (version 1) is centimetres. Centimetres are converted and rounded to an inch.
 */
function parseHeight(dau: string | undefined, dav: string | undefined): number | null {
  const text = clean(dau)?.toUpperCase();
  // Feet and inches with punctuation, as some issuers print it: 5'-04" or 5'4".
  const ftIn = text ? /^(\d)' ?-? ?(\d{1,2})"?$/.exec(text) : null;
  if (ftIn && Number(ftIn[2]) < 12) return Number(ftIn[1]) * 12 + Number(ftIn[2]) || null;
  const m = text ? /^(\d{1,3}) ?(IN|CM)?$/.exec(text) : null;
  if (m) {
    const n = Number(m[1]);
    if (m[2] === 'CM') return n > 0 ? Math.round(n / 2.54) : null;
    if (m[2] === 'IN') return n > 0 ? n : null;
    const feet = Math.floor(n / 100);
    const inches = n % 100;
    if (m[1].length === 3 && feet >= 3 && feet <= 8 && inches < 12) return feet * 12 + inches;
    return n > 0 ? n : null;
  }
  const cm = clean(dav)?.toUpperCase().replace(/ ?CM$/, '');
  return cm && /^\d+$/.test(cm) && Number(cm) > 0 ? Math.round(Number(cm) / 2.54) : null;
}

/** `DAW` pounds (some Canadian cards write `50 KG` there), or `DAX` kilograms, converted and rounded to a pound. */
function parseWeight(daw: string | undefined, dax: string | undefined): number | null {
  const lbs = clean(daw)?.toUpperCase();
  const m = lbs ? /^(\d+) ?(LBS?|KG)?$/.exec(lbs) : null;
  if (m && Number(m[1]) > 0) return m[2] === 'KG' ? Math.round(Number(m[1]) * 2.20462) : Number(m[1]);
  const kg = clean(dax);
  if (kg && /^\d+$/.test(kg) && Number(kg) > 0) return Math.round(Number(kg) * 2.20462);
  return null;
}

/**
 * US: the first five digits (the spec masks zip codes to 5 digits, 000 §5 / 002 §5; cards pad
 * ZIP+4 with zeros and spaces). Canada: `A1A 1A1`. Anything else: trimmed as printed.
 */
function parsePostalCode(value: string | undefined, country: string | null): string | null {
  const text = clean(value)?.toUpperCase() ?? null;
  if (!text) return null;
  if (country === 'CAN') {
    const compact = text.replace(/[\s-]/g, '');
    return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : text;
  }
  if (country === 'USA' || country === null) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 5 && /^\d/.test(text)) return digits.slice(0, 5);
  }
  return text;
}

function detectCountry(dcg: string | undefined, issuerId: string, state: string | null): string | null {
  const declared = clean(dcg)?.toUpperCase();
  if (declared === 'USA' || declared === 'CAN' || declared === 'MEX') return declared;
  if (CANADIAN_IINS.has(issuerId) || (state !== null && CANADIAN_PROVINCES.has(state))) return 'CAN';
  if (state !== null && US_JURISDICTIONS.has(state)) return 'USA';
  return null;
}

/**
 * Parses the text a PDF417 scanner emits for a North American driver's licence or ID card
 * (AAMVA versions 1–10). Returns null when the text is not an AAMVA payload.
 *
 * Tolerates what real scanners deliver (integrations guide): a leading BOM or white space,
 * mangled compliance prefixes, `AAMVA` headers, CR shown as LF, and payloads whose separators a
 * keyboard wedge dropped (split on element ids, see `splitRunTogetherElements`).
 *
 * Dates are MMDDCCYY on US cards from version 2 and CCYYMMDD on version 1 and Canadian cards; the
 * expected order is tried first and the other when the first is not a real date.
 */
export function parseAamva(raw: string): ParsedLicense | null {
  // Never throws: a scan is user input, and a crash here would lose the visitor at the desk.
  try {
    return parse(typeof raw === 'string' ? raw : '');
  } catch {
    return null;
  }
}

function parse(raw: string): ParsedLicense | null {
  const text = stripLeadingNoise(raw);
  const header = readHeader(text) ?? readHeaderless(text);
  if (!header) return null;
  const el = readElements(text, header);
  if (el.size === 0) return null;
  const get = (id: string) => el.get(id);
  // An element that is present but empty (`DAG` then `DAL…`) falls back like a missing one.
  const first = (...ids: string[]) => {
    for (const id of ids) {
      const value = clean(get(id));
      if (value !== null) return value;
    }
    return null;
  };

  const full = splitFullName(get('DAA'));
  const given = splitGivenNames(get('DCT'));
  const dad = cleanName(get('DAD'));
  const dac =
    dad === null ? splitFirstName(get('DAC'), header.version) : { first: cleanName(get('DAC')), middle: null };
  const state = first('DAJ', 'DAO')?.toUpperCase() ?? null;
  const country = detectCountry(get('DCG'), header.issuerId, state);
  const preferred = (header.version <= 1 && !header.headerless) || country === 'CAN' ? 'YMD' : 'MDY';
  const date = (id: string): string | null => {
    const digits = clean(get(id));
    if (!digits) return null;
    return aamvaDate(digits, preferred) ?? aamvaDate(digits, preferred === 'YMD' ? 'MDY' : 'YMD');
  };

  const firstName = dac.first ?? given.first ?? full.first;
  return {
    firstName,
    middleName: dad ?? dac.middle ?? given.middle ?? full.middle,
    lastName: cleanName(get('DCS')) ?? cleanName(get('DAB')) ?? full.last,
    suffix: cleanName(get('DCU')) ?? cleanName(get('DAE')) ?? full.suffix,
    dateOfBirth: date('DBB'),
    sex: parseSex(get('DBC')),
    eyeColor: cleanCode(get('DAY'), EYE_WORDS),
    hairColor: cleanCode(get('DAZ'), HAIR_WORDS),
    heightInches: parseHeight(get('DAU'), get('DAV')),
    weightLbs: parseWeight(get('DAW'), get('DAX')),
    street1: first('DAG', 'DAL'),
    street2: first('DAH', 'DAM'),
    city: first('DAI', 'DAN'),
    state,
    postalCode: parsePostalCode(first('DAK', 'DAP') ?? undefined, country),
    country,
    // upper case: a Caps Lock scan must find the same visitor as a normal one
    licenseNumber: clean(get('DAQ'))?.toUpperCase() ?? null,
    issueDate: date('DBD'),
    expirationDate: date('DBA'),
    aamvaVersion: header.headerless ? null : header.version,
    namePrefix: cleanName(get('DAF')),
    race: clean(get('DCL'))?.toUpperCase() ?? null,
    fullName:
      clean(get('DAA')) ??
      ([firstName, dad ?? dac.middle ?? given.middle, cleanName(get('DCS')) ?? cleanName(get('DAB'))]
        .filter((p): p is string => Boolean(p))
        .join(' ') ||
        null),
  };
}
