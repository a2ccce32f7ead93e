import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { buildings, clients, users } from './tenancy';
import { visitors } from './visitors';

export interface StoredRegTypeAttribute {
  name: string;
  value: string;
}
export interface StoredArrestWatchContact {
  name: string;
  email: string;
  mobile: string;
  notificationLevels: number[];
  badgeLevels: number[];
}

/**
 * Registration types of a client (spec 001 §3). `code` is the public form's address within the
 * client: unique per client (ADR 0012). Deactivated, never deleted (registrations keep their type).
 */
export const registrationTypes = pgTable(
  'registration_types',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    code: text('code').notNull(),
    ddUsername: text('dd_username').notNull().default(''),
    extraUrls: jsonb('extra_urls').$type<string[]>().notNull().default([]),
    attributes: jsonb('attributes').$type<StoredRegTypeAttribute[]>().notNull().default([]),
    awContacts: jsonb('aw_contacts').$type<StoredArrestWatchContact[]>().notNull().default([]),
    /** 'en' | 'es' */
    language: text('language').notNull().default('en'),
    inArrestWatch: boolean('in_arrest_watch').notNull().default(false),
    scheduledArrestWatchAll: boolean('scheduled_arrest_watch_all').notNull().default(false),
    arrestWatchApprovalDate: date('arrest_watch_approval_date', { mode: 'string' }),
    badgeByDate: boolean('badge_by_date').notNull().default(false),
    strExpDate: date('str_exp_date', { mode: 'string' }),
    months: integer('months'),
    /** days after which an unanswered invitation gets a reminder; 0 = none */
    reminderDays: integer('reminder_days').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registration_types_client_code_uq').on(t.clientId, t.code),
    index('registration_types_client_idx').on(t.clientId, t.isActive, t.name),
  ],
);

/**
 * A SafeVendor company of a client (spec 001 §2 'SafeVendor Companies', §3 Vendor company: isActive,
 * name, code, ddUsername). A SafeVendor registration is a registration with `vendor = true` that
 * belongs to a company instead of a registration type (ADR 0014). `code` is the company's public
 * form address within its client, unique per client like a type's code (ADR 0012).
 * `in_arrest_watch` puts the company's approved vendors in arrest watch (ADR 0014). Deactivated,
 * never deleted: registrations keep their company.
 */
export const vendorCompanies = pgTable(
  'vendor_companies',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    code: text('code').notNull(),
    ddUsername: text('dd_username').notNull().default(''),
    inArrestWatch: boolean('in_arrest_watch').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_companies_client_code_uq').on(t.clientId, t.code),
    index('vendor_companies_client_idx').on(t.clientId, t.isActive, sql`lower(${t.name})`),
  ],
);

/** A typed or drawn signature on the public form, with what was shown (spec 001 §2 Information, SigDetails). */
export interface StoredSignature {
  kind: 'typed' | 'drawn';
  /** the typed name, or a PNG data URL of the drawing */
  value: string;
  signedAt: string;
  ip: string;
  userAgent: string;
  /** the disclosure and authorization text exactly as shown to the applicant */
  disclosureText: string;
  authorizationText: string;
  language: 'en' | 'es';
}

