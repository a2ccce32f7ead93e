import { NICKNAME_GROUPS, nameKey, normalizeName, scoreRegistryCandidate, soundex } from '@sv/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type {
  NsopwLocation,
  NsopwName,
  NsopwOffender,
  OffenderRegistry,
  RegistrySearchQuery,
  RegistrySearchResult,
} from './offender-registry';

/**
 * The local registry: records imported into registry_offenders / registry_names /
 * registry_addresses (features/registry), searched with no outside call.
 *
 * Candidate query (one SQL statement, one round trip, no per-candidate query). A registry name
 * row is a candidate when its birth year is the visitor's (or unknown) and
 *   1. its last-name Soundex is the visitor's last-name Soundex (exact, phonetic and most typo
 *      last names) and its first name may agree by one of the domain's first-name rules: the
 *      Soundex of the first name or of a nickname pair (exact, phonetic, nickname), at most 2
 *      edits (typos, a first letter included), a registry key that starts with the visitor's
 *      first word (compound names), or an initial, or
 *   2. it is the visitor's name swapped: first-name Soundex = visitor's last-name Soundex and
 *      last-name Soundex = visitor's first-name Soundex, or
 *   3. (known birth year only) its first-name Soundex is that of the visitor's first name or of
 *      one of its nickname pairs, and its last-name key is at most 2 edits from the visitor's
 *      (`levenshtein`, fuzzystrmatch): a one-letter typo that changes the Soundex code
 *      ("Kowalski" / "Cowalski").
 * Arms 1–2 use registry_names_last_sx_year_idx / registry_names_first_sx_year_idx with both key
 * columns as index conditions (`birth_year = y` and `birth_year IS NULL` are separate arms so
 * each is an index range). The candidates' names and addresses come back aggregated in the same
 * statement. The domain's `scoreRegistryCandidate` then keeps only real matches, so the search
 * answers what `scoreRegistryCandidate` accepts among the candidates: a known birth year that
 * differs is never a candidate and never a match.
 */

export interface NameSearchKeys {
  lastKey: string;
  firstKey: string;
  lastSoundex: string;
  firstSoundex: string;
}

/** The search keys stored for (and computed from) a name: the domain's nameKey and soundex. */
export function nameSearchKeys(name: { firstName?: string | null; lastName?: string | null }): NameSearchKeys {
  return {
    lastKey: nameKey(name.lastName),
    firstKey: nameKey(name.firstName),
    lastSoundex: soundex(name.lastName),
    firstSoundex: soundex(name.firstName),
  };
}

/** Soundex codes of a first name and of every name it forms a nickname pair with (BOB → ROBERT). */
export function firstNameSoundexes(firstName: string): string[] {
  const key = nameKey(firstName);
  const codes = new Set<string>([soundex(key)]);
  for (const [formal, ...nicknames] of NICKNAME_GROUPS) {
    if (formal === key) for (const n of nicknames) codes.add(soundex(n));
    else if (nicknames.includes(key)) codes.add(soundex(formal));
  }
  codes.delete('');
  return [...codes];
}

interface CandidateRow {
  id: string;
  source: string;
  external_id: string;
  jurisdiction: string;
  dob: string | null;
  birth_year: number | null;
  gender: string;
  absconder: boolean;
  photo_url: string | null;
  offender_uri: string | null;
  names: { p: boolean; f: string; m: string; l: string; s: string }[] | string;
  addresses:
    | {
        t: string;
        st: string;
        c: string;
        co: string;
        s: string;
        z: string;
        la: number | null;
        lo: number | null;
      }[]
    | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toOffender(row: CandidateRow): NsopwOffender {
  const names = json(row.names);
  const toName = (n: (typeof names)[number]): NsopwName => ({
    firstName: n.f,
    middleName: n.m || null,
    lastName: n.l,
    suffix: n.s || null,
  });
  const primary = names.find((n) => n.p) ?? names[0];
  const locations: NsopwLocation[] = json(row.addresses).map((a) => ({
    type: a.t,
    streetAddress: a.st,
    city: a.c,
    county: a.co,
    state: a.s,
    zipCode: a.z,
    latitude: a.la,
    longitude: a.lo,
  }));
  return {
    id: row.external_id,
    jurisdictionId: row.jurisdiction || row.source,
    ref: `${row.source}:${row.external_id}`,
    name: primary ? toName(primary) : {},
    aliases: names.filter((n) => n !== primary).map(toName),
    gender: row.gender || null,
    dob: row.dob ?? (row.birth_year ? String(row.birth_year) : null),
    locations,
    offenderUri: row.offender_uri,
    imageUri: row.photo_url,
    absconder: row.absconder,
  };
}

/** fuzzystrmatch's levenshtein refuses arguments over 255 characters: compare bounded prefixes. */
const LEV_MAX = 60;

/**
 * The registry dates (MMDD) a full visitor date of birth can match in `scoreRegistryCandidate`:
 * the same day, day and month swapped, or one digit of MMDD different (a slip). Any other day of
 * the same year is no match, so its record need not be fetched with its names and addresses.
 */
export function matchableMonthDays(dob: string): string[] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!m) return null;
  const mmdd = `${m[2]}${m[3]}`;
  const out = new Set([mmdd, `${m[3]}${m[2]}`]);
  for (let i = 0; i < 4; i++) for (let d = 0; d <= 9; d++) out.add(`${mmdd.slice(0, i)}${d}${mmdd.slice(i + 1)}`);
  return [...out];
}

