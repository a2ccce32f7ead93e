import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import type { ZodApp } from '../../platform/http/zod-app';
import { SCIM_ERROR, ScimError, type ScimService } from './scim.service';

const tags = ['scim'];
const ZDistrict = z.object({ district: z.string().max(60) });
const ZResource = z.object({ district: z.string().max(60), id: z.string().max(20) });
const ZListQuery = z.object({
  filter: z.string().max(500).optional(),
  startIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
  count: z.coerce.number().int().min(0).max(1000).optional(),
});
const ZBody = z.unknown();
const SCIM_TYPE = 'application/scim+json';
const CODE_OF: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/**
 * SCIM 2.0 per district (issue 30 §3, ADR 0052): `/scim/v2/<district>/Users` and `/Groups`,
 * authenticated by the district's own bearer token (never a session); answers and errors in
 * SCIM's format (RFC 7644 §3.12). Bodies are read as SCIM (application/scim+json or JSON) and
 * checked by the service, so a bad request is a SCIM error (which also carries the app's error body).
 */
export async function scimRoutes(app: ZodApp, _deps: AppDeps, service: ScimService) {
  await app.register(async (scim: ZodApp) => {
    scim.addContentTypeParser(SCIM_TYPE, { parseAs: 'string' }, scim.getDefaultJsonParser('error', 'error'));

    const send = (reply: FastifyReply, status: number, body?: unknown) =>
      body === undefined ? reply.code(status).send() : reply.code(status).type(SCIM_TYPE).send(body);

    /** Authenticates the district, runs the use case, answers SCIM's errors in SCIM's format. */
    const handle =
      <R extends FastifyRequest>(
        status: number,
        fn: (d: Awaited<ReturnType<ScimService['authenticate']>>, req: R) => Promise<unknown>,
      ) =>
      async (req: R, reply: FastifyReply) => {
        try {
          const district = await service.authenticate(
            (req.params as { district: string }).district,
            req.headers.authorization,
          );
          const body = await fn(district, req);
          return send(reply, status, status === 204 ? undefined : body);
        } catch (err) {
          if (!(err instanceof ScimError)) throw err;
          if (err.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
          return send(reply, err.status, {
            schemas: [SCIM_ERROR],
            status: String(err.status),
            ...(err.scimType ? { scimType: err.scimType } : {}),
            detail: err.detail,
            // also the app's one error body (architecture guide): SCIM clients ignore extra members
            requestId: req.id,
            code: CODE_OF[err.status] ?? 'VALIDATION_FAILED',
            message: err.detail,
          });
        }
      };

    scim.get(
      '/scim/v2/:district/Users',
      {
        schema: {
          tags,
          summary: 'SCIM: the district’s staff (filter userName eq "…" or externalId eq "…")',
          params: ZDistrict,
          querystring: ZListQuery,
        },
      },
      handle(200, (d, req: FastifyRequest<{ Querystring: z.infer<typeof ZListQuery> }>) =>
        service.listUsers(d, req.query),
      ),
    );
    scim.post(
      '/scim/v2/:district/Users',
      { schema: { tags, summary: 'SCIM: create a staff member of the district', params: ZDistrict, body: ZBody } },
      handle(201, (d, req) => service.createUser(d, req.body)),
    );
    scim.get(
      '/scim/v2/:district/Users/:id',
      { schema: { tags, summary: 'SCIM: one staff member', params: ZResource } },
      handle(200, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) => service.getUser(d, req.params.id)),
    );
    scim.put(
      '/scim/v2/:district/Users/:id',
      {
        schema: {
          tags,
          summary: 'SCIM: replace a staff member (name, e-mail, active, externalId)',
          params: ZResource,
          body: ZBody,
        },
      },
      handle(200, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) =>
        service.replaceUser(d, req.params.id, req.body),
      ),
    );
    scim.patch(
      '/scim/v2/:district/Users/:id',
      {
        schema: {
          tags,
          summary: 'SCIM: patch a staff member; active=false ends their sessions at once',
          params: ZResource,
          body: ZBody,
        },
      },
      handle(200, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) =>
        service.patchUser(d, req.params.id, req.body),
      ),
    );
    scim.delete(
      '/scim/v2/:district/Users/:id',
      { schema: { tags, summary: 'SCIM: deactivate a staff member (their sessions end at once)', params: ZResource } },
      handle(204, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) =>
        service.deleteUser(d, req.params.id),
      ),
    );
    scim.get(
      '/scim/v2/:district/Groups',
      {
        schema: {
          tags,
          summary: 'SCIM: the district’s directory groups (filter displayName eq "…")',
          params: ZDistrict,
          querystring: ZListQuery,
        },
      },
      handle(200, (d, req: FastifyRequest<{ Querystring: z.infer<typeof ZListQuery> }>) =>
        service.listGroups(d, req.query),
      ),
    );
    scim.post(
      '/scim/v2/:district/Groups',
      {
        schema: {
          tags,
          summary: 'SCIM: create a group; its members take the role and building of its rule',
          params: ZDistrict,
          body: ZBody,
        },
      },
      handle(201, (d, req) => service.createGroup(d, req.body)),
    );
    scim.get(
      '/scim/v2/:district/Groups/:id',
      { schema: { tags, summary: 'SCIM: one group', params: ZResource } },
      handle(200, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) =>
        service.getGroup(d, req.params.id),
      ),
    );
    scim.put(
      '/scim/v2/:district/Groups/:id',
      { schema: { tags, summary: 'SCIM: replace a group and its members', params: ZResource, body: ZBody } },
      handle(200, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) =>
        service.replaceGroup(d, req.params.id, req.body),
      ),
    );
    scim.patch(
      '/scim/v2/:district/Groups/:id',
      { schema: { tags, summary: 'SCIM: add or remove members, rename a group', params: ZResource, body: ZBody } },
      handle(200, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) =>
        service.patchGroup(d, req.params.id, req.body),
      ),
    );
    scim.delete(
      '/scim/v2/:district/Groups/:id',
      { schema: { tags, summary: 'SCIM: delete a group', params: ZResource } },
      handle(204, (d, req: FastifyRequest<{ Params: z.infer<typeof ZResource> }>) =>
        service.deleteGroup(d, req.params.id),
      ),
    );
  });
}
