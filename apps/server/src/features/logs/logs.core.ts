import {
  can,
  LOG_EXPORT_COLUMNS,
  LOG_RANGE_MESSAGES,
  logRangeProblem,
  MESSAGES,
  ROLE,
  type TLogRange,
  type TExportLogKind,
  ZNearbyLogExportRequest,
  ZNearbyLogRequest,
  ZPickupLogExportRequest,
  ZPickupLogRequest,
  ZDeniedLogExportRequest,
  ZDeniedLogRequest,
  ZLogExportRequest,
  ZVisitLogExportRequest,
  type TOnSiteAt,
  ZVisitLogRequest,
} from '@sv/contracts';
import { addDays, localDateOf, zonedTimeToInstant } from '@sv/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { badRequest, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createLogsRepository, type LogWindow } from './logs.repository';

/** Used for "today" only when the scope holds no building at all (nothing will match anyway). */
export const FALLBACK_ZONE = 'America/Chicago';
/**
 * Rows per export batch / segment. 2,000, not 5,000 (issue 24 §6): two segments of 5,000 rows in
 * flight outlived V8's young generation, so every export promoted its rows to the old space and
 * the server's RSS climbed ~15 MB per export until a full collection; at 2,000 they die young
 * and RSS stays flat, at the same rows/s.
 */
export const EXPORT_BATCH = 2000;

export const LOG_MESSAGES = {
  attendantFilter: 'Only client administrators can filter a log by attendant.',
  clientAdminColumns: "Only a Client Admin can export address, e-mail, driver's license and badge id columns.",
  rangeOrder: LOG_RANGE_MESSAGES.order,
  rangeLength: LOG_RANGE_MESSAGES.length,
} as const;

export type Filters =
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
export function zonesOf(list: { id: number; timeZone: string }[]): [string, number[]][] {
  const byZone = new Map<string, number[]>();
  for (const b of list) byZone.set(b.timeZone, [...(byZone.get(b.timeZone) ?? []), b.id]);
  return [...byZone];
}

/**
 * What the log use cases share (issue 24 §1: one closure per use case on a shared core): the
 * filters' scope and window, paging, and the export columns' check.
 */
export function createLogsCore(deps: AppDeps, { repo }: { repo: ReturnType<typeof createLogsRepository> }) {
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
  return { deps, repo, resolveWindow, paging, pageOf, checkColumns };
}
export type LogsCore = ReturnType<typeof createLogsCore>;
