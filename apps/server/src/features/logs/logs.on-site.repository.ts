import type { TActor } from '@sv/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { visitors, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter } from '../../platform/db/scope';
import { presenceOf, visitorName } from './logs.query';
import { visitColumns } from './logs.visits.repository';

/** Who is on site (beyond the spec: the emergency roll call; issue 25 "on site at …"). */
export function onSiteQueries(db: Db) {
  return {
    /** Open visits (everyone on site now) of these buildings, in scope, by building then arrival. */
    /**
     * Everyone on site now (open visits), or at an instant of each building's zone (issue 25:
     * the visits whose span holds it, through the presence index).
     */
    async onSite(actor: TActor, buildingIds: number[], at?: { buildingIds: number[]; at: Date }[]) {
      if (buildingIds.length === 0) return [];
      const when = at
        ? presenceOf(visitColumns, {
            zones: at.map((z) => ({ timeZone: '', buildingIds: z.buildingIds, start: z.at, end: z.at, at: z.at })),
            allBuildings: false,
            presence: true,
            clientId: null,
            attendantId: null,
            search: '',
          })
        : isNull(visits.checkOut);
      return db
        .select({
          buildingId: visits.buildingId,
          visitId: visits.id,
          visitorName,
          visitorType: visits.visitorType,
          personVisiting: visits.personVisiting,
          reason: visits.reason,
          checkIn: visits.checkIn,
          checkOut: visits.checkOut,
          photoFileId: visitors.photoFileId,
        })
        .from(visits)
        .innerJoin(visitors, eq(visitors.id, visits.visitorId))
        .where(
          and(
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
            inArray(visits.buildingId, buildingIds),
            when,
          ),
        )
        .orderBy(asc(visits.buildingId), asc(visits.checkIn), asc(visits.id));
    },
  };
}
