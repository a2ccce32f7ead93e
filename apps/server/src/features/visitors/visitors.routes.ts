import {
  ZErrorBody,
  ZIdParam,
  ZScanRequest,
  ZScanResponse,
  ZVisitor,
  ZVisitorCreateRequest,
  ZVisitorCreateResponse,
  ZVisitorDuplicatesResponse,
  ZVisitorUpdate,
  ZVisitorMergeRequest,
  ZVisitorMergeResponse,
  ZVisitorSearchRequest,
  ZVisitorSearchResponse,
} from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/files/files';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { type VisitorsService, LIKELY_DUPLICATE_MESSAGE } from './visitors.service';

const tags = ['front desk'];

export async function visitorsRoutes(app: ZodApp, deps: AppDeps, service: VisitorsService) {
  const once = createIdempotentRoutes(deps);

  app.post(
    '/api/visitors',
    {
      schema: {
        tags,
        summary: `Create a visitor (spec route /visitor/verify/0), or answer the same person on file (existing: true); 409 with the candidates for a likely duplicate unless confirmNew ${IDEMPOTENCY_NOTE}`,
        body: ZVisitorCreateRequest,
        // 409 is the candidates, or a key reused for another request / still running (issue 23 §4)
        response: { 200: ZVisitorCreateResponse, 409: z.union([ZVisitorDuplicatesResponse, ZErrorBody]) },
      },
    },
    async (req, reply) => {
      // a replay answers the stored result, so the candidates' 409 repeats too (issue 23 §4)
      const result = await once(req, () => service.create(requireCtx(req), req.body));
      if ('duplicates' in result)
        return reply.status(409).send({
          requestId: req.id,
          code: 'CONFLICT' as const,
          message: LIKELY_DUPLICATE_MESSAGE,
          candidates: result.duplicates,
        });
      return result;
    },
  );
  app.post(
    '/api/visitors/:id/merge',
    {
      schema: {
        tags,
        summary:
          'Merge a duplicate record of the same person into this one (administrators; undo until the end of the next day)',
        params: ZIdParam,
        body: ZVisitorMergeRequest,
        response: { 200: ZVisitorMergeResponse },
      },
    },
    async (req) => service.merge(requireCtx(req), req.params.id, req.body.duplicateId),
  );
  app.post(
    '/api/visitor-merges/:id/undo',
    {
      schema: {
        tags,
        summary: 'Undo a merge: exactly the rows it moved go back (administrators; until the end of the next day)',
        params: ZIdParam,
        response: { 200: ZVisitorMergeResponse },
      },
    },
    async (req) => service.undoMerge(requireCtx(req), req.params.id),
  );
  app.get(
    '/api/visitors/:id',
    { schema: { tags, summary: 'One visitor with their open visit', params: ZIdParam, response: { 200: ZVisitor } } },
    async (req) => service.get(requireCtx(req), req.params.id),
  );
  app.put(
    '/api/visitors/:id',
    {
      schema: {
        tags,
        summary: 'Update a visitor (with the version it started from; a stale one answers 409)',
        params: ZIdParam,
        body: ZVisitorUpdate,
        response: { 200: ZVisitor },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );
  app.post(
    '/api/visitors/search',
    {
      schema: {
        tags,
        summary: 'Typo-tolerant name search within the district (terms in the body, never the URL)',
        body: ZVisitorSearchRequest,
        response: { 200: ZVisitorSearchResponse },
      },
    },
    async (req) => ({ data: await service.search(requireCtx(req), req.body.text, req.body.buildingId) }),
  );
  app.post(
    '/api/scans',
    {
      schema: {
        tags,
        summary: 'A scanned licence (AAMVA PDF417) or badge: parsed fields and matching visitors',
        body: ZScanRequest,
        response: { 200: ZScanResponse },
      },
    },
    async (req) => service.scan(requireCtx(req), req.body),
  );
  app.post(
    '/api/visitors/:id/photo',
    {
      schema: {
        tags,
        summary: 'Set the visitor’s photo (multipart image, ≤ 10 MB; re-encoded)',
        params: ZIdParam,
        response: { 200: z.object({ photoFileId: z.string() }) },
      },
    },
    async (req) => {
      const { buffer } = await readUploadedFile(req);
      return service.setPhoto(requireCtx(req), req.params.id, buffer);
    },
  );
}
