import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only audit log (security guide: Integrity under failure). PII is masked before
 * it is written (platform/audit). No UPDATE or DELETE is ever issued against it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    impersonatorId: integer('impersonator_id'),
    clientId: integer('client_id'),
    buildingId: integer('building_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    requestId: text('request_id'),
    ip: text('ip'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('audit_client_at_idx').on(t.clientId, t.at),
    index('audit_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_action_idx').on(t.action, t.at),
  ],
);

/**
 * Outbound e-mail and SMS. With SMTP/SMS configured they are delivered and marked sent;
 * otherwise they stay readable in the outbox (issue 2 §7).
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id'),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** queued → sent | outbox (no transport configured) | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    kind: text('kind').notNull().default('general'),
    /** e-mail only: files (server-made documents, e.g. a registration badge PDF) sent as attachments */
    attachments: jsonb('attachments').$type<{ fileId: string; fileName: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * When a queued message is next due (issue 23 §3, ADR 0023): a sender claims a message by
     * moving this past the delivery's lease, so no other sender (another instance, or the next
     * run of the retry job) takes it meanwhile; an instance killed mid-send leaves it due again when
     * the lease ends. After a failure: the back-off.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The instance delivering it now (platform/instances.ts INSTANCE_ID), cleared when the attempt
     * ends: once that instance is known gone (ADR 0028) the message is due at once instead of when
     * the lease ends (issue 23 §3).
     */
    claimedBy: text('claimed_by'),
  },
  (t) => [
    index('outbound_client_idx').on(t.clientId, t.createdAt),
    index('outbound_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * The server processes on PostgreSQL (issue 23 §4, ADR 0028): each says it is alive every second
 * and marks itself stopped on a clean shutdown, so what it held (an Idempotency-Key it reserved, a
 * job lease) is released seconds after it dies instead of after a time-out.
 */
export const instances = pgTable('instances', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
});

/**
 * Scheduled jobs run once per period across every server instance (issue 23 §3, ADR 0023): the
 * instance that takes a job's lease runs it; the lease outlives the run (a killed instance's job
 * is taken over when it ends) and is then moved to the next period.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  owner: text('owner').notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});
