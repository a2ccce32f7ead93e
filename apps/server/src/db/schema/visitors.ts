import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { buildings, clients, users } from './tenancy';

/**
 * spec 002 §3 Visitor. One row per person per district (client). `search_name` is the
 * normalised "first middle last" used by the typo-tolerant trigram search (issue 4 "Finding a
 * visitor"); it is maintained by the repository on every write.
 */
export const visitors = pgTable(
  'visitors',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** building where the visitor was first registered (informational) */
    buildingId: integer('building_id').references(() => buildings.id),
    title: text('title').notNull().default(''),
    firstname: text('firstname').notNull(),
    middlename: text('middlename').notNull().default(''),
    lastname: text('lastname').notNull(),
    /**
     * canonicalName of the names (issue 22, ADR 0022): with the date of birth, or the licence, what
     * makes two records one person. Set on every write (platform/db/identity-keys.ts); null only
     * until the start-up backfill has run.
     */
    firstKey: text('first_key'),
    lastKey: text('last_key'),
    suffix: text('suffix').notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    sex: text('sex').notNull().default(''),
    eye: text('eye').notNull().default(''),
    hair: text('hair').notNull().default(''),
    height: text('height').notNull().default(''),
    weight: text('weight').notNull().default(''),
    race: text('race').notNull().default(''),
    note: text('note').notNull().default(''),
    street1: text('street1').notNull().default(''),
    street2: text('street2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    county: text('county').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    currentDriversLicenseNumber: text('current_drivers_license_number').notNull().default(''),
    licenseState: text('license_state').notNull().default(''),
    photoFileId: uuid('photo_file_id').references(() => files.id),
    searchName: text('search_name').notNull().default(''),
    /**
     * Set when an administrator merged this record into another one of the same person (issue 22,
     * ADR 0022): everything that referenced it moved there; it no longer appears in searches and
     * never resolves as a person. Cleared by "Undo merge". No foreign key: a reference from the table
     * to itself would order rows inside one table for the move to PostgreSQL (to-postgres.ts copies
     * table by table); the merge writes it in the transaction that checks both records.
     */
    mergedIntoId: integer('merged_into_id'),
    /** erased on request (issue 26 §3, ADR 0048): a tombstone with no personal data */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // No index on client_id alone: every index below starts with it, and a bare client_id index
    // tempted the planner into filtering a whole district row by row (issue 5 query plans).
    // Name search (issue 5: p95 ≤ 30 ms over 2M visitors), see visitors.repository.ts `search`.
    // Last tier (both names misspelled, or one misspelled word): trigram similarity / substring
    // on the normalised name. A GIN index led by client_id (btree_gin) would keep it inside the
    // district, but btree_gin GIN scans return wrong rows on the embedded database (PGlite
    // 0.5.16), so it stays on search_name alone: ADR 0007.
    index('visitors_search_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // Prefix tiers (and the exact name + date-of-birth lookup of a scan): last-name and
    // first-name prefixes; text_pattern_ops so LIKE 'abc%' is a range scan whatever the collation.
    index('visitors_client_last_first_prefix_idx').on(
      t.clientId,
      sql`lower(${t.lastname}) text_pattern_ops`,
      sql`lower(${t.firstname}) text_pattern_ops`,
    ),
    index('visitors_client_first_prefix_idx').on(t.clientId, sql`lower(${t.firstname}) text_pattern_ops`),
    index('visitors_license_idx')
      .on(t.clientId, t.currentDriversLicenseNumber)
      .where(sql`${t.currentDriversLicenseNumber} <> ''`),
    index('visitors_client_dob_idx').on(t.clientId, t.dob),
    // one person behind every record (issue 22): canonical name + date of birth
    index('visitors_identity_idx').on(t.clientId, t.lastKey, t.firstKey, t.dob),
    index('visitors_merged_into_idx').on(t.mergedIntoId).where(sql`${t.mergedIntoId} is not null`),
  ],
);

/**
 * One merge of a duplicate visitor record into the record of the same person (issue 22, ADR
 * 0022): which rows of which tables moved from `merged_id` to `survivor_id` (`moved`: table →
 * ids), which of the survivor's empty fields were filled from the merged record and what they
 * were before (`survivor_before`), by whom and when. "Undo merge" moves exactly those rows back
 * until `undo_until` (the end of the next day in the district's time zone).
 */
export const visitorMerges = pgTable(
  'visitor_merges',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    survivorId: integer('survivor_id')
      .notNull()
      .references(() => visitors.id),
    mergedId: integer('merged_id')
      .notNull()
      .references(() => visitors.id),
    moved: jsonb('moved').$type<Record<string, Array<number | string>>>().notNull(),
    survivorBefore: jsonb('survivor_before').$type<Record<string, unknown>>().notNull(),
    mergedBy: integer('merged_by').references(() => users.id),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    undoUntil: timestamp('undo_until', { withTimezone: true }).notNull(),
    undoneBy: integer('undone_by').references(() => users.id),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('visitor_merges_merged_idx').on(t.clientId, t.mergedId),
    index('visitor_merges_survivor_idx').on(t.clientId, t.survivorId),
  ],
);
