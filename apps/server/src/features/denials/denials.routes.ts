import {
  ZDenyEntryRequest,
  ZDenyEntryResponse,
  ZIdParam,
  ZNotifySecurityRequest,
  ZNotifySecurityResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { DenialsService } from './denials.service';

const tags = ['front desk'];

export async function denialsRoutes(app: ZodApp, _deps: AppDeps, service: DenialsService) {
  app.post(
    '/api/visitors/:id/denials',
    {
      schema: {
        tags,
        summary:
          'Deny entry: records the denial with its screening counts and notifies security (Idempotency-Key required)',
        params: ZIdParam,
        body: ZDenyEntryRequest,
        response: { 200: ZDenyEntryResponse },
      },
    },
    async (req) => service.deny(requireCtx(req), req.params.id, req.body, requireIdempotencyKey(req)),
  );
  app.post(
    '/api/visitors/:id/security-notifications',
    {
      schema: {
        tags,
        summary: 'Notify security about a person on the premises (Idempotency-Key required)',
        params: ZIdParam,
        body: ZNotifySecurityRequest,
        response: { 200: ZNotifySecurityResponse },
      },
    },
    async (req) => service.notifySecurity(requireCtx(req), req.params.id, req.body, requireIdempotencyKey(req)),
  );
}
