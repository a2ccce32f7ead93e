import {
  ZClientIdParam,
  ZIdParam,
  ZRegTypeListQuery,
  ZRegTypeListResponse,
  ZRegTypeRow,
  ZRegTypeUpdate,
  ZRegTypeUpsert,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { RegTypesService } from './registration-types.service';

/** Registration types of a client (spec 001 §2 list and edit screens, §3 entity, §4 arrest-watch rules). */
export async function registrationTypesRoutes(app: ZodApp, deps: AppDeps, service: RegTypesService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['registration-types'];

  app.get(
    '/api/clients/:clientId/registration-types',
    {
      schema: {
        tags,
        summary: 'Registration types of a client: paged, sorted by name, active-only by default',
        params: ZClientIdParam,
        // the search words only travel in the POST …/search body (security guide: none in URLs)
        querystring: ZRegTypeListQuery.omit({ q: true }),
        response: { 200: ZRegTypeListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.params.clientId, { ...req.query, q: '' }),
  );

  // issue 25 (audit 000 U1): the same list searched on the server; the text stays out of the URL
  app.post(
    '/api/clients/:clientId/registration-types/search',
    {
      schema: {
        tags,
        summary:
          'Registration types of a client: paged, sorted by name, active-only by default; searched on the server by q (issue 25: the words in the body, never the URL)',
        params: ZClientIdParam,
        body: ZRegTypeListQuery,
        response: { 200: ZRegTypeListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.params.clientId, req.body),
  );

  app.post(
    '/api/clients/:clientId/registration-types',
    {
      schema: {
        tags,
        summary: `Add a registration type (URL code unique within the client; 409 on a clash) ${IDEMPOTENCY_NOTE}`,
        params: ZClientIdParam,
        body: ZRegTypeUpsert,
        response: { 200: ZRegTypeRow },
      },
    },
    async (req) => once(req, () => service.create(requireCtx(req), req.params.clientId, req.body)),
  );

  app.get(
    '/api/registration-types/:id',
    { schema: { tags, summary: 'One registration type', params: ZIdParam, response: { 200: ZRegTypeRow } } },
    async (req) => service.get(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/registration-types/:id',
    {
      schema: {
        tags,
        summary: 'Edit a registration type (the arrest-watch rules of spec 001 §4 are applied on save)',
        params: ZIdParam,
        body: ZRegTypeUpdate,
        response: { 200: ZRegTypeRow },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );
}
