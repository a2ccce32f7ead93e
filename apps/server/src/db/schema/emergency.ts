import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { visits } from './front-desk';
import { students } from './students';
import { buildings, clients, users } from './tenancy';

/**
 * An emergency state (issue 27 §1, ADR 0037): Lockdown, Secure, Shelter or Evacuate, a drill or
 * real, over one or more buildings of a district. Active while `ended_at` is null and not cancelled.
 */
export const emergencyStates = pgTable(
  'emergency_states',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** 'Lockdown' | 'Secure' | 'Shelter' | 'Evacuate' */
    kind: text('kind').notNull(),
    drill: boolean('drill').notNull(),
    startedBy: integer('started_by')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedBy: integer('ended_by').references(() => users.id),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endNotes: text('end_notes'),
    /** started by mistake and cancelled by its starter within the cancel window (kept on the time line) */
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (t) => [index('emergency_states_client_idx').on(t.clientId, t.startedAt)],
);

/** The buildings a state covers; a building has at most one active state (unique partial index). */
export const emergencyStateBuildings = pgTable(
  'emergency_state_buildings',
  {
    stateId: integer('state_id')
      .notNull()
      .references(() => emergencyStates.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.stateId, t.buildingId] }),
    uniqueIndex('emergency_state_buildings_active_uq').on(t.buildingId).where(sql`${t.active}`),
  ],
);

/** A state's time line: 'start' | 'messages' (delivery report in details) | 'note' | 'cancel' | 'end' | 'mark' (roster, migration 0034). */
export const emergencyStateEvents = pgTable(
  'emergency_state_events',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => emergencyStates.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id),
    text: text('text'),
    details: jsonb('details'),
  },
  (t) => [index('emergency_state_events_state_idx').on(t.stateId, t.id)],
);

/** Issue 27 §4: drills of each kind a district requires per school year (July 1 – June 30). */
export const drillRequirements = pgTable(
  'drill_requirements',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').notNull(),
    requiredCount: integer('required_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.kind] })],
);

/**
 * The accountability roster (issue 27 §2, ADR 0042, migration 0034): who was expected on site
 * when the state started (taken in the start's transaction), one row per person per building;
 * a visit checked in while the state is active joins it. The mark is the latest press.
 */
export const emergencyRosterEntries = pgTable(
  'emergency_roster_entries',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => emergencyStates.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** 'visit' | 'student' */
    personKind: text('person_kind').notNull(),
    visitId: integer('visit_id').references(() => visits.id),
    studentId: integer('student_id').references(() => students.id),
    displayName: text('display_name').notNull(),
    /** the student's grade ('Unassigned' when none) or the visit's type */
    groupLabel: text('group_label').notNull(),
    photoRef: uuid('photo_ref'),
    /** a visit's badge code and type; a student's ID */
    badgeText: text('badge_text').notNull().default(''),
    /** whom a visitor came to see */
    visiting: text('visiting').notNull().default(''),
    /** null = not marked yet; 'accounted' | 'missing' | 'needs_help' */
    markStatus: text('mark_status'),
    markedBy: integer('marked_by').references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    pressedAt: timestamp('pressed_at', { withTimezone: true }),
    clientMarkId: uuid('client_mark_id'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** released to an adult at reunification (issue 27 §3, migration 0038): the child has left the roster */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('emergency_roster_entries_state_idx').on(t.stateId, t.buildingId, t.groupLabel),
    uniqueIndex('emergency_roster_entries_visit_uq').on(t.stateId, t.visitId).where(sql`${t.visitId} IS NOT NULL`),
    uniqueIndex('emergency_roster_entries_student_uq')
      .on(t.stateId, t.buildingId, t.studentId)
      .where(sql`${t.studentId} IS NOT NULL`),
  ],
);

/** Every mark received, by its client-made id: the same id twice is one mark (ADR 0042). */
export const emergencyRosterMarks = pgTable('emergency_roster_marks', {
  clientMarkId: uuid('client_mark_id').primaryKey(),
  entryId: integer('entry_id')
    .notNull()
    .references(() => emergencyRosterEntries.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  pressedAt: timestamp('pressed_at', { withTimezone: true }).notNull(),
  userId: integer('user_id').references(() => users.id),
  /** false: an older press than the entry's (stale), kept and answered as such */
  applied: boolean('applied').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
