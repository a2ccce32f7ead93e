import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { hosts } from './hosts';
import { buildings, clients, users } from './tenancy';
import { visitors } from './visitors';

/** spec 002 §3 Badge: what is printed for a visit; `code` is the scannable id on the badge. */
export const badges = pgTable(
  'badges',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => visitors.id),
    /** random, unguessable code printed as the barcode (check-out by scan) */
    code: text('code').notNull(),
    personVisiting: text('person_visiting').notNull().default(''),
    visitorType: text('visitor_type').notNull().default('visitor'),
    photoFileId: uuid('photo_file_id').references(() => files.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('badges_code_uq').on(t.code), index('badges_visitor_idx').on(t.visitorId, t.createdAt)],
);

/** Visit reasons offered at check-in (spec 002 §7 GetVisitorReasons / GetVolunteerReasons). */
export const visitReasons = pgTable(
  'visit_reasons',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').notNull().default('visitor'),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('visit_reasons_client_idx').on(t.clientId, t.kind, t.active)],
);

/**
 * spec 002 §3 Visit. At most one open visit per visitor (security guide: a partial unique
 * index), so a retried or concurrent check-in cannot create a second one.
 */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => visitors.id),
    badgeId: integer('badge_id').references(() => badges.id),
    visitorType: text('visitor_type').notNull().default('visitor'),
    checkIn: timestamp('check_in', { withTimezone: true }).notNull().defaultNow(),
    checkOut: timestamp('check_out', { withTimezone: true }),
    checkedInBy: integer('checked_in_by').references(() => users.id),
    checkedOutBy: integer('checked_out_by').references(() => users.id),
    /** desk | scan | dashboard | auto | kiosk */
    checkOutMethod: text('check_out_method'),
    reason: text('reason').notNull().default(''),
    visitReasonId: integer('visit_reason_id').references(() => visitReasons.id),
    personVisiting: text('person_visiting').notNull().default(''),
    durationBegin: timestamp('duration_begin', { withTimezone: true }),
    allowedMinutes: integer('allowed_minutes'),
    badgeProxy: boolean('badge_proxy').notNull().default(false),
    viaKiosk: boolean('via_kiosk').notNull().default(false),
    registrationId: integer('registration_id'),
    svRegistrationId: integer('sv_registration_id'),
    preRegistrationId: integer('pre_registration_id'),
    /** the screening the visit was admitted on (issue 25, audit 002-desk 1b; migration 0033): its decisions are what was cleared */
    screeningId: uuid('screening_id'),
    /** the host picked for "person visiting" (issue 28 §1, migration 0041): told on arrival */
    hostId: integer('host_id').references(() => hosts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('visits_one_open_per_visitor_uq').on(t.visitorId).where(sql`${t.checkOut} IS NULL`),
    index('visits_building_open_idx').on(t.buildingId, t.checkIn).where(sql`${t.checkOut} IS NULL`),
    index('visits_building_checkin_idx').on(t.buildingId, t.checkIn),
    // a district's logs (issue 13, ADR 0018): read backwards it gives newest first with the id
    // tiebreak (ORDER BY check_in DESC, id DESC) in index order, and it holds the columns the log
    // filters read, so a page's ids and the count come from the index alone
    index('visits_client_log_idx').on(t.clientId, t.checkIn, t.id, t.buildingId, t.visitorType, t.checkedInBy),
    index('visits_visitor_idx').on(t.visitorId, t.checkIn),
    // "on site at …" (issue 25): the visits whose [check-in, check-out] holds an instant; the
    // expression is visitPresence in features/logs/logs.query.ts (a check-out before its check-in counts as the check-in)
    index('visits_presence_idx').using(
      'gist',
      sql`tstzrange(${t.checkIn}, (case when ${t.checkOut} < ${t.checkIn} then ${t.checkIn} else ${t.checkOut} end), '[]')`,
    ),
    // volunteer hours of a registration (issue 11)
    index('visits_registration_idx').on(t.registrationId, t.checkIn).where(sql`${t.registrationId} is not null`),
  ],
);

/** spec 002 §3 Denied entry: who was turned away, where, by whom, with the screening counts. */
export const deniedEntries = pgTable(
  'denied_entries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => visitors.id),
    attendantId: integer('attendant_id').references(() => users.id),
    deniedAt: timestamp('denied_at', { withTimezone: true }).notNull().defaultNow(),
    exclusionCount: smallint('exclusion_count').notNull().default(0),
    potentialCount: smallint('potential_count').notNull().default(0),
    watchdogCount: smallint('watchdog_count').notNull().default(0),
    securityNotified: boolean('security_notified').notNull().default(false),
    preRegistrationId: integer('pre_registration_id'),
  },
  (t) => [
    index('denied_building_at_idx').on(t.buildingId, t.deniedAt),
    index('denied_client_at_idx').on(t.clientId, t.deniedAt),
  ],
);