/**
 * The date part of the candidate filter: a record without a full date (year only, none) stays a
 * candidate; one with a full date only on a day the domain can match (same year, `matchableMonthDays`).
 * A visitor date that is not a full date filters nothing (the domain calls it unknown).
 */
function dobFilter(dob: string): SQL {
  const days = matchableMonthDays(dob);
  if (!days) return sql``;
  return sql` and (o.dob is null or (to_char(o.dob, 'YYYY') = ${dob.slice(0, 4)}
                 and to_char(o.dob, 'MMDD') in (${sql.join(
                   days.map((d) => sql`${d}`),
                   sql`, `,
                 )})))`;
}

/** The candidate statement (exported for the EXPLAIN test). */
export function candidateQuery(query: RegistrySearchQuery): SQL | null {
  const year = Number(query.dob.slice(0, 4));
  const visitor = nameSearchKeys(query);
  if (!Number.isInteger(year) || visitor.lastSoundex === '' || visitor.firstSoundex === '') return null;
  const codeList = sql.join(
    firstNameSoundexes(query.firstName).map((c) => sql`${c}`),
    sql`, `,
  );
  const firstKey = visitor.firstKey.slice(0, LEV_MAX);
  const lastKey = visitor.lastKey.slice(0, LEV_MAX);
  // The first-name rules of a MIXED match (registry-matching.ts `firstNameReason`), as a row
  // filter, each as narrow as the rule itself (issue 10 §9: a common name's same-letter first
  // names were ~80% of its candidates, each costing a record, names and addresses lookup):
  // exact, Soundex and nickname pairs → the Soundex codes; a typo (one edit, also in a short name
  // with an agreeing date) → Levenshtein ≤ 2 (a swap of two letters is 2 there); the first word of
  // a compound name → the registry key starts with the visitor's first word; an initial → the
  // registry name is the visitor's initial, or (a visitor who gave only an initial) any name with
  // that first letter.
  const firstWord = nameKey(normalizeName(query.firstName).split(' ')[0]).slice(0, LEV_MAX) || firstKey;
  const initialRule =
    firstKey.length === 1 ? sql`left(first_key, 1) = ${firstKey}` : sql`first_key = ${firstKey.slice(0, 1)}`;
  const firstAgrees = sql`(first_soundex in (${codeList}) or ${initialRule}
                           or first_key like ${`${firstWord}%`}
                           or levenshtein(left(first_key, ${LEV_MAX}), ${firstKey}) <= 2)`;
  return sql`
    with cand as (
      select offender_id from registry_names
       where last_soundex = ${visitor.lastSoundex} and birth_year = ${year} and ${firstAgrees}
      union
      select offender_id from registry_names
       where last_soundex = ${visitor.lastSoundex} and birth_year is null and ${firstAgrees}
      union
      select offender_id from registry_names
       where first_soundex = ${visitor.lastSoundex} and birth_year = ${year} and last_soundex = ${visitor.firstSoundex}
      union
      select offender_id from registry_names
       where first_soundex = ${visitor.lastSoundex} and birth_year is null and last_soundex = ${visitor.firstSoundex}
      union
      select offender_id from registry_names
       where first_soundex in (${codeList}) and birth_year = ${year}
         and levenshtein(left(last_key, ${LEV_MAX}), ${lastKey}) <= 2
    )
    select o.id::text as id, o.source, o.external_id, o.jurisdiction, to_char(o.dob, 'YYYY-MM-DD') as dob,
           o.birth_year, o.gender, o.absconder, o.photo_url, o.offender_uri,
           (select coalesce(json_agg(json_build_object('p', n.is_primary, 'f', n.first_name, 'm', n.middle_name,
                                                      'l', n.last_name, 's', n.suffix) order by n.is_primary desc, n.id), '[]'::json)
              from registry_names n where n.offender_id = o.id) as names,
           (select coalesce(json_agg(json_build_object('t', a.type, 'st', a.street, 'c', a.city, 'co', a.county,
                                                      's', a.state, 'z', a.zip, 'la', a.lat, 'lo', a.lon) order by a.id), '[]'::json)
              from registry_addresses a where a.offender_id = o.id) as addresses
      from registry_offenders o
     where o.id in (select offender_id from cand)${dobFilter(query.dob)}
     order by o.id`;
}

export function createLocalRegistry(db: Db): OffenderRegistry {
  return {
    kind: 'local',
    async search(query: RegistrySearchQuery): Promise<RegistrySearchResult> {
      const statement = candidateQuery(query);
      // Without a usable name or year there is nothing to search by: that is not "no match".
      if (!statement) return { status: 'failed', offenders: [], jurisdictionsFailed: [], error: 'unsearchable name' };
      let rows: CandidateRow[];
      try {
        // never a named statement: its best plan depends on the name's keys (a generic plan
        // measured 16.6 ms against 0.4-0.9 ms, issue 10 §9)
        rows = ((await db.execute(statement)) as unknown as { rows: CandidateRow[] }).rows;
      } catch {
        return { status: 'failed', offenders: [], jurisdictionsFailed: [], error: 'database error' };
      }
      const visitor = { firstName: query.firstName, lastName: query.lastName, dateOfBirth: query.dob };
      const offenders = rows.map(toOffender).filter((o) => scoreRegistryCandidate(visitor, o) !== null);
      return { status: 'ok', offenders, jurisdictionsFailed: [] };
    },
  };
}
