import { ZIdParam, ZOk } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { RegisteredEntryService } from './registered-entry.service';

/** Registered check-in at the desk (spec 002 §4; issue 11). The badge scan itself is POST /api/scans. */
export async function registeredEntryRoutes(app: ZodApp, _deps: AppDeps, service: RegisteredEntryService) {
  app.post(
    '/api/registrations/:id/cancel-check-in',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "Cancel a registration's check-in (spec 002 §4 Cancel check-in, §7 cancelRegCheckIn): its open visit is closed as cancelled; failure answers 'Unable to cancel check-in.'",
        params: ZIdParam,
        response: { 200: ZOk },
      },
    },
    async (req) => service.cancelCheckIn(requireCtx(req), req.params.id),
  );
}
