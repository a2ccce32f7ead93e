import {
  LOG_EXPORT_COLUMNS,
  ZNearbyLogExportRequest,
  ZPickupLogExportRequest,
  ZDeniedLogExportRequest,
  ZVisitLogExportRequest,
  type TExportLogKind,
  type TPermission,
} from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { type ExportDefinition, keysetPages, segmentedKeysetSegments } from '../../platform/exports/export-definition';
import { sendExport } from '../../platform/exports/export-writer';
import type { RequestCtx } from '../../platform/http/request-context';
import type { LogWindow, VisitLogKind } from './logs.repository';
import { EXPORT_BATCH, type Filters, type LogsCore } from './logs.core';
import {
  CELL,
  DENIED_CELL,
  type DeniedExportRow,
  type ExportRow,
  fieldsOfColumns,
  NEARBY_CELL,
  type NearbyExportRow,
  PICKUP_CELL,
  type PickupExportRow,
} from './logs.cells';

type ExportQuery = {
  format: 'csv' | 'xlsx';
  columns: number[];
  clientId?: number | null;
  buildingId?: number | null;
  attendantId?: number | null;
} & Filters;

async function* rowsOf<R>(batches: AsyncIterable<R[]>): AsyncGenerator<R> {
  for await (const batch of batches) for (const row of batch) yield row;
}

/** The log exports through the one export pipeline (streamed, formula-escaped, audited). */
export function exportUseCases(core: LogsCore) {
  const { deps, repo, resolveWindow, checkColumns } = core;

  /**
   * One log export: the columns checked, the window resolved in the actor's scope, the rows
   * streamed in keyset batches by `batches`, the file named `<file or kind>_<from>_<to>`.
   */
  async function sendLogExport<R>(
    ctx: RequestCtx,
    reply: FastifyReply,
    q: ExportQuery,
    spec: {
      columnsOf: TExportLogKind;
      kind: string;
      /** the file name's start, when not the kind */
      file?: string;
      permission: TPermission;
      cells: Record<number, (r: R) => string | number | boolean | null>;
      /** the rows a batch at a time (issue 24 §6: the writer awaits once per batch) */
      batches: (rctx: RequestCtx, window: LogWindow) => AsyncIterable<R[]>;
    },
  ) {
    checkColumns(ctx, spec.columnsOf, q.columns);
    const { window, range } = await resolveWindow(ctx, q);
    const def: ExportDefinition<R, Record<string, string>> = {
      kind: spec.kind,
      permission: spec.permission,
      paramsSchema: z.record(z.string(), z.string()),
      columns: LOG_EXPORT_COLUMNS[spec.columnsOf].map((c) => ({ id: c.id, header: c.header, value: spec.cells[c.id] })),
      rows: (rctx) => rowsOf(spec.batches(rctx, window)),
      batches: (rctx) => spec.batches(rctx, window),
      fileName: () => `${spec.file ?? spec.kind}_${range.from}_${range.to}`,
    };
    const ids: Record<string, string> = {};
    if (q.clientId) ids.clientId = String(q.clientId);
    if (q.buildingId) ids.buildingId = String(q.buildingId);
    if (q.attendantId) ids.attendantId = String(q.attendantId);
    return sendExport(deps, ctx, def, { format: q.format, columns: q.columns.join(','), params: ids }, reply);
  }

  return {
    /** Nearby log export. */
    async exportNearby(ctx: RequestCtx, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'logs.read');
      return sendLogExport<NearbyExportRow>(ctx, reply, ZNearbyLogExportRequest.parse(raw), {
        columnsOf: 'nearby',
        kind: 'nearby-log',
        permission: 'logs.read',
        cells: NEARBY_CELL,
        batches: (rctx, window) =>
          keysetPages(
            EXPORT_BATCH,
            (r: NearbyExportRow) => ({ at: r.cursor, id: r.id }),
            (after) => repo.nearbyExportBatch(rctx.actor, window, after, EXPORT_BATCH),
          ),
      });
    },

    /** Denied entry log export (issue 25; spec 002 §1 "… denied entries … and export them"). */
    async exportDenied(ctx: RequestCtx, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'logs.read');
      return sendLogExport<DeniedExportRow>(ctx, reply, ZDeniedLogExportRequest.parse(raw), {
        columnsOf: 'denied',
        kind: 'denied-log',
        file: 'denied-entry-log',
        permission: 'logs.read',
        cells: DENIED_CELL,
        batches: (rctx, window) =>
          keysetPages(
            EXPORT_BATCH,
            (r: DeniedExportRow) => ({ at: r.cursor, id: r.id }),
            (after) => repo.deniedExportBatch(rctx.actor, window, after, EXPORT_BATCH),
          ),
      });
    },

    /** Pickup log export. */
    async exportPickups(ctx: RequestCtx, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'pickups.read');
      return sendLogExport<PickupExportRow>(ctx, reply, ZPickupLogExportRequest.parse(raw), {
        columnsOf: 'pickups',
        kind: 'pickup-log',
        permission: 'pickups.read',
        cells: PICKUP_CELL,
        batches: (rctx, window) =>
          keysetPages(
            EXPORT_BATCH,
            (r: PickupExportRow) => ({ at: r.cursor, id: r.id }),
            (after) => repo.pickupExportBatch(rctx.actor, window, after, EXPORT_BATCH),
          ),
      });
    },

    /**
     * Visit / vendor log export (spec 002 §5, §9; 001 §9): dates in each building's zone; the
     * rows in index-found segments read two at a time (ADR 0018).
     */
    async exportVisits(ctx: RequestCtx, kind: VisitLogKind, raw: unknown, reply: FastifyReply) {
      requirePermission(ctx.actor, 'logs.read');
      const q = ZVisitLogExportRequest.parse(raw);
      // a batch reads only the fields of the chosen columns (issue 24 §6)
      const fields = fieldsOfColumns(q.columns);
      return sendLogExport<ExportRow>(ctx, reply, q, {
        columnsOf: kind,
        kind: kind === 'vendors' ? 'vendor-log' : 'visit-log',
        permission: 'logs.read',
        cells: CELL,
        batches: (rctx, window) =>
          segmentedKeysetSegments(
            EXPORT_BATCH,
            (r: ExportRow) => ({ checkIn: r.cursor, id: r.id }),
            () => repo.visitExportBoundaries(rctx.actor, kind, window, EXPORT_BATCH),
            (after, upTo, limit) => repo.visitExportBatch(rctx.actor, kind, window, after, limit, upTo, fields),
          ),
      });
    },
  };
}
