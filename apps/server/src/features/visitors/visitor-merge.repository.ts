import type { TActor } from '@sv/contracts';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { buildings, visitorMerges, visitors } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';

/**
 * Every column that references visitors.id, with the table's primary key (issue 22 merge: "visits,
 * exclusions, clearings, screenings, photos, registrations, pickups/guardian links and any other
 * table referencing visitors.id follow A"). visitor-merge.test.ts compares this list with the
 * database's foreign keys, so a new table that references visitors fails the test until it is
 * listed here (or in MERGE_METADATA when it is the merge's own bookkeeping).
 */
export const MERGE_TABLES = [
  'visits',
  'badges',
  'denied_entries',
  'pre_registrations',
  'exclusions',
  'cleared_matches',
  'screenings',
  'registrations',
  'guardians',
] as const;
export type MergeTable = (typeof MERGE_TABLES)[number];

/** Foreign keys to visitors that are the merge's own record, not the person's rows. */
export const MERGE_METADATA = ['visitor_merges.survivor_id', 'visitor_merges.merged_id'];

/**
 * Fields of the survivor that a merge fills from the duplicate when the survivor's are empty
 * (its photo, date of birth, licence, contact): the survivor never loses a value, and "Undo merge"
 * puts back exactly the values it had (visitor_merges.survivor_before).
 */
const FILLABLE = [
  'dob',
  'currentDriversLicenseNumber',
  'licenseState',
  'photoFileId',
  'email',
  'phone',
  'street1',
  'street2',
  'city',
  'state',
  'zipcode',
  'county',
  'sex',
  'eye',
  'hair',
  'height',
  'weight',
  'race',
  'middlename',
  'suffix',
  'title',
] as const;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type VisitorRow = typeof visitors.$inferSelect;

