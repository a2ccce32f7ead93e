import type { TActor } from '@sv/contracts';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { buildings, nearbyEntries, registrations } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { likeEscape } from '../../platform/db/paging';
import { type LogColumns, type LogWindow, logWhere, orderOf } from './logs.query';

// spec 002 §3 Nearby log (ADR 0017): the nearby entries, by the instant they entered the radius
export type NearbyLogSort = 'enteredAt' | 'exitedAt' | 'visitor' | 'building';
const nearbyName = sql<string>`trim(${registrations.firstname} || ' ' || ${registrations.lastname})`;
const nearbySorts: Record<NearbyLogSort, SQL[] | PgColumn[]> = {
  enteredAt: [nearbyEntries.enteredAt],
  exitedAt: [nearbyEntries.exitedAt],
  visitor: [sql`lower(${registrations.lastname})`, sql`lower(${registrations.firstname})`],
  building: [buildings.name],
};
const nearbyColumns: LogColumns = {
  clientId: nearbyEntries.clientId,
  buildingId: nearbyEntries.buildingId,
  at: nearbyEntries.enteredAt,
  attendantId: null,
};
/** Nearby log search: the registered person's name (contains, case-insensitive). */
function nearbySearch(search: string): SQL | undefined {
  if (!search) return undefined;
  return sql`lower(${nearbyName}) LIKE ${`%${likeEscape(search.toLowerCase())}%`}`;
}

/** The nearby visitor log (spec 002 §2 Nearby Visitor Log; ADR 0017): a page and the export's batches. */
export function nearbyLogQueries(db: Db) {
  return {
    /** A page of the nearby visitor log (spec 002 §2 Nearby Visitor Log, §3 Nearby log row). */
    async nearbyPage(
      actor: TActor,
      w: LogWindow,
      p: { sort: NearbyLogSort; dir: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const where = logWhere(actor, nearbyColumns, w, [nearbySearch(w.search)]);
      const rows = db
        .select({
          id: nearbyEntries.id,
          registrationId: nearbyEntries.registrationId,
          visitorName: nearbyName,
          buildingId: nearbyEntries.buildingId,
          buildingName: buildings.name,
          enteredAt: nearbyEntries.enteredAt,
          exitedAt: nearbyEntries.exitedAt,
          deletedAt: nearbyEntries.deletedAt,
          timeZone: buildings.timeZone,
        })
        .from(nearbyEntries)
        .innerJoin(buildings, eq(buildings.id, nearbyEntries.buildingId))
        .innerJoin(registrations, eq(registrations.id, nearbyEntries.registrationId))
        .where(where)
        .orderBy(...orderOf(nearbySorts[p.sort], p.dir, nearbyEntries.id))
        .limit(p.limit)
        .offset(p.offset);
      const count = db
        .select({ n: sql<number>`count(*)::int` })
        .from(nearbyEntries)
        .innerJoin(registrations, eq(registrations.id, nearbyEntries.registrationId))
        .where(where);
      const [data, [{ n }]] = await Promise.all([rows, count]);
      return { data, count: n };
    },

    /** One batch of the nearby log export, newest first, after the keyset cursor (instant, id). */
    async nearbyExportBatch(actor: TActor, w: LogWindow, after: { at: string; id: number } | null, limit: number) {
      const local = (c: PgColumn) =>
        sql<string | null>`to_char(${c} AT TIME ZONE ${buildings.timeZone}, 'MM/DD/YYYY HH12:MI AM')`;
      return db
        .select({
          id: nearbyEntries.id,
          cursor: sql<string>`${nearbyEntries.enteredAt}::text`,
          visitorName: nearbyName,
          buildingName: buildings.name,
          enteredAt: local(nearbyEntries.enteredAt),
          exitedAt: local(nearbyEntries.exitedAt),
        })
        .from(nearbyEntries)
        .innerJoin(buildings, eq(buildings.id, nearbyEntries.buildingId))
        .innerJoin(registrations, eq(registrations.id, nearbyEntries.registrationId))
        .where(
          logWhere(actor, nearbyColumns, w, [
            nearbySearch(w.search),
            after === null
              ? undefined
              : sql`(${nearbyEntries.enteredAt}, ${nearbyEntries.id}) < (${after.at}::timestamptz, ${after.id})`,
          ]),
        )
        .orderBy(desc(nearbyEntries.enteredAt), desc(nearbyEntries.id))
        .limit(limit);
    },
  };
}
