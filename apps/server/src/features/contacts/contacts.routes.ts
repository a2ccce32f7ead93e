import { ZContactListQuery, ZContactListResponse, ZContactRow, ZContactUpsert, ZIdParam } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createContactsService } from './contacts.service';

/** Contacts (spec 000 §2 Contacts screen: active-only toggle and an edit modal; §4, §5 contact rules). */
export async function contactsRoutes(app: ZodApp, deps: AppDeps) {
  const service = createContactsService(deps);
  const tags = ['contacts'];

  app.get(
    '/api/contacts',
    {
      schema: {
        tags,
        summary: 'Contacts table: paged, active-only toggle, client filter (admins), building filter',
        querystring: ZContactListQuery,
        response: { 200: ZContactListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );

  app.post(
    '/api/contacts',
    {
      schema: {
        tags,
        summary: 'Add a contact (a Global contact has its building cleared)',
        body: ZContactUpsert,
        response: { 200: ZContactRow },
      },
    },
    async (req) => service.create(requireCtx(req), req.body),
  );

  app.get(
    '/api/contacts/:id',
    { schema: { tags, summary: 'One contact', params: ZIdParam, response: { 200: ZContactRow } } },
    async (req) => service.get(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Edit a contact',
        params: ZIdParam,
        body: ZContactUpsert,
        response: { 200: ZContactRow },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );
}
