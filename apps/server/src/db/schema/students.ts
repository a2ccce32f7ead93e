import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { studentReasons } from './clients';
import { files } from './files';
import { buildings, clients, users } from './tenancy';
import { visitors } from './visitors';

/**
 * Students of a district (spec 002 §2 student screens; integrations guide "Student information
 * systems"). Rows come from the district's SIS by roster sync (OneRoster `students`), keyed by the
 * SIS `sourcedId`; `identifier` is the student ID printed on the card and typed at the desk under
 * the building's studentIdLabel. `building_id` is the school the student is enrolled in (the SIS
 * org mapped to a building in sis_schools); a student without a mapped school is visible to the
 * district's administrators only.
 */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id').references(() => buildings.id),
    sourcedId: text('sourced_id').notNull(),
    identifier: text('identifier').notNull().default(''),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** lower("first last") for the desk's name lookup (prefix and trigram) */
    searchName: text('search_name').notNull().default(''),
    schoolSourcedId: text('school_sourced_id').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** the SIS feed's grade (OneRoster `grades`, first), when it has one: the roster's group (issue 27 §2, migration 0034) */
    grade: text('grade'),
    sisModifiedAt: timestamp('sis_modified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('students_client_sourced_uq').on(t.clientId, t.sourcedId),
    // desk lookup by student ID within a building
    index('students_building_identifier_idx').on(t.buildingId, t.identifier),
    index('students_client_identifier_idx').on(t.clientId, t.identifier),
    // desk lookup by name: last-name prefix, and trigram similarity for typos
    index('students_client_last_prefix_idx').on(t.clientId, sql`lower(${t.lastname}) text_pattern_ops`),
    index('students_search_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

/**
 * Guardians (OneRoster users with role parent / guardian / relative listed in a student's
 * `agents`), or people an administrator added locally for a time-limited exception ("grandmother
 * on Friday": source 'local', no sourcedId). `visitor_id` links the person to a visitor record so
 * the guardian is screened like any visitor (exclusions and registry) before a release.
 */
export const guardians = pgTable(
  'guardians',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** 'sis' | 'local' */
    source: text('source').notNull().default('sis'),
    sourcedId: text('sourced_id'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** OneRoster role: parent | guardian | relative ('' for local people) */
    role: text('role').notNull().default(''),
    /** OneRoster carries no postal address; kept for the General-mode table when the district supplies one */
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** OneRoster demographics birthDate when shared: lets the registry be searched for this person */
    dob: date('dob', { mode: 'string' }),
    visitorId: integer('visitor_id').references(() => visitors.id),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guardians_client_sourced_uq').on(t.clientId, t.sourcedId).where(sql`${t.sourcedId} IS NOT NULL`),
    index('guardians_visitor_idx').on(t.visitorId),
  ],
);

/** Student ↔ guardian links from the SIS (`agents`). A link grants nothing by itself. */
export const studentGuardians = pgTable(
  'student_guardians',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.guardianId] }),
    index('student_guardians_guardian_idx').on(t.guardianId),
  ],
);

/**
 * The district's local pickup authorisations (OneRoster has no pickup permission; integrations
 * guide): per student and person,
 * - kind 'allow' without dates: a standing permission;
 * - kind 'allow' with valid_from / valid_to: a time-limited exception (local days of the student's
 *   building, inclusive);
 * - kind 'deny': may not pick up (a court order; `note` says which), which wins over every allow.
 * No current 'allow' means no pickup (pickupAuthorization in @sv/domain). Rows are ended
 * (revoked_at), never deleted, so a past release can be explained.
 */
export const pickupAuthorizations = pgTable(
  'pickup_authorizations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    /** 'allow' | 'deny' */
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('pickup_authorizations_student_idx').on(t.studentId, t.guardianId),
    index('pickup_authorizations_client_idx').on(t.clientId, t.studentId),
  ],
);

/**
 * A release of a student to a guardian (spec 002 §3 pickup record, general and SIS): always with
 * a photo of the person collecting, the reason, the building, the attendant and the authorisation
 * and screening it relied on. `sis_status` is the write-back of the early release.
 */
