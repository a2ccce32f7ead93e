import { ZOutboxPage, ZOutboxQuery } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createOutboxService } from './outbox.service';

/** Outbox (issue 2 §7): outbound e-mail and SMS, paged. */
export async function outboxRoutes(app: ZodApp, deps: AppDeps) {
  const service = createOutboxService(deps);
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
}
