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
    index('visitors_client_idx').on(t.clientId),
    index('visitors_search_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('visitors_client_last_first_idx').on(t.clientId, sql`lower(${t.lastname})`, sql`lower(${t.firstname})`),
    index('visitors_license_idx')
      .on(t.clientId, t.currentDriversLicenseNumber)
      .where(sql`${t.currentDriversLicenseNumber} <> ''`),
    index('visitors_client_dob_idx').on(t.clientId, t.dob),
  ],
);
