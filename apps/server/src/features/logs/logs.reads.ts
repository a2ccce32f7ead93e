import {
  type TDeniedLogResponse,
  type TOnSiteResponse,
  type TPickupLogResponse,
  type TNearbyLogResponse,
  ZNearbyLogRequest,
  ZPickupLogRequest,
  type TVisitLogChartResponse,
  type TVisitLogResponse,
  ZDeniedLogRequest,
  type TOnSiteAt,
  ZVisitLogRequest,
} from '@sv/contracts';
import { zonedTimeToInstant } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type VisitLogKind } from './logs.repository';
import type { LogsCore } from './logs.core';
import { zonesOf } from './logs.core';

/** The logs on screen (spec 002 §2 Logs, §3, §6; spec 001 §9), the visits chart and who is on site. */
export function readUseCases(core: LogsCore) {
  const { deps, repo, resolveWindow, paging, pageOf } = core;
  return {
    /** Visit log and vendor log (spec 002 §2 Logs, §3; spec 001 §9): one query, vendors by visitor type. */
    async visitLog(ctx: RequestCtx, kind: VisitLogKind, raw: unknown): Promise<TVisitLogResponse> {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZVisitLogRequest.parse(raw);
      const { window, range } = await resolveWindow(ctx, q);
      const r = await repo.visitPage(ctx.actor, kind, window, { sort: q.sort, dir: q.dir, ...paging(q) });
      return {
        ...pageOf(q, {
          count: r.count,
          data: r.data.map((v) => ({
            ...v,
            attendantName: v.attendantName ?? null,
            checkIn: v.checkIn.toISOString(),
            checkOut: v.checkOut?.toISOString() ?? null,
          })),
        }),
        range,
      };
    },

    /** Denied Entry Log (spec 002 §2, §3 denied entry with its counts). */
    async deniedLog(ctx: RequestCtx, raw: unknown): Promise<TDeniedLogResponse> {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZDeniedLogRequest.parse(raw);
      const { window, range } = await resolveWindow(ctx, q);
      const r = await repo.deniedPage(ctx.actor, window, { sort: q.sort, dir: q.dir, ...paging(q) });
      return {
        ...pageOf(q, {
          count: r.count,
          data: r.data.map((d) => ({
            ...d,
            attendantName: d.attendantName ?? null,
            deniedAt: d.deniedAt.toISOString(),
          })),
        }),
        range,
      };
    },

    /**
     * Pickup Log (spec 002 §2, §3 pickup log row, §9: last 7 days, newest first; issue 12): the
     * one log query over pickup events, with the photo id (served by the authorized file
     * endpoint) and the SIS write-back status.
     */
    async pickupLog(ctx: RequestCtx, raw: unknown): Promise<TPickupLogResponse> {
      requirePermission(ctx.actor, 'pickups.read');
      const q = ZPickupLogRequest.parse(raw);
      const { window, range } = await resolveWindow(ctx, q);
      const r = await repo.pickupPage(ctx.actor, window, { sort: q.sort, dir: q.dir, ...paging(q) });
      deps.audit.read(ctx, {
        action: 'logs.pickups.read',
        targetType: 'building',
        targetId: q.buildingId ?? null,
        details: { rows: r.data.length },
      });
      return {
        ...pageOf(q, {
          count: r.count,
          data: r.data.map((p) => ({
            ...p,
            attendantName: p.attendantName ?? null,
            pickedUpAt: p.pickedUpAt.toISOString(),
          })),
        }),
        range,
      };
    },

    /**
     * Nearby Visitor Log (spec 002 §2, §3 Nearby log: visitor, building, entered, left; ADR
     * 0016): the one log query over nearby entries; removed entries stay, marked removed.
     */
    async nearbyLog(ctx: RequestCtx, raw: unknown): Promise<TNearbyLogResponse> {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZNearbyLogRequest.parse(raw);
      const { window, range } = await resolveWindow(ctx, q);
      const r = await repo.nearbyPage(ctx.actor, window, { sort: q.sort, dir: q.dir, ...paging(q) });
      return {
        ...pageOf(q, {
          count: r.count,
          data: r.data.map(({ deletedAt, ...n }) => ({
            ...n,
            removed: deletedAt !== null,
            enteredAt: n.enteredAt.toISOString(),
            exitedAt: n.exitedAt?.toISOString() ?? null,
          })),
        }),
        range,
      };
    },
    /** Visits per local day and hour by type for the filtered range (beyond the spec: charts). */
    async visitChart(ctx: RequestCtx, kind: VisitLogKind, raw: unknown): Promise<TVisitLogChartResponse> {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZVisitLogRequest.parse(raw);
      const { window, range } = await resolveWindow(ctx, q);
      const rows = await repo.visitCounts(ctx.actor, kind, window);
      const byDay = new Map<string, number>();
      const byHour = new Map<string, number>();
      for (const r of rows) {
        byDay.set(`${r.day}|${r.type}`, (byDay.get(`${r.day}|${r.type}`) ?? 0) + r.count);
        byHour.set(`${r.hour}|${r.type}`, (byHour.get(`${r.hour}|${r.type}`) ?? 0) + r.count);
      }
      return {
        range,
        byDay: [...byDay].map(([k, count]) => {
          const [day, type] = k.split('|');
          return { day, type, count };
        }),
        byHour: [...byHour].map(([k, count]) => {
          const [hour, type] = k.split('|');
          return { hour: Number(hour), type, count };
        }),
      };
    },

    /**
     * Everyone on site now (beyond the spec: the emergency roll call): open visits of the
     * actor's buildings, or of one building (checked against the scope: 404 outside it).
     */
    async onSite(ctx: RequestCtx, buildingId: number | undefined, onSiteAt?: TOnSiteAt): Promise<TOnSiteResponse> {
      requirePermission(ctx.actor, 'logs.read');
      const list = await repo.buildingsInScope(ctx.actor, { buildingId });
      if (buildingId !== undefined && list.length === 0) throw notFound('Building not found');
      const now = deps.now();
      // issue 25: "on site at …" reads the date and time in each building's own zone
      const instantOf = (zone: string) => (onSiteAt ? zonedTimeToInstant(onSiteAt.date, onSiteAt.time, zone) : now);
      const people = await repo.onSite(
        ctx.actor,
        list.map((b) => b.id),
        onSiteAt ? zonesOf(list).map(([zone, buildingIds]) => ({ buildingIds, at: instantOf(zone) })) : undefined,
      );
      deps.audit.read(ctx, {
        action: 'logs.onSite.read',
        targetType: 'building',
        targetId: buildingId ?? null,
        details: { people: people.length, onSiteAt: onSiteAt ? `${onSiteAt.date} ${onSiteAt.time}` : null },
      });
      return {
        generatedAt: now.toISOString(),
        onSiteAt: onSiteAt ?? null,
        buildings: list.map((b) => ({
          id: b.id,
          name: b.name,
          timeZone: b.timeZone,
          at: instantOf(b.timeZone).toISOString(),
          people: people
            .filter((p) => p.buildingId === b.id)
            .map(({ buildingId: _b, ...p }) => ({
              ...p,
              checkIn: p.checkIn.toISOString(),
              checkOut: p.checkOut?.toISOString() ?? null,
            })),
        })),
      };
    },
  };
}
