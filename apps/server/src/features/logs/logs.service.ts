import {
  can,
  LOG_EXPORT_COLUMNS,
  LOG_RANGE_MESSAGES,
  logRangeProblem,
  MESSAGES,
  ROLE,
  type TDeniedLogResponse,
  type TLogRange,
  type TOnSiteResponse,
  type TPickupLogResponse,
  type TExportLogKind,
  type TNearbyLogResponse,
  ZNearbyLogExportRequest,
  ZNearbyLogRequest,
  ZPickupLogExportRequest,
  ZPickupLogRequest,
  type TVisitLogChartResponse,
  type TVisitLogResponse,
  ZDeniedLogExportRequest,
  ZDeniedLogRequest,
  ZLogExportRequest,
  ZVisitLogExportRequest,
  type TOnSiteAt,
  ZVisitLogRequest,
  RELEASE_VERIFICATION_LABELS,
  type TReleaseVerificationMethod,
} from '@sv/contracts';
import { addDays, localDateOf, zonedTimeToInstant } from '@sv/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { type ExportDefinition, keysetBatches, segmentedKeysetBatches } from '../../platform/exports/export-definition';
import { sendExport } from '../../platform/exports/export-writer';
import { badRequest, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createLogsRepository, type LogWindow, type VisitLogKind } from './logs.repository';

/** Used for "today" only when the scope holds no building at all (nothing will match anyway). */
const FALLBACK_ZONE = 'America/Chicago';
const EXPORT_BATCH = 5000;

export const LOG_MESSAGES = {
  attendantFilter: 'Only client administrators can filter a log by attendant.',
  clientAdminColumns: "Only a Client Admin can export address, e-mail, driver's license and badge id columns.",
  rangeOrder: LOG_RANGE_MESSAGES.order,
  rangeLength: LOG_RANGE_MESSAGES.length,
} as const;

type Filters =
  | z.output<typeof ZVisitLogRequest>
  | z.output<typeof ZPickupLogRequest>
  | z.output<typeof ZPickupLogExportRequest>
  | z.output<typeof ZDeniedLogRequest>
  | z.output<typeof ZDeniedLogExportRequest>
  | (z.output<typeof ZNearbyLogRequest> & { attendantId?: undefined })
  | (z.output<typeof ZNearbyLogExportRequest> & { attendantId?: undefined })
  | z.output<typeof ZLogExportRequest>
  | z.output<typeof ZVisitLogExportRequest>;

/** The buildings grouped by time zone: [zone, building ids][]. */
function zonesOf(list: { id: number; timeZone: string }[]): [string, number[]][] {
  const byZone = new Map<string, number[]>();
  for (const b of list) byZone.set(b.timeZone, [...(byZone.get(b.timeZone) ?? []), b.id]);
  return [...byZone];
}

