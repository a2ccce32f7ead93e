import type { TActor } from '@sv/contracts';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  arrivalTokens,
  buildings,
  nearbyEntries,
  registrationBuildings,
  registrations,
  registrationTypes,
} from '../../db/schema/index';
import { newToken, sha256 } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/database';
import { buildingFilter } from '../../platform/db/scope';

/**
 * Issues a new arrival token for a registration (on approval; replaces any earlier one) and
 * answers the clear token for the e-mail. Only its SHA-256 is stored. (A function on a database
 * handle as well as a repository method: the authorization matrix's fixtures issue one directly.)
 */
export async function issueArrivalToken(db: Db, registrationId: number, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insert(arrivalTokens)
    .values({ registrationId, tokenHash: sha256(token), createdAt: now })
    .onConflictDoUpdate({
      target: arrivalTokens.registrationId,
      set: { tokenHash: sha256(token), createdAt: now, lastUsedAt: null },
    });
  return token;
}

/** The open entry of a registration at a building. */
const openEntry = (registrationId: number, buildingId: number) =>
  and(
    eq(nearbyEntries.registrationId, registrationId),
    eq(nearbyEntries.buildingId, buildingId),
    isNull(nearbyEntries.exitedAt),
  );

/** Nearby entries and arrival tokens (ADR 0017; spec 002 §2 Dashboard, §4 Nearby visitor, §7). */
export function createNearbyRepository(db: Db) {
  return {
    issueArrivalToken: (registrationId: number, now: Date) => issueArrivalToken(db, registrationId, now),

    /** The registration an arrival token belongs to (by the token's hash), with what admission needs. */
    async registrationByToken(token: string) {
      const [reg] = await db
        .select({
          id: registrations.id,
          clientId: registrations.clientId,
          approved: registrations.approved,
          underReview: registrations.underReview,
          expDate: registrations.expDate,
          suspendedAt: registrations.suspendedAt,
        })
        .from(arrivalTokens)
        .innerJoin(registrations, eq(registrations.id, arrivalTokens.registrationId))
        .where(eq(arrivalTokens.tokenHash, sha256(token)))
        .limit(1);
      return reg;
    },

    /**
     * The buildings a registration may arrive at: its registration_buildings, else every active
     * building of its district (active ones only either way), by id.
     */
    async arrivalBuildings(registrationId: number, clientId: number) {
      const limited = await db
        .select({ buildingId: registrationBuildings.buildingId })
        .from(registrationBuildings)
        .where(eq(registrationBuildings.registrationId, registrationId));
      return db
        .select({
          id: buildings.id,
          name: buildings.name,
          timeZone: buildings.timeZone,
          latitude: buildings.latitude,
          longitude: buildings.longitude,
          radius: buildings.radius,
        })
        .from(buildings)
        .where(
          and(
            eq(buildings.clientId, clientId),
            eq(buildings.active, true),
            limited.length > 0
              ? inArray(
                  buildings.id,
                  limited.map((l) => l.buildingId),
                )
              : undefined,
          ),
        )
        .orderBy(asc(buildings.id));
    },

    /** Closes the registration's open entry at a building (they left its radius); whether one was open. */
    async closeLeft(tx: Db, registrationId: number, buildingId: number, now: Date) {
      const closed = await tx
        .update(nearbyEntries)
        .set({ exitedAt: now, exitReason: 'left' })
        .where(openEntry(registrationId, buildingId))
        .returning({ id: nearbyEntries.id });
      return closed.length > 0;
    },

    /** Updates the distance of the open entry at a building, or opens one (of the registration's district). */
    async upsertOpen(
      tx: Db,
      entry: { clientId: number; buildingId: number; registrationId: number; distanceMetres: number; now: Date },
    ) {
      const updated = await tx
        .update(nearbyEntries)
        .set({ distanceMetres: entry.distanceMetres })
        .where(openEntry(entry.registrationId, entry.buildingId))
        .returning({ id: nearbyEntries.id });
      if (updated.length > 0) return;
      await tx
        .insert(nearbyEntries)
        .values({
          clientId: entry.clientId,
          buildingId: entry.buildingId,
          registrationId: entry.registrationId,
          enteredAt: entry.now,
          distanceMetres: entry.distanceMetres,
        })
        .onConflictDoNothing();
    },

    async markTokenUsed(tx: Db, registrationId: number, now: Date) {
      await tx.update(arrivalTokens).set({ lastUsedAt: now }).where(eq(arrivalTokens.registrationId, registrationId));
    },

    /** The building within the actor's scope (its district for the cached list), or undefined. */
    async buildingInScope(actor: TActor, buildingId: number) {
      const [building] = await db
        .select({ id: buildings.id, clientId: buildings.clientId })
        .from(buildings)
        .where(
          and(
            eq(buildings.id, buildingId),
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
          ),
        )
        .limit(1);
      return building;
    },

    /** A building's open, not removed entries, earliest first (read after `buildingInScope`). */
    openEntries(buildingId: number) {
      return db
        .select({
          id: nearbyEntries.id,
          registrationId: nearbyEntries.registrationId,
          visitorName: sql<string>`trim(${registrations.firstname} || ' ' || ${registrations.lastname})`,
          registrationType: registrationTypes.name,
          distanceMetres: nearbyEntries.distanceMetres,
          enteredAt: nearbyEntries.enteredAt,
        })
        .from(nearbyEntries)
        .innerJoin(registrations, eq(registrations.id, nearbyEntries.registrationId))
        .innerJoin(registrationTypes, eq(registrationTypes.id, registrations.registrationTypeId))
        .where(
          and(
            eq(nearbyEntries.buildingId, buildingId),
            isNull(nearbyEntries.exitedAt),
            isNull(nearbyEntries.deletedAt),
          ),
        )
        .orderBy(asc(nearbyEntries.enteredAt), asc(nearbyEntries.id));
    },

    /**
     * Marks the open entry of a registration at a building deleted and closes it, within the
     * actor's scope; answers it, or undefined.
     */
    async remove(actor: TActor, buildingId: number, registrationId: number, now: Date) {
      const [row] = await db
        .update(nearbyEntries)
        .set({
          deletedAt: now,
          deletedBy: actor.userId ?? null,
          exitedAt: sql`coalesce(${nearbyEntries.exitedAt}, ${now.toISOString()}::timestamptz)`,
          exitReason: sql`coalesce(${nearbyEntries.exitReason}, 'removed')`,
        })
        .where(
          and(
            eq(nearbyEntries.buildingId, buildingId),
            eq(nearbyEntries.registrationId, registrationId),
            isNull(nearbyEntries.deletedAt),
            isNull(nearbyEntries.exitedAt),
            buildingFilter(actor, { clientId: nearbyEntries.clientId, buildingId: nearbyEntries.buildingId }),
          ),
        )
        .returning({ id: nearbyEntries.id, clientId: nearbyEntries.clientId });
      return row;
    },

    /**
     * Closes a registration's open nearby entries (spec 002 §4: checking in ends "nearby"), inside
     * the check-in's transaction; answers the buildings whose dashboards must refresh.
     */
    closeOnCheckIn(tx: Db, registrationId: number, now: Date) {
      return tx
        .update(nearbyEntries)
        .set({ exitedAt: now, exitReason: 'checked_in' })
        .where(and(eq(nearbyEntries.registrationId, registrationId), isNull(nearbyEntries.exitedAt)))
        .returning({ id: nearbyEntries.id, clientId: nearbyEntries.clientId, buildingId: nearbyEntries.buildingId });
    },

    /** Closes every open entry that opened before `cutoff` (exit reason 'expired'); answers them. */
    expireOpenedBefore(cutoff: Date, now: Date) {
      return db
        .update(nearbyEntries)
        .set({ exitedAt: now, exitReason: 'expired' })
        .where(and(isNull(nearbyEntries.exitedAt), lt(nearbyEntries.enteredAt, cutoff)))
        .returning({ clientId: nearbyEntries.clientId, buildingId: nearbyEntries.buildingId });
    },
  };
}
export type NearbyRepository = ReturnType<typeof createNearbyRepository>;
