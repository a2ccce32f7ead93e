import type {
  TAttendantsResponse,
  TBuildingLookupItem,
  TDeniedLogRequest,
  TDeniedLogResponse,
  TVisitLogExportRequest,
  TNearbyLogRequest,
  TNearbyLogResponse,
  TExportLogKind,
  TPickupLogRequest,
  TPickupLogResponse,
  TVisitLogChartResponse,
  TVisitLogRequest,
  TVisitLogResponse,
} from '@sv/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { downloadPostedExport } from '../../components/export/export-download';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * Logs (issue 13). Every list is a POST whose body holds the filters and the search text
 * (security guide: no PII in URLs); results are kept in memory only.
 */
export const logKeys = {
  all: ['logs'] as const,
  visits: (kind: 'visits' | 'vendors', q: TVisitLogRequest) => ['logs', kind, q] as const,
  chart: (q: TVisitLogRequest) => ['logs', 'visits', 'chart', q] as const,
  denied: (q: TDeniedLogRequest) => ['logs', 'denied', q] as const,
  pickups: (q: TPickupLogRequest) => ['logs', 'pickups', q] as const,
  nearby: (q: TNearbyLogRequest) => ['logs', 'nearby', q] as const,
  buildings: ['logs', 'buildings'] as const,
  attendants: (buildingId?: number) => ['logs', 'attendants', buildingId ?? 'all'] as const,
};

export const visitLogQuery = (kind: 'visits' | 'vendors', q: TVisitLogRequest) =>
  queryOptions({
    queryKey: logKeys.visits(kind, q),
    queryFn: () => api.post<TVisitLogResponse>(`/api/logs/${kind}/search`, q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

export const visitChartQuery = (q: TVisitLogRequest) =>
  queryOptions({
    queryKey: logKeys.chart(q),
    queryFn: () => api.post<TVisitLogChartResponse>('/api/logs/visits/chart', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

export const deniedLogQuery = (q: TDeniedLogRequest) =>
  queryOptions({
    queryKey: logKeys.denied(q),
    queryFn: () => api.post<TDeniedLogResponse>('/api/logs/denied-entries/search', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

/** Pickup log (spec 002 §2 Pickup Log; issue 12). */
export const pickupLogQuery = (q: TPickupLogRequest) =>
  queryOptions({
    queryKey: logKeys.pickups(q),
    queryFn: () => api.post<TPickupLogResponse>('/api/logs/pickups/search', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

/** Nearby Visitor Log (spec 002 §2, §3 Nearby log; ADR 0017). */
export const nearbyLogQuery = (q: TNearbyLogRequest) =>
  queryOptions({
    queryKey: logKeys.nearby(q),
    queryFn: () => api.post<TNearbyLogResponse>('/api/logs/nearby/search', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

/** The building filter (client admins and admins): buildings of the scope, active or not (old visits stay visible). */
export const logBuildingsQuery = queryOptions({
  queryKey: logKeys.buildings,
  queryFn: () => api.get<{ data: TBuildingLookupItem[] }>('/api/buildings/lookup').then((r) => r.data),
  staleTime: 60_000,
});

/** The attendant filter (spec 000 §7 DropDownList), optionally of the chosen building. */
export const logAttendantsQuery = (buildingId?: number) =>
  queryOptions({
    queryKey: logKeys.attendants(buildingId),
    queryFn: () =>
      api
        .get<TAttendantsResponse>(`/api/users/attendants${buildingId ? `?buildingId=${buildingId}` : ''}`)
        .then((r) => r.results),
    staleTime: 60_000,
  });

/**
 * Downloads an export: a POST with the filters in the body (search text never in a URL); the
 * streamed file is saved under the server's file name. A refusal (400 no column, 403 a
 * Client-Admin-only column) is thrown as an ApiError with the server's message.
 */
export const downloadLogExport = (kind: TExportLogKind, body: TVisitLogExportRequest): Promise<void> =>
  downloadPostedExport(`/api/logs/${EXPORT_PATH[kind]}/export`, body, `${kind}-log.csv`);

/** The API path of each log (the denied entry log's list and export live under denied-entries). */
const EXPORT_PATH: Record<TExportLogKind, string> = {
  visits: 'visits',
  vendors: 'vendors',
  pickups: 'pickups',
  nearby: 'nearby',
  denied: 'denied-entries',
};
