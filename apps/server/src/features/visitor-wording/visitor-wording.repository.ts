import type { TActor, TVisitorLanguage, TWordingItem } from '@sv/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { clients, visitorWording } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';

/** A district's wording rows: admins any district's, a district administrator their own. */
const scoped = (actor: TActor) => clientFilter(actor, visitorWording.clientId);

const itemColumns = {
  key: visitorWording.key,
  text: visitorWording.text,
  version: visitorWording.version,
  updatedAt: visitorWording.updatedAt,
};
const asItem = (r: { key: string; text: string; version: number; updatedAt: Date }): TWordingItem => ({
  ...r,
  updatedAt: r.updatedAt.toISOString(),
});

export function createVisitorWordingRepository(db: Db) {
  return {
    async list(actor: TActor, clientId: number, language: TVisitorLanguage): Promise<TWordingItem[]> {
      const rows = await db
        .select(itemColumns)
        .from(visitorWording)
        .where(and(scoped(actor), eq(visitorWording.clientId, clientId), eq(visitorWording.language, language)))
        .orderBy(asc(visitorWording.key));
      return rows.map(asItem);
    },

    /**
     * The wording the kiosk and public forms apply (anonymous: visitor-facing text is public).
     * Only an active district's; any other id answers nothing (no oracle of district ids).
     */
    async publicWording(clientId: number, language: TVisitorLanguage): Promise<Record<string, string>> {
      const rows = await db
        .select({ key: visitorWording.key, text: visitorWording.text })
        .from(visitorWording)
        .innerJoin(clients, eq(clients.id, visitorWording.clientId))
        .where(
          and(eq(visitorWording.clientId, clientId), eq(visitorWording.language, language), eq(clients.active, true)),
        );
      return Object.fromEntries(rows.map((r) => [r.key, r.text]));
    },

    /**
     * One change at the version it was read at (0: none yet). False when the wording moved on
     * (another administrator saved or reset it meanwhile): the caller refuses the whole save.
     */
    async save(
      actor: TActor,
      change: { clientId: number; language: TVisitorLanguage; key: string; text: string; version: number },
      userId: number,
      now: Date,
      tx: Db = db,
    ): Promise<boolean> {
      const match = and(
        scoped(actor),
        eq(visitorWording.clientId, change.clientId),
        eq(visitorWording.language, change.language),
        eq(visitorWording.key, change.key),
      );
      if (change.version === 0) {
        if (!change.text) {
          const [row] = await tx.select({ id: visitorWording.id }).from(visitorWording).where(match).limit(1);
          return !row;
        }
        // a row written meanwhile by someone else: the unique index makes this insert do nothing
        const inserted = await tx
          .insert(visitorWording)
          .values({
            clientId: change.clientId,
            language: change.language,
            key: change.key,
            text: change.text,
            updatedBy: userId,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: visitorWording.id });
        return inserted.length === 1;
      }
      const atVersion = and(match, eq(visitorWording.version, change.version));
      if (!change.text) {
        const removed = await tx.delete(visitorWording).where(atVersion).returning({ id: visitorWording.id });
        return removed.length === 1;
      }
      const updated = await tx
        .update(visitorWording)
        .set({ text: change.text, version: sql`${visitorWording.version} + 1`, updatedBy: userId, updatedAt: now })
        .where(atVersion)
        .returning({ id: visitorWording.id });
      return updated.length === 1;
    },
  };
}
export type VisitorWordingRepository = ReturnType<typeof createVisitorWordingRepository>;
