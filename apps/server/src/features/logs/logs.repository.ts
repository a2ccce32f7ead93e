import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  badges,
  buildings,
  deniedEntries,
  nearbyEntries,
  pickupEvents,
  registrations,
  sisWritebacks,
  users,
  vendorCompanies,
  visitors,
  visits,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { likeEscape } from '../../platform/db/paging';
import { aliased, rawRows } from '../../platform/db/raw-rows';
import { usWallClockText } from '../../platform/exports/cell-format';
import { buildingFilter, clientFilter } from '../../platform/db/scope';
import { searchNameOf } from '../visitors';

/**
 * The one log query (issue 13): every log is "rows of a building-owned table whose instant
 * falls in a range of local days, in the actor's scope, optionally of one building and one
 * attendant, matching a search, sorted and paged". `LogWindow` is the resolved filter the
 * service builds; `logWhere` turns it into SQL for any log table.
 */
export interface LogWindow {
  /** each time zone of the buildings covered, with those buildings and the instants of the range */
  zones: { timeZone: string; buildingIds: number[]; start: Date; end: Date; at?: Date }[];
  /**
   * "On site at …" (issue 25): instead of the range, the rows whose span (a visit: check-in to check-out) holds each
   * zone's `at` instant; only for logs whose columns name a `span` (the visit logs)
   */
  presence?: boolean;
  /** true when the covered buildings are every building the actor's scope holds (no building list needed) */
  allBuildings: boolean;
  clientId: number | null;
  attendantId: number | null;
  /** normalised search text ('' = none) */
  search: string;
}

interface LogColumns {
  clientId: PgColumn;
  buildingId: PgColumn;
  at: PgColumn;
  /** null: the log has no attendant (the nearby log: nobody lets a nearby visitor in) */
  attendantId: PgColumn | null;
  /** the end of the row's span (a visit's check-out), for "on site at …"; absent: no span */
  span?: SQL;
}

/**
 * A visit's time on site as a range, [check-in, check-out] inclusive, open-ended while checked in
 * (issue 25 "on site at …"). It is the expression of the GiST index visits_presence_idx
 * (migration 0027), written once here so the queries use the index; a check-out recorded before
 * its check-in (clock trouble) counts as the check-in instant rather than breaking the range.
 */
export const visitPresence = sql`tstzrange(${visits.checkIn}, (case when ${visits.checkOut} < ${visits.checkIn} then ${visits.checkIn} else ${visits.checkOut} end), '[]')`;

/**
 * WHERE for a log table: the actor's scope (always, whatever the filters say), the client and
 * attendant filters, and the range of local days: a day starts at local midnight in each
 * building's own zone (ADR 0018).
 */
export function logWhere(actor: TActor, c: LogColumns, w: LogWindow, extra: (SQL | undefined)[] = []): SQL {
  return and(
    buildingFilter(actor, { clientId: c.clientId, buildingId: c.buildingId }),
    w.clientId !== null ? eq(c.clientId, w.clientId) : undefined,
    w.attendantId !== null ? (c.attendantId ? eq(c.attendantId, w.attendantId) : sql`false`) : undefined,
    rangeOf(c, w),
    ...extra,
  )!;
}

function rangeOf(c: LogColumns, w: LogWindow): SQL | undefined {
  if (w.zones.length === 0) return sql`false`;
  if (w.presence) return presenceOf(c, w);
  if (w.zones.length === 1) {
    const [z] = w.zones;
    return and(w.allBuildings ? undefined : inArray(c.buildingId, z.buildingIds), gte(c.at, z.start), lt(c.at, z.end));
  }
  // Several zones. The hull of their ranges lets the planner read one ordered index range
  // (client_id|building_id, instant) and stop at the page; each building's own range is one CASE
  // it reads as a row filter. As an OR of (buildings, range) arms, the planner estimated far too
  // few rows and collected and sorted every row of the range first (a year's export batch
  // 39-76 ms → 5-12 ms at district scale).
  const hull = and(
    gte(c.at, new Date(Math.min(...w.zones.map((z) => z.start.getTime())))),
    lt(c.at, new Date(Math.max(...w.zones.map((z) => z.end.getTime())))),
  );
  const perZone = sql`(case ${sql.join(
    w.zones.map(
      (z) =>
        sql`when ${c.buildingId} in (${sql.join(
          z.buildingIds.map((id) => sql`${id}`),
          sql`, `,
        )}) then ${c.at} >= ${z.start.toISOString()}::timestamptz and ${c.at} < ${z.end.toISOString()}::timestamptz`,
    ),
    sql` `,
  )} else false end)`;
  return and(hull, perZone);
}

/**
 * "On site at …" (issue 25): the span holds the instant of the row's building's zone. One
 * zone: the span contains it (the GiST index answers). Several: the span overlaps the hull of
 * the instants (indexed), and each building's own instant is one CASE read as a row filter.
 */
