import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';

/**
 * A district's own wording of a visitor-facing string in one language (issue 29 §1, ADR 0054): the
 * kiosk's, the public forms' (health questions, instructions). No row: the product's text.
 */
export const visitorWording = pgTable(
  'visitor_wording',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    language: text('language').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('visitor_wording_client_language_key').on(t.clientId, t.language, t.key)],
);
