import type { TActor } from '@sv/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { buildings, clients, preRegistrations, students } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingInScope } from '../../platform/db/scope';

/**
 * The kiosk's own reads and writes (issue 14). Everything else goes through the desk's services
 * (screening, visits, visitors, pre-registrations), so the kiosk has no second copy of a rule.
 */
export function createKioskRepository(db: Db) {
  return {
    /** The kiosk account's building with its kiosk flags and the district's kiosk settings. */
    async kioskBuilding(actor: TActor) {
      if (!actor.buildingId) return null;
      const rows = await db
        .select({
          id: buildings.id,
          clientId: buildings.clientId,
          name: buildings.name,
          timeZone: buildings.timeZone,
          active: buildings.active,
          studentIdLabel: buildings.studentIdLabel,
          showKioskStudentCheckIn: buildings.showKioskStudentCheckIn,
          showKioskStudentCheckOut: buildings.showKioskStudentCheckOut,
          studentCheckInBtn: buildings.studentCheckInBtn,
          studentCheckOutBtn: buildings.studentCheckOutBtn,
          requireKioskStudentPhotoCheckIn: buildings.requireKioskStudentPhotoCheckIn,
          requireKioskStudentPhotoCheckOut: buildings.requireKioskStudentPhotoCheckOut,
          requireKioskVisitorPhotoCheckIn: buildings.requireKioskVisitorPhotoCheckIn,
          requireKioskVolunteerPhotoCheckIn: buildings.requireKioskVolunteerPhotoCheckIn,
          kioskSettings: clients.kioskSettings,
        })
        .from(buildings)
        .innerJoin(clients, eq(clients.id, buildings.clientId))
        .where(buildingInScope(actor, actor.buildingId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The student with this ID and last name enrolled at the kiosk's building (spec 002 §5 student validation). */
    async studentAt(building: { id: number; clientId: number }, identifier: string, lastName: string) {
      const rows = await db
        .select({ id: students.id, firstname: students.firstname })
        .from(students)
        .where(
          and(
            eq(students.clientId, building.clientId),
            eq(students.buildingId, building.id),
            eq(students.identifier, identifier),
            eq(sql`lower(${students.lastname})`, lastName.toLowerCase()),
            eq(students.active, true),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** A card made by the kiosk (the arrival the desk sees), inside the sign-in's transaction. */
    async insertCard(tx: Db, values: typeof preRegistrations.$inferInsert) {
      const [row] = await tx.insert(preRegistrations).values(values).returning({ id: preRegistrations.id });
      return row.id;
    },
  };
}
