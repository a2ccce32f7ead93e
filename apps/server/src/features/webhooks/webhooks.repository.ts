import type { TActor } from '@sv/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';

const s = webhookSubscriptions;
const d = webhookDeliveries;
const SORTS = { createdAt: s.createdAt, url: s.url } as const;

/** Webhook subscriptions and their deliveries (issue 28 §5): every query takes the actor's scope. */
export function createWebhooksRepository(db: Db) {
  const lastDelivery = sql<{ status: string; at: string | null; statusCode: number | null } | null>`(
    select json_build_object('status', ld.status, 'at', ld.last_attempt_at, 'statusCode', ld.last_status_code)
      from ${d} ld where ld.subscription_id = ${s.id} order by ld.id desc limit 1)`;
  const columns = {
    id: s.id,
    url: s.url,
    description: s.description,
    events: s.events,
    personalData: s.personalData,
    active: s.active,
    version: s.version,
    createdAt: s.createdAt,
    lastDelivery,
  };
  return {
    async page(actor: TActor, q: { sort: keyof typeof SORTS; dir: 'asc' | 'desc' }, limit: number, offset: number) {
      const order = q.dir === 'asc' ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]);
      return db
        .select(columns)
        .from(s)
        .where(clientFilter(actor, s.clientId))
        .orderBy(order, desc(s.id))
        .limit(limit)
        .offset(offset);
    },
    async count(actor: TActor) {
      const [r] = await db.select({ n: count() }).from(s).where(clientFilter(actor, s.clientId));
      return Number(r?.n ?? 0);
    },
    async get(actor: TActor, id: number, tx: Db = db) {
      const [r] = await tx
        .select({ ...columns, clientId: s.clientId })
        .from(s)
        .where(and(eq(s.id, id), clientFilter(actor, s.clientId)))
        .limit(1);
      return r ?? null;
    },
    async insert(tx: Db, values: typeof s.$inferInsert) {
      const [r] = await tx.insert(s).values(values).returning({ id: s.id });
      return r!.id;
    },
    /** the edit at the version the form loaded; null when the row moved on or is out of scope */
    async update(
      tx: Db,
      actor: TActor,
      id: number,
      version: number,
      values: Pick<typeof s.$inferInsert, 'url' | 'description' | 'events' | 'personalData' | 'active'>,
    ) {
      const rows = await tx
        .update(s)
        .set(values)
        .where(and(eq(s.id, id), clientFilter(actor, s.clientId), eq(s.version, version)))
        .returning({ id: s.id });
      return rows[0] ?? null;
    },

    /** the test event's delivery, for this subscription only */
    async insertTestDelivery(subscriptionId: number, clientId: number, eventId: string, body: string) {
      const [r] = await db
        .insert(d)
        .values({ clientId, subscriptionId, eventId, eventType: 'webhook.test', body })
        .returning({ id: d.id });
      return r!.id;
    },

    async deliveries(actor: TActor, subscriptionId: number, dir: 'asc' | 'desc', limit: number, offset: number) {
      return db
        .select({
          id: d.id,
          eventId: d.eventId,
          eventType: d.eventType,
          status: d.status,
          attempts: d.attempts,
          lastStatusCode: d.lastStatusCode,
          lastResponse: d.lastResponse,
          lastError: d.lastError,
          lastAttemptAt: d.lastAttemptAt,
          nextAttemptAt: d.nextAttemptAt,
          createdAt: d.createdAt,
        })
        .from(d)
        .where(and(eq(d.subscriptionId, subscriptionId), clientFilter(actor, d.clientId)))
        .orderBy(dir === 'asc' ? asc(d.id) : desc(d.id))
        .limit(limit)
        .offset(offset);
    },
    async countDeliveries(actor: TActor, subscriptionId: number) {
      const [r] = await db
        .select({ n: count() })
        .from(d)
        .where(and(eq(d.subscriptionId, subscriptionId), clientFilter(actor, d.clientId)));
      return Number(r?.n ?? 0);
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
