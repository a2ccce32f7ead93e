import type { TActor } from '@sv/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { preRegistrations, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { withNameKeys } from '../../platform/db/identity-keys';
import { buildingFilter } from '../../platform/db/scope';

export type PreRegRow = typeof preRegistrations.$inferSelect & { visitId: number | null };

/**
 * Issue 22 "Floods": a flagged card in SQL, as `isFlaggedCard` (@sv/domain) says: a possible
 * exclusion match found before arrival (`flagged`), an explicit mark (a refused pickup), an
 * exclusion, a registry result or any finding. jsonb comparisons, so a
 * missing or odd value is simply not flagged (a string sorts below every number, and a NULL
 * comparison is false through coalesce).
 */
const FLAGGED_CARD_SQL = sql<boolean>`(coalesce(${preRegistrations.flagged}, false)
  or coalesce(${preRegistrations.issues}->'flagged' = 'true'::jsonb, false)
  or coalesce(${preRegistrations.issues}->'exclusionCount' > '0'::jsonb, false)
  or coalesce(${preRegistrations.issues}->'potentialCount' > '0'::jsonb, false)
  or coalesce(${preRegistrations.issues}->'watchdogCount' > '0'::jsonb, false)
  or coalesce(jsonb_typeof(${preRegistrations.issues}->'findings') = 'array'
      and jsonb_array_length(${preRegistrations.issues}->'findings') > 0, false))`;

/** The most unflagged cards the dashboard lists (flagged ones are never capped). */
export const DASHBOARD_UNFLAGGED_CAP = 1000;

export function createPreRegistrationsRepository(db: Db) {
  const scoped = (actor: TActor) =>
    buildingFilter(actor, { clientId: preRegistrations.clientId, buildingId: preRegistrations.buildingId });

  return {
    /**
     * The dashboard's lists (spec 002 §2): today's scheduled visitors of the building, and every
     * card still awaiting a decision (screened with potential issues) whatever its date.
     */
    async findForDashboard(actor: TActor, buildingId: number, localDate: string): Promise<PreRegRow[]> {
      const listed = (flagged: boolean) => {
        const q = db
          .select({ p: preRegistrations, visitId: visits.id })
          .from(preRegistrations)
          .leftJoin(visits, and(eq(visits.preRegistrationId, preRegistrations.id), isNull(visits.checkOut)))
          .where(
            and(
              eq(preRegistrations.buildingId, buildingId),
              scoped(actor),
              or(
                and(
                  eq(preRegistrations.visitDate, localDate),
                  inArray(preRegistrations.status, ['scheduled', 'pending', 'checked_in']),
                ),
                eq(preRegistrations.status, 'pending'),
              ),
              flagged ? FLAGGED_CARD_SQL : sql`not ${FLAGGED_CARD_SQL}`,
            ),
          )
          // a possible exclusion match before arrival first, then by name
          .orderBy(
            sql`${preRegistrations.flagged} is true desc`,
            asc(preRegistrations.lastname),
            asc(preRegistrations.firstname),
            asc(preRegistrations.id),
          );
        return flagged ? q : q.limit(DASHBOARD_UNFLAGGED_CAP);
      };
      // issue 22 "Floods": flagged cards first and never capped; the cap applies to the others only
      const [flagged, others] = await Promise.all([listed(true), listed(false)]);
      return [...flagged, ...others].map((r) => ({ ...r.p, visitId: r.visitId }));
    },

    async get(actor: TActor, id: number) {
      const rows = await db
        .select({ p: preRegistrations, visitId: visits.id })
        .from(preRegistrations)
        .leftJoin(visits, and(eq(visits.preRegistrationId, preRegistrations.id), isNull(visits.checkOut)))
        .where(and(eq(preRegistrations.id, id), scoped(actor)))
        .limit(1);
      return rows[0] ? { ...rows[0].p, visitId: rows[0].visitId } : null;
    },

    /** Links the card to a visitor unless another request linked one first; answers the linked id. */
    async linkVisitorOnce(id: number, visitorId: number): Promise<number> {
      const rows = await db
        .update(preRegistrations)
        .set({ visitorId })
        .where(and(eq(preRegistrations.id, id), isNull(preRegistrations.visitorId)))
        .returning({ visitorId: preRegistrations.visitorId });
      if (rows[0]?.visitorId) return rows[0].visitorId;
      const [card] = await db
        .select({ visitorId: preRegistrations.visitorId })
        .from(preRegistrations)
        .where(eq(preRegistrations.id, id));
      return card?.visitorId ?? visitorId;
    },

    /** Updates a card within the actor's scope (a write by id takes the actor's scope like the read before it: issue 24 §1); false when none in scope was saved. */
    async update(actor: TActor, id: number, values: Partial<typeof preRegistrations.$inferInsert>, tx: Db = db) {
      const rows = await tx
        .update(preRegistrations)
        .set(values)
        .where(and(eq(preRegistrations.id, id), scoped(actor)))
        .returning({ id: preRegistrations.id });
      return rows.length > 0;
    },

    async existingImportKeys(buildingId: number, keys: string[], tx: Db) {
      if (keys.length === 0) return new Set<string>();
      const rows = await tx
        .select({ key: preRegistrations.importKey })
        .from(preRegistrations)
        .where(and(eq(preRegistrations.buildingId, buildingId), inArray(preRegistrations.importKey, keys)));
      return new Set(rows.map((r) => r.key ?? ''));
    },

    /** Inserts the cards with the keys of their names (issue 22); answers their ids. */
    async insertMany(tx: Db, rows: (typeof preRegistrations.$inferInsert)[]) {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const inserted = await tx
          .insert(preRegistrations)
          .values(rows.slice(i, i + 500).map(withNameKeys))
          .returning({ id: preRegistrations.id });
        ids.push(...inserted.map((r) => r.id));
      }
      return ids;
    },

    async count(buildingId: number) {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(preRegistrations)
        .where(eq(preRegistrations.buildingId, buildingId));
      return r.n;
    },
  };
}
export type PreRegistrationsRepository = ReturnType<typeof createPreRegistrationsRepository>;
