import type { TActor } from '@sv/contracts';
import { and, eq, getTableColumns, isNull, type Placeholder, sql } from 'drizzle-orm';
import {
  auditEvents,
  buildings,
  clearedMatches,
  clients,
  users,
  type ScreeningFinding,
  screeningDecisions,
  screenings,
  visitors,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { named, preparedStatement, scopedQuery } from '../../platform/db/named';
import { insertSelectPlaceholders, placeholderValues } from '../../platform/db/insert-select';
import { AUDIT_ROW_COLUMNS, type AuditRow } from '../../platform/audit/audit-log';
import { buildingFilter, buildingInScope, clientFilter, type ScopeSource } from '../../platform/db/scope';
import { deskBuildingColumns } from '../buildings';
import { screeningCandidatesJson } from '../exclusions';

/** The person being screened (spec 002 §5). Address fields raise a registry match to VERY STRONG. */
/** A clearing as the context statement reads it: `source|matchRef`, the user's name, when. */
interface ClearingRow {
  ref: string;
  by: string | null;
  at: string;
}
/** Who cleared a match for this person and when (ISO time). */
export interface Clearing {
  by: string | null;
  at: string;
}

export interface ScreeningSubject {
  id: number;
  clientId: number;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  /** 'YYYY-MM-DD' or null */
  dob: string | null;
  city: string;
  state: string;
  zip: string;
  /** the visitor's photo on file (a building that requires a photo accepts it) */
  photoFileId: string | null;
  /**
   * the licence number and issuing state on file ('' = none): another record with the same licence
   * is the same person, and an exclusion linked to it applies here too (issue 22, ADR 0022)
   */
  licence: string;
  licenceState: string;
}

export type MatchSource = 'registry' | 'exclusion';
export type FindingSource = ScreeningFinding['source'];

/** One screening by id, when the actor's scope holds its building (attendants: their building's only). */
const screeningInScope = (actor: ScopeSource, screeningId: string | Placeholder) =>
  and(
    eq(screenings.id, screeningId),
    buildingFilter(actor, { clientId: screenings.clientId, buildingId: screenings.buildingId }),
  );

const P = sql.placeholder;

const SCREENING_COLUMNS = [
  'id',
  'clientId',
  'buildingId',
  'visitorId',
  'screenedBy',
  'screenedAt',
  'registryStatus',
  'findings',
] as const;
type ScreeningRow = Required<Pick<typeof screenings.$inferInsert, (typeof SCREENING_COLUMNS)[number]>>;

/**
 * A screening with what it showed (issue 10 §1) and its audit row, in one statement built once
 * (issue 10 §9: one round trip and one commit per screening, nothing for Drizzle to build).
 */
const insertScreeningStatement = preparedStatement(
  () => sql`with saved as (${insertSelectPlaceholders(screenings, 's_', SCREENING_COLUMNS, {}, sql``)})
            ${insertSelectPlaceholders(auditEvents, 'a_', AUDIT_ROW_COLUMNS, {}, sql``)}`,
);

/** The person's columns as `ScreeningSubject` names them. */
const subjectColumns = {
  id: visitors.id,
  clientId: visitors.clientId,
  firstName: visitors.firstname,
  middleName: visitors.middlename,
  lastName: visitors.lastname,
  suffix: visitors.suffix,
  dob: visitors.dob,
  city: visitors.city,
  state: visitors.state,
  zip: visitors.zipcode,
  photoFileId: visitors.photoFileId,
  licence: visitors.currentDriversLicenseNumber,
  licenceState: visitors.licenseState,
};

/** The subject of `findContext`'s JSON (keyed as `subjectColumns`; a date is its ISO text there too). */
function subjectFromJson(value: unknown): ScreeningSubject | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as ScreeningSubject;
}

