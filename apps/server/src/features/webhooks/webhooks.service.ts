import { randomUUID } from 'node:crypto';
import {
  STALE_EDIT_MESSAGE,
  type TPage,
  type TWebhook,
  type TWebhookCreated,
  type TWebhookDelivery,
  type TWebhookEvent,
  WEBHOOK_TEST_EVENT,
  type ZWebhookCreate,
  type ZWebhookDeliveryQuery,
  type ZWebhookListQuery,
  type ZWebhookUpdate,
} from '@sv/contracts';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { newToken } from '../../platform/auth/tokens';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { Db } from '../../platform/db/database';
import { findPage } from '../../platform/db/paging';
import type { AppDeps } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { deliverWebhooks, webhookSecretContext } from './webhooks.delivery';
import type { WebhooksRepository } from './webhooks.repository';

type Row = NonNullable<Awaited<ReturnType<WebhooksRepository['get']>>>;
const toWebhook = ({ clientId: _c, ...r }: Row | (Omit<Row, 'clientId'> & { clientId?: number })): TWebhook => ({
  ...r,
  events: r.events as TWebhookEvent[],
  personalData: r.personalData as TWebhook['personalData'],
  createdAt: r.createdAt.toISOString(),
  lastDelivery: r.lastDelivery
    ? { ...r.lastDelivery, at: r.lastDelivery.at ? new Date(r.lastDelivery.at).toISOString() : null }
    : null,
});
type DeliveryRow = Awaited<ReturnType<WebhooksRepository['deliveries']>>[number];
const toDelivery = (r: DeliveryRow): TWebhookDelivery => ({
  ...r,
  status: r.status as TWebhookDelivery['status'],
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Webhook subscriptions of the district (issue 28 §5, ADR 0051): the district administrator adds a
 * receiver (its signing secret answered once, kept sealed), chooses its events and personal data,
 * turns it off, sends a test event and reads the delivery log. Events are published by the
 * services where they happen (`publishWebhook`) and delivered by the job (`deliverWebhooks`).
 */
export function createWebhooksService(deps: AppDeps, { repo }: { repo: WebhooksRepository }) {
  const box = createSecretBox(deps.config.APP_SECRET);
  const districtOf = (ctx: RequestCtx) => {
    if (ctx.actor.clientId === null) throw forbidden();
    return ctx.actor.clientId;
  };
  const mustGet = async (ctx: RequestCtx, id: number, tx?: Db) => {
    const row = await repo.get(ctx.actor, id, tx);
    if (!row) throw notFound('Webhook not found');
    return row;
  };
  return {
    async list(ctx: RequestCtx, q: z.infer<typeof ZWebhookListQuery>): Promise<TPage<TWebhook>> {
      requirePermission(ctx.actor, 'webhooks.manage');
      const page = await findPage(
        q,
        (limit, offset) => repo.page(ctx.actor, q, limit, offset),
        () => repo.count(ctx.actor),
      );
      return { ...page, data: page.data.map(toWebhook) };
    },

    async create(ctx: RequestCtx, body: z.infer<typeof ZWebhookCreate>): Promise<TWebhookCreated> {
      requirePermission(ctx.actor, 'webhooks.manage');
      const clientId = districtOf(ctx);
      const secret = `whsec_${newToken()}`;
      const id = await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const subId = await repo.insert(tx, {
          clientId,
          ...body,
          secret: box.seal(secret, webhookSecretContext(clientId)),
          createdBy: ctx.actor.userId,
        });
        await deps.audit.record(
          ctx,
          {
            action: 'webhook.create',
            clientId,
            targetType: 'webhook',
            targetId: subId,
            details: { url: body.url, events: body.events, personalData: body.personalData },
          },
          tx,
        );
        return subId;
      });
      return { webhook: toWebhook(await mustGet(ctx, id)), secret };
    },

    async update(ctx: RequestCtx, id: number, body: z.infer<typeof ZWebhookUpdate>): Promise<TWebhook> {
      requirePermission(ctx.actor, 'webhooks.manage');
      const { version, ...values } = body;
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = await mustGet(ctx, id, tx);
        if (before.version !== version) throw conflict(STALE_EDIT_MESSAGE);
        if (!(await repo.update(tx, ctx.actor, id, version, values))) throw conflict(STALE_EDIT_MESSAGE);
        await deps.audit.record(
          ctx,
          {
            action: 'webhook.update',
            clientId: before.clientId,
            targetType: 'webhook',
            targetId: id,
            details: {
              url: values.url,
              events: values.events,
              personalData: values.personalData,
              active: values.active,
            },
          },
          tx,
        );
      });
      return toWebhook(await mustGet(ctx, id));
    },

    /**
     * "Send test event": a `webhook.test` delivery to this receiver only, sent at once and answered
     * as it stands (sent, or queued for its retries like any delivery, with the receiver's answer).
     */
    async sendTest(ctx: RequestCtx, id: number): Promise<{ delivery: TWebhookDelivery }> {
      requirePermission(ctx.actor, 'webhooks.manage');
      const sub = await mustGet(ctx, id);
      const eventId = randomUUID();
      const body = JSON.stringify({
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        occurredAt: deps.now().toISOString(),
        clientId: sub.clientId,
        data: { message: 'A test event from SafeVisitor.' },
      });
      const deliveryId = await repo.insertTestDelivery(sub.id, sub.clientId, eventId, body);
      await deliverWebhooks(deps, { ids: [deliveryId] });
      const [row] = (await repo.deliveries(ctx.actor, sub.id, 'desc', 20, 0)).filter((r) => r.id === deliveryId);
      return { delivery: toDelivery(row!) };
    },

    async deliveries(
      ctx: RequestCtx,
      id: number,
      q: z.infer<typeof ZWebhookDeliveryQuery>,
    ): Promise<TPage<TWebhookDelivery>> {
      requirePermission(ctx.actor, 'webhooks.manage');
      await mustGet(ctx, id);
      const page = await findPage(
        q,
        (limit, offset) => repo.deliveries(ctx.actor, id, q.dir, limit, offset),
        () => repo.countDeliveries(ctx.actor, id),
      );
      return { ...page, data: page.data.map(toDelivery) };
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
