import { and, eq, isNull, or } from 'drizzle-orm';
import { buildings, contacts, deniedEntries, preRegistrations } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter, type ScopeSource } from '../../platform/db/scope';

export function createDenialsRepository(db: Db) {
  return {
    async insert(tx: Db, values: typeof deniedEntries.$inferInsert) {
      const [row] = await tx.insert(deniedEntries).values(values).returning({ id: deniedEntries.id });
      return row.id;
    },

    /** Marks a denial's security contacts told, within the actor's scope (a write by id takes the actor's scope like the read before it: issue 24 §1). */
    async markNotified(actor: ScopeSource, id: number) {
      await db
        .update(deniedEntries)
        .set({ securityNotified: true })
        .where(
          and(
            eq(deniedEntries.id, id),
            buildingFilter(actor, { clientId: deniedEntries.clientId, buildingId: deniedEntries.buildingId }),
          ),
        );
    },

    async markPreRegistrationDenied(tx: Db, preRegistrationId: number, buildingId: number) {
      await tx
        .update(preRegistrations)
        .set({ status: 'denied' })
        .where(and(eq(preRegistrations.id, preRegistrationId), eq(preRegistrations.buildingId, buildingId)));
    },

    /**
     * Security contacts for a building: the district's Global contacts and the building's own
     * (spec 000 §3 Contact), active, with their notification confidence levels.
     */
    async securityContacts(clientId: number, buildingId: number) {
      return db
        .select({
          id: contacts.id,
          name: contacts.name,
          email: contacts.email,
          mobile: contacts.mobile,
          levels: contacts.confidenceLevelNotification,
        })
        .from(contacts)
        .where(
          and(
            eq(contacts.clientId, clientId),
            eq(contacts.active, true),
            or(
              and(eq(contacts.contactType, 'Global'), isNull(contacts.buildingId)),
              eq(contacts.buildingId, buildingId),
            ),
          ),
        );
    },

    async buildingInfo(buildingId: number) {
      const rows = await db
        .select({
          name: buildings.name,
          street1: buildings.street1,
          city: buildings.city,
          state: buildings.state,
          timeZone: buildings.timeZone,
        })
        .from(buildings)
        .where(eq(buildings.id, buildingId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type DenialsRepository = ReturnType<typeof createDenialsRepository>;
