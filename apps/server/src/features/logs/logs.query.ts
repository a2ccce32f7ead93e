import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { visitors, visits } from '../../db/schema/index';
import { buildingFilter } from '../../platform/db/scope';

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

export interface LogColumns {
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
export function presenceOf(c: LogColumns, w: LogWindow): SQL {
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
export function orderOf(sortColumns: SQL[] | PgColumn[], dir: 'asc' | 'desc', id: PgColumn) {
  const f = dir === 'asc' ? asc : desc;
  return [...sortColumns.map((s) => f(s)), f(id)];
}

export const visitorName = sql<string>`trim(${visitors.firstname} || ' ' || ${visitors.lastname})`;
