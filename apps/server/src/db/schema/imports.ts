import { customType, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Error files of bulk imports (issue 3; security guide "Imports"): the rejected rows with
 * their reason, readable only within the uploader's client scope (admins: any), served under
 * an unguessable id with no-store, kept 7 days.
 */
export const importErrorFiles = pgTable(
  'import_error_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the uploader's client (null for a platform admin: then only admins can read it) */
    clientId: integer('client_id'),
    createdBy: integer('created_by').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('import_error_files_expires_idx').on(t.expiresAt)],
);

/**
 * An import that can be undone (issue 26 §4, ADR 0049): the ids of the rows it created, for 7 days.
 * Undoing removes those still unused and says how many were kept because they are in use.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    /** the district the rows belong to (null: a platform-wide kind) */
    clientId: integer('client_id'),
    kind: text('kind').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdIds: jsonb('created_ids').$type<number[]>().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by'),
    undoCounts: jsonb('undo_counts').$type<{ removed: number; kept: number }>(),
  },
  (t) => [index('import_batches_client_idx').on(t.clientId, t.kind, t.createdAt)],
);
