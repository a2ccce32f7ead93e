import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { emergencyStates } from './emergency';
import { files } from './files';
import { guardians, pickupEvents, students } from './students';
import { buildings, clients, users } from './tenancy';

/**
 * A reunification event (issue 27 §3, ADR 0050, migration 0038): one building, tied to an
 * emergency state or started on its own by an administrator; open while `ended_at` is null (one
 * open event per building). The public pre-request link's token is found by its SHA-256 and kept sealed.
 */
export const reunificationEvents = pgTable(
  'reunification_events',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    stateId: integer('state_id').references(() => emergencyStates.id),
    tokenHash: text('token_hash').notNull(),
    /** the token sealed with the app secret (secret-box), so the same link can be sent again */
    tokenSealed: text('token_sealed').notNull(),
    startedBy: integer('started_by')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
    endedBy: integer('ended_by').references(() => users.id),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reunification_events_token_uq').on(t.tokenHash),
    uniqueIndex('reunification_events_open_uq').on(t.buildingId).where(sql`${t.endedAt} IS NULL`),
    index('reunification_events_client_idx').on(t.clientId, t.startedAt),
  ],
);

/** An adult asking for children: pre-requested on the public page or met at a station. */
export const reunificationRequests = pgTable(
  'reunification_requests',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => reunificationEvents.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    /** 'public' | 'station' */
    source: text('source').notNull(),
    /** 'en' | 'es' */
    language: text('language').notNull().default('en'),
    adultFirst: text('adult_first').notNull(),
    adultLast: text('adult_last').notNull(),
    adultPhone: text('adult_phone').notNull().default(''),
    /** the person on file the station identified the adult as */
    guardianId: integer('guardian_id').references(() => guardians.id),
    /** 'open' | 'verified' | 'closed' */
    status: text('status').notNull().default('open'),
    station: text('station').notNull().default(''),
    /** how the adult was verified (ReleaseVerificationMethod) */
    verification: text('verification'),
    screeningId: uuid('screening_id'),
    verifiedBy: integer('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reunification_requests_event_idx').on(t.eventId, t.status, t.id)],
);

/**
 * A child asked for in a request: 'requested' → 'offered' (the rule allows it) → 'sent' (runner) → 'arrived' → 'releasing' →
 * 'released'; or 'refused' by the one release rule. At most one release per child per event.
 */
export const reunificationChildren = pgTable(
  'reunification_children',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => reunificationRequests.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => reunificationEvents.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    studentId: integer('student_id').references(() => students.id),
    /** the name as the adult typed it (public page) */
    typedName: text('typed_name').notNull().default(''),
    status: text('status').notNull().default('requested'),
    /** the rule's refusal, in the desk's words */
    refusal: text('refusal'),
    /** where the runner goes: the child's roster group and mark when sent */
    location: text('location').notNull().default(''),
    station: text('station').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: integer('released_by').references(() => users.id),
    /** the release (null once the retention run removed it, ADR 0047) */
    pickupEventId: integer('pickup_event_id').references(() => pickupEvents.id, { onDelete: 'set null' }),
    photoFileId: uuid('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('reunification_children_event_idx').on(t.eventId, t.status),
    index('reunification_children_request_idx').on(t.requestId),
    uniqueIndex('reunification_children_release_uq')
      .on(t.eventId, t.studentId)
      .where(sql`${t.status} IN ('releasing', 'released')`),
  ],
);
