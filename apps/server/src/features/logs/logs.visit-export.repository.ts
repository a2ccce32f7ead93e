import type { TActor } from '@sv/contracts';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badges, buildings, users, visitors, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { aliased, rawRows } from '../../platform/db/raw-rows';
import { usWallClockText } from '../../platform/exports/cell-format';
import { type LogWindow, logWhere, visitorName } from './logs.query';
import { companyOf, kindFilter, type VisitLogKind, visitColumns, visitSearch } from './logs.visits.repository';

/** A row of the visit / vendor log export (driver values: dates already formatted by the database). */
export interface VisitExportRow {
  id: number;
  /** the check-in instant as text: the keyset cursor */
  cursor: string;
  visitorName: string;
  personVisiting: string;
  reason: string;
  buildingName: string;
  attendantName: string | null;
  checkIn: string | null;
  checkOut: string | null;
  visitorType: string;
  suffix: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  county: string | null;
  email: string | null;
  dob: string | null;
  license: string | null;
  note: string | null;
  /** the code printed on the badge (issue 25, audit 002-ksl U8: the export gave the internal number) */
  badgeCode: string | null;
  company: string | null;
}

/** A field of the visit export row the chosen columns may need (id and cursor are always read). */
export type VisitExportField = Exclude<keyof VisitExportRow, 'id' | 'cursor'>;

export const VISIT_EXPORT_FIELDS: readonly VisitExportField[] = [
  'visitorName',
  'personVisiting',
  'reason',
  'buildingName',
  'attendantName',
  'checkIn',
  'checkOut',
  'visitorType',
  'suffix',
  'street1',
  'street2',
  'city',
  'state',
  'zipcode',
  'county',
  'email',
  'dob',
  'license',
  'note',
  'badgeCode',
  'company',
];

/** The fields read from the visitor's record (the visitors join). */
const VISITOR_FIELDS: VisitExportField[] = [
  'visitorName',
  'suffix',
  'street1',
  'street2',
  'city',
  'state',
  'zipcode',
  'county',
  'email',
  'dob',
  'license',
  'note',
];

/**
 * The visit and vendor log exports (issue 13, issue 24 §6): the segment boundaries of an export
 * and its batches, read side by side.
 */
