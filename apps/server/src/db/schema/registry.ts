import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients, users } from './tenancy';
import { visitors } from './visitors';

/**
 * Local sex-offender registry (integrations guide "Sex-offender registry"): records imported from
 * a jurisdiction's bulk files (CSV trio or NSOPW-shaped JSON) or the generated demo registry.
 * Public reference data, not tenant-owned: every district screens against the same records.
 * `source` is what an import replaces ('local', a jurisdiction code such as 'MA', or 'DEMO').
 */
export const registryOffenders = pgTable(
  'registry_offenders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    /** the record's id in its source file; (source, external_id) is unique and stable across re-imports */
    externalId: text('external_id').notNull(),
    jurisdiction: text('jurisdiction').notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    /** the year when only a year is published (or the year of `dob`) */
    birthYear: smallint('birth_year'),
    gender: text('gender').notNull().default(''),
    absconder: boolean('absconder').notNull().default(false),
    photoUrl: text('photo_url'),
    offenderUri: text('offender_uri'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('registry_offenders_source_ext_uq').on(t.source, t.externalId)],
);

/**
 * Every name of an offender (the primary name and each alias) with its search keys, computed by
 * the domain's `nameKey` / `soundex` (packages/domain/src/names.ts) at import time. `birth_year`
 * is copied from the offender so one index answers "same Soundex, same birth year (or none)".
 */
export const registryNames = pgTable(
  'registry_names',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offenderId: bigint('offender_id', { mode: 'number' })
      .notNull()
      .references(() => registryOffenders.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    lastKey: text('last_key').notNull(),
    firstKey: text('first_key').notNull(),
    lastSoundex: text('last_soundex').notNull(),
    firstSoundex: text('first_soundex').notNull(),
    birthYear: smallint('birth_year'),
  },
  (t) => [
    // Candidate query (integrations/registry/local-registry.ts): same-Soundex last name …
    // The trailing columns make every branch an index-only scan: the first-name filters
    // (first_key, first_soundex) and the answer (offender_id) are read from the index, not from
    // ~2,000 heap pages of a common Soundex code (issue 5: screening p95 ≤ 20 ms).
    index('registry_names_last_sx_year_idx').on(t.lastSoundex, t.birthYear, t.firstSoundex, t.firstKey, t.offenderId),
    // … and swapped names / last-name typos (visitor's last name as first name; visitor's first name)
    index('registry_names_first_sx_year_idx').on(t.firstSoundex, t.birthYear, t.lastSoundex, t.lastKey, t.offenderId),
    index('registry_names_last_key_idx').on(t.lastKey),
    index('registry_names_offender_idx').on(t.offenderId),
  ],
);

/** Registered locations: R residence, S school, E employment. */
export const registryAddresses = pgTable(
  'registry_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offenderId: bigint('offender_id', { mode: 'number' })
      .notNull()
      .references(() => registryOffenders.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('R'),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    county: text('county').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [index('registry_addresses_offender_idx').on(t.offenderId)],
);

/**
 * A potential match an attendant cleared for one visitor (issue 4: "a cleared potential match for
 * the same person is remembered so the next visit does not flag them again"). `match_ref` is the
 * registry record reference ('<source>:<external id>', stable across re-imports) or the exclusion id.
 */
export const clearedMatches = pgTable(
  'cleared_matches',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    matchRef: text('match_ref').notNull(),
    clearedBy: integer('cleared_by').references(() => users.id),
    clearedAt: timestamp('cleared_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('cleared_matches_uq').on(t.clientId, t.visitorId, t.source, t.matchRef)],
);
