import { type FrontDeskEvent, isStreamStateEvent } from '../../platform/realtime/realtime';
import type { AppDeps } from '../../platform/deps';
import { requirePermission } from '../../platform/auth/permission';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { inScope } from '../../platform/db/scope';
import { createEventsRepository } from './events.repository';

export function createEventsService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createEventsRepository> }) {
  return {
    /**
     * Opens a building's event stream for the actor. The building must be in the actor's scope
     * (attendants: their own; client admins: their client's; admins: any) — else 404.
     */
    async openStream(ctx: RequestCtx, buildingId: number, onEvent: (e: FrontDeskEvent) => void) {
      requirePermission(ctx.actor, 'visits.checkIn');
      const building = await repo.getBuildingScope(buildingId);
      if (!building || !inScope(ctx.actor, { clientId: building.clientId, buildingId: building.id })) throw notFound();
      return deps.realtime.subscribe((event) => {
        if (isStreamStateEvent(event) || (event.buildingId === building.id && event.clientId === building.clientId))
          onEvent(event);
      });
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
