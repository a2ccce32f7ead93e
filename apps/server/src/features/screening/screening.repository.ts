import type { TActor } from '@sv/contracts';
import { and, eq, getTableColumns, type Placeholder, sql } from 'drizzle-orm';
import {
  auditEvents,
  buildings,
  clearedMatches,
  clients,
  exclusions,
  type ScreeningFinding,
  screeningDecisions,
  screenings,
  visitors,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { named, preparedQuery, scopedQuery } from '../../platform/db/named';
import { buildingFilter, buildingInScope, clientFilter, type ScopeSource } from '../../platform/db/scope';
import { screeningCandidatesJson, searchableVariant } from '../exclusions/exclusions.repository';

/** The person being screened (spec 002 §5). Address fields raise a registry match to VERY STRONG. */
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

export function createScreeningRepository(db: Db) {
  // the reads of every screening and check-in, each built once per scope shape (issue 10 §9)
  const buildingQuery = scopedQuery(db, (d, scope) =>
    d
      .select({ id: buildings.id, clientId: buildings.clientId, clientSettings: clients.settings })
      .from(buildings)
      .innerJoin(clients, eq(clients.id, buildings.clientId))
      .where(buildingInScope(scope, P('buildingId')))
      .limit(1),
  );
  const subjectQuery = scopedQuery(db, (d, scope) =>
    d
      .select({
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
      })
      .from(visitors)
      .where(and(eq(visitors.id, P('visitorId')), clientFilter(scope, visitors.clientId)))
      .limit(1),
  );
  const clearedQuery = preparedQuery(db, (d) =>
    d
      .select({ source: clearedMatches.source, matchRef: clearedMatches.matchRef })
      .from(clearedMatches)
      .where(and(eq(clearedMatches.clientId, P('clientId')), eq(clearedMatches.visitorId, P('visitorId')))),
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
        also:
          (searchableVariant(candidateVariant) ? screeningCandidatesJson(d, scope, candidateVariant) : null) ??
          sql<unknown>`null`,
      })
      .from(screenings)
      .where(screeningInScope(scope, P('screeningId')))
      .limit(1),
  );

  return {
    /**
     * The building, when it is in the actor's scope (attendants: their own building only), with
     * its district's settings as stored (backgroundCheck, registryGating: read with the contract).
     */
    async findBuilding(actor: TActor, buildingId: number) {
      const rows = await buildingQuery(actor, { buildingId });
      return rows[0] ?? null;
    },

    /** The visitor, when it belongs to the actor's client (visitors are client-wide). */
    async findSubject(actor: TActor, visitorId: number): Promise<ScreeningSubject | null> {
      const rows = await subjectQuery(actor, { visitorId });
      return rows[0] ?? null;
    },

    /** References (`source|matchRef`) the visitor's client cleared for this visitor. */
    async clearedRefs(clientId: number, visitorId: number): Promise<Set<string>> {
      const rows = await clearedQuery({ clientId, visitorId });
      return new Set(rows.map((r) => `${r.source}|${r.matchRef}`));
    },

    /** An exclusion of the visitor's client (for clearing a potential match), or null. */
    async findExclusionRef(clientId: number, exclusionId: number) {
      const rows = await db
        .select({ id: exclusions.id, visitorId: exclusions.visitorId })
        .from(exclusions)
        .where(and(eq(exclusions.id, exclusionId), eq(exclusions.clientId, clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Keeps a screening with what it showed (issue 10 §1) and its audit row, in one statement
     * (issue 10 §9: one round trip and one commit fewer per screening). The caller chooses the
     * id, so the audit row can name it.
     */
    async insertScreening(
      row: {
        id: string;
        clientId: number;
        buildingId: number;
        visitorId: number;
        screenedBy: number | null;
        screenedAt: Date;
        registryStatus: string;
        findings: ScreeningFinding[];
      },
      audit: typeof auditEvents.$inferInsert,
    ): Promise<void> {
      // getSQL(): an embedded query builder would be parenthesised as a subquery
      const screening = db.insert(screenings).values(row).getSQL();
      await db.execute(sql`with saved as (${screening}) ${db.insert(auditEvents).values(audit).getSQL()}`);
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
