import {
  ZDeniedLogExportRequest,
  ZDeniedLogRequest,
  ZDeniedLogResponse,
  ZVisitLogExportRequest,
  ZNearbyLogExportRequest,
  ZNearbyLogRequest,
  ZNearbyLogResponse,
  ZOnSiteQuery,
  ZOnSiteResponse,
  ZPickupLogExportRequest,
  ZPickupLogRequest,
  ZPickupLogResponse,
  ZVisitLogChartResponse,
  ZVisitLogRequest,
  ZVisitLogResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { LogsService } from './logs.service';

const tags = ['logs'];

/**
 * Logs (issue 13; spec 002 §7 Logs: /visit/logData, /visit/logDataVendor, /VisitorData/DeniedEntries,
 * /Visit/LogExport, /Visit/LogExportVendor). Every list and export is a POST whose body holds the
 * filters and the search text (security guide: no PII in URLs); none changes state.
 */
export async function logsRoutes(app: ZodApp, _deps: AppDeps, service: LogsService) {
  for (const kind of ['visits', 'vendors'] as const) {
    const what = kind === 'visits' ? 'Visit log' : 'Vendor log (visits of visitor type vendor)';
    app.post(
      `/api/logs/${kind}/search`,
      {
        schema: {
          tags,
          summary: `${what}: a page of rows in the actor's scope, newest first by default; dates are local days of each building's zone`,
          body: ZVisitLogRequest,
          response: { 200: ZVisitLogResponse },
        },
      },
      async (req) => service.visitLog(requireCtx(req), kind, req.body),
    );
    app.post(
      `/api/logs/${kind}/export`,
      {
        schema: {
          tags,
          summary: `${what} export: streamed CSV or XLSX of the filtered rows with the chosen columns (Client-Admin-only columns answer 403 for other roles)`,
          body: ZVisitLogExportRequest,
        },
      },
      async (req, reply) => service.exportVisits(requireCtx(req), kind, req.body, reply),
    );
  }

  app.post(
    '/api/logs/visits/chart',
    {
      schema: {
        tags,
        summary: 'Visit log charts: visits per local day and per local hour, by visitor type, for the filters',
        body: ZVisitLogRequest,
        response: { 200: ZVisitLogChartResponse },
      },
    },
    async (req) => service.visitChart(requireCtx(req), 'visits', req.body),
  );

  app.post(
    '/api/logs/denied-entries/search',
    {
      schema: {
        tags,
        summary: 'Denied entry log: a page of denials with the exclusion, potential-match and registry counts',
        body: ZDeniedLogRequest,
        response: { 200: ZDeniedLogResponse },
      },
    },
    async (req) => service.deniedLog(requireCtx(req), req.body),
  );
  app.post(
    '/api/logs/denied-entries/export',
    {
      schema: {
        tags,
        summary: 'Denied entry log export: streamed CSV or XLSX of the filtered denials with the chosen columns',
        body: ZDeniedLogExportRequest,
      },
    },
    async (req, reply) => service.exportDenied(requireCtx(req), req.body, reply),
  );

  // spec 002 §2 Pickup Log, §7 pickuplog / LogExport (issue 12)
  app.post(
    '/api/logs/pickups/search',
    {
      schema: {
        tags,
        summary:
          'Pickup log: a page of student releases (photo id, student, guardian, reason, building, attendant, date, SIS write-back)',
        body: ZPickupLogRequest,
        response: { 200: ZPickupLogResponse },
      },
    },
    async (req) => service.pickupLog(requireCtx(req), req.body),
  );
  app.post(
    '/api/logs/pickups/export',
    {
      schema: {
        tags,
        summary: 'Pickup log export: streamed CSV or XLSX of the filtered releases with the chosen columns',
        body: ZPickupLogExportRequest,
      },
    },
    async (req, reply) => service.exportPickups(requireCtx(req), req.body, reply),
  );

  // spec 002 §2 Nearby Visitor Log, §3 Nearby log row, §7 NearbyLogData (ADR 0017)
  app.post(
    '/api/logs/nearby/search',
    {
      schema: {
        tags,
        summary: 'Nearby visitor log: a page of nearby entries (visitor, building, entered, left), newest first',
        body: ZNearbyLogRequest,
        response: { 200: ZNearbyLogResponse },
      },
    },
    async (req) => service.nearbyLog(requireCtx(req), req.body),
  );
  app.post(
    '/api/logs/nearby/export',
    {
      schema: {
        tags,
        summary: 'Nearby visitor log export: streamed CSV or XLSX of the filtered entries with the chosen columns',
        body: ZNearbyLogExportRequest,
      },
    },
    async (req, reply) => service.exportNearby(requireCtx(req), req.body, reply),
  );

  app.get(
    '/api/logs/on-site',
    {
      schema: {
        tags,
        summary:
          'Everyone on site now (open visits with photos), or at a local date and time of each building (checked in at or before it, not out before it), per building of the scope or of one building',
        querystring: ZOnSiteQuery,
        response: { 200: ZOnSiteResponse },
      },
    },
    async (req) =>
      service.onSite(
        requireCtx(req),
        req.query.buildingId,
        req.query.date && req.query.time ? { date: req.query.date, time: req.query.time } : undefined,
      ),
  );
}
