import { isIsoDate, parseUsDate } from '@sv/domain';
import { parse } from 'csv-parse/sync';
import type { NsopwOffender } from '../../integrations/registry/offender-registry';
import { readNsopwOffender } from '../../integrations/registry/nsopw-client';

/**
 * Bulk registry formats of the integrations guide ("Sex-offender registry"):
 *
 * - CSV trio — `offenders.csv` (id, dob, gender, url, photo url, absconder [, jurisdiction]),
 *   `names.csv` (id, prefix, first, middle, last, suffix, is primary) and, optionally,
 *   `addresses.csv` (id, name, type, street, city, state, county, zip, lat, lon). `id` in names and
 *   addresses is the offender's id. Headers are matched ignoring case, spaces and punctuation
 *   ("Photo URL" = "photo_url"), and a few usual synonyms are accepted (first name, zip code …).
 * - JSON — an array of offenders in the NSOPW answer shape, or `{ "offenders": [...] }`.
 *
 * Dates of birth: YYYY-MM-DD, MM/DD/YYYY, YYYYMMDD, or YYYY (only the year is published).
 * A record is never dropped silently: a row that cannot be used is reported in `problems`.
 */

export interface ImportName {
  isPrimary: boolean;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
}

export interface ImportAddress {
  type: string;
  street: string;
  city: string;
  county: string;
  state: string;
  zip: string;
  lat: number | null;
  lon: number | null;
}

export interface ImportOffender {
  externalId: string;
  /** jurisdiction code from the file ('' when the file has none) */
  jurisdiction: string;
  dob: string | null;
  birthYear: number | null;
  gender: string;
  absconder: boolean;
  photoUrl: string | null;
  offenderUri: string | null;
  /** the primary name first, then aliases */
  names: ImportName[];
  addresses: ImportAddress[];
}

export interface ParsedRegistry {
  offenders: ImportOffender[];
  /** readable problems, e.g. "names.csv line 12: no offender with id 77" */
  problems: string[];
}

/** A file that cannot be read at all (bad JSON, missing required column, missing file). */
export class RegistryFormatError extends Error {}

export interface ParsedDob {
  dob: string | null;
  birthYear: number | null;
  valid: boolean;
}

export function parseRegistryDob(text: string | null | undefined): ParsedDob {
  const t = (text ?? '').trim();
  if (t === '') return { dob: null, birthYear: null, valid: true };
  const isoPrefix = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(t)?.[1];
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  const iso =
    isoPrefix && isIsoDate(isoPrefix)
      ? isoPrefix
      : compact && isIsoDate(`${compact[1]}-${compact[2]}-${compact[3]}`)
        ? `${compact[1]}-${compact[2]}-${compact[3]}`
        : parseUsDate(t);
  if (iso) return { dob: iso, birthYear: Number(iso.slice(0, 4)), valid: true };
  if (/^\d{4}$/.test(t) && Number(t) >= 1850 && Number(t) <= 2100)
    return { dob: null, birthYear: Number(t), valid: true };
  return { dob: null, birthYear: null, valid: false };
}

const truthy = (v: string | boolean | null | undefined) =>
  v === true || (typeof v === 'string' && /^(true|t|y|yes|1|primary)$/i.test(v.trim()));

const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

const COLUMNS = {
  offenders: {
    id: ['id', 'offenderid'],
    dob: ['dob', 'dateofbirth', 'birthdate'],
    gender: ['gender', 'sex'],
    url: ['url', 'offenderuri', 'offenderurl'],
    photoUrl: ['photourl', 'photo', 'imageuri', 'imageurl'],
    absconder: ['absconder'],
    jurisdiction: ['jurisdiction', 'jurisdictionid'],
  },
  names: {
    id: ['id', 'offenderid'],
    prefix: ['prefix'],
    first: ['first', 'firstname', 'givenname'],
    middle: ['middle', 'middlename'],
    last: ['last', 'lastname', 'surname', 'familyname'],
    suffix: ['suffix'],
    isPrimary: ['isprimary', 'primary'],
  },
  addresses: {
    id: ['id', 'offenderid'],
    name: ['name'],
    type: ['type', 'addresstype', 'locationtype'],
    street: ['street', 'streetaddress', 'address'],
    city: ['city'],
    state: ['state'],
    county: ['county'],
    zip: ['zip', 'zipcode', 'postalcode'],
    lat: ['lat', 'latitude'],
    lon: ['lon', 'lng', 'longitude'],
  },
} as const;

