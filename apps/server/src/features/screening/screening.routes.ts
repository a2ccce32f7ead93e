import {
  ZClearedMatchResponse,
  ZClearMatchRequest,
  ZScreeningParams,
  ZScreeningRequest,
  ZScreeningResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { ScreeningService } from './screening.service';

/** Screening at check-in (spec 002 §4–§5, §7, §8) and cleared potential matches (issue 4). */
export async function screeningRoutes(app: ZodApp, _deps: AppDeps, service: ScreeningService) {
  app.post(
    '/api/visitors/:visitorId/screening',
    {
      schema: {
        tags: ['screening'],
        summary:
          'Screens the visitor for this building now: offender registry (needs first name, last name and dob) and exclusions (direct and potential)',
        params: ZScreeningParams,
        body: ZScreeningRequest,
        response: { 200: ZScreeningResponse },
      },
    },
    async (req) => service.screen(requireCtx(req), req.params.visitorId, req.body),
  );

  app.post(
    '/api/visitors/:visitorId/cleared-matches',
    {
      schema: {
        tags: ['screening'],
        summary: 'Clears a potential match for this visitor so later screenings show it as cleared (audited)',
        params: ZScreeningParams,
        body: ZClearMatchRequest,
        response: { 201: ZClearedMatchResponse },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.clearMatch(requireCtx(req), req.params.visitorId, req.body)),
  );
}
