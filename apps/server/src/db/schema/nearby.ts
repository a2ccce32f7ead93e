import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { registrations } from './registrations';
import { buildings, clients, users } from './tenancy';

/**
 * The personal arrival link of a registration (ADR 0017): `${PUBLIC_URL}/arrive/{token}`, sent in
 * the approval e-mail. Only the SHA-256 of the random token is stored; a new approval replaces it
 * (one row per registration).
 */
export const arrivalTokens = pgTable(
  'arrival_tokens',
  {
    registrationId: integer('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('arrival_tokens_hash_uq').on(t.tokenHash)],
);

/**
 * A nearby visitor (spec 002 §2 Dashboard, §3 Nearby log row, §4 Nearby visitor): a registration
 * whose phone reported a position within a building's radius. Open while `exited_at` is null
 * (one open entry per registration and building); closed by leaving the radius or checking in;
 * `deleted_at` is the dashboard's remove (DeleteNearby: cleared from the list, kept in the log).
 */
export const nearbyEntries = pgTable(
  'nearby_entries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    exitedAt: timestamp('exited_at', { withTimezone: true }),
    /** metres from the building at the last position within its radius */
    distanceMetres: doublePrecision('distance_metres').notNull(),
    /** 'left' | 'checked_in' | 'removed' | 'expired' (no check-in within NEARBY_EXPIRES_AFTER_MINUTES) */
    exitReason: text('exit_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('nearby_entries_open_uq').on(t.registrationId, t.buildingId).where(sql`${t.exitedAt} is null`),
    index('nearby_entries_building_idx').on(t.buildingId, t.enteredAt),
    index('nearby_entries_client_idx').on(t.clientId, t.enteredAt),
  ],
);
