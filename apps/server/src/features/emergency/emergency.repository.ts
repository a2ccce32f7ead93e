import type { TActor } from '@sv/contracts';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import { buildings, clients, contacts, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

export function createEmergencyRepository(db: Db) {
  return {
    /** Who pressed the button and where: the actor's own user, client and building. */
    async findSender(actor: TActor) {
      const rows = await db
        .select({
          name: users.name,
          clientName: clients.name,
          buildingName: buildings.name,
          street1: buildings.street1,
          street2: buildings.street2,
          city: buildings.city,
          state: buildings.state,
          zipcode: buildings.zipcode,
          timeZone: buildings.timeZone,
        })
        .from(users)
        .leftJoin(clients, eq(clients.id, users.clientId))
        .leftJoin(buildings, and(eq(buildings.id, users.buildingId), eq(buildings.clientId, users.clientId)))
        .where(eq(users.id, actor.userId))
        .limit(1);
      return rows[0] ?? null;
    },

    async findImpersonatorName(adminId: number) {
      const rows = await db.select({ name: users.name }).from(users).where(eq(users.id, adminId)).limit(1);
      return rows[0]?.name ?? null;
    },

    /**
     * The security contacts of the actor's scope (spec 000 §4 "notifies security"): active
     * contacts that receive emergencies, of the actor's district (contactType 'Global') and,
     * when the actor belongs to a building, of that building. Never another client's.
     */
    async findEmergencyContacts(actor: TActor) {
      if (actor.clientId === null) return [];
      const scope: SQL[] = [eq(contacts.contactType, 'Global')];
      if (actor.buildingId !== null) {
        scope.push(and(eq(contacts.contactType, 'Building'), eq(contacts.buildingId, actor.buildingId))!);
      }
      return db
        .select({ id: contacts.id, name: contacts.name, email: contacts.email, mobile: contacts.mobile })
        .from(contacts)
        .where(
          and(
            eq(contacts.clientId, actor.clientId),
            eq(contacts.active, true),
            eq(contacts.receivesEmergency, true),
            or(...scope),
          ),
        )
        .orderBy(asc(contacts.id));
    },
  };
}
export type EmergencyRepository = ReturnType<typeof createEmergencyRepository>;
