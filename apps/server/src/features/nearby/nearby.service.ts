import { type TArrivalResponse, type TNearbyListResponse, ZArrivalRequest } from '@sv/contracts';
import { distanceWithinRadius, localDateOf, registrationAdmission } from '@sv/domain';
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
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { buildingFilter, inScope } from '../../platform/db/scope';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { hitPublicLimit, RATE_LIMITED_MESSAGE } from '../public-registration/public-rate-limit';

export const NEARBY_MESSAGES = {
  /** one answer for a token of nobody and a registration that may not arrive: nothing to probe */
  unknownLink: 'This arrival link is not valid. Ask the district office for a new one.',
  notAdmitted: 'Your registration does not allow arrivals now. Please contact the district office.',
  notFound: 'This nearby visitor is no longer listed.',
} as const;

/** The arrival link sent in the approval e-mail (ADR 0017): the token is the only thing in it. */
export const arrivalLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/arrive/${token}`;

/**
 * Issues a new arrival token for a registration (on approval; replaces any earlier one) and
 * answers the clear token for the e-mail. Only its SHA-256 is stored.
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

/**
 * Closes a registration's open nearby entries (spec 002 §4: checking in ends "nearby"), inside
 * the check-in's transaction; answers the buildings whose dashboards must refresh.
 */
export async function closeNearbyOnCheckIn(tx: Db, registrationId: number, now: Date) {
  return tx
    .update(nearbyEntries)
    .set({ exitedAt: now, exitReason: 'checked_in' })
    .where(and(eq(nearbyEntries.registrationId, registrationId), isNull(nearbyEntries.exitedAt)))
    .returning({ id: nearbyEntries.id, clientId: nearbyEntries.clientId, buildingId: nearbyEntries.buildingId });
}

export function createNearbyService(deps: AppDeps) {
  const db = deps.db;

  return {
    /**
     * A phone's position through the arrival link (ADR 0017). The registration must admit its
     * holder today (registrationAdmission, the building restriction aside: it is applied by
     * choosing the buildings). For each of its buildings (registration_buildings, else every
     * active building of its district): within the radius → one open entry (opened or its
     * distance updated); outside → its open entry closes. Events go to each changed building.
     */
    async arrive(raw: unknown, ip: string): Promise<TArrivalResponse> {
      const now = deps.now();
      if (!(await hitPublicLimit(db, 'arrive', ip, now))) throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
      const parsed = ZArrivalRequest.safeParse(raw);
      if (!parsed.success) {
        const tokenBad = parsed.error.issues.some((i) => i.path[0] === 'token');
        if (tokenBad) throw notFound(NEARBY_MESSAGES.unknownLink);
        throw badRequest('The position is not valid.', { position: ['invalid'] });
      }
      const q = parsed.data;
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
        .where(eq(arrivalTokens.tokenHash, sha256(q.token)))
        .limit(1);
      if (!reg) throw notFound(NEARBY_MESSAGES.unknownLink);

      const limited = await db
        .select({ buildingId: registrationBuildings.buildingId })
        .from(registrationBuildings)
        .where(eq(registrationBuildings.registrationId, reg.id));
      const candidates = await db
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
            eq(buildings.clientId, reg.clientId),
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
      const zone = candidates[0]?.timeZone ?? 'America/Chicago';
      const verdict = registrationAdmission(
        {
          approved: reg.approved,
          underReview: reg.underReview,
          expDate: reg.expDate,
          suspended: reg.suspendedAt !== null,
          buildingIds: [], // the restriction is applied by the candidate buildings above
        },
        0,
        localDateOf(now, zone),
      );
      if (!verdict.ok) throw new AppError('FORBIDDEN', NEARBY_MESSAGES.notAdmitted);

      const position = { latitude: q.latitude, longitude: q.longitude };
      const nearby: TArrivalResponse['nearby'] = [];
      const changed: number[] = [];
      await db.transaction(async (tx) => {
        for (const b of candidates) {
          const distance = distanceWithinRadius(position, b);
          const open = and(
            eq(nearbyEntries.registrationId, reg.id),
            eq(nearbyEntries.buildingId, b.id),
            isNull(nearbyEntries.exitedAt),
          );
          if (distance === null) {
            const closed = await tx
              .update(nearbyEntries)
              .set({ exitedAt: now, exitReason: 'left' })
              .where(open)
              .returning({ id: nearbyEntries.id });
            if (closed.length > 0) changed.push(b.id);
            continue;
          }
          nearby.push({ buildingName: b.name, distanceMetres: Math.round(distance) });
          const updated = await tx
            .update(nearbyEntries)
            .set({ distanceMetres: distance })
            .where(open)
            .returning({ id: nearbyEntries.id });
          if (updated.length === 0) {
            await tx
              .insert(nearbyEntries)
              .values({
                clientId: reg.clientId,
                buildingId: b.id,
                registrationId: reg.id,
                enteredAt: now,
                distanceMetres: distance,
              })
              .onConflictDoNothing();
          }
          changed.push(b.id);
        }
        await tx.update(arrivalTokens).set({ lastUsedAt: now }).where(eq(arrivalTokens.registrationId, reg.id));
        for (const buildingId of changed)
          await deps.realtime.publish(
            { type: 'nearby.changed', clientId: reg.clientId, buildingId },
            tx as unknown as Db,
          );
      });
      await deps.audit.record(
        {},
        {
          action: 'nearby.arrival',
          targetType: 'registration',
          targetId: reg.id,
          clientId: reg.clientId,
          details: { nearbyBuildings: nearby.length },
        },
      );
      return { nearby };
    },

    /**
     * spec 002 §2 Dashboard / §7 NearbyList: the building's open, not removed nearby entries,
     * shared by every open dashboard of the building until the next event (ADR 0007).
     */
    async listJson(ctx: RequestCtx, buildingId: number): Promise<string> {
      requirePermission(ctx.actor, 'logs.read');
      const answer = await deps.realtime.reads.read(
        buildingId,
        'nearby.current',
        (cached: { clientId: number; body: string }) => inScope(ctx.actor, { clientId: cached.clientId, buildingId }),
        async () => {
          const [building] = await db
            .select({ id: buildings.id, clientId: buildings.clientId })
            .from(buildings)
            .where(
              and(
                eq(buildings.id, buildingId),
                buildingFilter(ctx.actor, { clientId: buildings.clientId, buildingId: buildings.id }),
              ),
            )
            .limit(1);
          if (!building) throw notFound('Building not found');
          const rows = await db
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
          const body: TNearbyListResponse = {
            data: rows.map((r) => ({
              ...r,
              distanceMetres: Math.round(r.distanceMetres),
              enteredAt: r.enteredAt.toISOString(),
            })),
          };
          return { clientId: building.clientId, body: JSON.stringify(body) };
        },
      );
      return answer.body;
    },

    /**
     * spec 002 §4 Nearby visitor, §7 DeleteNearby (registrationId, buildingId): removal, after
     * the dashboard's confirmation, marks the open entry deleted (cleared from the list; the log
     * keeps it, marked removed) and closes it.
     */
    async remove(ctx: RequestCtx, buildingId: number, registrationId: number) {
      requirePermission(ctx.actor, 'visits.checkOut');
      const now = deps.now();
      const [row] = await db
        .update(nearbyEntries)
        .set({
          deletedAt: now,
          deletedBy: ctx.actor.userId ?? null,
          exitedAt: sql`coalesce(${nearbyEntries.exitedAt}, ${now.toISOString()}::timestamptz)`,
          exitReason: sql`coalesce(${nearbyEntries.exitReason}, 'removed')`,
        })
        .where(
          and(
            eq(nearbyEntries.buildingId, buildingId),
            eq(nearbyEntries.registrationId, registrationId),
            isNull(nearbyEntries.deletedAt),
            isNull(nearbyEntries.exitedAt),
            buildingFilter(ctx.actor, { clientId: nearbyEntries.clientId, buildingId: nearbyEntries.buildingId }),
          ),
        )
        .returning({ id: nearbyEntries.id, clientId: nearbyEntries.clientId });
      if (!row) throw notFound(NEARBY_MESSAGES.notFound);
      await deps.realtime.publish({ type: 'nearby.changed', clientId: row.clientId, buildingId, id: row.id });
      await deps.audit.record(ctx, {
        action: 'nearby.removed',
        targetType: 'nearby_entry',
        targetId: row.id,
        clientId: row.clientId,
        buildingId,
      });
      return { removed: true };
    },
  };
}

/**
 * An "I'm arriving" that never became a check-in stops being news: open entries older than this
 * close by themselves (exit reason 'expired'), so the dashboard's nearby list shows people who are
 * arriving now, not everyone who said so this morning (spec 002 §7 ClearNearby; ADR 0017).
 */
export const NEARBY_EXPIRES_AFTER_MINUTES = 60;

/** The scheduled sweep (ADR 0005: idempotent): closes stale open entries and tells their dashboards. */
export async function expireStaleNearby(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - NEARBY_EXPIRES_AFTER_MINUTES * 60_000);
  const closed = await deps.db
    .update(nearbyEntries)
    .set({ exitedAt: now, exitReason: 'expired' })
    .where(and(isNull(nearbyEntries.exitedAt), lt(nearbyEntries.enteredAt, cutoff)))
    .returning({ clientId: nearbyEntries.clientId, buildingId: nearbyEntries.buildingId });
  const buildingsChanged = new Map(closed.map((c) => [c.buildingId, c.clientId]));
  for (const [buildingId, clientId] of buildingsChanged)
    await deps.realtime.publish({ type: 'nearby.changed', clientId, buildingId });
  return closed.length;
}
