import {
  ZClientIdParam,
  ZIdParam,
  ZRegTypeListQuery,
  ZRegTypeListResponse,
  ZRegTypeRow,
  ZRegTypeUpsert,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createRegTypesService } from './registration-types.service';

/** Registration types of a client (spec 001 §2 list and edit screens, §3 entity, §4 arrest-watch rules). */
export async function registrationTypesRoutes(app: ZodApp, deps: AppDeps) {
  const service = createRegTypesService(deps);
  const tags = ['registration-types'];

  app.get(
    '/api/clients/:clientId/registration-types',
    {
      schema: {
        tags,
        summary: 'Registration types of a client: paged, sorted by name, active-only by default',
        params: ZClientIdParam,
        querystring: ZRegTypeListQuery,
        response: { 200: ZRegTypeListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.params.clientId, req.query),
  );

  app.post(
    '/api/clients/:clientId/registration-types',
    {
      schema: {
        tags,
        summary: 'Add a registration type (URL code unique within the client; 409 on a clash)',
        params: ZClientIdParam,
        body: ZRegTypeUpsert,
        response: { 200: ZRegTypeRow },
      },
    },
    async (req) => service.create(requireCtx(req), req.params.clientId, req.body),
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
        body: ZRegTypeUpsert,
        response: { 200: ZRegTypeRow },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );
}