export function createVisitorMergeRepository(db: Db) {
  return {
    /** Both records, in the actor's scope (404 otherwise), for a merge or its confirm dialog. */
    async pair(actor: TActor, survivorId: number, duplicateId: number) {
      const rows = await db
        .select()
        .from(visitors)
        .where(and(inArray(visitors.id, [survivorId, duplicateId]), clientFilter(actor, visitors.clientId)));
      return {
        survivor: rows.find((r) => r.id === survivorId) ?? null,
        duplicate: rows.find((r) => r.id === duplicateId) ?? null,
      };
    },

    /** The district's time zone for the undo deadline: the survivor's first building, else the district's first. */
    async timeZoneOf(clientId: number, buildingId: number | null) {
      const rows = await db
        .select({ timeZone: buildings.timeZone })
        .from(buildings)
        .where(buildingId ? eq(buildings.id, buildingId) : eq(buildings.clientId, clientId))
        .orderBy(buildings.id)
        .limit(1);
      return rows[0]?.timeZone ?? 'America/Chicago';
    },

    /**
     * Moves every row of `duplicate` to `survivor` in one transaction and records what moved.
     * Two rows that cannot both belong to one person stay where they are and are not recorded:
     * a clearing the survivor already has (cleared_matches_uq), and a clearing of an exclusion
     * linked to either record (the person IS that excluded person: "not this person" cannot follow).
     * Answers null when either record changed meanwhile (already merged).
     */
    async merge(
      survivor: VisitorRow,
      duplicate: VisitorRow,
      by: number | null,
      undoUntil: Date,
    ): Promise<typeof visitorMerges.$inferSelect | null> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // lock both records, lowest id first; refuse when one was merged meanwhile
        const locked = rowsOf<{ id: number; merged_into_id: number | null }>(
          await tx.execute(
            sql`select id, merged_into_id from visitors where id in (${survivor.id}, ${duplicate.id}) order by id for update`,
          ),
        );
        if (locked.length !== 2 || locked.some((r) => r.merged_into_id !== null)) return null;

        const moved: Record<string, Array<number | string>> = {};
        for (const table of MERGE_TABLES) {
          const guard =
            table === 'cleared_matches'
              ? sql` and not exists (select 1 from cleared_matches c where c.client_id = cleared_matches.client_id
                       and c.visitor_id = ${survivor.id} and c.source = cleared_matches.source
                       and c.match_ref = cleared_matches.match_ref)
                     and not (cleared_matches.source = 'exclusion' and cleared_matches.match_ref in
                       (select e.id::text from exclusions e where e.visitor_id in (${survivor.id}, ${duplicate.id})))`
              : sql``;
          const ids = rowsOf<{ id: number | string }>(
            await tx.execute(
              sql`update ${sql.identifier(table)} set visitor_id = ${survivor.id} where visitor_id = ${duplicate.id}${guard} returning id`,
            ),
          ).map((r) => r.id);
          if (ids.length > 0) moved[table] = ids;
        }

        const before: Record<string, unknown> = {};
        const fill: Record<string, unknown> = {};
        for (const key of FILLABLE) {
          const mine = survivor[key];
          const theirs = duplicate[key];
          if ((mine === null || mine === '') && theirs !== null && theirs !== '') {
            before[key] = mine;
            fill[key] = theirs;
          }
        }
        if (Object.keys(fill).length > 0) {
          await tx
            .update(visitors)
            .set({ ...fill, updatedAt: new Date() })
            .where(eq(visitors.id, survivor.id));
        }
        await tx
          .update(visitors)
          .set({ mergedIntoId: survivor.id, updatedAt: new Date() })
          .where(eq(visitors.id, duplicate.id));
        const [merge] = await tx
          .insert(visitorMerges)
          .values({
            clientId: survivor.clientId,
            survivorId: survivor.id,
            mergedId: duplicate.id,
            moved,
            survivorBefore: before,
            mergedBy: by,
            undoUntil,
          })
          .returning();
        return merge;
      });
    },

    async getMerge(actor: TActor, id: number) {
      const rows = await db
        .select()
        .from(visitorMerges)
        .where(and(eq(visitorMerges.id, id), clientFilter(actor, visitorMerges.clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Merges into this record that can still be undone at `now`, newest first. */
    async undoable(survivorId: number, clientId: number, now: Date) {
      return db
        .select({
          id: visitorMerges.id,
          mergedId: visitorMerges.mergedId,
          mergedAt: visitorMerges.mergedAt,
          undoUntil: visitorMerges.undoUntil,
        })
        .from(visitorMerges)
        .where(
          and(
            eq(visitorMerges.clientId, clientId),
            eq(visitorMerges.survivorId, survivorId),
            isNull(visitorMerges.undoneAt),
            gt(visitorMerges.undoUntil, now),
          ),
        )
        .orderBy(desc(visitorMerges.id));
    },

    /**
     * Moves back exactly the recorded rows that are still the survivor's, restores the survivor's
     * filled fields and makes the duplicate a record of its own again. Null when the merge was
     * undone meanwhile, or the survivor has itself been merged since (undo that merge first).
     */
    async undo(merge: typeof visitorMerges.$inferSelect, by: number | null) {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const locked = rowsOf<{ id: number; merged_into_id: number | null }>(
          await tx.execute(
            sql`select id, merged_into_id from visitors where id in (${merge.survivorId}, ${merge.mergedId}) order by id for update`,
          ),
        );
        const survivor = locked.find((r) => r.id === merge.survivorId);
        const duplicate = locked.find((r) => r.id === merge.mergedId);
        if (
          !survivor ||
          !duplicate ||
          survivor.merged_into_id !== null ||
          duplicate.merged_into_id !== merge.survivorId
        )
          return null;
        const [claimed] = await tx
          .update(visitorMerges)
          .set({ undoneAt: new Date(), undoneBy: by })
          .where(and(eq(visitorMerges.id, merge.id), isNull(visitorMerges.undoneAt)))
          .returning({ id: visitorMerges.id });
        if (!claimed) return null;
        const restored: Record<string, number> = {};
        for (const table of MERGE_TABLES) {
          const ids = merge.moved[table] ?? [];
          if (ids.length === 0) continue;
          const idType = table === 'screenings' ? sql`uuid[]` : sql`int[]`;
          const rows = rowsOf<{ id: number | string }>(
            await tx.execute(
              sql`update ${sql.identifier(table)} set visitor_id = ${merge.mergedId}
                   where id = any(${`{${ids.join(',')}}`}::${idType}) and visitor_id = ${merge.survivorId} returning id`,
            ),
          );
          restored[table] = rows.length;
        }
        // the survivor's filled fields go back to what they were, unless the desk has changed
        // them since (the value is no longer the one the merge copied from the duplicate)
        const pairRows = await tx
          .select()
          .from(visitors)
          .where(inArray(visitors.id, [merge.survivorId, merge.mergedId]));
        const now = pairRows.find((r) => r.id === merge.survivorId);
        const from = pairRows.find((r) => r.id === merge.mergedId);
        const restore: Record<string, unknown> = {};
        for (const [key, before] of Object.entries(merge.survivorBefore)) {
          const k = key as keyof VisitorRow;
          if (now && from && now[k] === from[k]) restore[key] = before;
        }
        if (Object.keys(restore).length > 0) {
          await tx
            .update(visitors)
            .set({ ...(restore as Partial<VisitorRow>), updatedAt: new Date() })
            .where(eq(visitors.id, merge.survivorId));
        }
        await tx
          .update(visitors)
          .set({ mergedIntoId: null, updatedAt: new Date() })
          .where(eq(visitors.id, merge.mergedId));
        const [after] = await tx.select().from(visitorMerges).where(eq(visitorMerges.id, merge.id));
        return { merge: after, restored };
      });
    },
  };
}
export type VisitorMergeRepository = ReturnType<typeof createVisitorMergeRepository>;
