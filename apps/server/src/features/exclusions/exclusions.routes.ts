import {
  ZExclusionBulkActive,
  ZExclusionBulkResult,
  ZExclusionFormOptions,
  ZExclusionResponse,
  ZExclusionSave,
  ZExclusionUpdate,
  ZExclusionsQuery,
  ZExclusionsResponse,
  ZIdParam,
  ZPotentialMatchesRequest,
  ZPotentialMatchesResponse,
  ZUploadResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/files/files';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import './exclusions.export';
import './exclusions.import';
import type { ExclusionsService } from './exclusions.service';

const fieldNumber = (field: unknown): number | null => {
  const value = (field as { value?: unknown } | undefined)?.value;
  const n = Number(value);
  return typeof value === 'string' && /^\d{1,9}$/.test(value) && n > 0 ? n : null;
};

/** Exclusions (spec 000 §2 Manage Exclusions; spec 002 §7 POST /Exclusion/PotentialMatches). */
export async function exclusionsRoutes(app: ZodApp, deps: AppDeps, service: ExclusionsService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['exclusions'];

  app.get(
    '/api/exclusions',
    {
      schema: {
        tags,
        summary: 'Exclusions in scope, paged; active only by default; sorted by Name (last, first) ascending',
        // the search words only travel in the POST …/search body (security guide: none in URLs)
        querystring: ZExclusionsQuery.omit({ q: true }),
        response: { 200: ZExclusionsResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );

  // issue 25 (audit 000 U1): the same list searched on the server; the text stays out of the URL
  app.post(
    '/api/exclusions/search',
    {
      schema: {
        tags,
        summary:
          'Exclusions in scope, paged; active only by default; sorted by Name (last, first) ascending; searched on the server by q (issue 25: the words in the body, never the URL)',
        body: ZExclusionsQuery,
        response: { 200: ZExclusionsResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
  );

  app.get(
    '/api/exclusions/form-options',
    {
      schema: {
        tags,
        summary: 'Clients and active buildings the exclusion form may choose from',
        response: { 200: ZExclusionFormOptions },
      },
    },
    async (req) => service.formOptions(requireCtx(req)),
  );

  app.post(
    '/api/exclusions/potential-matches',
    {
      schema: {
        tags,
        summary: 'Direct and potential exclusion matches of a visitor at a building, with why each matched',
        body: ZPotentialMatchesRequest,
        response: { 200: ZPotentialMatchesResponse },
      },
    },
    async (req) => service.potentialMatches(requireCtx(req), req.body),
  );

  app.post(
    '/api/exclusions/photos',
    {
      schema: {
        tags,
        summary:
          'Upload a photo for an exclusion form (multipart: file, and clientId for admins); answers { results: [{ id }] }',
        response: { 200: ZUploadResponse },
      },
    },
    async (req) => {
      const id = await service.uploadPhoto(requireCtx(req), async () => {
        const { buffer, fields } = await readUploadedFile(req);
        return { buffer, clientId: fieldNumber(fields.clientId) };
      });
      return { results: [{ id }] };
    },
  );

  app.post(
    '/api/exclusions',
    {
      schema: {
        tags,
        summary: `Add an exclusion ${IDEMPOTENCY_NOTE}`,
        body: ZExclusionSave,
        response: { 200: ZExclusionResponse },
      },
    },
    async (req) => once(req, async () => ({ exclusion: await service.create(requireCtx(req), req.body) })),
  );

  app.get(
    '/api/exclusions/:id',
    {
      schema: {
        tags,
        summary: 'One exclusion (audited sensitive read)',
        params: ZIdParam,
        response: { 200: ZExclusionResponse },
      },
    },
    async (req) => ({ exclusion: await service.get(requireCtx(req), req.params.id) }),
  );

  app.put(
    '/api/exclusions/:id',
    {
      schema: {
        tags,
        summary: 'Edit an exclusion (with the version it started from; a stale one answers 409)',
        params: ZIdParam,
        body: ZExclusionUpdate,
        response: { 200: ZExclusionResponse },
      },
    },
    async (req) => ({ exclusion: await service.update(requireCtx(req), req.params.id, req.body) }),
  );

  app.post(
    '/api/exclusions/bulk-active',
    {
      schema: {
        tags,
        summary:
          'Activate or deactivate many exclusions (the list’s multi-select): ids outside the actor’s scope change nothing and are counted as not found',
        body: ZExclusionBulkActive,
        response: { 200: ZExclusionBulkResult },
      },
    },
    async (req) => service.setActiveMany(requireCtx(req), req.body),
  );

  app.post(
    '/api/exclusions/:id/photo',
    {
      schema: {
        tags,
        summary: 'Upload and attach the exclusion’s photo (multipart: file)',
        params: ZIdParam,
        response: { 200: ZUploadResponse },
      },
    },
    async (req) => {
      const id = await service.replacePhoto(
        requireCtx(req),
        req.params.id,
        async () => (await readUploadedFile(req)).buffer,
      );
      return { results: [{ id }] };
    },
  );

  app.delete(
    '/api/exclusions/:id/photo',
    {
      schema: {
        tags,
        summary: 'Remove the exclusion’s photo',
        params: ZIdParam,
        response: { 200: ZExclusionResponse },
      },
    },
    async (req) => ({ exclusion: await service.removePhoto(requireCtx(req), req.params.id) }),
  );
}
