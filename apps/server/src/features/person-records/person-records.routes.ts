import { ZIdParam, ZPersonErase, ZPersonEraseResult, ZPersonRecords, ZPersonRecordsQuery } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { PersonRecordsService } from './person-records.service';

const tags = ['person-records'];

/** A person's records on request (issue 26 §3, ADR 0048): summary, archive, erasure. */
export async function personRecordsRoutes(app: ZodApp, _deps: AppDeps, service: PersonRecordsService) {
  app.get(
    '/api/person-records/:id',
    {
      schema: {
        tags,
        summary:
          'What the district holds about a visitor (and the records merged into them), and whether they can be erased',
        params: ZIdParam,
        querystring: ZPersonRecordsQuery,
        response: { 200: ZPersonRecords },
      },
    },
    async (req) => service.summary(requireCtx(req), req.params.id, req.query),
  );
  app.get(
    '/api/person-records/:id/archive.zip',
    {
      schema: {
        tags,
        summary:
          'Everything held about the person as one ZIP: summary.pdf, a CSV per kind, everything.json and their photos',
        params: ZIdParam,
        querystring: ZPersonRecordsQuery,
      },
    },
    async (req, reply) => {
      const { zip, fileName } = await service.archive(requireCtx(req), req.params.id, req.query);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
  app.post(
    '/api/person-records/:id/erase',
    {
      schema: {
        tags,
        summary:
          'Erase the person: their own records go, the visits and denied entries stay on a tombstone record with no personal data (refused while a hold, a visit, an exclusion or a guardian link keeps them)',
        params: ZIdParam,
        body: ZPersonErase,
        response: { 200: ZPersonEraseResult },
      },
    },
    async (req) => service.erase(requireCtx(req), req.params.id, req.body),
  );
}
