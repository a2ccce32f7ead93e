import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';

/**
 * A district's retention period per kind of record (issue 26 §2, ADR 0047). No row: the default
 * (contracts RETENTION_DEFAULT_DAYS); `keep_days` null: kept for ever.
 */
export const retentionRules = pgTable(
  'retention_rules',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    category: text('category').notNull(),
    keepDays: integer('keep_days'),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.category] })],
);

/**
 * A legal hold (issue 26 §2): while it is not released, nothing the retention run would delete
 * about its subject (a visitor, a student, a registration) is deleted.
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** visitor | student | registration */
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedBy: integer('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('legal_holds_subject_idx').on(t.clientId, t.subjectType, t.subjectId).where(sql`${t.releasedAt} is null`),
  ],
);

/** One retention run of one district: what it removed, per kind of record (issue 26 §2). */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** manual | nightly */
    trigger: text('trigger').notNull(),
    triggeredBy: integer('triggered_by'),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    error: text('error'),
  },
  (t) => [index('retention_runs_client_idx').on(t.clientId, t.startedAt)],
);
