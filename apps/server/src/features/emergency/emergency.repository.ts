import type { TActor } from '@sv/contracts';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import { buildings, clients, contacts, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingInScope } from '../../platform/db/scope';

/** Where an emergency is: a district, and a building of it or none (a client administrator's own press). */
export interface EmergencyPlace {
  clientId: number;
  buildingId: number | null;
}

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

    /**
     * A building the sender named (issue 23 §2: the platform administrator chooses one), when
     * the sender's scope holds it; null otherwise (the route answers 404).
     */
    async findBuildingPlace(actor: TActor, buildingId: number): Promise<EmergencyPlace | null> {
      const rows = await db
        .select({ clientId: buildings.clientId, buildingId: buildings.id })
        .from(buildings)
        .where(buildingInScope(actor, buildingId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The district and building named in a message: the place's, not the sender's own. */
    async findPlaceDetails(place: EmergencyPlace) {
      const rows = await db
        .select({
          clientName: clients.name,
          buildingName: buildings.name,
          street1: buildings.street1,
          street2: buildings.street2,
          city: buildings.city,
          state: buildings.state,
          zipcode: buildings.zipcode,
          timeZone: buildings.timeZone,
        })
        .from(clients)
        .leftJoin(buildings, and(eq(buildings.clientId, clients.id), eq(buildings.id, place.buildingId ?? 0)))
        .where(eq(clients.id, place.clientId))
        .limit(1);
      return rows[0] ?? null;
    },

    async findImpersonatorName(adminId: number) {
      const rows = await db.select({ name: users.name }).from(users).where(eq(users.id, adminId)).limit(1);
      return rows[0]?.name ?? null;
    },

    /**
     * The security contacts of the place (spec 000 §4 "notifies security"): active contacts
     * that receive emergencies, of its district (contactType 'Global') and, when the place is a
     * building, of that building. The place comes from the actor's scope (emergency.service).
     */
    async findEmergencyContacts(place: EmergencyPlace) {
      const scope: SQL[] = [eq(contacts.contactType, 'Global')];
      if (place.buildingId !== null) {
        scope.push(and(eq(contacts.contactType, 'Building'), eq(contacts.buildingId, place.buildingId))!);
      }
      return db
        .select({ id: contacts.id, name: contacts.name, email: contacts.email, mobile: contacts.mobile })
        .from(contacts)
        .where(
          and(
            eq(contacts.clientId, place.clientId),
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
