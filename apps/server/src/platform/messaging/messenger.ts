import { and, asc, eq, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { files, outboundMessages } from '../../db/schema/index';
import type { EmailTransport } from '../../integrations/email/email-transport';
import type { SmsTransport } from '../../integrations/sms/sms-transport';
import type { Db } from '../db/database';
import { INSTANCE_ID, instanceGone } from '../instances';

export interface MessageInput {
  clientId: number | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  kind: string;
  /** e-mail only: stored files sent as attachments (e.g. a registration badge PDF) */
  attachments?: { fileId: string; fileName: string }[];
}

const MAX_ATTEMPTS = 5;
/**
 * How long a claimed message is withheld from every other sender while one delivers it: longer
 * than any transport's own time-out, so a slow mail server never gets the same message twice. A
 * claim names its instance: once that instance is known gone (ADR 0028: stopped, or silent with no
 * connection on PostgreSQL) its messages are due at once; otherwise after the lease (issue 23 §3).
 */
export const DELIVERY_LEASE_SECONDS = 300;
/** After the n-th failed attempt: 1, 2, 4, 8 minutes (then 'failed', shown in the Message Outbox). */
const backoffSeconds = (attempts: number) => 60 * 2 ** Math.max(0, attempts - 1);

/**
 * The one notification path for e-mail and SMS (issue 2 §7). Every message is written to
 * outbound_messages first; delivery is attempted right away and retried by a job. With no
 * transport configured the message stays in the outbox, readable by administrators.
 */
export function createMessenger(deps: {
  db: Db;
  email: EmailTransport | null;
  sms: SmsTransport | null;
  /** the owner named on its claims: this process (tests name others) */
  instanceId?: string;
}) {
  const owner = deps.instanceId ?? INSTANCE_ID;
  const transportFor = (channel: string) => (channel === 'email' ? deps.email : deps.sms);

  /**
   * The stored files of a message, read at delivery (the queue keeps only their ids): only files
   * of the message's own district. A file that cannot be read fails the delivery (retried, then
   * 'failed' in the outbox) rather than sending a mail that says "attached" without it.
   */
  async function attachmentsOf(clientId: number | null, list: { fileId: string; fileName: string }[] | null) {
    if (!list || list.length === 0) return undefined;
    const rows =
      clientId === null
        ? []
        : await deps.db
            .select({ id: files.id, contentType: files.contentType, bytes: files.bytes })
            .from(files)
            .where(
              and(
                eq(files.clientId, clientId),
                inArray(
                  files.id,
                  list.map((a) => a.fileId),
                ),
              ),
            );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return list.map((a) => {
      const f = byId.get(a.fileId);
      if (!f) throw new Error('an attachment of this message is missing');
      return { filename: a.fileName, content: Buffer.from(f.bytes), contentType: f.contentType };
    });
  }

  /**
   * Claims the queued, due messages that `which` selects, atomically: their next attempt moves past
   * the lease and their attempt count goes up in one UPDATE over rows locked with SKIP LOCKED, so
   * two instances (or two runs of one) never claim the same message (issue 23 §3, ADR 0023).
   */
  async function claim(which: SQL, limit: number) {
    const due = deps.db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.status, 'queued'),
          or(
            lte(outboundMessages.nextAttemptAt, sql`now()`),
            // its sender died mid-delivery (killed, or its host lost): due again at once (ADR 0028)
            and(isNotNull(outboundMessages.claimedBy), instanceGone(outboundMessages.claimedBy)),
          ),
          which,
        ),
      )
      .orderBy(asc(outboundMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return deps.db
      .update(outboundMessages)
      .set({
        nextAttemptAt: sql`now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})`,
        attempts: sql`${outboundMessages.attempts} + 1`,
        claimedBy: owner,
      })
      .where(and(inArray(outboundMessages.id, due), eq(outboundMessages.status, 'queued')))
      .returning();
  }

  /** Delivers claimed messages one by one; each ends 'sent', or queued with its back-off, or 'failed'. */
  async function deliverClaimed(rows: Awaited<ReturnType<typeof claim>>) {
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      const transport = transportFor(row.channel);
      try {
        if (!transport) throw new Error(`${row.channel} is not configured`);
        if (row.channel === 'email') {
          await (transport as EmailTransport).send({
            to: row.recipient,
            subject: row.subject,
            text: row.body,
            attachments: await attachmentsOf(row.clientId, row.attachments),
          });
        } else {
          await (transport as SmsTransport).send({ to: row.recipient, body: row.body });
        }
        await deps.db
          .update(outboundMessages)
          .set({ status: 'sent', sentAt: new Date(), lastError: null, claimedBy: null })
          .where(eq(outboundMessages.id, row.id));
        sent++;
      } catch (err) {
        const attempts = row.attempts;
        await deps.db
          .update(outboundMessages)
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
            lastError: err instanceof Error ? err.message.slice(0, 500) : 'delivery failed',
            claimedBy: null,
          })
          .where(eq(outboundMessages.id, row.id));
        failed++;
      }
    }
    return { sent, failed };
  }

  /** Delivers these messages now, if they are still queued and due and nobody else holds them. */
  async function deliver(ids: number[]) {
    if (ids.length === 0) return { sent: 0, failed: 0 };
    return deliverClaimed(await claim(inArray(outboundMessages.id, ids), ids.length));
  }

  return {
    /** Stores the messages (inside the caller's transaction when given). Returns their ids. */
    async enqueue(messages: MessageInput[], tx: Db = deps.db): Promise<number[]> {
      if (messages.length === 0) return [];
      const rows = await tx
        .insert(outboundMessages)
        .values(
          messages.map((m) => ({
            clientId: m.clientId,
            channel: m.channel,
            recipient: m.recipient,
            subject: m.subject ?? '',
            body: m.body,
            kind: m.kind,
            attachments: m.attachments ?? null,
            status: transportFor(m.channel) ? 'queued' : 'outbox',
          })),
        )
        .returning({ id: outboundMessages.id });
      return rows.map((r) => r.id);
    },

    /** Stores and delivers now; a failed delivery stays queued for the retry job. */
    async send(messages: MessageInput[]) {
      const ids = await this.enqueue(messages);
      const result = await deliver(ids);
      return { ids, ...result };
    },

    deliver,

    /** The channels with no transport: their messages stay in the outbox (issue 23 §2 reports it). */
    unconfiguredChannels(): ('email' | 'sms')[] {
      return (['email', 'sms'] as const).filter((c) => !transportFor(c));
    },

    /**
     * Retry job: delivers what is queued and due, created before `olderThan` (a message stored this
     * moment is being sent by its `send`). Claims in batches, so several instances share the work.
     */
    async retryQueued(olderThan = new Date()) {
      const total = { sent: 0, failed: 0 };
      for (let batch = 0; batch < 10; batch++) {
        const rows = await claim(lt(outboundMessages.createdAt, olderThan), 50);
        if (rows.length === 0) break;
        const r = await deliverClaimed(rows);
        total.sent += r.sent;
        total.failed += r.failed;
      }
      return total;
    },
  };
}
export type Messenger = ReturnType<typeof createMessenger>;
