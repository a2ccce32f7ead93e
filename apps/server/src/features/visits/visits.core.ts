import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { RequestCtx } from '../../platform/http/request-context';
import type { BadgeContent } from '../../integrations/printing/badge-content';
import { formatInZone } from '../../platform/time';
import type { RegisteredEntryService } from '../registered-entry';
import type { ScreeningService } from '../screening';
import type { NearbyRepository } from '../nearby';
import type { VisitsRepository } from './visits.repository';
import type { Row } from './visits.rules';

/**
 * What every visits use case shares (issue 24 §1: one closure per use case on a shared core, like
 * kiosk.core.ts): the service's parts, the idempotency store, the desk's building read and the
 * badge content of a visit.
 */
export function createVisitsCore(
  deps: AppDeps,
  {
    repo,
    screening,
    registeredEntry,
    nearbyRepo,
    hostNotices,
  }: {
    repo: VisitsRepository;
    screening: ScreeningService;
    registeredEntry: RegisteredEntryService;
    nearbyRepo: Pick<NearbyRepository, 'closeOnCheckIn'>;
    /** issue 28 §4: delivers the hosts' notices that are due (the hosts service), after a check-in */
    hostNotices?: { deliverNotifications(): Promise<unknown> };
  },
) {
  // the embedded database has one process per folder (issue 16): a key left by an earlier process is orphaned
  const idempotency = createIdempotency(deps.db, { singleProcess: deps.database.kind === 'pglite' });

  async function requireBuilding(ctx: RequestCtx, buildingId: number) {
    const building = await repo.getBuildingForDesk(ctx.actor, buildingId);
    if (!building) throw notFound('Building not found');
    return building;
  }

  async function badgeContent(
    ctx: RequestCtx,
    visitId: number,
  ): Promise<{ content: BadgeContent; building: Awaited<ReturnType<typeof requireBuilding>>; visit: Row }> {
    const visit = await repo.getVisit(ctx.actor, visitId);
    if (!visit?.badgeCode) throw notFound('Visit not found');
    const building = await requireBuilding(ctx, visit.buildingId);
    const photo = visit.photoFileId ? await repo.badgePhoto(visit.photoFileId, visit.clientId) : null;
    return {
      building,
      visit,
      content: {
        visitorName: `${visit.firstname} ${visit.lastname}`.trim(),
        visitorType: visit.visitorType,
        buildingName: visit.buildingName,
        checkedInAt: formatInZone(visit.checkIn, building.timeZone),
        personVisiting: visit.personVisiting,
        expires: visit.badgeExpiresAt ? formatInZone(visit.badgeExpiresAt, building.timeZone) : '',
        badgeCode: visit.badgeCode,
        photo,
      },
    };
  }

  return {
    deps,
    repo,
    screening,
    registeredEntry,
    nearbyRepo,
    hostNotices,
    idempotency,
    requireBuilding,
    badgeContent,
  };
}
export type VisitsCore = ReturnType<typeof createVisitsCore>;
