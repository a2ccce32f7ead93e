import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { buildings, clients } from './tenancy';

/**
 * A district's API key (issue 28 §5, ADR 0051): the secret is shown once; only its SHA-256 is kept
 * (`key_hash`), with a short `prefix` to recognise it in the list. `building_id` set: the key acts
 * at that building only. `read_only`: only the map's read permissions; else `permissions` names
 * the permissions it has (always within a district administrator's, or an attendant's for a building).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    buildingId: integer('building_id').references(() => buildings.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    readOnly: boolean('read_only').notNull().default(true),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_uq').on(t.keyHash), index('api_keys_client_idx').on(t.clientId)],
);

/**
 * A webhook subscription of a district (issue 28 §5): the receiver's URL, the events it wants, the
 * personal data its bodies carry ('ids' or 'names'), and its signing secret sealed with the secret box.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    personalData: text('personal_data').notNull().default('ids'),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_subscriptions_client_idx').on(t.clientId).where(sql`${t.active}`)],
);

/**
 * One event for one subscription (the outbox, ADR 0051): written in the transaction of what
 * happened, claimed by the delivery job (lease in `next_attempt_at`, SKIP LOCKED), sent until
 * the receiver answers 2xx or the attempts run out ('failed'). The body is fixed when the event
 * is written, so every attempt sends the same bytes; the signature is made per attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    /** queued | sent | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    lastStatusCode: integer('last_status_code'),
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.subscriptionId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);
