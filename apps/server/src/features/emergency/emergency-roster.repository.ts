import { ROSTER_UNASSIGNED_GROUP, type TActor } from '@sv/contracts';
import { zonedDayBounds } from '@sv/domain';
import { and, asc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import {
  buildings,
  emergencyRosterEntries,
  emergencyRosterMarks,
  emergencyStateBuildings,
  users,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter } from '../../platform/db/scope';

/**
 * The accountability roster (issue 27 §2, ADR 0042). The snapshot is two INSERT … SELECT per
 * building, run in the emergency start's transaction; reads and marks are scoped by the actor
 * (the entry's building must be in the actor's scope).
 */
export function createEmergencyRosterRepository(db: Db) {
  /** Open visits of a building → entries (the snapshot, and a visit checked in while the state is active). */
  const insertOpenVisits = (tx: Db, stateId: number, buildingId: number) =>
    tx.execute(sql`
      insert into emergency_roster_entries
        (state_id, building_id, client_id, person_kind, visit_id, display_name, group_label, photo_ref, badge_text, visiting)
      select ${stateId}, v.building_id, v.client_id, 'visit', v.id,
             trim(vi.firstname || ' ' || vi.lastname), v.visitor_type,
             coalesce(b.photo_file_id, vi.photo_file_id), coalesce(b.code, ''), v.person_visiting
      from visits v
      join visitors vi on vi.id = v.visitor_id
      left join badges b on b.id = v.badge_id
      where v.building_id = ${buildingId} and v.check_out is null
      on conflict do nothing`);

  return {
    /**
     * Everyone expected on site at `now` in each building (ADR 0042): open visits (visitors,
     * volunteers, vendors, responders) and the students enrolled there (active) or dropped off
     * late there today, less those released today after their last late drop-off (the building's
     * calendar day). Students are grouped by grade, visits by type.
     */
    async snapshot(tx: Db, stateId: number, buildingIds: number[], now: Date) {
      if (buildingIds.length === 0) return;
      const blds = await tx
        .select({ id: buildings.id, timeZone: buildings.timeZone })
        .from(buildings)
        .where(inArray(buildings.id, buildingIds));
      for (const b of blds) {
        await insertOpenVisits(tx, stateId, b.id);
        const { start, end } = zonedDayBounds(now, b.timeZone);
        const from = start.toISOString();
        const to = end.toISOString();
        await tx.execute(sql`
          with late as (
            select student_id, max(dropped_off_at) as at from dropoff_events
            where building_id = ${b.id} and dropped_off_at >= ${from}::timestamptz and dropped_off_at < ${to}::timestamptz
            group by student_id
          ), released as (
            select student_id, max(picked_up_at) as at from pickup_events
            where building_id = ${b.id} and picked_up_at >= ${from}::timestamptz and picked_up_at < ${to}::timestamptz
            group by student_id
          )
          insert into emergency_roster_entries
            (state_id, building_id, client_id, person_kind, student_id, display_name, group_label, badge_text)
          select ${stateId}, ${b.id}, s.client_id, 'student', s.id, trim(s.firstname || ' ' || s.lastname),
                 coalesce(nullif(trim(s.grade), ''), ${ROSTER_UNASSIGNED_GROUP}), s.identifier
          from students s
          left join late on late.student_id = s.id
          left join released on released.student_id = s.id
          where ((s.building_id = ${b.id} and s.active) or late.student_id is not null)
            and (released.at is null or (late.at is not null and late.at > released.at))
          on conflict do nothing`);
      }
    },

    /** A visit checked in while the state is active joins its roster (ADR 0042): the state's active buildings' open visits. */
    async joinOpenVisits(stateId: number) {
      const active = await db
        .select({ buildingId: emergencyStateBuildings.buildingId })
        .from(emergencyStateBuildings)
        .where(and(eq(emergencyStateBuildings.stateId, stateId), eq(emergencyStateBuildings.active, true)));
      for (const b of active) await insertOpenVisits(db, stateId, b.buildingId);
    },

    /** The roster's entries in the actor's scope (optionally one building). */
    async entries(actor: TActor, stateId: number, buildingId?: number, ids?: number[]) {
      const where = [
        eq(emergencyRosterEntries.stateId, stateId),
        buildingFilter(actor, {
          clientId: emergencyRosterEntries.clientId,
          buildingId: emergencyRosterEntries.buildingId,
        }),
      ];
      if (buildingId !== undefined) where.push(eq(emergencyRosterEntries.buildingId, buildingId));
      if (ids) where.push(inArray(emergencyRosterEntries.id, ids));
      return db
        .select({
          id: emergencyRosterEntries.id,
          buildingId: emergencyRosterEntries.buildingId,
          clientId: emergencyRosterEntries.clientId,
          personKind: emergencyRosterEntries.personKind,
          name: emergencyRosterEntries.displayName,
          group: emergencyRosterEntries.groupLabel,
          photoRef: emergencyRosterEntries.photoRef,
          badge: emergencyRosterEntries.badgeText,
          visiting: emergencyRosterEntries.visiting,
          status: emergencyRosterEntries.markStatus,
          markedBy: users.name,
          markedAt: emergencyRosterEntries.markedAt,
        })
        .from(emergencyRosterEntries)
        .leftJoin(users, eq(users.id, emergencyRosterEntries.markedBy))
        .where(and(...where))
        .orderBy(
          asc(emergencyRosterEntries.personKind),
          asc(emergencyRosterEntries.groupLabel),
          asc(emergencyRosterEntries.displayName),
          asc(emergencyRosterEntries.id),
        );
    },

    /**
     * One press (ADR 0042), in the caller's transaction: the client mark id is recorded once
     * ('duplicate' the second time); the entry takes the mark only when no later press stands
     * ('stale' otherwise, kept as received but not applied).
     */
    async applyMark(
      tx: Db,
      actor: TActor,
      m: {
        entryId: number;
        stateId: number;
        status: string;
        clientMarkId: string;
        pressedAt: Date;
        userId: number;
        now: Date;
      },
    ): Promise<'applied' | 'duplicate' | 'stale'> {
      const received = await tx
        .insert(emergencyRosterMarks)
        .values({
          clientMarkId: m.clientMarkId,
          entryId: m.entryId,
          status: m.status,
          pressedAt: m.pressedAt,
          userId: m.userId,
          applied: false,
          receivedAt: m.now,
        })
        .onConflictDoNothing()
        .returning({ id: emergencyRosterMarks.clientMarkId });
      if (received.length === 0) return 'duplicate';
      const updated = await tx
        .update(emergencyRosterEntries)
        .set({
          markStatus: m.status,
          markedBy: m.userId,
          markedAt: m.now,
          pressedAt: m.pressedAt,
          clientMarkId: m.clientMarkId,
        })
        .where(
          and(
            eq(emergencyRosterEntries.id, m.entryId),
            eq(emergencyRosterEntries.stateId, m.stateId),
            buildingFilter(actor, {
              clientId: emergencyRosterEntries.clientId,
              buildingId: emergencyRosterEntries.buildingId,
            }),
            or(isNull(emergencyRosterEntries.pressedAt), lte(emergencyRosterEntries.pressedAt, m.pressedAt)),
          ),
        )
        .returning({ id: emergencyRosterEntries.id });
      if (updated.length === 0) return 'stale';
      await tx
        .update(emergencyRosterMarks)
        .set({ applied: true })
        .where(eq(emergencyRosterMarks.clientMarkId, m.clientMarkId));
      return 'applied';
    },
  };
}
export type EmergencyRosterRepository = ReturnType<typeof createEmergencyRosterRepository>;
