import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { buildings, clients } from './tenancy';

/**
 * Issue 28 §1 (ADR 0053): a district's people who receive visitors: staff from the roster feed
 * (source 'roster'), the district's users ('user'), and hosts an admin adds ('manual') or imports
 * ('import'). `channel` is how they are told a visitor arrived: email | sms | teams | slack.
 */
export const hosts = pgTable(
  'hosts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** null: the whole district */
    buildingId: integer('building_id').references(() => buildings.id),
    name: text('name').notNull(),
    /** canonicalName of the name (issue 22): what the autocomplete searches */
    nameKey: text('name_key').notNull().default(''),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    channel: text('channel').notNull().default('email'),
    source: text('source').notNull().default('manual'),
    /** the user id or roster sourcedId the host came from (null for manual / imported hosts) */
    sourceRef: text('source_ref'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hosts_source_uq').on(t.clientId, t.source, t.sourceRef).where(sql`${t.sourceRef} is not null`),
    index('hosts_client_name_idx').on(t.clientId, t.nameKey),
  ],
);

/** A district's Microsoft Teams / Slack incoming-webhook URL (kind 'teams' | 'slack'), sealed at rest. */
export const hostWebhooks = pgTable(
  'host_webhooks',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').notNull(),
    urlSealed: text('url_sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.kind] })],
);
