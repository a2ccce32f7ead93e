import {
  ZHostCreate,
  ZHostListQuery,
  ZHostListResponse,
  ZHostRow,
  ZHostSyncRequest,
  ZHostSyncResponse,
  ZHostWebhooksRequest,
  ZHostWebhooksResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import './hosts.import';
import type { HostsService } from './hosts.service';

/** Hosts (issue 28 §1, ADR 0053). */
export async function hostsRoutes(app: ZodApp, deps: AppDeps, service: HostsService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['hosts'];
  app.post(
    '/api/hosts/search',
    {
      schema: {
        tags,
        summary: 'Hosts: paged, searched on the server by q (the list and the "Person visiting" autocomplete)',
        body: ZHostListQuery,
        response: { 200: ZHostListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
  );
  app.post(
    '/api/hosts',
    {
      schema: { tags, summary: `Add a host ${IDEMPOTENCY_NOTE}`, body: ZHostCreate, response: { 200: ZHostRow } },
    },
    async (req) => once(req, () => service.create(requireCtx(req), req.body)),
  );
  app.post(
    '/api/hosts/sync-users',
    {
      schema: {
        tags,
        summary: "The district's administrators and attendants become hosts (kept in step on every run)",
        body: ZHostSyncRequest,
        response: { 200: ZHostSyncResponse },
      },
    },
    async (req) => service.syncUsers(requireCtx(req), req.body),
  );
  app.put(
    '/api/hosts/webhooks',
    {
      schema: {
        tags,
        summary: "The district's Microsoft Teams / Slack incoming-webhook URLs (write-only; '' removes one)",
        body: ZHostWebhooksRequest,
        response: { 200: ZHostWebhooksResponse },
      },
    },
    async (req) => service.setWebhooks(requireCtx(req), req.body),
  );
}