export const pickupEvents = pgTable(
  'pickup_events',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id),
    /** names as shown at the time of the release (the log shows what the attendant saw) */
    studentName: text('student_name').notNull(),
    guardianName: text('guardian_name').notNull(),
    reasonId: integer('reason_id').references(() => studentReasons.id),
    reason: text('reason').notNull().default(''),
    /** the desk always takes one; a kiosk pickup has none where the building does not require it (issue 25) */
    photoFileId: uuid('photo_file_id').references(() => files.id),
    authorizationId: integer('authorization_id')
      .notNull()
      .references(() => pickupAuthorizations.id),
    screeningId: uuid('screening_id').notNull(),
    /** 'desk' | 'kiosk' */
    path: text('path').notNull().default('desk'),
    /**
     * how the adult was verified (issue 22; ReleaseVerificationMethod in @sv/domain): 'dob' |
     * 'one_time_code' | 'id_scan' | 'id_typed' | 'known_visitor'; null = released before it was recorded
     */
    verification: text('verification'),
    attendantId: integer('attendant_id').references(() => users.id),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // the pickup log: one range per zone over (building, instant) and (client, instant)
    index('pickup_events_building_at_idx').on(t.buildingId, t.pickedUpAt),
    index('pickup_events_client_at_idx').on(t.clientId, t.pickedUpAt),
    index('pickup_events_attendant_idx').on(t.attendantId, t.pickedUpAt),
    index('pickup_events_student_idx').on(t.studentId, t.pickedUpAt),
  ],
);

/** A tardy drop-off (spec 002 §3 dropoff record): the reason and whether it is excused. */
export const dropoffEvents = pgTable(
  'dropoff_events',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    studentName: text('student_name').notNull(),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => studentReasons.id),
    reason: text('reason').notNull(),
    isExcused: boolean('is_excused').notNull(),
    attendantId: integer('attendant_id').references(() => users.id),
    droppedOffAt: timestamp('dropped_off_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('dropoff_events_building_at_idx').on(t.buildingId, t.droppedOffAt),
    index('dropoff_events_client_at_idx').on(t.clientId, t.droppedOffAt),
  ],
);

/**
 * Roster sync state per district: the OneRoster `dateLastModified` cursor of the last complete
 * run, and where an interrupted run stopped (a failed page leaves the cursor and offset where
 * they were, so the next run resumes).
 */
export const sisSyncState = pgTable('sis_sync_state', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  /** delta cursor: the newest dateLastModified fully applied */
  cursor: timestamp('cursor', { withTimezone: true }),
  /** the cursor the running pass asks from (kept while a pass is resumed) */
  passSince: timestamp('pass_since', { withTimezone: true }),
  /** the resource an unfinished pass is on: 'users' (guardians) first, then 'students' */
  passResource: text('pass_resource').notNull().default('users'),
  /** next offset of an unfinished pass */
  passOffset: integer('pass_offset').notNull().default(0),
  /** the newest dateLastModified seen in the unfinished pass */
  passMax: timestamp('pass_max', { withTimezone: true }),
  /** 'idle' | 'running' | 'failed' */
  status: text('status').notNull().default('idle'),
  lastError: text('last_error').notNull().default(''),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  studentsSynced: integer('students_synced').notNull().default(0),
});

/** OneRoster schools of a district mapped to buildings (by name on first sight). */
export const sisSchools = pgTable(
  'sis_schools',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    sourcedId: text('sourced_id').notNull(),
    name: text('name').notNull(),
    buildingId: integer('building_id').references(() => buildings.id),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.sourcedId] })],
);

/**
 * Tardy and early-release events written back to the SIS where it accepts them (beyond the spec):
 * a queue with retries and a visible status. 'pending' → 'sent' | 'failed' (retried with backoff
 * until attempts run out) | 'unsupported' (the SIS has no write endpoint: nothing to retry).
 */
export const sisWritebacks = pgTable(
  'sis_writebacks',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** 'pickup' | 'dropoff' */
    eventKind: text('event_kind').notNull(),
    eventId: integer('event_id').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sis_writebacks_event_uq').on(t.eventKind, t.eventId),
    index('sis_writebacks_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * A one-time code sent to the phone or e-mail on file for a guardian, so an adult with no date of
 * birth on file can be verified at the kiosk (issue 22). Only the code's HMAC is kept; the pending
 * release (reason and photo) waits here until the code is typed. 10 minutes, 5 attempts.
 */
export const releaseVerifications = pgTable(
  'release_verifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    /** 'sms' | 'email' */
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** 'pending' | 'verified' | 'failed' | 'used' */
    state: text('state').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reasonId: integer('reason_id').notNull(),
    /** null: the building does not require a photo at a kiosk pickup (issue 25) */
    photoFileId: uuid('photo_file_id'),
    /** the name the adult typed (the desk's card names them if the code fails) */
    adultName: text('adult_name').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('release_verifications_building_idx').on(t.buildingId, t.createdAt)],
);
