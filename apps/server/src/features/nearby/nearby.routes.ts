import { ZArrivalRequest, ZArrivalResponse, ZIdText, ZNearbyListResponse } from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { sendJsonText } from '../../platform/http/json-text';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { NearbyService } from './nearby.service';

const tags = ['nearby'];
const ZBuildingId = z.object({ buildingId: ZIdText });

/**
 * Nearby visitors (spec 002 §2 Dashboard, §4 Nearby visitor, §7 NearbyList / DeleteNearby;
 * ADR 0017). The arrival is anonymous by design (the capability is the token, sent in the JSON
 * body, never in a query string); it is CSRF-exempt like the public registration submission
 * (platform/auth/auth-plugin CSRF_EXEMPT, ADR 0015): JSON only, no session acted on, rate limited.
 */
export async function nearbyRoutes(app: ZodApp, _deps: AppDeps, service: NearbyService) {
  app.post(
    '/api/public/arrivals',
    {
      schema: {
        tags,
        summary:
          "A registered person's phone position through their arrival link: within a building's radius they are listed as nearby there; outside it, their entry closes",
        body: ZArrivalRequest,
        response: { 200: ZArrivalResponse },
      },
    },
    async (req) => service.arrive(req.body, req.ip),
  );

  app.get(
    '/api/buildings/:buildingId/nearby',
    {
      schema: {
        tags,
        summary: "Nearby visitors of a building (the dashboard's list): open entries not removed",
        params: ZBuildingId,
        response: { 200: ZNearbyListResponse },
      },
    },
    // already-serialised JSON (shared by the building's dashboards): sent as is
    async (req, reply) => sendJsonText(reply, await service.listJson(requireCtx(req), req.params.buildingId)),
  );

  app.delete(
    '/api/buildings/:buildingId/nearby/:registrationId',
    {
      schema: {
        tags,
        summary: "Remove a nearby visitor from the building's list (spec 002 §4: marked deleted; the log keeps it)",
        params: ZBuildingId.extend({ registrationId: ZIdText }),
        response: { 200: z.object({ removed: z.boolean() }) },
      },
    },
    async (req) => service.remove(requireCtx(req), req.params.buildingId, req.params.registrationId),
  );
}
