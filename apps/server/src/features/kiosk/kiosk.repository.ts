import type { TActor } from '@sv/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { buildings, clients, dropoffEvents, preRegistrations, students } from '../../db/schema/index';
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

    /**
     * Issue 22 "Floods": the kiosk card a repeat would make again, if one is still waiting for the
     * desk: a PENDING card of this building whose last kiosk activity (`lastAt` in its issues, else
     * its creation) is at or after `since`. `kind` 'sign_in' is a sign-in card of this visitor and
     * registration; 'health' the health banner's card. Locks the (building, kind, person) first,
     * inside the caller's transaction, so two presses at once make one card.
     */
    async pendingKioskCard(
      tx: Db,
      buildingId: number,
      who: { kind: 'sign_in'; visitorId: number; registrationId: number | null } | { kind: 'health' },
      since: Date,
    ) {
      const lockKey =
        who.kind === 'health'
          ? `sv-kiosk-card:${buildingId}:health`
          : `sv-kiosk-card:${buildingId}:${who.visitorId}:${who.registrationId ?? ''}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
      const meta =
        who.kind === 'health' ? sql`${preRegistrations.issues}->'health'` : sql`${preRegistrations.issues}->'kiosk'`;
      const rows = await tx
        .select()
        .from(preRegistrations)
        .where(
          and(
            eq(preRegistrations.buildingId, buildingId),
            eq(preRegistrations.status, 'pending'),
            sql`${meta} is not null`,
            sql`coalesce((${meta}->>'lastAt')::timestamptz, ${preRegistrations.createdAt}) >= ${since.toISOString()}::timestamptz`,
            ...(who.kind === 'sign_in'
              ? [
                  eq(preRegistrations.visitorId, who.visitorId),
                  who.registrationId === null
                    ? sql`${meta}->'registrationId' = 'null'::jsonb`
                    : sql`${meta}->'registrationId' = ${String(who.registrationId)}::jsonb`,
                ]
              : []),
          ),
        )
        .orderBy(asc(preRegistrations.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Refreshes a kiosk card a repeat folded into (issue 22 "Floods"). */
    async refreshCard(tx: Db, id: number, values: Partial<typeof preRegistrations.$inferInsert>) {
      await tx.update(preRegistrations).set(values).where(eq(preRegistrations.id, id));
    },

    /** The student's first tardy drop-off at this building in [start, end) (the building's day), if any. */
    async dropoffOfDay(building: { id: number; clientId: number }, studentId: number, start: Date, end: Date) {
      const rows = await db
        .select({ id: dropoffEvents.id })
        .from(dropoffEvents)
        .where(
          and(
            eq(dropoffEvents.clientId, building.clientId),
            eq(dropoffEvents.buildingId, building.id),
            eq(dropoffEvents.studentId, studentId),
            gte(dropoffEvents.droppedOffAt, start),
            lt(dropoffEvents.droppedOffAt, end),
          ),
        )
        .orderBy(asc(dropoffEvents.id))
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
export type KioskRepository = ReturnType<typeof createKioskRepository>;