/**
 * A registration (spec 001 §3): a person registered under a registration type of a client (a
 * volunteer programme). `approved` is true / false / null (pending). `badge_code` is the random,
 * unguessable code printed as the barcode of the registration badge (scanned at the desk and
 * kiosk). `visitor_id` links the district's visitor record that check-ins and screenings use; it
 * is created on first approval. `suspended_at` is set by an arrest-watch match at one of the
 * type's badge levels: the badge is refused until an administrator reviews the alert.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** null for a SafeVendor registration (exactly one of type / company: registrations_owner_ck) */
    registrationTypeId: integer('registration_type_id').references(() => registrationTypes.id),
    /** spec 001 §3 Registration.vendor: a SafeVendor registration (ADR 0014) */
    vendor: boolean('vendor').notNull().default(false),
    vendorCompanyId: integer('vendor_company_id').references(() => vendorCompanies.id),
    visitorId: integer('visitor_id').references(() => visitors.id),
    firstname: text('firstname').notNull(),
    middlename: text('middlename').notNull().default(''),
    lastname: text('lastname').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    street1: text('street1').notNull().default(''),
    street2: text('street2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    note: text('note').notNull().default(''),
    photoFileId: uuid('photo_file_id').references(() => files.id),
    /** true approved, false denied, null pending (spec 001 §3) */
    approved: boolean('approved'),
    underReview: boolean('under_review').notNull().default(false),
    expDate: date('exp_date', { mode: 'string' }),
    /** background check: 1 in progress, 2 approved, 3 needs review, 4 in queue (spec 001 §4) */
    ddStatus: smallint('dd_status'),
    ddReference: text('dd_reference'),
    /**
     * Which kind of provider ran the check (issue 23 §2): 'demo' (the built-in demo provider: no real
     * check was made, labelled on every screen and export) or 'http' (the district's agency); null
     * while queued or when no check was made.
     */
    ddProvider: text('dd_provider'),
    hasStateCheck: boolean('has_state_check').notNull().default(false),
    hasStateIssues: boolean('has_state_issues').notNull().default(false),
    hasConviction: boolean('has_conviction').notNull().default(false),
    /** the type's attribute questions with the applicant's answers */
    answers: jsonb('answers').$type<StoredRegTypeAttribute[]>().notNull().default([]),
    signature: jsonb('signature').$type<StoredSignature | null>(),
    /** 'admin' | 'public' | 'invitation' */
    source: text('source').notNull().default('admin'),
    invitationId: integer('invitation_id'),
    /** the registration this one renews (same person, same type; issue 25, ADR 0038) */
    renewalOfId: integer('renewal_of_id'),
    badgeCode: text('badge_code').notNull(),
    /** an unanswered-invitation or expiry warning chain is running (spec 001 §2 Cancel Email Warnings) */
    emailWarnings: boolean('email_warnings').notNull().default(false),
    expirationEmailSentAt: timestamp('expiration_email_sent_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    badgePrintedAt: timestamp('badge_printed_at', { withTimezone: true }),
    /** last arrest-watch screening of this registration */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 23 §4: raised by the database (trigger sv_bump_version, migration 0017) whenever
     * anything but bookkeeping changes; an edit names the version it started from and a stale one
     * is refused (409), so an approval made meanwhile is never erased by an older form.
     */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('registrations_badge_code_uq').on(t.badgeCode),
    index('registrations_client_status_idx').on(t.clientId, t.approved, t.expDate),
    index('registrations_client_last_first_idx').on(
      t.clientId,
      sql`lower(${t.lastname}) text_pattern_ops`,
      sql`lower(${t.firstname}) text_pattern_ops`,
    ),
    index('registrations_client_first_idx').on(t.clientId, sql`lower(${t.firstname}) text_pattern_ops`),
    index('registrations_client_email_idx').on(t.clientId, sql`lower(${t.email})`),
    index('registrations_type_idx').on(t.registrationTypeId, t.approved),
    index('registrations_vendor_company_idx')
      .on(t.vendorCompanyId, t.approved)
      .where(sql`${t.vendorCompanyId} is not null`),
    // the SafeVendor list (ADR 0014): vendors of a client by name
    index('registrations_client_vendor_name_idx').on(
      t.clientId,
      t.vendor,
      sql`lower(${t.lastname}) text_pattern_ops`,
      sql`lower(${t.firstname}) text_pattern_ops`,
    ),
    // ADR 0014: a volunteer registration has a type, a SafeVendor registration a company, never both
    check(
      'registrations_owner_ck',
      sql`(${t.vendor} and ${t.vendorCompanyId} is not null and ${t.registrationTypeId} is null) or (not ${t.vendor} and ${t.registrationTypeId} is not null and ${t.vendorCompanyId} is null)`,
    ),
    index('registrations_visitor_idx').on(t.visitorId).where(sql`${t.visitorId} is not null`),
    // arrest watch walks approved registrations in id order (resumable cursor)
    index('registrations_watch_idx').on(t.id).where(sql`${t.approved} = true`),
    // a registration's pending renewal (ADR 0038: the duplicate rule and the edit page find it)
    index('registrations_renewal_of_idx').on(t.renewalOfId).where(sql`${t.renewalOfId} is not null`),
  ],
);

