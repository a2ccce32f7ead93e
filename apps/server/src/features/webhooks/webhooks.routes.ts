import {
  WEBHOOK_SIGNATURE_DOC,
  ZIdParam,
  ZWebhook,
  ZWebhookCreate,
  ZWebhookCreated,
  ZWebhookDeliveryList,
  ZWebhookDeliveryQuery,
  ZWebhookList,
  ZWebhookListQuery,
  ZWebhookTestResult,
  ZWebhookUpdate,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhooks'];

/**
 * Webhook subscriptions of the district (issue 28 §5, ADR 0051). The create is not replayed by an
 * Idempotency-Key: its answer holds the signing secret, which is never stored in clear.
 */
export async function webhooksRoutes(app: ZodApp, _deps: AppDeps, service: WebhooksService) {
  app.get(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'The district’s webhook subscriptions, with each one’s last delivery',
        description: WEBHOOK_SIGNATURE_DOC,
        querystring: ZWebhookListQuery,
        response: { 200: ZWebhookList },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );
  app.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook subscription: the signing secret is in this answer only',
        description: WEBHOOK_SIGNATURE_DOC,
        body: ZWebhookCreate,
        response: { 200: ZWebhookCreated },
      },
    },
    async (req) => service.create(requireCtx(req), req.body),
  );
  app.put(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change a webhook subscription (URL, events, personal data, on or off)',
        params: ZIdParam,
        body: ZWebhookUpdate,
        response: { 200: ZWebhook },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );
  app.post(
    '/api/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a test event (webhook.test) to this receiver now; answers the delivery',
        params: ZIdParam,
        response: { 200: ZWebhookTestResult },
      },
    },
    async (req) => service.sendTest(requireCtx(req), req.params.id),
  );
  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'The delivery log of a subscription: each event, its attempts and the receiver’s last answer',
        params: ZIdParam,
        querystring: ZWebhookDeliveryQuery,
        response: { 200: ZWebhookDeliveryList },
      },
    },
    async (req) => service.deliveries(requireCtx(req), req.params.id, req.query),
  );
}
