import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  badges,
  buildings,
  clients,
  exclusions,
  preRegistrations,
  users,
  visitReasons,
  visitors,
  visits,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter, clientFilter } from '../../platform/db/scope';

const checkedInBy = alias(users, 'checked_in_by_user');

/** Columns of a visit summary (contracts ZVisitSummary), selected in one query: no N+1. */
const summaryColumns = {
  id: visits.id,
  visitorId: visits.visitorId,
  firstname: visitors.firstname,
  lastname: visitors.lastname,
  visitorType: visits.visitorType,
  buildingId: visits.buildingId,
  buildingName: buildings.name,
  checkIn: visits.checkIn,
  checkOut: visits.checkOut,
  reason: visits.reason,
  personVisiting: visits.personVisiting,
  photoFileId: badges.photoFileId,
  checkedInByName: checkedInBy.name,
  badgeId: badges.id,
  badgeCode: badges.code,
  badgeExpiresAt: badges.expiresAt,
  clientId: visits.clientId,
};

export type VisitRow = Awaited<ReturnType<ReturnType<typeof createVisitsRepository>['getVisit']>> & {};

export function createVisitsRepository(db: Db) {
  const summaryQuery = (tx: Db = db) =>
    tx
      .select(summaryColumns)
      .from(visits)
      .innerJoin(visitors, eq(visitors.id, visits.visitorId))
      .innerJoin(buildings, eq(buildings.id, visits.buildingId))
      .leftJoin(badges, eq(badges.id, visits.badgeId))
      .leftJoin(checkedInBy, eq(checkedInBy.id, visits.checkedInBy));

  return {
    /** A building the actor may work at (attendants: their own), with what the desk needs. */
    async getBuildingForDesk(actor: TActor, buildingId: number) {
      const rows = await db
        .select({
          id: buildings.id,
          clientId: buildings.clientId,
          name: buildings.name,
          timeZone: buildings.timeZone,
          active: buildings.active,
          printerIpAddress: buildings.printerIpAddress,
          visitorPrinterIpAddress: buildings.visitorPrinterIpAddress,
          requireAttendantVisitorBadgePrint: buildings.requireAttendantVisitorBadgePrint,
          requireAttendantVolunteerBadgePrint: buildings.requireAttendantVolunteerBadgePrint,
          requireAttendantVisitorPhotoCheckIn: buildings.requireAttendantVisitorPhotoCheckIn,
          requireAttendantVolunteerPhotoCheckIn: buildings.requireAttendantVolunteerPhotoCheckIn,
          requireKioskVisitorBadgePrint: buildings.requireKioskVisitorBadgePrint,
          requireKioskVolunteerBadgePrint: buildings.requireKioskVolunteerBadgePrint,
          requireKioskVisitorPhotoCheckIn: buildings.requireKioskVisitorPhotoCheckIn,
          requireKioskVolunteerPhotoCheckIn: buildings.requireKioskVolunteerPhotoCheckIn,
          clientSettings: clients.settings,
        })
        .from(buildings)
        .innerJoin(clients, eq(clients.id, buildings.clientId))
        .where(
          and(
            eq(buildings.id, buildingId),
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The pre-registration a check-in answers (spec 002 §2 scheduled card): it must be this
     * building's, waiting (scheduled or pending), and for this visitor when it names one.
     */
    async markPreRegistrationCheckedIn(tx: Db, id: number, buildingId: number, visitorId: number) {
      const rows = await tx
        .update(preRegistrations)
        .set({ status: 'checked_in', visitorId })
        .where(
          and(
            eq(preRegistrations.id, id),
            eq(preRegistrations.buildingId, buildingId),
            sql`${preRegistrations.status} in ('scheduled', 'pending')`,
            or(isNull(preRegistrations.visitorId), eq(preRegistrations.visitorId, visitorId)),
          ),
        )
        .returning({ id: preRegistrations.id });
      return rows.length > 0;
    },

    /** Active exclusions linked to this visitor that apply at this building (spec 000 §5 direct match). */
    async countDirectExclusions(visitorId: number, clientId: number, buildingId: number, tx: Db = db) {
      const rows = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(exclusions)
        .where(
          and(
            eq(exclusions.visitorId, visitorId),
            eq(exclusions.clientId, clientId),
            eq(exclusions.active, true),
            or(isNull(exclusions.buildingId), eq(exclusions.buildingId, buildingId)),
          ),
        );
      return rows[0]?.n ?? 0;
    },

    async findOpenVisitOfVisitor(visitorId: number, tx: Db = db) {
      const rows = await summaryQuery(tx)
        .where(and(eq(visits.visitorId, visitorId), isNull(visits.checkOut)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertBadge(tx: Db, values: typeof badges.$inferInsert) {
      const [row] = await tx.insert(badges).values(values).returning({ id: badges.id });
      return row.id;
    },

    async insertVisit(tx: Db, values: typeof visits.$inferInsert) {
      const [row] = await tx.insert(visits).values(values).returning({ id: visits.id });
      return row.id;
    },

    async getVisit(actor: TActor, visitId: number, tx: Db = db) {
      const rows = await summaryQuery(tx)
        .where(
          and(
            eq(visits.id, visitId),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async findOpenVisitByBadgeCode(actor: TActor, buildingId: number, code: string) {
      const rows = await summaryQuery()
        .where(
          and(
            eq(badges.code, code),
            eq(visits.buildingId, buildingId),
            isNull(visits.checkOut),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Marks a visit checked out unless it already is; answers whether this call did it. */
    async checkOut(visitId: number, values: { at: Date; by: number | null; method: string }, tx: Db = db) {
      const rows = await tx
        .update(visits)
        .set({ checkOut: values.at, checkedOutBy: values.by, checkOutMethod: values.method })
        .where(and(eq(visits.id, visitId), isNull(visits.checkOut)))
        .returning({ id: visits.id });
      return rows.length > 0;
    },

    /** Current visits of a building, newest first (spec 002 §2 Dashboard). */
    async findCurrentVisits(actor: TActor, buildingId: number) {
      return summaryQuery()
        .where(
          and(
            eq(visits.buildingId, buildingId),
            isNull(visits.checkOut),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .orderBy(desc(visits.checkIn))
        .limit(500);
    },

    async findReasons(actor: TActor, clientId: number, kind?: 'visitor' | 'volunteer') {
      return db
        .select({ id: visitReasons.id, kind: visitReasons.kind, label: visitReasons.label })
        .from(visitReasons)
        .where(
          and(
            eq(visitReasons.clientId, clientId),
            clientFilter(actor, visitReasons.clientId),
            eq(visitReasons.active, true),
            kind ? eq(visitReasons.kind, kind) : sql`true`,
          ),
        )
        .orderBy(asc(visitReasons.sortOrder), asc(visitReasons.label));
    },

    async getReason(clientId: number, reasonId: number) {
      const rows = await db
        .select({ id: visitReasons.id, label: visitReasons.label })
        .from(visitReasons)
        .where(and(eq(visitReasons.id, reasonId), eq(visitReasons.clientId, clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Automatic check-out (spec 002 §4): every open visit whose check-in day has reached 23:59
     * in its building's time zone is checked out at that local 23:59 — computed by PostgreSQL
     * with the zone's own rules, so daylight-saving changes are handled. Clients with
     * disableAutoLogoutVisitors are skipped. Idempotent: safe on several instances at once.
     */
    async autoCheckOut(now: Date, buildingId?: number) {
      const result = await db.execute(sql`
        WITH due AS (
          SELECT v.id,
                 ((date_trunc('day', v.check_in AT TIME ZONE b.time_zone) + interval '23 hours 59 minutes')
                    AT TIME ZONE b.time_zone) AS out_at
          FROM visits v
          JOIN buildings b ON b.id = v.building_id
          JOIN clients c ON c.id = v.client_id
          WHERE v.check_out IS NULL
            AND coalesce((c.settings ->> 'disableAutoLogoutVisitors')::boolean, false) = false
            ${buildingId ? sql`AND v.building_id = ${buildingId}` : sql``}
        )
        UPDATE visits v
           SET check_out = greatest(due.out_at, v.check_in), check_out_method = 'auto'
          FROM due
         WHERE v.id = due.id AND due.out_at <= ${now.toISOString()}::timestamptz AND v.check_out IS NULL
        RETURNING v.id, v.building_id, v.client_id`);
      // Both drivers answer { rows }; the shape is the RETURNING list above.
      return (result as unknown as { rows: { id: number; building_id: number; client_id: number }[] }).rows;
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
