import type { TActor } from '@sv/contracts';
import { eq, type SQL, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { buildings, registrations, users, vendorCompanies, visitors, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { likeEscape } from '../../platform/db/paging';
import { searchNameOf } from '../visitors';
import { type LogColumns, type LogWindow, logWhere, orderOf, visitorName, visitPresence } from './logs.query';

export function visitSearch(search: string): SQL | undefined {
  if (!search) return undefined;
  const name = searchNameOf({ firstname: search, lastname: '' });
  const text = `%${likeEscape(search.toLowerCase())}%`;
  return or(
    name ? sql`${visitors.searchName} LIKE ${`%${likeEscape(name)}%`}` : undefined,
    sql`lower(${visits.personVisiting}) LIKE ${text}`,
    sql`lower(${visits.reason}) LIKE ${text}`,
  );
}

export type VisitLogSort = 'checkIn' | 'checkOut' | 'visitor' | 'building' | 'attendant' | 'type';

const visitSorts: Record<VisitLogSort, SQL[] | PgColumn[]> = {
  checkIn: [visits.checkIn],
  checkOut: [visits.checkOut],
  visitor: [sql`lower(${visitors.lastname})`, sql`lower(${visitors.firstname})`],
  building: [buildings.name],
  attendant: [users.name],
  type: [visits.visitorType],
};

export const visitColumns: LogColumns = {
  clientId: visits.clientId,
  buildingId: visits.buildingId,
  at: visits.checkIn,
  attendantId: visits.checkedInBy,
  span: visitPresence,
};

/** Which visits a visit-table log shows: every visit, or vendors only (spec 001 §9 vendor log). */
export type VisitLogKind = 'visits' | 'vendors';
/**
 * The vendor company of a vendor's visit (spec 001 §3 vendor log row "registrationType (shown as
 * Company)"; ADR 0014): the company of the SafeVendor registration the visit records, else null.
 */
export const companyOf = (svRegistrationId: PgColumn | SQL | SQL.Aliased) =>
  sql<
    string | null
  >`(select vc.name from ${registrations} r join ${vendorCompanies} vc on vc.id = r.vendor_company_id where r.id = ${svRegistrationId})`;
const companyOfVisit = companyOf(visits.svRegistrationId);

/** Sorts on the visit row itself: the page can be chosen before any join. */
const VISIT_OWN_SORTS = new Set<VisitLogSort>(['checkIn', 'checkOut', 'type']);

export const kindFilter = (kind: VisitLogKind) => (kind === 'vendors' ? eq(visits.visitorType, 'vendor') : undefined);

/** The visit and vendor logs (spec 002 §3 log rows; spec 001 §9 vendor log): a page, and the charts' counts. */
export function visitLogQueries(db: Db) {
  return {
    /** A page of the visit or vendor log (spec 002 §3 log rows). */
    async visitPage(
      actor: TActor,
      kind: VisitLogKind,
      w: LogWindow,
      p: { sort: VisitLogSort; dir: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const where = logWhere(actor, visitColumns, w, [kindFilter(kind), visitSearch(w.search)]);
      const order = orderOf(visitSorts[p.sort], p.dir, visits.id);
      const columns = {
        id: visits.id,
        visitorId: visits.visitorId,
        visitorName,
        personVisiting: visits.personVisiting,
        reason: visits.reason,
        buildingId: visits.buildingId,
        buildingName: buildings.name,
        attendantName: users.name,
        visitorType: visits.visitorType,
        registrationId: visits.registrationId,
        svRegistrationId: visits.svRegistrationId,
        company: companyOfVisit,
        badgeId: visits.badgeId,
        checkIn: visits.checkIn,
        checkOut: visits.checkOut,
        timeZone: buildings.timeZone,
      };
      // A sort on the visit's own columns (the default: newest first) pages the visits alone and
      // joins visitor, building and attendant for the rows of the page only (issue 13: a deep page
      // no longer joins every row before it). Sorts on joined names join first.
      const joinedFirst = () =>
        db
          .select(columns)
          .from(visits)
          .innerJoin(visitors, eq(visitors.id, visits.visitorId))
          .innerJoin(buildings, eq(buildings.id, visits.buildingId))
          .leftJoin(users, eq(users.id, visits.checkedInBy))
          .where(where)
          .orderBy(...order)
          .limit(p.limit)
          .offset(p.offset);
      let rows: Promise<Awaited<ReturnType<typeof joinedFirst>>>;
      if (VISIT_OWN_SORTS.has(p.sort)) {
        const idsQuery = w.search
          ? db.select({ id: visits.id }).from(visits).innerJoin(visitors, eq(visitors.id, visits.visitorId))
          : db.select({ id: visits.id }).from(visits);
        const pageIds = db.$with('page_ids').as(
          idsQuery
            .where(where)
            .orderBy(...order)
            .limit(p.limit)
            .offset(p.offset),
        );
        rows = db
          .with(pageIds)
          .select(columns)
          .from(pageIds)
          .innerJoin(visits, eq(visits.id, pageIds.id))
          .innerJoin(visitors, eq(visitors.id, visits.visitorId))
          .innerJoin(buildings, eq(buildings.id, visits.buildingId))
          .leftJoin(users, eq(users.id, visits.checkedInBy))
          .orderBy(...order)
          .then((r) => r);
      } else {
        rows = joinedFirst().then((r) => r);
      }
      // the count needs the visitors join only to search by name
      const count = w.search
        ? db
            .select({ n: sql<number>`count(*)::int` })
            .from(visits)
            .innerJoin(visitors, eq(visitors.id, visits.visitorId))
            .where(where)
        : db.select({ n: sql<number>`count(*)::int` }).from(visits).where(where);
      const [data, [{ n }]] = await Promise.all([rows, count]);
      return { data, count: n };
    },

    /** A page of the denied entry log (spec 002 §3 denied entry, with the counts). */
    /** Visits per local day and local hour, by type, of the filtered range (charts). */
    async visitCounts(actor: TActor, kind: VisitLogKind, w: LogWindow) {
      const localTs = sql`(${visits.checkIn} AT TIME ZONE ${buildings.timeZone})`;
      const where = logWhere(actor, visitColumns, w, [kindFilter(kind), visitSearch(w.search)]);
      const base = () =>
        db
          .select({
            day: sql<string>`to_char(${localTs}, 'YYYY-MM-DD')`,
            hour: sql<number>`extract(hour from ${localTs})::int`,
            type: visits.visitorType,
            count: sql<number>`count(*)::int`,
          })
          .from(visits)
          .innerJoin(buildings, eq(buildings.id, visits.buildingId))
          .innerJoin(visitors, eq(visitors.id, visits.visitorId))
          .where(where)
          .groupBy(sql`1`, sql`2`, sql`3`);
      return base();
    },
  };
}
