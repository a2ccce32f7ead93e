import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** spec 000 §3 State */
export const states = pgTable('states', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull().unique(),
});

/** spec 000 §3 Client: a district (tenant). Settings sets are validated jsonb (contracts). */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    street1: text('street1').notNull().default(''),
    street2: text('street2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    note: text('note').notNull().default(''),
    /** a demo district of the seed (issue 23 §1): the banner shows while one exists; `npm run demo:remove` */
    isDemo: boolean('is_demo').notNull().default(false),
    active: boolean('active').notNull().default(true),
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    kioskSettings: jsonb('kiosk_settings').notNull().default(sql`'{}'::jsonb`),
    backgroundSettings: jsonb('background_settings').notNull().default(sql`'{}'::jsonb`),
    /** write-only secret (security guide): AES-GCM ciphertext, never sent to the browser */
    backgroundSecret: text('background_secret'),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('clients_active_idx').on(t.active), index('clients_name_idx').on(t.name)],
);

/** spec 000 §3 Building, with an IANA time zone (security guide: building time zones). */
export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    street1: text('street1').notNull().default(''),
    street2: text('street2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radius: integer('radius'),
    note: text('note').notNull().default(''),
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    /** issue 23 §7: 'server' | 'browser' | 'pdf' (check constraint in migration 0021) */
    printMethod: text('print_method', { enum: ['server', 'browser', 'pdf'] })
      .notNull()
      .default('server'),
    printerIpAddress: text('printer_ip_address').notNull().default(''),
    visitorPrinterIpAddress: text('visitor_printer_ip_address').notNull().default(''),
    scanWithCamera: boolean('scan_with_camera').notNull().default(false),
    active: boolean('active').notNull().default(true),
    studentIdLabel: text('student_id_label').notNull().default(''),
    showKioskStudentCheckIn: boolean('show_kiosk_student_check_in').notNull().default(true),
    studentCheckInBtn: text('student_check_in_btn').notNull().default(''),
    requireKioskStudentPhotoCheckIn: boolean('require_kiosk_student_photo_check_in').notNull().default(true),
    showKioskStudentCheckOut: boolean('show_kiosk_student_check_out').notNull().default(true),
    studentCheckOutBtn: text('student_check_out_btn').notNull().default(''),
    requireKioskStudentPhotoCheckOut: boolean('require_kiosk_student_photo_check_out').notNull().default(true),
    requireKioskVisitorPhotoCheckIn: boolean('require_kiosk_visitor_photo_check_in').notNull().default(true),
    requireKioskVolunteerPhotoCheckIn: boolean('require_kiosk_volunteer_photo_check_in').notNull().default(true),
    requireKioskVisitorBadgePrint: boolean('require_kiosk_visitor_badge_print').notNull().default(true),
    requireKioskVolunteerBadgePrint: boolean('require_kiosk_volunteer_badge_print').notNull().default(true),
    requireAttendantVisitorPhotoCheckIn: boolean('require_attendant_visitor_photo_check_in').notNull().default(true),
    requireAttendantVolunteerPhotoCheckIn: boolean('require_attendant_volunteer_photo_check_in')
      .notNull()
      .default(true),
    requireAttendantVisitorBadgePrint: boolean('require_attendant_visitor_badge_print').notNull().default(true),
    requireAttendantVolunteerBadgePrint: boolean('require_attendant_volunteer_badge_print').notNull().default(true),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('buildings_client_idx').on(t.clientId, t.active), index('buildings_name_idx').on(t.clientId, t.name)],
);

/** spec 000 §3 User / UserProfile. Role 4 = kiosk account bound to one building (ADR 0004). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    roleId: smallint('role_id').notNull(),
    clientId: integer('client_id').references(() => clients.id),
    buildingId: integer('building_id').references(() => buildings.id),
    homepage: text('homepage').notNull().default('/'),
    active: boolean('active').notNull().default(true),
    elevatedReports: boolean('elevated_reports').notNull().default(false),
    scanWithCamera: boolean('scan_with_camera').notNull().default(false),
    /** Microsoft (OIDC) link: keyed by tenant id + object id, never by e-mail (security guide) */
    oidcTenantId: text('oidc_tenant_id'),
    oidcObjectId: text('oidc_object_id'),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_uq').on(t.oidcTenantId, t.oidcObjectId),
    index('users_client_idx').on(t.clientId, t.roleId, t.active),
    index('users_building_idx').on(t.buildingId),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** spec 000 §3 Contact: security/notification contacts of a district or building. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** null for contactType 'Global' (cleared on save, spec 000 §4) */
    buildingId: integer('building_id').references(() => buildings.id),
    contactType: text('contact_type').notNull().default('Building'),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    title: text('title').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** comma-separated confidence level ids (spec 000 §5), null when none chosen */
    confidenceLevelNotification: text('confidence_level_notification'),
    confidenceLevelBadge: text('confidence_level_badge'),
    /** receives the header emergency button message (spec 000 §4) */
    receivesEmergency: boolean('receives_emergency').notNull().default(true),
    /** issue 23 §4: raised by sv_bump_version (migration 0019); an edit names the version it started from */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('contacts_client_idx').on(t.clientId, t.active), index('contacts_building_idx').on(t.buildingId)],
);
