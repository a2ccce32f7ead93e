import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  buildings,
  drillRequirements,
  emergencyStateBuildings,
  emergencyStateEvents,
  emergencyStates,
  users,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter, clientFilter } from '../../platform/db/scope';

export type StateEventKind = 'start' | 'messages' | 'note' | 'cancel' | 'end' | 'mark';

/**
 * Emergency states (issue 27 §1, ADR 0037). Every read is scoped by the actor: a state is seen
 * through the buildings it covers that the actor's scope holds.
 */
export function createEmergencyStatesRepository(db: Db) {
  const inActorScope = (actor: TActor) =>
    buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id });

  return {
    /** Buildings by id that the actor's scope holds (all of one district, checked by the service). */
    async buildingsInScope(actor: TActor, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name })
        .from(buildings)
        .where(and(inArray(buildings.id, ids), inActorScope(actor)))
        .orderBy(asc(buildings.name));
    },

    /** Every building of a district in the actor's scope (a district administrator's whole-district start). */
    async districtBuildings(actor: TActor, clientId: number) {
      return db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name })
        .from(buildings)
        .where(and(eq(buildings.clientId, clientId), inActorScope(actor)))
        .orderBy(asc(buildings.name));
    },

    /** The building's active state id, if any: the kiosk's and the admission gate's check. */
    async activeStateOf(buildingId: number, tx: Db = db): Promise<number | null> {
      const rows = await tx
        .select({ id: emergencyStateBuildings.stateId })
        .from(emergencyStateBuildings)
        .where(and(eq(emergencyStateBuildings.buildingId, buildingId), eq(emergencyStateBuildings.active, true)))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    /** Which of these buildings already have an active state (named in the 409). */
    async activeAmong(buildingIds: number[], tx: Db = db) {
      if (buildingIds.length === 0) return [];
      return tx
        .select({ buildingId: emergencyStateBuildings.buildingId, name: buildings.name })
        .from(emergencyStateBuildings)
        .innerJoin(buildings, eq(buildings.id, emergencyStateBuildings.buildingId))
        .where(and(inArray(emergencyStateBuildings.buildingId, buildingIds), eq(emergencyStateBuildings.active, true)));
    },

    async insertState(
      tx: Db,
      row: {
        clientId: number;
        kind: string;
        drill: boolean;
        startedBy: number;
        startedAt: Date;
        buildingIds: number[];
      },
    ) {
      const [state] = await tx
        .insert(emergencyStates)
        .values({
          clientId: row.clientId,
          kind: row.kind,
          drill: row.drill,
          startedBy: row.startedBy,
          startedAt: row.startedAt,
        })
        .returning({ id: emergencyStates.id });
      await tx
        .insert(emergencyStateBuildings)
        .values(row.buildingIds.map((buildingId) => ({ stateId: state.id, buildingId })));
      return state.id;
    },

    async addEvent(
      tx: Db,
      row: { stateId: number; kind: StateEventKind; at: Date; userId: number | null; text?: string; details?: unknown },
    ) {
      await tx.insert(emergencyStateEvents).values({
        stateId: row.stateId,
        kind: row.kind,
        at: row.at,
        userId: row.userId,
        text: row.text ?? null,
        details: row.details ?? null,
      });
    },

    /** Ends (or cancels) a state: its buildings are free again. */
    async close(
      tx: Db,
      stateId: number,
      row: { endedBy: number; endedAt: Date; endNotes: string | null; cancelled: boolean },
    ) {
      const done = await tx
        .update(emergencyStates)
        .set(row)
        .where(and(eq(emergencyStates.id, stateId), isNull(emergencyStates.endedAt)))
        .returning({ id: emergencyStates.id });
      if (done.length === 0) return false;
      await tx
        .update(emergencyStateBuildings)
        .set({ active: false })
        .where(eq(emergencyStateBuildings.stateId, stateId));
      return true;
    },

    /** State ids the actor may see (through a building in scope), newest first. */
    async stateIds(
      actor: TActor,
      filter: { activeOnly: boolean; buildingId?: number; limit: number; clientId?: number },
    ): Promise<number[]> {
      const where: SQL[] = [inActorScope(actor)];
      if (filter.activeOnly) where.push(eq(emergencyStateBuildings.active, true));
      if (filter.buildingId !== undefined) where.push(eq(emergencyStateBuildings.buildingId, filter.buildingId));
      if (filter.clientId !== undefined) where.push(eq(buildings.clientId, filter.clientId));
      const rows = await db
        .selectDistinct({ id: emergencyStates.id, startedAt: emergencyStates.startedAt })
        .from(emergencyStateBuildings)
        .innerJoin(buildings, eq(buildings.id, emergencyStateBuildings.buildingId))
        .innerJoin(emergencyStates, eq(emergencyStates.id, emergencyStateBuildings.stateId))
        .where(and(...where))
        .orderBy(desc(emergencyStates.startedAt), desc(emergencyStates.id))
        .limit(filter.limit);
      return rows.map((r) => r.id);
    },

    /**
     * The states with their buildings (in the actor's scope) and time lines. Roster marks (one
     * event per press, thousands in a large evacuation) only when asked: the active states are
     * polled by every desk and kiosk.
     */
    async loadStates(actor: TActor, ids: number[], opts: { marks?: boolean } = {}) {
      if (ids.length === 0) return [];
      const startedBy = sql<string>`(select ${users.name} from ${users} where ${users.id} = ${emergencyStates.startedBy})`;
      const endedBy = sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${emergencyStates.endedBy})`;
      const [states, blds, events] = await Promise.all([
        db
          .select({
            id: emergencyStates.id,
            clientId: emergencyStates.clientId,
            kind: emergencyStates.kind,
            drill: emergencyStates.drill,
            startedAt: emergencyStates.startedAt,
            startedById: emergencyStates.startedBy,
            startedBy,
            endedAt: emergencyStates.endedAt,
            endedBy,
            endNotes: emergencyStates.endNotes,
            cancelled: emergencyStates.cancelled,
          })
          .from(emergencyStates)
          .where(and(inArray(emergencyStates.id, ids), clientFilter(actor, emergencyStates.clientId))),
        db
          .select({ stateId: emergencyStateBuildings.stateId, id: buildings.id, name: buildings.name })
          .from(emergencyStateBuildings)
          .innerJoin(buildings, eq(buildings.id, emergencyStateBuildings.buildingId))
          .where(and(inArray(emergencyStateBuildings.stateId, ids), inActorScope(actor)))
          .orderBy(asc(buildings.name)),
        db
          .select({
            id: emergencyStateEvents.id,
            stateId: emergencyStateEvents.stateId,
            kind: emergencyStateEvents.kind,
            at: emergencyStateEvents.at,
            by: users.name,
            text: emergencyStateEvents.text,
            details: emergencyStateEvents.details,
          })
          .from(emergencyStateEvents)
          .leftJoin(users, eq(users.id, emergencyStateEvents.userId))
          .where(
            and(
              inArray(emergencyStateEvents.stateId, ids),
              opts.marks ? undefined : ne(emergencyStateEvents.kind, 'mark'),
            ),
          )
          .orderBy(asc(emergencyStateEvents.id)),
      ]);
      const order = new Map(ids.map((id, i) => [id, i]));
      return states
        .map((s) => ({
          ...s,
          buildings: blds.filter((b) => b.stateId === s.id).map(({ id, name }) => ({ id, name })),
          events: events.filter((e) => e.stateId === s.id),
        }))
        .filter((s) => s.buildings.length > 0)
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },

    /** Drills (not cancelled) started in [from, to) at buildings in the actor's scope. */
    async drillsBetween(actor: TActor, from: Date, to: Date, filter: { buildingId?: number; clientId?: number }) {
      const where: SQL[] = [
        inActorScope(actor),
        eq(emergencyStates.drill, true),
        eq(emergencyStates.cancelled, false),
        gte(emergencyStates.startedAt, from),
        lt(emergencyStates.startedAt, to),
      ];
      if (filter.buildingId !== undefined) where.push(eq(buildings.id, filter.buildingId));
      if (filter.clientId !== undefined) where.push(eq(buildings.clientId, filter.clientId));
      return db
        .select({
          id: emergencyStates.id,
          kind: emergencyStates.kind,
          buildingId: buildings.id,
          timeZone: buildings.timeZone,
          startedAt: emergencyStates.startedAt,
          endedAt: emergencyStates.endedAt,
          endNotes: emergencyStates.endNotes,
        })
        .from(emergencyStateBuildings)
        .innerJoin(buildings, eq(buildings.id, emergencyStateBuildings.buildingId))
        .innerJoin(emergencyStates, eq(emergencyStates.id, emergencyStateBuildings.stateId))
        .where(and(...where))
        .orderBy(asc(emergencyStates.startedAt));
    },

    /** The buildings of the report: in the actor's scope, of one district. */
    async reportBuildings(actor: TActor, filter: { buildingId?: number; clientId?: number }) {
      const where: SQL[] = [inActorScope(actor)];
      if (filter.buildingId !== undefined) where.push(eq(buildings.id, filter.buildingId));
      if (filter.clientId !== undefined) where.push(eq(buildings.clientId, filter.clientId));
      return db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name, timeZone: buildings.timeZone })
        .from(buildings)
        .where(and(...where))
        .orderBy(asc(buildings.name))
        .limit(1000);
    },

    async requirements(clientIds: number[]) {
      if (clientIds.length === 0) return [];
      return db.select().from(drillRequirements).where(inArray(drillRequirements.clientId, clientIds));
    },

    async setRequirements(clientId: number, rows: { kind: string; requiredCount: number }[]) {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        for (const r of rows) {
          await tx
            .insert(drillRequirements)
            .values({ clientId, kind: r.kind, requiredCount: r.requiredCount })
            .onConflictDoUpdate({
              target: [drillRequirements.clientId, drillRequirements.kind],
              set: { requiredCount: r.requiredCount },
            });
        }
      });
    },
  };
}
export type EmergencyStatesRepository = ReturnType<typeof createEmergencyStatesRepository>;
