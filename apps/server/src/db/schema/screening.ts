import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { buildings, clients, users } from './tenancy';
import { visitors } from './visitors';

/**
 * One finding a screening showed (issue 10 §1): what the attendant saw and must decide on.
 * - source 'exclusion': `ref` is the exclusion id; kind 'direct' (linked: always refuses) or 'potential';
 * - source 'registry': `ref` is the registry record reference; kind 'registry';
 * - source 'registry_status': the registry could not answer ('failed') or could not be asked ('not_run').
 * `gating`: needs a decision before check-in (weaker registry candidates may be information only);
 * `clearedBefore`: shown as already cleared (a remembered clearing of an earlier visit).
 */
export interface ScreeningFinding {
  source: 'exclusion' | 'registry' | 'registry_status';
  ref: string;
  kind: 'direct' | 'potential' | 'registry' | 'failed' | 'not_run';
  gating: boolean;
  clearedBefore: boolean;
}

/**
 * The server's screenings (issue 10 §1 "the check-in service accepts a visit only when the server
 * has screened that person at that building within a short window"): every screening is kept with
 * what it showed, so a check-in names the screening it relies on and a clearing names the screening
 * it answers. Nothing clears what a screening did not show.
 */
export const screenings = pgTable(
  'screenings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    screenedBy: integer('screened_by').references(() => users.id),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull(),
    /** 'ok' | 'failed' | 'not_run' | 'off' (the district's background check setting is off) */
    registryStatus: text('registry_status').notNull(),
    findings: jsonb('findings').$type<ScreeningFinding[]>().notNull(),
  },
  (t) => [index('screenings_visitor_idx').on(t.visitorId, t.screenedAt)],
);

/**
 * A decision on one finding of one screening (issue 10 §1): who cleared or overruled it, when and
 * why. A check-in admits only when every gating finding of its screening has one (or was shown as
 * cleared before).
 */
export const screeningDecisions = pgTable(
  'screening_decisions',
  {
    id: serial('id').primaryKey(),
    screeningId: uuid('screening_id')
      .notNull()
      .references(() => screenings.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    ref: text('ref').notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('screening_decisions_uq').on(t.screeningId, t.source, t.ref)],
);
