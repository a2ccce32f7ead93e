import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { buildings, clients, users } from './tenancy';
import { visitors } from './visitors';

/**
 * spec 000 §3 Exclusion (banned-person list). A null building means global (isGlobal). Names
 * are stored trimmed with inner white space collapsed. The candidate query of screening and the
 * admission gate (exclusions.repository.ts `candidateWhere`) compares the identity keys
 * (first_key / last_key, issue 22) and the date of birth; the older `lower(name)` expression
 * indexes are no longer read by it.
 */
export const exclusions = pgTable(
  'exclusions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id').references(() => buildings.id),
    isGlobal: boolean('is_global').notNull().default(true),
    active: boolean('active').notNull().default(true),
    visitorId: integer('visitor_id').references(() => visitors.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /**
     * canonicalName of the names (issue 22, ADR 0022): the keys every match compares. Set on every
     * write (platform/db/identity-keys.ts); null only until the start-up backfill has run.
     */
    firstKey: text('first_key'),
    lastKey: text('last_key'),
    /** spec 000 §5: a missing date of birth is stored as 1970-01-01 */
    dob: date('dob', { mode: 'string' }).notNull(),
    exclusionType: text('exclusion_type').notNull(),
    reason: text('reason').notNull().default(''),
    photoFileId: uuid('photo_file_id').references(() => files.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exclusions_client_active_idx').on(t.clientId, t.active),
    index('exclusions_first_idx').on(t.clientId, sql`lower(${t.firstname})`),
    index('exclusions_last_idx').on(t.clientId, sql`lower(${t.lastname})`),
    index('exclusions_first_key_idx').on(t.clientId, t.firstKey),
    index('exclusions_last_key_idx').on(t.clientId, t.lastKey),
    index('exclusions_dob_idx').on(t.clientId, t.dob),
    index('exclusions_visitor_idx').on(t.visitorId).where(sql`${t.visitorId} is not null`),
    index('exclusions_building_idx').on(t.buildingId),
  ],
);
