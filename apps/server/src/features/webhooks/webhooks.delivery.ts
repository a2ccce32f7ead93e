import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@sv/contracts';
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/index';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { INSTANCE_ID, instanceGone } from '../../platform/instances';
import { postWebhook, type WebhookResponse } from './webhooks.http';

/** Attempts before a delivery ends 'failed' (1, 2, 4 … 64 minutes apart: about two hours in all). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** A claimed delivery is withheld from other workers this long (longer than a batch of receivers at their timeout). */
const LEASE_SECONDS = 600;
const BATCH = 200;
/** receivers called at once by one worker */
const CONCURRENCY = 16;
export const webhookBackoffSeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

export const webhookSecretContext = (clientId: number) => `client:${clientId}:webhook`;

/**
 * The signature of one attempt (ADR 0051; contracts WEBHOOK_SIGNATURE_DOC): `v1=` + hex
 * HMAC-SHA256 over `${timestamp}.${body}` with the subscription's secret.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

type Post = (url: string, body: string, headers: Record<string, string>) => Promise<WebhookResponse>;

/**
 * Drains due webhook deliveries (ADR 0051, the job queue's pattern of ADR 0023): the due rows are
 * claimed in one UPDATE over rows locked with SKIP LOCKED (their next attempt moves past a lease,
 * the attempt is counted, the worker named), so two workers or instances never send one delivery
 * twice; a worker that died mid-delivery leaves its rows due again when its instance is gone or the
 * lease ends. Each claimed row is POSTed, then ends 'sent' (2xx), queued again with back-off, or
 * 'failed' after WEBHOOK_MAX_ATTEMPTS. `ids`: only these deliveries (the "send test event" button).
 */
export async function deliverWebhooks(
  deps: AppDeps,
  opts: { ids?: number[]; owner?: string; limit?: number; post?: Post } = {},
) {
  const owner = opts.owner ?? INSTANCE_ID;
  const d = webhookDeliveries;
  const due = deps.db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.status, 'queued'),
        or(lte(d.nextAttemptAt, sql`now()`), and(isNotNull(d.claimedBy), instanceGone(d.claimedBy))),
        opts.ids ? inArray(d.id, opts.ids) : undefined,
      ),
    )
    .orderBy(asc(d.id))
    .limit(opts.limit ?? BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(d)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${d.attempts} + 1`,
      claimedBy: owner,
    })
    .where(and(inArray(d.id, due), eq(d.status, 'queued')))
    .returning();
  if (claimed.length === 0) return { sent: 0, retrying: 0, failed: 0 };

  const subs = await deps.db
    .select({
      id: webhookSubscriptions.id,
      clientId: webhookSubscriptions.clientId,
      url: webhookSubscriptions.url,
      secret: webhookSubscriptions.secret,
      active: webhookSubscriptions.active,
    })
    .from(webhookSubscriptions)
    .where(inArray(webhookSubscriptions.id, [...new Set(claimed.map((r) => r.subscriptionId))]));
  const byId = new Map(subs.map((s) => [s.id, s]));
  const box = createSecretBox(deps.config.APP_SECRET);
  const post: Post =
    opts.post ??
    ((url, body, headers) => postWebhook(url, body, headers, { allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE }));
  const counts = { sent: 0, retrying: 0, failed: 0 };

  const deliverOne = async (row: (typeof claimed)[number]) => {
    const sub = byId.get(row.subscriptionId);
    const secret = sub ? box.open(sub.secret, webhookSecretContext(sub.clientId)) : null;
    let response: WebhookResponse | null = null;
    let error: string | null = null;
    if (!sub?.active) error = 'The subscription is turned off.';
    else if (!secret) error = 'The signing secret cannot be opened (APP_SECRET changed?).';
    else {
      const timestamp = Math.floor(Date.now() / 1000);
      try {
        response = await post(sub.url, row.body, {
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, row.body),
          [WEBHOOK_HEADERS.event]: row.eventType,
          [WEBHOOK_HEADERS.delivery]: row.eventId,
        });
      } catch (err) {
        error = err instanceof Error ? err.message.slice(0, 300) : 'The receiver could not be reached.';
      }
    }
    const ok = response !== null && response.status >= 200 && response.status < 300;
    const status = ok ? 'sent' : !sub?.active || row.attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'queued';
    counts[ok ? 'sent' : status === 'failed' ? 'failed' : 'retrying']++;
    await deps.db
      .update(d)
      .set({
        status,
        claimedBy: null,
        lastStatusCode: response?.status ?? null,
        lastResponse: response?.body ?? null,
        lastError: ok ? null : (error ?? `The receiver answered ${response?.status}.`),
        lastAttemptAt: sql`now()`,
        ...(ok ? { sentAt: sql`now()` } : {}),
        ...(status === 'queued'
          ? { nextAttemptAt: sql`now() + make_interval(secs => ${webhookBackoffSeconds(row.attempts)})` }
          : {}),
      })
      // only while this worker still holds the claim
      .where(and(eq(d.id, row.id), eq(d.clientId, row.clientId), eq(d.claimedBy, owner)));
  };

  const queue = [...claimed];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await deliverOne(row);
    }),
  );
  return counts;
}
