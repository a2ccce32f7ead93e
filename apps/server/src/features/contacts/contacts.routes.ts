import {
  ZContactListQuery,
  ZContactListResponse,
  ZContactRow,
  ZContactUpdate,
  ZContactUpsert,
  ZIdParam,
  ZBulkActive,
  ZBulkActiveResult,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { ContactsService } from './contacts.service';

/** Contacts (spec 000 §2 Contacts screen: active-only toggle and an edit modal; §4, §5 contact rules). */
export async function contactsRoutes(app: ZodApp, deps: AppDeps, service: ContactsService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['contacts'];

  app.get(
    '/api/contacts',
    {
      schema: {
        tags,
        summary: 'Contacts table: paged, active-only toggle, client filter (admins), building filter',
        // the search words only travel in the POST …/search body (security guide: none in URLs)
        querystring: ZContactListQuery.omit({ q: true }),
        response: { 200: ZContactListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), { ...req.query, q: '' }),
  );

  // issue 25 (audit 000 U1): the same list searched on the server; the text stays out of the URL
  app.post(
    '/api/contacts/search',
    {
      schema: {
        tags,
        summary:
          'Contacts table: paged, active-only toggle, client filter (admins), building filter; searched on the server by q (issue 25: the words in the body, never the URL)',
        body: ZContactListQuery,
        response: { 200: ZContactListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
  );

  app.post(
    '/api/contacts',
    {
      schema: {
        tags,
        summary: `Add a contact (a Global contact has its building cleared) ${IDEMPOTENCY_NOTE}`,
        body: ZContactUpsert,
        response: { 200: ZContactRow },
      },
    },
    async (req) => once(req, () => service.create(requireCtx(req), req.body)),
  );

  app.get(
    '/api/contacts/:id',
    { schema: { tags, summary: 'One contact', params: ZIdParam, response: { 200: ZContactRow } } },
    async (req) => service.get(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/contacts/bulk-active',
    {
      schema: {
        tags,
        summary:
          'Activate or deactivate the contacts chosen on the list (issue 26 §4): ids outside the actor’s scope change nothing and are counted as not found',
        body: ZBulkActive,
        response: { 200: ZBulkActiveResult },
      },
    },
    async (req) => service.setActiveMany(requireCtx(req), req.body),
  );

  app.put(
    '/api/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Edit a contact (with the version it started from; a stale one answers 409)',
        params: ZIdParam,
        body: ZContactUpdate,
        response: { 200: ZContactRow },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );
}
