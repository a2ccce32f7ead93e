import type { TActor } from '@sv/contracts';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { buildings, deniedEntries, users, visitors } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { likeEscape } from '../../platform/db/paging';
import { searchNameOf } from '../visitors';
import { type LogColumns, type LogWindow, logWhere, orderOf, visitorName } from './logs.query';

function deniedSearch(search: string): SQL | undefined {
  const name = searchNameOf({ firstname: search, lastname: '' });
  return name ? sql`${visitors.searchName} LIKE ${`%${likeEscape(name)}%`}` : undefined;
}

export type DeniedLogSort = 'deniedAt' | 'visitor' | 'building' | 'attendant';

const deniedSorts: Record<DeniedLogSort, SQL[] | PgColumn[]> = {
  deniedAt: [deniedEntries.deniedAt],
  visitor: [sql`lower(${visitors.lastname})`, sql`lower(${visitors.firstname})`],
  building: [buildings.name],
  attendant: [users.name],
};

const deniedColumns: LogColumns = {
  clientId: deniedEntries.clientId,
  buildingId: deniedEntries.buildingId,
  at: deniedEntries.deniedAt,
  attendantId: deniedEntries.attendantId,
};

/** The denied entry log (spec 002 §3 denied entry): a page and the export's batches. */
export function deniedLogQueries(db: Db) {
  return {
    async deniedPage(
      actor: TActor,
      w: LogWindow,
      p: { sort: DeniedLogSort; dir: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const where = logWhere(actor, deniedColumns, w, [deniedSearch(w.search)]);
      const rows = db
        .select({
          id: deniedEntries.id,
          visitorId: deniedEntries.visitorId,
          visitorName,
          buildingId: deniedEntries.buildingId,
          buildingName: buildings.name,
          attendantName: users.name,
          deniedAt: deniedEntries.deniedAt,
          timeZone: buildings.timeZone,
          exclusionCount: deniedEntries.exclusionCount,
          potentialCount: deniedEntries.potentialCount,
          watchdogCount: deniedEntries.watchdogCount,
          securityNotified: deniedEntries.securityNotified,
        })
        .from(deniedEntries)
        .innerJoin(visitors, eq(visitors.id, deniedEntries.visitorId))
        .innerJoin(buildings, eq(buildings.id, deniedEntries.buildingId))
        .leftJoin(users, eq(users.id, deniedEntries.attendantId))
        .where(where)
        .orderBy(...orderOf(deniedSorts[p.sort], p.dir, deniedEntries.id))
        .limit(p.limit)
        .offset(p.offset);
      const count = db
        .select({ n: sql<number>`count(*)::int` })
        .from(deniedEntries)
        .innerJoin(visitors, eq(visitors.id, deniedEntries.visitorId))
        .where(where);
      const [data, [{ n }]] = await Promise.all([rows, count]);
      return { data, count: n };
    },

    /**
     * One batch of the denied entry log export (issue 25), newest first, by keyset on
     * (denied_at, id); the date formatted by the database in the building's zone (spec 002 §9).
     */
    async deniedExportBatch(actor: TActor, w: LogWindow, after: { at: string; id: number } | null, limit: number) {
      return db
        .select({
          id: deniedEntries.id,
          cursor: sql<string>`${deniedEntries.deniedAt}::text`,
          visitorName,
          buildingName: buildings.name,
          attendantName: users.name,
          deniedAt: sql<string>`to_char(${deniedEntries.deniedAt} AT TIME ZONE ${buildings.timeZone}, 'MM/DD/YYYY HH12:MI AM')`,
          exclusionCount: deniedEntries.exclusionCount,
          potentialCount: deniedEntries.potentialCount,
          watchdogCount: deniedEntries.watchdogCount,
          securityNotified: deniedEntries.securityNotified,
        })
        .from(deniedEntries)
        .innerJoin(visitors, eq(visitors.id, deniedEntries.visitorId))
        .innerJoin(buildings, eq(buildings.id, deniedEntries.buildingId))
        .leftJoin(users, eq(users.id, deniedEntries.attendantId))
        .where(
          logWhere(actor, deniedColumns, w, [
            deniedSearch(w.search),
            after === null
              ? undefined
              : sql`(${deniedEntries.deniedAt}, ${deniedEntries.id}) < (${after.at}::timestamptz, ${after.id})`,
          ]),
        )
        .orderBy(desc(deniedEntries.deniedAt), desc(deniedEntries.id))
        .limit(limit);
    },
  };
}
