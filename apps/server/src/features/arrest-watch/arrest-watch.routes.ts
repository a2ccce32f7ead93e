import { ZArrestAlert, ZArrestAlertReview, ZIdParam } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { ArrestWatchService } from './arrest-watch.service';

/** Arrest alerts (spec 001 §2 "arrest alert" modal, §7 ArrestAlertResult; issue 11 review). */
export async function arrestWatchRoutes(app: ZodApp, _deps: AppDeps, service: ArrestWatchService) {
  const tags = ['arrest-watch'];

  app.get(
    '/api/arrest-alerts/:id',
    {
      schema: {
        tags,
        summary: 'One arrest alert: the match, its confidence level and reasons, what the registry says',
        params: ZIdParam,
        response: { 200: ZArrestAlert },
      },
    },
    async (req) => service.getAlert(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/arrest-alerts/:id/review',
    {
      schema: {
        tags,
        summary:
          'Review an arrest alert: cleared (not this person; lifts the suspension when no other suspending alert is open) or confirmed (the registration stays suspended)',
        params: ZIdParam,
        body: ZArrestAlertReview,
        response: { 200: ZArrestAlert },
      },
    },
    async (req) => service.review(requireCtx(req), req.params.id, req.body),
  );
}
