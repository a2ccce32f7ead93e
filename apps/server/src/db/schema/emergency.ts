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
} from 'drizzle-orm/pg-core';
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

/** A state's time line: 'start' | 'messages' (delivery report in details) | 'note' | 'cancel' | 'end'. */
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
