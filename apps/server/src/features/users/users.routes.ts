import {
  ZAttendantsQuery,
  ZAttendantsResponse,
  ZIdParam,
  ZUserFormOptions,
  ZUserResponse,
  ZUserSave,
  ZUsersQuery,
  ZUsersResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import './users.export';
import './users.import';
import { createUsersService } from './users.service';

/**
 * Users (spec 000 §2 `/user/{list?}`, §7 /UserData/List, Get, Add, Edit, DropDownList).
 * The activation / reset e-mail is POST /api/users/:id/password-email (auth feature).
 */
export async function usersRoutes(app: ZodApp, deps: AppDeps) {
  const service = createUsersService(deps);
  const tags = ['users'];

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Users in scope, paged; list = all | clientadmin (Administrators) | attendant (Attendants)',
        querystring: ZUsersQuery,
        response: { 200: ZUsersResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
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
        summary: 'Create a user (administrators: admins only; client admins create users of their own client)',
        body: ZUserSave,
        response: { 200: ZUserResponse },
      },
    },
    async (req) => ({ user: await service.create(requireCtx(req), req.body) }),
  );

  app.get(
    '/api/users/:id',
    { schema: { tags, summary: 'One user in scope', params: ZIdParam, response: { 200: ZUserResponse } } },
    async (req) => ({ user: await service.get(requireCtx(req), req.params.id) }),
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Update a user; deactivation or a role/client/building change ends their sessions',
        params: ZIdParam,
        body: ZUserSave,
        response: { 200: ZUserResponse },
      },
    },
    async (req) => ({ user: await service.update(requireCtx(req), req.params.id, req.body) }),
  );
}
