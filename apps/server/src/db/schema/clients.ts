import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';

/**
 * Student pickup and drop-off reasons of a client (spec 002 §3 "SIS pickup and dropoff reason:
 * Id, and for dropoff isExcused"), managed on /settings/studentreasons and offered by the student
 * pickup, drop-off and kiosk screens. Reasons are deactivated, never deleted, so recorded pickups
 * keep their reason.
 */
export const studentReasons = pgTable(
  'student_reasons',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** 'pickup' | 'dropoff' */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** the name in Spanish, for the kiosk in Spanish ('' = none given; issue 25, ADR 0034) */
    nameEs: text('name_es').notNull().default(''),
    /** drop-off reasons: the tardy is excused */
    isExcused: boolean('is_excused').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_reasons_client_idx').on(t.clientId, t.kind, t.active, t.sortOrder)],
);
