import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
