import { ZPublicWording, ZPublicWordingParams, ZWordingList, ZWordingQuery, ZWordingSave } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { VisitorWordingService } from './visitor-wording.service';

const tags = ['visitor wording'];

/** A district's own wording of the visitor screens, per language (issue 29 §1, ADR 0054). */
export async function visitorWordingRoutes(app: ZodApp, _deps: AppDeps, service: VisitorWordingService) {
  app.get(
    '/api/public/visitor-wording/:clientId/:language',
    {
      schema: {
        tags,
        summary:
          "A district's own wording of the visitor screens in one language, as a map of catalogue keys to text (no sign-in: the kiosk and the public forms show it to anyone; an unknown district answers an empty map)",
        params: ZPublicWordingParams,
        response: { 200: ZPublicWording },
      },
    },
    async (req, reply) => {
      // a kiosk reads it at every language switch: a short private cache spares the round trip
      reply.header('cache-control', 'private, max-age=60');
      return service.publicWording(req.params.clientId, req.params.language);
    },
  );

  app.get(
    '/api/visitor-wording',
    {
      schema: {
        tags,
        summary: "A district's own wording in one language, with each wording's version (district administrators)",
        querystring: ZWordingQuery,
        response: { 200: ZWordingList },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );

  app.put(
    '/api/visitor-wording',
    {
      schema: {
        tags,
        summary:
          "Change a district's wording in one language: every change or none; an empty text goes back to the product's; a change at an old version is refused (409)",
        body: ZWordingSave,
        response: { 200: ZWordingList },
      },
    },
    async (req) => service.save(requireCtx(req), req.body),
  );
}
