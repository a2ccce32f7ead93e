import type { TActor } from '@sv/contracts';
import { desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { buildings, pickupEvents, sisWritebacks, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { likeEscape } from '../../platform/db/paging';
import { type LogColumns, type LogWindow, logWhere, orderOf } from './logs.query';

export type PickupLogSort = 'pickedUpAt' | 'student' | 'guardian' | 'building' | 'attendant';
const pickupSorts: Record<PickupLogSort, SQL[] | PgColumn[]> = {
  pickedUpAt: [pickupEvents.pickedUpAt],
  student: [sql`lower(${pickupEvents.studentName})`],
  guardian: [sql`lower(${pickupEvents.guardianName})`],
  building: [buildings.name],
  attendant: [users.name],
};
const pickupColumns: LogColumns = {
  clientId: pickupEvents.clientId,
  buildingId: pickupEvents.buildingId,
  at: pickupEvents.pickedUpAt,
  attendantId: pickupEvents.attendantId,
};
/** Pickup log search: student, guardian or reason (contains, case-insensitive). */
function pickupSearch(search: string): SQL | undefined {
  if (!search) return undefined;
  const text = `%${likeEscape(search.toLowerCase())}%`;
  return or(
    sql`lower(${pickupEvents.studentName}) LIKE ${text}`,
    sql`lower(${pickupEvents.guardianName}) LIKE ${text}`,
    sql`lower(${pickupEvents.reason}) LIKE ${text}`,
  );
}
const pickupSisStatus = sql<string | null>`(SELECT ${sisWritebacks.status} FROM ${sisWritebacks}
  WHERE ${sisWritebacks.eventKind} = 'pickup' AND ${sisWritebacks.eventId} = ${pickupEvents.id})`;

/** The pickup log (spec 002 §2 Pickup Log; issue 12): a page and the export's batches. */
export function pickupLogQueries(db: Db) {
  return {
    /** A page of the pickup log (spec 002 §2 Pickup Log, §3 pickup log row; issue 12). */
    async pickupPage(
      actor: TActor,
      w: LogWindow,
      p: { sort: PickupLogSort; dir: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const where = logWhere(actor, pickupColumns, w, [pickupSearch(w.search)]);
      const rows = db
        .select({
          id: pickupEvents.id,
          studentName: pickupEvents.studentName,
          guardianName: pickupEvents.guardianName,
          reason: pickupEvents.reason,
          buildingId: pickupEvents.buildingId,
          buildingName: buildings.name,
          attendantName: users.name,
          pickedUpAt: pickupEvents.pickedUpAt,
          timeZone: buildings.timeZone,
          photoFileId: pickupEvents.photoFileId,
          sisStatus: pickupSisStatus,
          verification: pickupEvents.verification,
        })
        .from(pickupEvents)
        .innerJoin(buildings, eq(buildings.id, pickupEvents.buildingId))
        .leftJoin(users, eq(users.id, pickupEvents.attendantId))
        .where(where)
        .orderBy(...orderOf(pickupSorts[p.sort], p.dir, pickupEvents.id))
        .limit(p.limit)
        .offset(p.offset);
      const count = db.select({ n: sql<number>`count(*)::int` }).from(pickupEvents).where(where);
      const [data, [{ n }]] = await Promise.all([rows, count]);
      return { data, count: n };
    },

    /** One batch of the pickup log export, newest first, after the keyset cursor (instant, id). */
    async pickupExportBatch(actor: TActor, w: LogWindow, after: { at: string; id: number } | null, limit: number) {
      return db
        .select({
          id: pickupEvents.id,
          cursor: sql<string>`${pickupEvents.pickedUpAt}::text`,
          studentName: pickupEvents.studentName,
          guardianName: pickupEvents.guardianName,
          reason: pickupEvents.reason,
          buildingName: buildings.name,
          attendantName: users.name,
          pickedUpAt: sql<string>`to_char(${pickupEvents.pickedUpAt} AT TIME ZONE ${buildings.timeZone}, 'MM/DD/YYYY HH12:MI AM')`,
          sisStatus: pickupSisStatus,
          verification: pickupEvents.verification,
        })
        .from(pickupEvents)
        .innerJoin(buildings, eq(buildings.id, pickupEvents.buildingId))
        .leftJoin(users, eq(users.id, pickupEvents.attendantId))
        .where(
          logWhere(actor, pickupColumns, w, [
            pickupSearch(w.search),
            after === null
              ? undefined
              : sql`(${pickupEvents.pickedUpAt}, ${pickupEvents.id}) < (${after.at}::timestamptz, ${after.id})`,
          ]),
        )
        .orderBy(desc(pickupEvents.pickedUpAt), desc(pickupEvents.id))
        .limit(limit);
    },
  };
}