/**
 * spec 002 §3 Pending (pre-registered) visitor card: scheduled visitors of a building for a day,
 * imported per building or created by invitations; screened ahead (bgResults).
 */
export const preRegistrations = pgTable(
  'pre_registrations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    visitorId: integer('visitor_id').references(() => visitors.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    dob: date('dob', { mode: 'string' }),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    visiting: text('visiting').notNull().default(''),
    reason: text('reason').notNull().default(''),
    visitorType: text('visitor_type').notNull().default('visitor'),
    notifyEmail: text('notify_email').notNull().default(''),
    notifySms: text('notify_sms').notNull().default(''),
    /** null = not screened yet; true = clear; false = potential issues (card offers a review) */
    bgResults: boolean('bg_results'),
    issues: jsonb('issues').notNull().default(sql`'{}'::jsonb`),
    tempPhotoFileId: uuid('temp_photo_file_id').references(() => files.id),
    tempPhotoAt: timestamp('temp_photo_at', { withTimezone: true }),
    /** scheduled | pending (arrived, awaiting decision) | checked_in | denied | closed | cancelled */
    status: text('status').notNull().default('scheduled'),
    importKey: text('import_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** canonicalName of the names (issue 22, ADR 0022): which cards an exclusion change concerns */
    firstKey: text('first_key'),
    lastKey: text('last_key'),
    /**
     * The card screened against the exclusion list before arrival (issue 22): null = not screened
     * yet (the sweep screens it), true = a possible match (`flagReasons` says which and why).
     */
    flagged: boolean('flagged'),
    flagReasons: jsonb('flag_reasons').notNull().default(sql`'[]'::jsonb`),
    /**
     * When the card was last searched in the offender registry (issue 22: cards are screened again
     * whenever the registry data change): null = to be searched by the sweep; a registry import
     * sets the district's open cards back to null.
     */
    registryScreenedAt: timestamp('registry_screened_at', { withTimezone: true }),
    /**
     * Issue 28 §2 (ADR 0053, migration 0041): a visitor pass is a card with a host, a window and a
     * pass nonce (null = no pass); revoking sets pass_revoked_at.
     */
    hostId: integer('host_id').references(() => hosts.id, { onDelete: 'set null' }),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    passNonce: text('pass_nonce'),
    passRevokedAt: timestamp('pass_revoked_at', { withTimezone: true }),
    passInstructions: text('pass_instructions').notNull().default(''),
    /** Issue 29 §1 (ADR 0055, migration 0043): the language the pass's e-mail and SMS are written in. */
    passLanguage: text('pass_language').notNull().default('en'),
    invitedBy: integer('invited_by'),
  },
  (t) => [
    index('pre_registrations_passes_idx')
      .on(t.clientId, t.buildingId, t.windowStart)
      .where(sql`${t.passNonce} is not null`),
    index('prereg_building_date_idx').on(t.buildingId, t.visitDate, t.status),
    uniqueIndex('prereg_import_key_uq').on(t.buildingId, t.importKey),
    index('prereg_client_first_key_idx').on(t.clientId, t.firstKey, t.visitDate),
    index('prereg_client_last_key_idx').on(t.clientId, t.lastKey, t.visitDate),
    index('prereg_client_flagged_idx').on(t.clientId, t.visitDate).where(sql`${t.flagged} = true`),
    index('prereg_unscreened_idx').on(t.visitDate).where(sql`${t.flagged} is null`),
    index('prereg_registry_unscreened_idx').on(t.visitDate).where(sql`${t.registryScreenedAt} is null`),
  ],
);

/**
 * Idempotency-Key store (security guide: check-in and kiosk submissions): a retry with the
 * same key from the same user returns the original answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server process that reserved the key (platform/instances.ts): released when it is gone. */
    instanceId: text('instance_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

/**
 * Issue 28 §4 (ADR 0053): the host told of a visitor's arrival: a queue of its own (claimed like
 * messages, ADR 0023), one row per visit (the unique index de-duplicates a retried check-in).
 * status: queued | sent | outbox (e-mail/SMS with no transport: in the Message Outbox) | failed | skipped
 */
export const hostNotifications = pgTable(
  'host_notifications',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    buildingId: integer('building_id').notNull(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /** the outbound message (e-mail / SMS) that carries it */
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('host_notifications_visit_uq').on(t.visitId),
    index('host_notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  ],
);