export function createScreeningRepository(db: Db) {
  // the reads of every screening and check-in, each built once per scope shape (issue 10 §9)
  const subjectQuery = scopedQuery(db, (d, scope) =>
    d
      .select(subjectColumns)
      .from(visitors)
      .where(
        and(eq(visitors.id, P('visitorId')), isNull(visitors.mergedIntoId), clientFilter(scope, visitors.clientId)),
      )
      .limit(1),
  );
  /**
   * What screening and check-in read first, in one statement (issue 10 §9): the building in the
   * actor's scope (the desk's columns and the district's settings), the person when the actor's
   * scope holds them (JSON, `subjectFromJson`), and what the building's district cleared for them.
   */
  const contextQuery = scopedQuery(db, (d, scope) =>
    d
      .select({
        building: deskBuildingColumns,
        subject: sql<unknown>`(select json_build_object(${sql.join(
          Object.entries(subjectColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
          sql`, `,
        )}) from ${visitors} where ${and(
          eq(visitors.id, P('visitorId')),
          // a record merged into another (issue 22) is screened and checked in only as its survivor:
          // its exclusion links and clearings moved there, so screening it alone would show nothing
          isNull(visitors.mergedIntoId),
          clientFilter(scope, visitors.clientId),
        )})`,
        // who cleared each match and when (audit 002 B8: "cleared by … at …", not a bare "No matches")
        cleared: sql<ClearingRow[]>`coalesce((select json_agg(json_build_object('ref', c.source || '|' || c.match_ref,
                                        'by', u.name, 'at', c.cleared_at)) from ${clearedMatches} c
                                        left join ${users} u on u.id = c.cleared_by
                                        where c.client_id = "buildings"."client_id" and c.visitor_id = ${P('visitorId')}), '[]'::json)`,
      })
      .from(buildings)
      .innerJoin(clients, eq(clients.id, buildings.clientId))
      .where(buildingInScope(scope, P('buildingId')))
      .limit(1),
  );
  /**
   * The gate's statement; its variant is the exclusion candidates' (`candidateVariant`, '' when
   * there is nothing to search by: no candidates read).
   */
  const gateQuery = scopedQuery(db, (d, scope, candidateVariant: string) =>
    d
      .select({
        screening: getTableColumns(screenings),
        decided: sql<string[]>`coalesce((select array_agg(d.source || '|' || d.ref) from ${screeningDecisions} d
                                        where d.screening_id = screenings.id), '{}')`, // qualified by hand: Drizzle unqualifies a one-table select's columns
        cleared: sql<string[]>`coalesce((select array_agg(c.source || '|' || c.match_ref) from ${clearedMatches} c
                                        where c.client_id = ${P('clientId')} and c.visitor_id = ${P('visitorId')}), '{}')`,
        also: screeningCandidatesJson(d, scope, candidateVariant) ?? sql<unknown>`null`,
      })
      .from(screenings)
      .where(screeningInScope(scope, P('screeningId')))
      .limit(1),
  );

  return {
    /**
     * The building (desk columns) and the person, each when the actor's scope holds it, and the
     * references (`source|matchRef`) the building's district cleared for this person: the first
     * read of a screening and of a check-in. Null when the building is not in scope.
     */
    async findContext(actor: TActor, buildingId: number, visitorId: number) {
      const rows = await contextQuery(actor, { buildingId, visitorId });
      const row = rows[0];
      if (!row) return null;
      const clearings = new Map<string, Clearing>(
        (row.cleared ?? []).map((c) => [c.ref, { by: c.by ?? null, at: new Date(c.at).toISOString() }]),
      );
      return {
        building: row.building,
        subject: subjectFromJson(row.subject),
        cleared: new Set(clearings.keys()),
        clearings,
      };
    },

    /** The visitor, when it belongs to the actor's client (visitors are client-wide). */
    async findSubject(actor: TActor, visitorId: number): Promise<ScreeningSubject | null> {
      const rows = await subjectQuery(actor, { visitorId });
      return rows[0] ?? null;
    },

    /**
     * Keeps a screening with what it showed (issue 10 §1) and its audit row, in one statement
     * (issue 10 §9: one round trip and one commit fewer per screening). The caller chooses the
     * id, so the audit row can name it.
     */
    async insertScreening(row: ScreeningRow, audit: AuditRow, tx: Db = db): Promise<void> {
      await insertScreeningStatement(tx, {
        ...placeholderValues('s_', row),
        ...placeholderValues('a_', audit),
      });
    },

    /** A screening of the actor's scope (the building filter: attendants see their building's only). */
    async findScreening(actor: TActor, screeningId: string) {
      const rows = await named(db.select().from(screenings).where(screeningInScope(actor, screeningId)).limit(1));
      return rows[0] ?? null;
    },

    /**
     * What the admission gate reads, in one statement (issue 10 §9): the screening within the
     * actor's scope, the decisions taken on it, what the district cleared for this visitor
     * (`source|ref`), and the exclusion candidates now (`candidates`: the variant and values of
     * `candidateVariant` / `candidateValues`) as `also`, JSON for `screeningCandidatesFromJson`
     * (null when the variant has nothing to search by). No screening in scope: null, and nothing
     * else matters (the gate refuses).
     */
    async findScreeningForGate(
      actor: TActor,
      ids: { screeningId: string; clientId: number; visitorId: number },
      candidates: { variant: string; values: Record<string, unknown> },
    ) {
      const rows = await gateQuery(actor, { ...candidates.values, ...ids }, candidates.variant);
      const row = rows[0];
      if (!row) return null;
      return {
        screening: row.screening,
        decided: new Set(row.decided),
        cleared: new Set(row.cleared),
        also: row.also as unknown,
      };
    },

    /** Records a decision on one finding (deciding it again updates who, when and why). */
    async saveDecision(
      tx: Db,
      row: { screeningId: string; source: FindingSource; ref: string; decidedBy: number; note: string; now: Date },
    ) {
      const [saved] = await tx
        .insert(screeningDecisions)
        .values({
          screeningId: row.screeningId,
          source: row.source,
          ref: row.ref,
          decidedBy: row.decidedBy,
          decidedAt: row.now,
          note: row.note,
        })
        .onConflictDoUpdate({
          target: [screeningDecisions.screeningId, screeningDecisions.source, screeningDecisions.ref],
          set: { decidedBy: row.decidedBy, decidedAt: row.now, note: row.note },
        })
        .returning();
      return saved;
    },

    /** Remembers a cleared match (clearing it again updates who, when and why). */
    async saveCleared(
      tx: Db,
      row: {
        clientId: number;
        visitorId: number;
        source: MatchSource;
        matchRef: string;
        clearedBy: number;
        note: string;
        now: Date;
      },
    ) {
      const [saved] = await tx
        .insert(clearedMatches)
        .values({
          clientId: row.clientId,
          visitorId: row.visitorId,
          source: row.source,
          matchRef: row.matchRef,
          clearedBy: row.clearedBy,
          clearedAt: row.now,
          note: row.note,
        })
        .onConflictDoUpdate({
          target: [clearedMatches.clientId, clearedMatches.visitorId, clearedMatches.source, clearedMatches.matchRef],
          set: { clearedBy: row.clearedBy, clearedAt: row.now, note: row.note },
        })
        .returning();
      return saved;
    },
  };
}
export type ScreeningRepository = ReturnType<typeof createScreeningRepository>;
