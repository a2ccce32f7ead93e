import { ZIdParam, ZOutboxPage, ZOutboxQuery, ZOutboxRetryResponse } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { OutboxService } from './outbox.service';

/** Outbox (issue 2 §7): outbound e-mail and SMS, paged. */
export async function outboxRoutes(app: ZodApp, _deps: AppDeps, service: OutboxService) {
  app.get(
    '/api/outbox',
    {
      schema: {
        tags: ['platform'],
        summary: 'Outbound e-mail and SMS (admins: all; client administrators: their client)',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxPage },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );
  app.post(
    '/api/outbox/:id/retry',
    {
      schema: {
        tags: ['platform'],
        summary: 'Send a failed message again (issue 23 §3: the dead letter of the delivery queue)',
        params: ZIdParam,
        response: { 200: ZOutboxRetryResponse },
      },
    },
    async (req) => service.retry(requireCtx(req), req.params.id),
  );
}
