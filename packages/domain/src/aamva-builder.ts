import type { ParsedLicense } from './aamva';

/** Card holder data for `buildAamvaPayload`; names, birth date, state and licence number are required. */
export interface AamvaCardFields {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  suffix?: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  sex?: ParsedLicense['sex'];
  eyeColor?: string | null;
  hairColor?: string | null;
  heightInches?: number | null;
  weightLbs?: number | null;
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  state: string;
  postalCode?: string | null;
  /** 'USA' (default) or 'CAN'; Canadian cards get CCYYMMDD dates and heights in centimetres. */
  country?: 'USA' | 'CAN' | null;
  licenseNumber: string;
  /** YYYY-MM-DD */
  issueDate?: string | null;
  /** YYYY-MM-DD */
  expirationDate?: string | null;
}

export interface AamvaBuildOptions {
  /** AAMVA version 1–10 (default 10). Version 1 uses `DAA`, versions 2–3 `DCT`, later `DAC`/`DAD`. */
  version?: number;
  /**
   * true (default): the compliance prefix `@ LF RS CR`, LF after each element and CR after the
   * subfile. false: what a keyboard-wedge scanner that drops control characters types.
   */
  separators?: boolean;
  /** Header keyword (default 'ANSI '); version 1 cards also used 'AAMVA'. */
  header?: 'ANSI ' | 'AAMVA';
  /** 6-digit issuer identification number (default 636000, the AAMVA sample issuer, or 636012 for Canada). */
  issuerId?: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function cardDate(iso: string, order: 'MDY' | 'YMD'): string {
  const [y, m, d] = iso.split('-');
  return order === 'MDY' ? `${m}${d}${y}` : `${y}${m}${d}`;
}

function sexCode(sex: ParsedLicense['sex'] | undefined): string | null {
  if (sex === 'M') return '1';
  if (sex === 'F') return '2';
  if (sex === 'X') return '9';
  return null;
}

/**
 * Builds the text a PDF417 scanner would emit for a card with these fields, in the layout of the
 * requested AAMVA version. Used by the parser's tests and by browser tests that "type" a scan
 * (spec 002 §4 Scan flow).
 */
export function buildAamvaPayload(fields: AamvaCardFields, options: AamvaBuildOptions = {}): string {
  const version = options.version ?? 10;
  const separators = options.separators ?? true;
  const canadian = fields.country === 'CAN';
  const issuerId = options.issuerId ?? (canadian ? '636012' : '636000');
  const order = version <= 1 || canadian ? 'YMD' : 'MDY';
  const elements: [string, string | null | undefined][] = [];
  const add = (id: string, value: string | null | undefined) => elements.push([id, value]);

  add('DAQ', fields.licenseNumber);
  if (version <= 1) {
    const parts = [fields.lastName, fields.firstName, fields.middleName ?? '', fields.suffix ?? ''];
    // `LAST,FIRST MIDDLE` (one comma) is how some issuers write first + middle, so a first name
    // with a space keeps the empty middle field: `LAST,MARY ANN,`.
    const keep = fields.firstName.includes(' ') ? 3 : 2;
    while (parts.length > keep && parts[parts.length - 1] === '') parts.pop();
    add('DAA', parts.join(','));
  } else if (version <= 3) {
    add('DCS', fields.lastName);
    // Always with the comma, so a first name containing a space is not read as first + middle.
    add('DCT', `${fields.firstName},${fields.middleName ?? ''}`);
    add('DCU', fields.suffix);
  } else {
    add('DCS', fields.lastName);
    add('DAC', fields.firstName);
    add('DAD', fields.middleName ?? 'NONE');
    add('DCU', fields.suffix);
    add('DDE', 'N');
    add('DDF', 'N');
    add('DDG', 'N');
  }
  add('DBB', cardDate(fields.dateOfBirth, order));
  if (fields.issueDate) add('DBD', cardDate(fields.issueDate, order));
  if (fields.expirationDate) add('DBA', cardDate(fields.expirationDate, order));
  add('DBC', sexCode(fields.sex));
  add('DAY', fields.eyeColor);
  add('DAZ', fields.hairColor);
  if (fields.heightInches) {
    const inches = fields.heightInches;
    if (canadian) add('DAU', `${String(Math.round(inches * 2.54)).padStart(3, '0')} CM`);
    else if (version <= 1) add('DAU', `${Math.floor(inches / 12)}${pad2(inches % 12)}`);
    else add('DAU', `${String(inches).padStart(3, '0')} IN`);
  }
  if (fields.weightLbs) add('DAW', String(fields.weightLbs).padStart(3, '0'));
  add('DAG', fields.street1);
  add('DAH', fields.street2);
  add('DAI', fields.city);
  add('DAJ', fields.state);
  if (fields.postalCode) {
    // Cards pad ZIP codes to 9 digits plus two spaces (e.g. `021080000  `).
    const zip = canadian ? fields.postalCode.padEnd(11, ' ') : `${fields.postalCode.padEnd(9, '0')}  `;
    add('DAK', zip);
  }
  if (version >= 2) add('DCG', canadian ? 'CAN' : 'USA');

  const present = elements.filter((e): e is [string, string] => e[1] !== null && e[1] !== undefined && e[1] !== '');
  const lf = separators ? '\n' : '';
  const cr = separators ? '\r' : '';
  const subfile = `DL${present.map(([id, value]) => `${id}${value}`).join(lf)}${cr}`;

  const prefix = separators ? '@\n\x1e\r' : '@';
  const keyword = options.header ?? 'ANSI ';
  const versionPart = version <= 1 ? pad2(version) : `${pad2(version)}00`;
  const headerBeforeTable = `${prefix}${keyword}${issuerId}${versionPart}01`;
  const offset = headerBeforeTable.length + 10;
  const table = `DL${String(offset).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}`;
  return `${headerBeforeTable}${table}${subfile}`;
}