export function visitExportQueries(db: Db) {
  return {
    /**
     * The cursor of every `every`-th row of a visit export, newest first: the ends of its
     * segments (one pass over the index range, no joins).
     */
    async visitExportBoundaries(actor: TActor, kind: VisitLogKind, w: LogWindow, every: number) {
      const ordered = db
        .select({
          cursor: sql<string>`${visits.checkIn}::text`.as('cursor'),
          id: visits.id,
          n: sql<number>`row_number() over (order by ${visits.checkIn} desc, ${visits.id} desc)`.as('n'),
        })
        .from(visits);
      const numbered = (w.search ? ordered.innerJoin(visitors, eq(visitors.id, visits.visitorId)) : ordered)
        .where(logWhere(actor, visitColumns, w, [kindFilter(kind), visitSearch(w.search)]))
        .as('numbered');
      const rows = await db
        .select({ checkIn: numbered.cursor, id: numbered.id })
        .from(numbered)
        .where(sql`${numbered.n} % ${every} = 0`)
        .orderBy(asc(numbered.n));
      return rows;
    },

    /**
     * One batch of an export, newest first, after the keyset cursor (check-in, id). Dates are
     * formatted by the database in each building's zone (mm/dd/yyyy hh:mm AM, spec 002 §9).
     */
    async visitExportBatch(
      actor: TActor,
      kind: VisitLogKind,
      w: LogWindow,
      after: { checkIn: string; id: number } | null,
      limit: number | null,
      /** the last row of the segment (inclusive): segments of one export are read side by side */
      upTo: { checkIn: string; id: number } | null = null,
      /** the fields the export writes (default: every one); the others are left out of the row */
      fields?: readonly VisitExportField[],
    ) {
      // the wall clock in the building's zone as timestamp text, written mm/dd/yyyy hh:mm AM below
      // (to_char was a quarter of a batch's time in the database; issue 24 §6)
      const local = (instant: SQL | PgColumn | SQL.Aliased) =>
        sql<string | null>`(${instant} AT TIME ZONE ${buildings.timeZone})::text`;
      // The batch is chosen on the visits alone (keyset, newest first) with the visit's own
      // columns, then joined: joining every remaining row of the range before taking a batch made
      // an export quadratic, and fetching the chosen visits again cost a fifth of a batch (issue 13).
      const batchQuery = db
        .select({
          id: visits.id,
          checkIn: visits.checkIn,
          checkOut: visits.checkOut,
          visitorId: visits.visitorId,
          buildingId: visits.buildingId,
          checkedInBy: visits.checkedInBy,
          personVisiting: visits.personVisiting,
          reason: visits.reason,
          visitorType: visits.visitorType,
          badgeId: visits.badgeId,
          svRegistrationId: visits.svRegistrationId,
        })
        .from(visits);
      const batch = db.$with('export_batch').as(
        (w.search ? batchQuery.innerJoin(visitors, eq(visitors.id, visits.visitorId)) : batchQuery)
          .where(
            logWhere(actor, visitColumns, w, [
              kindFilter(kind),
              visitSearch(w.search),
              after === null
                ? undefined
                : sql`(${visits.checkIn}, ${visits.id}) < (${after.checkIn}::timestamptz, ${after.id})`,
              upTo === null
                ? undefined
                : sql`(${visits.checkIn}, ${visits.id}) >= (${upTo.checkIn}::timestamptz, ${upTo.id})`,
            ]),
          )
          .orderBy(desc(visits.checkIn), desc(visits.id))
          // a whole segment: bounded by `upTo`, not by a row count
          .limit(limit ?? 2_147_483_647),
      );
      // every field the export can write; only those of the chosen columns are selected, and a
      // join only when one of its fields is (issue 24 §6: the default 8 columns need neither the
      // visitor's address, the badge nor the vendor company, which were a third of a batch's time)
      const all = {
        visitorName: () => visitorName,
        personVisiting: () => batch.personVisiting,
        reason: () => batch.reason,
        buildingName: () => buildings.name,
        attendantName: () => users.name,
        checkIn: () => local(batch.checkIn),
        checkOut: () => local(batch.checkOut),
        visitorType: () => batch.visitorType,
        suffix: () => visitors.suffix,
        street1: () => visitors.street1,
        street2: () => visitors.street2,
        city: () => visitors.city,
        state: () => visitors.state,
        zipcode: () => visitors.zipcode,
        county: () => visitors.county,
        email: () => visitors.email,
        dob: () => sql`to_char(${visitors.dob}, 'MM/DD/YYYY')`,
        license: () => visitors.currentDriversLicenseNumber,
        note: () => visitors.note,
        badgeCode: () => badges.code,
        company: () => companyOf(batch.svRegistrationId),
      } satisfies Record<VisitExportField, () => SQL | SQL.Aliased | PgColumn>;
      const wanted = new Set<VisitExportField>(fields ?? VISIT_EXPORT_FIELDS);
      const selection: Record<string, SQL.Aliased> = {
        id: aliased<number>(batch.id, 'id'),
        cursor: aliased<string>(sql`${batch.checkIn}::text`, 'cursor'),
      };
      for (const f of VISIT_EXPORT_FIELDS) if (wanted.has(f)) selection[f] = aliased(all[f](), f);
      const needs = (list: VisitExportField[]) => list.some((f) => wanted.has(f));
      let query = db.with(batch).select(selection).from(batch).$dynamic();
      if (needs(VISITOR_FIELDS)) query = query.innerJoin(visitors, eq(visitors.id, batch.visitorId));
      // the building's zone writes the check-in and check-out times
      if (needs(['buildingName', 'checkIn', 'checkOut']))
        query = query.innerJoin(buildings, eq(buildings.id, batch.buildingId));
      if (wanted.has('attendantName')) query = query.leftJoin(users, eq(users.id, batch.checkedInBy));
      if (wanted.has('badgeCode')) query = query.leftJoin(badges, eq(badges.id, batch.badgeId));
      const rows = await rawRows<VisitExportRow>(db, query.orderBy(desc(batch.checkIn), desc(batch.id)));
      const checkIn = wanted.has('checkIn');
      const checkOut = wanted.has('checkOut');
      if (checkIn || checkOut)
        for (const r of rows) {
          if (checkIn) r.checkIn = usWallClockText(r.checkIn);
          if (checkOut) r.checkOut = usWallClockText(r.checkOut);
        }
      return rows;
    },
  };
}
