import {
  ZAttendantsQuery,
  ZAttendantsResponse,
  ZIdParam,
  ZUserFormOptions,
  ZUserResponse,
  ZUserSave,
  ZUserUpdate,
  ZUsersQuery,
  ZUsersResponse,
  ZBulkActive,
  ZBulkActiveResult,
  ZBulkDeleteResult,
  ZBulkIds,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import './users.export';
import './users.import';
import type { UsersService } from './users.service';

/**
 * Users (spec 000 §2 `/user/{list?}`, §7 /UserData/List, Get, Add, Edit, DropDownList).
 * The activation / reset e-mail is POST /api/users/:id/password-email (auth feature).
 */
export async function usersRoutes(app: ZodApp, deps: AppDeps, service: UsersService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['users'];

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Users in scope, paged; list = all | clientadmin (Administrators) | attendant (Attendants)',
        // the search words only travel in the POST …/search body (security guide: none in URLs)
        querystring: ZUsersQuery.omit({ q: true }),
        response: { 200: ZUsersResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );

  // issue 25 (audit 000 U1): the same list searched on the server; the text stays out of the URL
  app.post(
    '/api/users/search',
    {
      schema: {
        tags,
        summary:
          'Users in scope, paged; list = all | clientadmin (Administrators) | attendant (Attendants); searched on the server by q (issue 25: the words in the body, never the URL)',
        body: ZUsersQuery,
        response: { 200: ZUsersResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
  );

  app.get(
    '/api/users/attendants',
    {
      schema: {
        tags,
        summary: 'Active attendants in scope (spec 000 §7 DropDownList), optionally of one building',
        querystring: ZAttendantsQuery,
        response: { 200: ZAttendantsResponse },
      },
    },
    async (req) => ({ results: await service.attendants(requireCtx(req), req.query.buildingId) }),
  );

  app.get(
    '/api/users/form-options',
    {
      schema: {
        tags,
        summary: 'Clients and buildings the user form may choose from',
        response: { 200: ZUserFormOptions },
      },
    },
    async (req) => service.formOptions(requireCtx(req)),
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags,
        summary: `Create a user (administrators: admins only; client admins create users of their own client) ${IDEMPOTENCY_NOTE}`,
        body: ZUserSave,
        response: { 200: ZUserResponse },
      },
    },
    async (req) => once(req, async () => ({ user: await service.create(requireCtx(req), req.body) })),
  );

  app.get(
    '/api/users/:id',
    { schema: { tags, summary: 'One user in scope', params: ZIdParam, response: { 200: ZUserResponse } } },
    async (req) => ({ user: await service.get(requireCtx(req), req.params.id) }),
  );

  app.post(
    '/api/users/bulk-active',
    {
      schema: {
        tags,
        summary:
          'Activate or deactivate the users chosen on the list (issue 26 §4): ids outside the actor’s scope change nothing and are counted as not found',
        body: ZBulkActive,
        response: { 200: ZBulkActiveResult },
      },
    },
    async (req) => service.setActiveMany(requireCtx(req), req.body),
  );

  app.post(
    '/api/users/bulk-delete',
    {
      schema: {
        tags,
        summary:
          'Delete the accounts chosen on the list that have no history (issue 26 §4): an account that signed in or acted stays; ids outside the actor’s scope change nothing and are counted as not found',
        body: ZBulkIds,
        response: { 200: ZBulkDeleteResult },
      },
    },
    async (req) => service.deleteMany(requireCtx(req), req.body),
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Update a user; deactivation or a role/client/building change ends their sessions',
        params: ZIdParam,
        body: ZUserUpdate,
        response: { 200: ZUserResponse },
      },
    },
    async (req) => ({ user: await service.update(requireCtx(req), req.params.id, req.body) }),
  );
}
