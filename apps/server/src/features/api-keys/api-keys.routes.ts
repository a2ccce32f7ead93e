import { ZApiKey, ZApiKeyCreate, ZApiKeyCreated, ZApiKeyList, ZApiKeyListQuery, ZIdParam } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { ApiKeysService } from './api-keys.service';

const tags = ['api-keys'];

/**
 * API keys of the district (issue 28 §5, ADR 0051). The create is deliberately not replayed by an
 * Idempotency-Key: its answer holds the secret, which must never be stored in clear.
 */
export async function apiKeysRoutes(app: ZodApp, _deps: AppDeps, service: ApiKeysService) {
  app.get(
    '/api/api-keys',
    {
      schema: {
        tags,
        summary: 'The district’s API keys (never the secret), with the last time each was used',
        querystring: ZApiKeyListQuery,
        response: { 200: ZApiKeyList },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );
  app.post(
    '/api/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key: the secret is in this answer only (kept as a SHA-256 hash)',
        body: ZApiKeyCreate,
        response: { 200: ZApiKeyCreated },
      },
    },
    async (req) => service.create(requireCtx(req), req.body),
  );
  app.post(
    '/api/api-keys/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: its next request is refused (401)',
        params: ZIdParam,
        response: { 200: ZApiKey },
      },
    },
    async (req) => service.revoke(requireCtx(req), req.params.id),
  );
}
