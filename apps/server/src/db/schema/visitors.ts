import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { buildings, clients } from './tenancy';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
  ],
);
