import { sql } from 'drizzle-orm';
import {
  boolean,
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
} from 'drizzle-orm/pg-core';
import { buildings, clients, users } from './tenancy';

/** A SCIM group → role and building rule set by the district administrator (issue 30 §3). */
export interface SsoGroupRule {
  group: string;
  roleId: number;
  buildingId: number | null;
}

/**
 * A district's own sign-in provider (issue 30 §1, ADR 0052): one OpenID Connect provider per
 * district (Microsoft Entra ID, Google Workspace or any OIDC issuer), its secret sealed with the
 * secret box, switched on only after a test sign-in of the same configuration; require-SSO with one
 * break-glass administrator; how first sign-ins are provisioned; the SCIM token (hash only).
 */
export const districtSso = pgTable(
  'district_sso',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id),
    slug: text('slug'),
    kind: text('kind').notNull().default('oidc'),
    issuer: text('issuer').notNull().default(''),
    oidcClientId: text('oidc_client_id').notNull().default(''),
    /** write-only secret (security guide): AES-GCM ciphertext, never sent to the browser */
    clientSecret: text('client_secret'),
    enabled: boolean('enabled').notNull().default(false),
    /** the last successful test sign-in of the current configuration (null after a change) */
    testedAt: timestamp('tested_at', { withTimezone: true }),
    testedEmail: text('tested_email'),
    requireSso: boolean('require_sso').notNull().default(false),
    breakGlassUserId: integer('break_glass_user_id').references(() => users.id),
    /** 'link' (existing users only) | 'create' (just in time) | 'approve' (pending list) */
    provisioning: text('provisioning').notNull().default('link'),
    defaultRoleId: smallint('default_role_id'),
    defaultBuildingId: integer('default_building_id').references(() => buildings.id),
    /** SHA-256 of the district's SCIM bearer token (shown once) */
    scimTokenHash: text('scim_token_hash'),
    scimTokenCreatedAt: timestamp('scim_token_created_at', { withTimezone: true }),
    groupRules: jsonb('group_rules').$type<SsoGroupRule[]>().notNull().default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('district_sso_slug_uq').on(sql`lower(${t.slug})`),
    uniqueIndex('district_sso_scim_token_uq').on(t.scimTokenHash),
  ],
);

/** An e-mail domain a district claims; the platform administrator verifies it (one district per verified domain). */
export const districtDomains = pgTable(
  'district_domains',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    domain: text('domain').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: integer('verified_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('district_domains_client_domain_uq').on(t.clientId, sql`lower(${t.domain})`),
    uniqueIndex('district_domains_verified_uq').on(sql`lower(${t.domain})`).where(sql`${t.verifiedAt} is not null`),
  ],
);

/** A provider account linked to a user, per district: (district, issuer, subject) never reaches another district. */
export const ssoLinks = pgTable(
  'sso_links',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.issuer, t.subject] }), index('sso_links_user_idx').on(t.userId)],
);

/** A first SSO sign-in waiting for an administrator's approval (provisioning 'approve'). */
export const ssoPending = pgTable(
  'sso_pending',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_pending_identity_uq').on(t.clientId, t.issuer, t.subject)],
);

/** A user created or adopted by the district's SCIM client, with the directory's externalId. */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scim_users_client_idx').on(t.clientId, t.externalId)],
);

/** A directory group pushed by SCIM; its members' role and building follow the district's group rules. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    members: jsonb('members').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scim_groups_client_name_uq').on(t.clientId, sql`lower(${t.displayName})`)],
);