const REQUIRED: { [F in keyof typeof COLUMNS]: (keyof (typeof COLUMNS)[F])[] } = {
  offenders: ['id'],
  names: ['id', 'first', 'last'],
  addresses: ['id'],
};

type FileKind = keyof typeof COLUMNS;

export const MAX_REGISTRY_RECORD_CHARS = 64 * 1024;

/** Reads one CSV file into records keyed by our column names, with 1-based line numbers. */
function readCsv<F extends FileKind>(
  kind: F,
  text: string,
): { line: number; row: Record<keyof (typeof COLUMNS)[F], string> }[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // a registry record is a few hundred characters; stop at a huge one instead of reading it
      // whole on the request thread (issue 10 §3)
      max_record_size: MAX_REGISTRY_RECORD_CHARS,
    });
  } catch (err) {
    throw new RegistryFormatError(`${kind}.csv: ${(err as Error).message}`);
  }
  if (records.length === 0) throw new RegistryFormatError(`${kind}.csv is empty`);
  const headers = records[0].map(headerKey);
  const spec = COLUMNS[kind] as Record<string, readonly string[]>;
  const index: Record<string, number> = {};
  for (const [key, names] of Object.entries(spec)) {
    const i = headers.findIndex((h) => names.includes(h));
    if (i >= 0) index[key] = i;
  }
  const missing = (REQUIRED[kind] as string[]).filter((k) => index[k] === undefined);
  if (missing.length > 0) {
    throw new RegistryFormatError(`${kind}.csv: missing column ${missing.map((k) => `"${k}"`).join(', ')}`);
  }
  return records.slice(1).map((cells, i) => {
    const row = {} as Record<string, string>;
    for (const key of Object.keys(spec)) row[key] = index[key] === undefined ? '' : (cells[index[key]] ?? '').trim();
    return { line: i + 2, row: row as Record<keyof (typeof COLUMNS)[F], string> };
  });
}

const numOrNull = (v: string) => {
  const n = v === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) ? n : null;
};

const orderNames = (names: ImportName[]): ImportName[] => {
  const primary = names.find((n) => n.isPrimary) ?? names[0];
  return [
    { ...primary, isPrimary: true },
    ...names.filter((n) => n !== primary).map((n) => ({ ...n, isPrimary: false })),
  ];
};

/** The CSV trio (addresses optional). */
export function parseCsvTrio(files: { offenders: string; names: string; addresses?: string | null }): ParsedRegistry {
  const problems: string[] = [];
  const byId = new Map<string, ImportOffender>();
  for (const { line, row } of readCsv('offenders', files.offenders)) {
    if (row.id === '') {
      problems.push(`offenders.csv line ${line}: no id`);
      continue;
    }
    if (byId.has(row.id)) {
      problems.push(`offenders.csv line ${line}: id ${row.id} appears twice; the first is kept`);
      continue;
    }
    const dob = parseRegistryDob(row.dob);
    if (!dob.valid) problems.push(`offenders.csv line ${line}: unreadable date of birth; imported without it`);
    byId.set(row.id, {
      externalId: row.id,
      jurisdiction: row.jurisdiction,
      dob: dob.dob,
      birthYear: dob.birthYear,
      gender: row.gender,
      absconder: truthy(row.absconder),
      photoUrl: row.photoUrl || null,
      offenderUri: row.url || null,
      names: [],
      addresses: [],
    });
  }
  for (const { line, row } of readCsv('names', files.names)) {
    const offender = byId.get(row.id);
    if (!offender) {
      problems.push(`names.csv line ${line}: no offender with id ${row.id}`);
      continue;
    }
    if (row.first === '' || row.last === '') {
      problems.push(`names.csv line ${line}: first and last name are required`);
      continue;
    }
    offender.names.push({
      isPrimary: truthy(row.isPrimary),
      firstName: row.first,
      middleName: row.middle,
      lastName: row.last,
      suffix: row.suffix,
    });
  }
  if (files.addresses) {
    for (const { line, row } of readCsv('addresses', files.addresses)) {
      const offender = byId.get(row.id);
      if (!offender) {
        problems.push(`addresses.csv line ${line}: no offender with id ${row.id}`);
        continue;
      }
      offender.addresses.push({
        type: (row.type || 'R').slice(0, 1).toUpperCase(),
        street: row.street,
        city: row.city,
        county: row.county,
        state: row.state,
        zip: row.zip,
        lat: numOrNull(row.lat),
        lon: numOrNull(row.lon),
      });
    }
  }
  const offenders: ImportOffender[] = [];
  for (const offender of byId.values()) {
    if (offender.names.length === 0) {
      problems.push(`offenders.csv: offender ${offender.externalId} has no name in names.csv; not imported`);
      continue;
    }
    offenders.push({ ...offender, names: orderNames(offender.names) });
  }
  return { offenders, problems };
}

