import { aamvaDate, isAamvaElementId, splitRunTogetherElements } from './aamva-elements';

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

/** Strips what scanners put before the `@`: a UTF-8 byte-order mark and white space. */
function stripLeadingNoise(raw: string): string {
  return raw.replace(/^[\s\uFEFF]+/, '');
}

/**
 * Finds the header: `ANSI ` (older cards `AAMVA`; seen mangled as `@AMVA `, `@acANSI`, `@\n6MANSI`)
 * + 6-digit issuer id + 2-digit version + (version 2+) 2-digit jurisdiction version + 2-digit
 * number of entries, then one 10-character designator per entry (type, offset, length).
 */
function readHeader(text: string): Header | null {
  const match = /(?:ANSI|A?AMVA) ?(\d{6})(\d{2})/.exec(text.slice(0, 32));
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
      const entry = /^([A-Z]{2})(\d{4})(\d{4})$/.exec(text.slice(p, p + 10));
      if (!entry) break;
      subfiles.push({ type: entry[1], offset: Number(entry[2]), length: Number(entry[3]) });
    }
    if (subfiles.length > 0 && subfiles.length === Number(count)) return { issuerId, version, subfiles, end: p };
  }
  // Corrupt designator table: elements start at the first DL/ID designator or element id.
  const rest = text.slice(afterVersion);
  const first = /(?:DL|ID)?(?=D[A-C][A-Z])/.exec(rest);
  return { issuerId, version, subfiles: [], end: afterVersion + (first ? first.index : 0) };
}

/** Whether `raw` looks like an AAMVA PDF417 payload (it has an AAMVA header near its start). */
export function isAamvaPayload(raw: string): boolean {
  return readHeader(stripLeadingNoise(raw)) !== null;
}

const SEPARATORS = /[\n\r\x1e]/;

/** Where the first DL/ID subfile's elements start, skipping its designator when present. */
function skipDesignator(text: string, at: number): number {
  let p = at;
  while (p < text.length && /[\s\x1e]/.test(text[p])) p++;
  if (/^(?:DL|ID)$/.test(text.slice(p, p + 2)) && isAamvaElementId(text.slice(p + 2, p + 5))) p += 2;
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
  const body = text.slice(start);
  const elements = new Map<string, string>();

  if (SEPARATORS.test(body)) {
    // Each element ends with LF (CR ends a subfile; git checkouts show CR as LF). Jurisdiction
    // elements (`Z..`) are skipped; the first occurrence of an id wins.
    for (const line of body.split(/[\n\r\x1e]+/)) {
      const id = line.slice(0, 3);
      if (isAamvaElementId(id) && !elements.has(id)) elements.set(id, line.slice(3));
      else if (/^(?:DL|ID)$/.test(line.slice(0, 2)) && isAamvaElementId(line.slice(2, 5))) {
        const inner = line.slice(2, 5);
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
  return splitRunTogetherElements(text.slice(start, end), header.version) ?? elements;
}

/** Trims, collapses white space and drops the `NONE`/`unavailable` placeholders cards use. */
function clean(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = value
    .replace(/\s+/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .trim();
  if (text === '' || /^(NONE|UNAVAIL(ABLE)?|N\/A)$/i.test(text)) return null;
  return text;
}

function cleanCode(value: string | undefined): string | null {
  const text = clean(value)?.toUpperCase() ?? null;
  return text === null || text === 'UNK' || text === 'UN' ? null : text;
}

interface NameParts {
  first: string | null;
  middle: string | null;
  last: string | null;
  suffix: string | null;
}

/** Version 1 `DAA`: `LAST,FIRST,MIDDLE[,SUFFIX]` (some issuers use `$` or `@` instead of commas). */
function splitFullName(value: string | undefined): NameParts {
  const text = value?.trim() ?? '';
  if (/[,$@]/.test(text)) {
    const [last, first, middle, suffix] = text.split(/[,$@]/).map((part) => clean(part));
    return { last: last ?? null, first: first ?? null, middle: middle ?? null, suffix: suffix ?? null };
  }
  // No delimiter: assume the standard's order, LAST FIRST MIDDLE, separated by spaces.
  const [last, first, ...middle] = text.split(/\s+/).filter(Boolean);
  return { last: clean(last), first: clean(first), middle: clean(middle.join(' ')), suffix: null };
}

/** Versions 2–3 `DCT` given names: `FIRST,MIDDLE` or `FIRST MIDDLE`. */
function splitGivenNames(value: string | undefined): { first: string | null; middle: string | null } {
  const text = value?.trim() ?? '';
  const parts = text.includes(',') ? text.split(',') : text.split(/\s+/);
  const [first, ...rest] = parts;
  return { first: clean(first), middle: clean(rest.join(' ')) };
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
 * `DAU`: `072 IN`, `170 CM`, or (version 1) `509` meaning 5 ft 9 in. A bare three-digit value is
 * read as feet+inches when its first digit is 3–8 and the last two are under 12, otherwise as
 * inches. `DAV` (version 1) is centimetres. Centimetres are converted and rounded to an inch.
 */
function parseHeight(dau: string | undefined, dav: string | undefined): number | null {
  const text = clean(dau)?.toUpperCase();
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

/** `DAW` pounds, or `DAX` kilograms converted and rounded to a pound. */
function parseWeight(daw: string | undefined, dax: string | undefined): number | null {
  const lbs = clean(daw);
  if (lbs && /^\d+$/.test(lbs) && Number(lbs) > 0) return Number(lbs);
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
  const text = stripLeadingNoise(raw);
  const header = readHeader(text);
  if (!header) return null;
  const el = readElements(text, header);
  if (el.size === 0) return null;
  const get = (id: string) => el.get(id);

  const full = splitFullName(get('DAA'));
  const given = splitGivenNames(get('DCT'));
  const state = clean(get('DAJ') ?? get('DAO'))?.toUpperCase() ?? null;
  const country = detectCountry(get('DCG'), header.issuerId, state);
  const preferred = header.version <= 1 || country === 'CAN' ? 'YMD' : 'MDY';
  const date = (id: string): string | null => {
    const digits = clean(get(id));
    if (!digits) return null;
    return aamvaDate(digits, preferred) ?? aamvaDate(digits, preferred === 'YMD' ? 'MDY' : 'YMD');
  };

  return {
    firstName: clean(get('DAC')) ?? given.first ?? full.first,
    middleName: clean(get('DAD')) ?? given.middle ?? full.middle,
    lastName: clean(get('DCS')) ?? clean(get('DAB')) ?? full.last,
    suffix: clean(get('DCU')) ?? clean(get('DAE')) ?? full.suffix,
    dateOfBirth: date('DBB'),
    sex: parseSex(get('DBC')),
    eyeColor: cleanCode(get('DAY')),
    hairColor: cleanCode(get('DAZ')),
    heightInches: parseHeight(get('DAU'), get('DAV')),
    weightLbs: parseWeight(get('DAW'), get('DAX')),
    street1: clean(get('DAG') ?? get('DAL')),
    street2: clean(get('DAH') ?? get('DAM')),
    city: clean(get('DAI') ?? get('DAN')),
    state,
    postalCode: parsePostalCode(get('DAK') ?? get('DAP'), country),
    country,
    licenseNumber: clean(get('DAQ')),
    issueDate: date('DBD'),
    expirationDate: date('DBA'),
    aamvaVersion: header.version,
  };
}