function presenceOf(c: LogColumns, w: LogWindow): SQL {
  if (!c.span) return sql`false`;
  const at = (z: LogWindow['zones'][number]) => sql`${(z.at ?? z.start).toISOString()}::timestamptz`;
  if (w.zones.length === 1) {
    const [z] = w.zones;
    return and(w.allBuildings ? undefined : inArray(c.buildingId, z.buildingIds), sql`${c.span} @> ${at(z)}`)!;
  }
  const instants = w.zones.map((z) => (z.at ?? z.start).getTime());
  const hull = sql`${c.span} && tstzrange(${new Date(Math.min(...instants)).toISOString()}::timestamptz, ${new Date(Math.max(...instants)).toISOString()}::timestamptz, '[]')`;
  const perZone = sql`(case ${sql.join(
    w.zones.map(
      (z) =>
        sql`when ${c.buildingId} in (${sql.join(
          z.buildingIds.map((id) => sql`${id}`),
          sql`, `,
        )}) then ${c.span} @> ${at(z)}`,
    ),
    sql` `,
  )} else false end)`;
  return and(hull, perZone)!;
}

/** ORDER BY the allow-listed sort, then the id in the same direction (stable pages). */
function orderOf(sortColumns: SQL[] | PgColumn[], dir: 'asc' | 'desc', id: PgColumn) {
  const f = dir === 'asc' ? asc : desc;
  return [...sortColumns.map((s) => f(s)), f(id)];
}

const visitorName = sql<string>`trim(${visitors.firstname} || ' ' || ${visitors.lastname})`;

function visitSearch(search: string): SQL | undefined {
  if (!search) return undefined;
  const name = searchNameOf({ firstname: search, lastname: '' });
  const text = `%${likeEscape(search.toLowerCase())}%`;
  return or(
    name ? sql`${visitors.searchName} LIKE ${`%${likeEscape(name)}%`}` : undefined,
    sql`lower(${visits.personVisiting}) LIKE ${text}`,
    sql`lower(${visits.reason}) LIKE ${text}`,
  );
}

function deniedSearch(search: string): SQL | undefined {
  const name = searchNameOf({ firstname: search, lastname: '' });
  return name ? sql`${visitors.searchName} LIKE ${`%${likeEscape(name)}%`}` : undefined;
}

export type VisitLogSort = 'checkIn' | 'checkOut' | 'visitor' | 'building' | 'attendant' | 'type';
export type DeniedLogSort = 'deniedAt' | 'visitor' | 'building' | 'attendant';

const visitSorts: Record<VisitLogSort, SQL[] | PgColumn[]> = {
  checkIn: [visits.checkIn],
  checkOut: [visits.checkOut],
  visitor: [sql`lower(${visitors.lastname})`, sql`lower(${visitors.firstname})`],
  building: [buildings.name],
  attendant: [users.name],
  type: [visits.visitorType],
};

const deniedSorts: Record<DeniedLogSort, SQL[] | PgColumn[]> = {
  deniedAt: [deniedEntries.deniedAt],
  visitor: [sql`lower(${visitors.lastname})`, sql`lower(${visitors.firstname})`],
  building: [buildings.name],
  attendant: [users.name],
};

const visitColumns: LogColumns = {
  clientId: visits.clientId,
  buildingId: visits.buildingId,
  at: visits.checkIn,
  attendantId: visits.checkedInBy,
  span: visitPresence,
};
const deniedColumns: LogColumns = {
  clientId: deniedEntries.clientId,
  buildingId: deniedEntries.buildingId,
  at: deniedEntries.deniedAt,
  attendantId: deniedEntries.attendantId,
};

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

/** Which visits a visit-table log shows: every visit, or vendors only (spec 001 §9 vendor log). */
export type VisitLogKind = 'visits' | 'vendors';
/**
 * The vendor company of a vendor's visit (spec 001 §3 vendor log row "registrationType (shown as
 * Company)"; ADR 0014): the company of the SafeVendor registration the visit records, else null.
 */
const companyOf = (svRegistrationId: PgColumn | SQL | SQL.Aliased) =>
  sql<
    string | null
  >`(select vc.name from ${registrations} r join ${vendorCompanies} vc on vc.id = r.vendor_company_id where r.id = ${svRegistrationId})`;
const companyOfVisit = companyOf(visits.svRegistrationId);

/** Sorts on the visit row itself: the page can be chosen before any join. */
const VISIT_OWN_SORTS = new Set<VisitLogSort>(['checkIn', 'checkOut', 'type']);

const kindFilter = (kind: VisitLogKind) => (kind === 'vendors' ? eq(visits.visitorType, 'vendor') : undefined);

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

export function createLogsRepository(db: Db) {
  return {
    /** Buildings of the actor's scope (optionally one client / one building), with their zones. */
    async buildingsInScope(actor: TActor, opts: { clientId?: number; buildingId?: number }) {
      return db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name, timeZone: buildings.timeZone })
        .from(buildings)
        .where(
          and(
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
            opts.clientId !== undefined ? eq(buildings.clientId, opts.clientId) : undefined,
            opts.buildingId !== undefined ? eq(buildings.id, opts.buildingId) : undefined,
          ),
        )
        .orderBy(asc(buildings.id));
    },

    /** An attendant filter is a request: the user must be in the actor's client scope. */
    async userInScope(actor: TActor, userId: number) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), clientFilter(actor, users.clientId)))
        .limit(1);
      return rows.length > 0;
    },

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
export type LogsRepository = ReturnType<typeof createLogsRepository>;