export function createLogsService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createLogsRepository> }) {
  /**
   * The filters of any log, checked against the actor (spec 002 §6; security guide): a building
   * or client outside the scope answers 404; the attendant filter is for roles with
   * 'logs.filterByBuilding'. The range is local days of each building's own zone: "today" is
   * read in the chosen building's zone (or the first building of the scope), never the browser's.
   */
  async function resolveWindow(ctx: RequestCtx, f: Filters): Promise<{ window: LogWindow; range: TLogRange }> {
    const { actor } = ctx;
    if (f.attendantId !== undefined && !can(actor, 'logs.filterByBuilding'))
      throw forbidden(LOG_MESSAGES.attendantFilter);
    if (f.clientId !== undefined && actor.roleId !== ROLE.Admin && f.clientId !== actor.clientId)
      throw notFound('Client not found');
    const list = await repo.buildingsInScope(actor, { clientId: f.clientId, buildingId: f.buildingId });
    if (f.buildingId !== undefined && list.length === 0) throw notFound('Building not found');
    if (f.attendantId !== undefined && !(await repo.userInScope(actor, f.attendantId)))
      throw notFound('Attendant not found');

    const timeZone = list[0]?.timeZone ?? FALLBACK_ZONE;
    const onSiteAt: TOnSiteAt | undefined = 'onSiteAt' in f ? f.onSiteAt : undefined;
    if (onSiteAt) {
      // issue 25 "on site at …": the instant replaces the range (a visit begun the day before is on site)
      const byZone = zonesOf(list);
      return {
        window: {
          zones: byZone.map(([zone, buildingIds]) => {
            const at = zonedTimeToInstant(onSiteAt.date, onSiteAt.time, zone);
            return { timeZone: zone, buildingIds, start: at, end: at, at };
          }),
          presence: true,
          allBuildings: f.buildingId === undefined,
          clientId: f.clientId ?? null,
          attendantId: f.attendantId ?? null,
          search: f.search,
        },
        range: { from: onSiteAt.date, to: onSiteAt.date, timeZone },
      };
    }
    const to = f.to ?? localDateOf(deps.now(), timeZone);
    const from = f.from ?? addDays(to, -6);
    // issue 25: the one rule the screens check before sending, so they can say why next to the dates
    const problem = logRangeProblem(from, to);
    if (problem) throw badRequest(LOG_RANGE_MESSAGES[problem], { from: [LOG_RANGE_MESSAGES[problem]] });

    const zones = zonesOf(list).map(([zone, buildingIds]) => ({
      timeZone: zone,
      buildingIds,
      start: zonedTimeToInstant(from, '00:00', zone),
      end: zonedTimeToInstant(addDays(to, 1), '00:00', zone),
    }));
    return {
      window: {
        zones,
        allBuildings: f.buildingId === undefined,
        clientId: f.clientId ?? null,
        attendantId: f.attendantId ?? null,
        search: f.search,
      },
      range: { from, to, timeZone },
    };
  }

  const paging = (p: { page: number; perPage: number }) => ({ limit: p.perPage, offset: (p.page - 1) * p.perPage });
  const pageOf = <T>(p: { page: number; perPage: number }, r: { data: T[]; count: number }) => ({
    data: r.data,
    count: r.count,
    currentPage: p.page,
    perPage: p.perPage,
    totalPages: Math.max(1, Math.ceil(r.count / p.perPage)),
  });

  /** Columns the request names, checked: none → the spec message; Client-Admin-only → 403. */
  function checkColumns(ctx: RequestCtx, kind: TExportLogKind, ids: number[]) {
    if (ids.length === 0) throw badRequest(MESSAGES.exportNeedsColumn, { columns: [MESSAGES.exportNeedsColumn] });
    const offered = LOG_EXPORT_COLUMNS[kind];
    const unknown = ids.filter((id) => !offered.some((c) => c.id === id));
    if (unknown.length > 0) throw badRequest(`Unknown column: ${unknown.join(', ')}`, { columns: ['unknown column'] });
    const restricted = offered.filter((c) => c.clientAdminOnly && ids.includes(c.id));
    // spec 002 §6: only the role named 'Client Admin' (roleId 2) may add these columns
    if (restricted.length > 0 && ctx.actor.roleId !== ROLE.ClientAdmin)
      throw forbidden(LOG_MESSAGES.clientAdminColumns);
  }

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
      await deps.audit.record(ctx, {
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

    /** Nearby log export through the one export pipeline (streamed, formula-escaped, audited). */
    async exportNearby(ctx: RequestCtx, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZNearbyLogExportRequest.parse(raw);
      checkColumns(ctx, 'nearby', q.columns);
      const { window, range } = await resolveWindow(ctx, q);
      const def: ExportDefinition<NearbyExportRow, Record<string, string>> = {
        kind: 'nearby-log',
        permission: 'logs.read',
        paramsSchema: z.record(z.string(), z.string()),
        columns: LOG_EXPORT_COLUMNS.nearby.map((c) => ({ id: c.id, header: c.header, value: NEARBY_CELL[c.id] })),
        rows: (rctx) =>
          keysetBatches(
            EXPORT_BATCH,
            (r: NearbyExportRow) => ({ at: r.cursor, id: r.id }),
            (after) => repo.nearbyExportBatch(rctx.actor, window, after, EXPORT_BATCH),
          ),
        fileName: () => `nearby-log_${range.from}_${range.to}`,
      };
      const ids: Record<string, string> = {};
      if (q.clientId) ids.clientId = String(q.clientId);
      if (q.buildingId) ids.buildingId = String(q.buildingId);
      return sendExport(deps, ctx, def, { format: q.format, columns: q.columns.join(','), params: ids }, reply);
    },

    /**
     * Denied entry log export (issue 25; spec 002 §1 "… denied entries … and export them")
     * through the one export pipeline: the log's filters, streamed, formula-escaped, audited.
     */
    async exportDenied(ctx: RequestCtx, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZDeniedLogExportRequest.parse(raw);
      checkColumns(ctx, 'denied', q.columns);
      const { window, range } = await resolveWindow(ctx, q);
      const def: ExportDefinition<DeniedExportRow, Record<string, string>> = {
        kind: 'denied-log',
        permission: 'logs.read',
        paramsSchema: z.record(z.string(), z.string()),
        columns: LOG_EXPORT_COLUMNS.denied.map((c) => ({ id: c.id, header: c.header, value: DENIED_CELL[c.id] })),
        rows: (rctx) =>
          keysetBatches(
            EXPORT_BATCH,
            (r: DeniedExportRow) => ({ at: r.cursor, id: r.id }),
            (after) => repo.deniedExportBatch(rctx.actor, window, after, EXPORT_BATCH),
          ),
        fileName: () => `denied-entry-log_${range.from}_${range.to}`,
      };
      const ids: Record<string, string> = {};
      if (q.clientId) ids.clientId = String(q.clientId);
      if (q.buildingId) ids.buildingId = String(q.buildingId);
      if (q.attendantId) ids.attendantId = String(q.attendantId);
      return sendExport(deps, ctx, def, { format: q.format, columns: q.columns.join(','), params: ids }, reply);
    },

    /** Pickup log export through the one export pipeline (streamed, formula-escaped, audited). */
    async exportPickups(ctx: RequestCtx, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'pickups.read');
      const q = ZPickupLogExportRequest.parse(raw);
      checkColumns(ctx, 'pickups', q.columns);
      const { window, range } = await resolveWindow(ctx, q);
      const def: ExportDefinition<PickupExportRow, Record<string, string>> = {
        kind: 'pickup-log',
        permission: 'pickups.read',
        paramsSchema: z.record(z.string(), z.string()),
        columns: LOG_EXPORT_COLUMNS.pickups.map((c) => ({ id: c.id, header: c.header, value: PICKUP_CELL[c.id] })),
        rows: (rctx) =>
          keysetBatches(
            EXPORT_BATCH,
            (r: PickupExportRow) => ({ at: r.cursor, id: r.id }),
            (after) => repo.pickupExportBatch(rctx.actor, window, after, EXPORT_BATCH),
          ),
        fileName: () => `pickup-log_${range.from}_${range.to}`,
      };
      const ids: Record<string, string> = {};
      if (q.clientId) ids.clientId = String(q.clientId);
      if (q.buildingId) ids.buildingId = String(q.buildingId);
      if (q.attendantId) ids.attendantId = String(q.attendantId);
      return sendExport(deps, ctx, def, { format: q.format, columns: q.columns.join(','), params: ids }, reply);
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
      await deps.audit.record(ctx, {
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

    /**
     * Visit / vendor log export (spec 002 §5, §9; 001 §9) through the one export pipeline:
     * streamed CSV or XLSX, formula-escaped, dates in each building's zone, audited.
     */
    async exportVisits(ctx: RequestCtx, kind: VisitLogKind, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZVisitLogExportRequest.parse(raw);
      checkColumns(ctx, kind, q.columns);
      const { window, range } = await resolveWindow(ctx, q);
      const def: ExportDefinition<ExportRow, Record<string, string>> = {
        kind: kind === 'vendors' ? 'vendor-log' : 'visit-log',
        permission: 'logs.read',
        paramsSchema: z.record(z.string(), z.string()),
        columns: LOG_EXPORT_COLUMNS[kind].map((c) => ({ id: c.id, header: c.header, value: CELL[c.id] })),
        rows: (rctx) =>
          segmentedKeysetBatches(
            EXPORT_BATCH,
            (r: ExportRow) => ({ checkIn: r.cursor, id: r.id }),
            () => repo.visitExportBoundaries(rctx.actor, kind, window, EXPORT_BATCH),
            (after, upTo, limit) => repo.visitExportBatch(rctx.actor, kind, window, after, limit, upTo),
          ),
        fileName: () => `${kind === 'vendors' ? 'vendor-log' : 'visit-log'}_${range.from}_${range.to}`,
      };
      const ids: Record<string, string> = {};
      if (q.clientId) ids.clientId = String(q.clientId);
      if (q.buildingId) ids.buildingId = String(q.buildingId);
      if (q.attendantId) ids.attendantId = String(q.attendantId);
      return sendExport(deps, ctx, def, { format: q.format, columns: q.columns.join(','), params: ids }, reply);
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;

type ExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['visitExportBatch']>>[number];

type PickupExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['pickupExportBatch']>>[number];

type NearbyExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['nearbyExportBatch']>>[number];

type DeniedExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['deniedExportBatch']>>[number];

/** Cell of each denied entry log export column (LOG_EXPORT_COLUMNS.denied). */
const DENIED_CELL: Record<number, (r: DeniedExportRow) => string | number | boolean | null> = {
  1: (r) => r.visitorName,
  2: (r) => r.buildingName,
  3: (r) => r.attendantName,
  4: (r) => r.deniedAt,
  5: (r) => r.exclusionCount,
  6: (r) => r.potentialCount,
  7: (r) => r.watchdogCount,
  8: (r) => r.securityNotified,
};

/** Cell of each nearby log export column (LOG_EXPORT_COLUMNS.nearby). */
const NEARBY_CELL: Record<number, (r: NearbyExportRow) => string | number | null> = {
  1: (r) => r.visitorName,
  2: (r) => r.buildingName,
  3: (r) => r.enteredAt,
  4: (r) => r.exitedAt,
};

/** Cell of each pickup log export column (LOG_EXPORT_COLUMNS.pickups). */
const PICKUP_CELL: Record<number, (r: PickupExportRow) => string | number | null> = {
  1: (r) => r.studentName,
  2: (r) => r.guardianName,
  3: (r) => r.reason,
  4: (r) => r.buildingName,
  5: (r) => r.attendantName,
  6: (r) => r.pickedUpAt,
  7: (r) => r.sisStatus,
  // issue 22: how the adult was verified
  8: (r) =>
    r.verification ? (RELEASE_VERIFICATION_LABELS[r.verification as TReleaseVerificationMethod] ?? r.verification) : '',
};

/** Cell of each export column id (spec 002 §9 / 001 §9 ids). */
const CELL: Record<number, (r: ExportRow) => string | number | null> = {
  1: (r) => r.visitorName,
  2: (r) => r.personVisiting,
  3: (r) => r.reason,
  4: (r) => r.buildingName,
  5: (r) => r.attendantName,
  6: (r) => r.checkIn,
  7: (r) => r.checkOut,
  8: (r) => r.visitorType,
  9: (r) => r.suffix,
  10: (r) => r.street1,
  11: (r) => r.street2,
  12: (r) => r.city,
  13: (r) => r.state,
  14: (r) => r.zipcode,
  15: (r) => r.county,
  16: (r) => r.email,
  17: (r) => r.dob,
  18: (r) => r.license,
  19: (r) => r.note,
  20: (r) => r.badgeId,
  21: (r) => r.company, // the vendor company of a SafeVendor check-in (ADR 0014)
};