/** An offender in the NSOPW shape → an import record (null when it has no usable name). */
export function fromNsopwOffender(o: NsopwOffender): { offender: ImportOffender | null; dobValid: boolean } {
  const toName = (n: NsopwOffender['name'], isPrimary: boolean): ImportName => ({
    isPrimary,
    firstName: (n.firstName ?? '').trim(),
    middleName: (n.middleName ?? '').trim(),
    lastName: (n.lastName ?? '').trim(),
    suffix: (n.suffix ?? '').trim(),
  });
  const names = [toName(o.name, true), ...o.aliases.map((a) => toName(a, false))].filter(
    (n) => n.firstName !== '' && n.lastName !== '',
  );
  const dob = parseRegistryDob(o.dob);
  if (names.length === 0) return { offender: null, dobValid: dob.valid };
  return {
    dobValid: dob.valid,
    offender: {
      externalId: o.id,
      jurisdiction: o.jurisdictionId,
      dob: dob.dob,
      birthYear: dob.birthYear,
      gender: o.gender ?? '',
      absconder: o.absconder === true,
      photoUrl: o.imageUri ?? null,
      offenderUri: o.offenderUri ?? null,
      names: orderNames(names),
      addresses: o.locations.map((l) => ({
        type: (l.type || 'R').slice(0, 1).toUpperCase(),
        street: l.streetAddress ?? '',
        city: l.city ?? '',
        county: l.county ?? '',
        state: l.state ?? '',
        zip: l.zipCode ?? '',
        lat: l.latitude ?? null,
        lon: l.longitude ?? null,
      })),
    },
  };
}

/** A JSON file: an array of NSOPW-shaped offenders, or `{ offenders: [...] }`. */
export function parseNsopwJson(text: string): ParsedRegistry {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new RegistryFormatError(`The JSON file cannot be read: ${(err as Error).message}`);
  }
  const list = Array.isArray(data) ? data : (data as { offenders?: unknown } | null)?.offenders;
  if (!Array.isArray(list))
    throw new RegistryFormatError('The JSON file must be an array of offenders or { "offenders": [...] }');
  const problems: string[] = [];
  const offenders: ImportOffender[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const raw = readNsopwOffender(item);
    if (!raw) {
      problems.push(`offender #${i + 1}: not an offender record (id and name are required)`);
      return;
    }
    const { offender, dobValid } = fromNsopwOffender(raw);
    if (!offender) {
      problems.push(`offender #${i + 1} (id ${raw.id}): first and last name are required`);
      return;
    }
    const key = `${offender.jurisdiction}:${offender.externalId}`;
    if (seen.has(key)) {
      problems.push(`offender #${i + 1}: id ${raw.id} appears twice; the first is kept`);
      return;
    }
    seen.add(key);
    if (!dobValid) problems.push(`offender #${i + 1} (id ${raw.id}): unreadable date of birth; imported without it`);
    offenders.push(offender);
  });
  return { offenders, problems };
}

/** Which source each record goes to: the --source given, else the record's jurisdiction, else 'local'. */
export function groupBySource(offenders: ImportOffender[], source?: string | null): Map<string, ImportOffender[]> {
  const groups = new Map<string, ImportOffender[]>();
  for (const o of offenders) {
    const key = source || o.jurisdiction || 'local';
    const list = groups.get(key);
    if (list) list.push(o);
    else groups.set(key, [o]);
  }
  return groups;
}

export const SOURCE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
