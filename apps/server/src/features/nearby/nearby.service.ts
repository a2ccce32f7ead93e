import { type TArrivalResponse, type TNearbyListResponse, ZArrivalRequest } from '@sv/contracts';
import { distanceWithinRadius, localDateOf, registrationAdmission } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { inScope } from '../../platform/db/scope';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { hitPublicLimit, RATE_LIMITED_MESSAGE } from '../../platform/http/public-rate-limit';
import type { NearbyRepository } from './nearby.repository';

export const NEARBY_MESSAGES = {
  /** one answer for a token of nobody and a registration that may not arrive: nothing to probe */
  unknownLink: 'This arrival link is not valid. Ask the district office for a new one.',
  notAdmitted: 'Your registration does not allow arrivals now. Please contact the district office.',
  notFound: 'This nearby visitor is no longer listed.',
} as const;

/** The arrival link sent in the approval e-mail (ADR 0017): the token is the only thing in it. */
export const arrivalLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/arrive/${token}`;

/**
 * An "I'm arriving" that never became a check-in stops being news: open entries older than this
 * close by themselves (exit reason 'expired'), so the dashboard's nearby list shows people who are
 * arriving now, not everyone who said so this morning (spec 002 §7 ClearNearby; ADR 0017).
 */
export const NEARBY_EXPIRES_AFTER_MINUTES = 60;

/** Nearby visitors (ADR 0017): arrivals through the link, the dashboard's list, removal, expiry. */
export function createNearbyService(deps: AppDeps, { repo }: { repo: NearbyRepository }) {
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
      if (!(await hitPublicLimit(deps.db, 'arrive', ip, now))) throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
      const parsed = ZArrivalRequest.safeParse(raw);
      if (!parsed.success) {
        const tokenBad = parsed.error.issues.some((i) => i.path[0] === 'token');
        if (tokenBad) throw notFound(NEARBY_MESSAGES.unknownLink);
        throw badRequest('The position is not valid.', { position: ['invalid'] });
      }
      const q = parsed.data;
      const reg = await repo.registrationByToken(q.token);
      if (!reg) throw notFound(NEARBY_MESSAGES.unknownLink);

      const candidates = await repo.arrivalBuildings(reg.id, reg.clientId);
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
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        for (const b of candidates) {
          const distance = distanceWithinRadius(position, b);
          if (distance === null) {
            if (await repo.closeLeft(tx, reg.id, b.id, now)) changed.push(b.id);
            continue;
          }
          nearby.push({ buildingName: b.name, distanceMetres: Math.round(distance) });
          await repo.upsertOpen(tx, {
            clientId: reg.clientId,
            buildingId: b.id,
            registrationId: reg.id,
            distanceMetres: distance,
            now,
          });
          changed.push(b.id);
        }
        await repo.markTokenUsed(tx, reg.id, now);
        for (const buildingId of changed)
          await deps.realtime.publish({ type: 'nearby.changed', clientId: reg.clientId, buildingId }, tx);
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
          const building = await repo.buildingInScope(ctx.actor, buildingId);
          if (!building) throw notFound('Building not found');
          const rows = await repo.openEntries(buildingId);
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
      const row = await repo.remove(ctx.actor, buildingId, registrationId, deps.now());
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

    /** The scheduled sweep (ADR 0005: idempotent): closes stale open entries and tells their dashboards. */
    async expireStale(): Promise<number> {
      const now = deps.now();
      const closed = await repo.expireOpenedBefore(
        new Date(now.getTime() - NEARBY_EXPIRES_AFTER_MINUTES * 60_000),
        now,
      );
      const buildingsChanged = new Map(closed.map((c) => [c.buildingId, c.clientId]));
      for (const [buildingId, clientId] of buildingsChanged)
        await deps.realtime.publish({ type: 'nearby.changed', clientId, buildingId });
      return closed.length;
    },
  };
}
export type NearbyService = ReturnType<typeof createNearbyService>;