/** The buildings a registration may be checked in at (spec 001 §2 Buildings); none = every building of the client. */
export const registrationBuildings = pgTable(
  'registration_buildings',
  {
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.buildingId] })],
);

/**
 * An invitation to register (spec 001 §3 Registration invite, §5). The personal link carries a
 * random token; only its SHA-256 is stored. `dedupe_key` (type + e-mail or phone) makes a
 * re-uploaded bulk file send nothing twice while an invitation is open.
 */
export const registrationInvitations = pgTable(
  'registration_invitations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** null for a SafeVendor renewal invitation, which is to its company's form (ADR 0038) */
    registrationTypeId: integer('registration_type_id').references(() => registrationTypes.id),
    /** a SafeVendor renewal invitation's company (ADR 0038); exactly one of type / company */
    vendorCompanyId: integer('vendor_company_id').references(() => vendorCompanies.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    requestedExpDate: date('requested_exp_date', { mode: 'string' }),
    tokenHash: text('token_hash').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    /** Cancel Email Warnings: no more reminders */
    warningsCancelledAt: timestamp('warnings_cancelled_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    registrationId: integer('registration_id'),
    /**
     * The registration this invitation asks its person to renew (issue 25, ADR 0038; migration
     * 0030). Unique: the hourly renewal sweep invites a registration once, whichever instance runs.
     */
    renewalOfId: integer('renewal_of_id').references(() => registrations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('registration_invitations_token_uq').on(t.tokenHash),
    uniqueIndex('registration_invitations_renewal_of_uq').on(t.renewalOfId),
    uniqueIndex('registration_invitations_open_uq')
      .on(t.registrationTypeId, t.dedupeKey)
      .where(sql`${t.answeredAt} is null`),
    index('registration_invitations_due_idx')
      .on(t.sentAt)
      .where(sql`${t.answeredAt} is null and ${t.warningsCancelledAt} is null`),
    check(
      'registration_invitations_owner_ck',
      sql`(${t.registrationTypeId} is not null) <> (${t.vendorCompanyId} is not null)`,
    ),
  ],
);

/**
 * An arrest alert (spec 001 §3, §4 "Arrest alert"): a new registry match of an approved
 * registration found by arrest watch. Unique per (registration, match ref): nothing is alerted
 * twice for the same match; a cleared one stays cleared.
 */
export const arrestAlerts = pgTable(
  'arrest_alerts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** 'registry:<offender ref>' */
    matchRef: text('match_ref').notNull(),
    level: smallint('level').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    /** what the registry said about the offender at alert time */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    suspends: boolean('suspends').notNull().default(false),
    /** 'open' | 'cleared' | 'confirmed' */
    status: text('status').notNull().default('open'),
    runId: integer('run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note').notNull().default(''),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('arrest_alerts_match_uq').on(t.registrationId, t.matchRef),
    index('arrest_alerts_client_idx').on(t.clientId, t.status, t.createdAt),
  ],
);

/**
 * One arrest-watch run (issue 11 "Arrest watch"): walks approved registrations of types in arrest
 * watch in id order, batch by batch; `cursor` is the last id done, committed with the batch's
 * alerts, so a run interrupted by a restart resumes where it stopped and alerts exactly once.
 */
export const arrestWatchRuns = pgTable('arrest_watch_runs', {
  id: serial('id').primaryKey(),
  /** 'nightly' | 'registry-import' | 'manual' */
  trigger: text('trigger').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  cursor: integer('cursor').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  alerts: integer('alerts').notNull().default(0),
});
