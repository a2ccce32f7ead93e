import type {
  TBuildingListQuery,
  TBuildingLookupItem,
  TBuildingRow,
  TBuildingUpsert,
  TClientLookupResponse,
  TContactRow,
  TGeocodeRequest,
  TGeocodeResponse,
  TPage,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { SHOWS_ERROR } from '../../lib/query-client';

/** Query string of ids, flags and paging only (no search text or PII in URLs). */
const qs = (params: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
};

export const buildingKeys = {
  all: ['buildings'] as const,
  list: (q: TBuildingListQuery) => ['buildings', 'list', q] as const,
  lookup: (q: { clientId?: number; activeOnly?: boolean }) => ['buildings', 'lookup', q] as const,
  one: (id: number) => ['buildings', 'one', id] as const,
  contacts: (id: number) => ['buildings', 'contacts', id] as const,
};

export const buildingsListQuery = (q: TBuildingListQuery) =>
  queryOptions({
    queryKey: buildingKeys.list(q),
    queryFn: () => fetchListPage<TPage<TBuildingRow>>('/api/buildings', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

export const buildingQuery = (id: number) =>
  queryOptions({ queryKey: buildingKeys.one(id), queryFn: () => api.get<TBuildingRow>(`/api/buildings/${id}`) });

/** Building pickers and filters (spec 000 §7 building list of a client). */
export const buildingsLookupQuery = (q: { clientId?: number; activeOnly?: boolean }) =>
  queryOptions({
    queryKey: buildingKeys.lookup(q),
    queryFn: () => api.get<{ data: TBuildingLookupItem[] }>(`/api/buildings/lookup?${qs(q)}`).then((r) => r.data),
  });

/** The expandable row: the building's contacts and the district's Global contacts. */
export const buildingContactsQuery = (id: number) =>
  queryOptions({
    queryKey: buildingKeys.contacts(id),
    queryFn: () => api.get<{ data: TContactRow[] }>(`/api/buildings/${id}/contacts`).then((r) => r.data),
    staleTime: 0,
  });

/** Client filter (admins): GET /api/clients/lookup (spec 000 §7 GET /api/clients?list=lookup). */
export const clientsLookupQuery = queryOptions({
  queryKey: ['clients', 'lookup'],
  queryFn: () => api.get<TClientLookupResponse>('/api/clients/lookup').then((r) => r.data),
});

/** States for the address (spec 000 §7 GET /api/states?list=lookup). */
export const statesQuery = queryOptions({
  queryKey: ['states'],
  queryFn: () =>
    api.get<{ data: { id: number; name: string; abbreviation: string }[] }>('/api/states').then((r) => r.data),
});

export function useBuildingsList(q: TBuildingListQuery) {
  return useQuery(buildingsListQuery(q));
}

/** Create (id null) or edit a building; refreshes every building list, lookup and the row. */
export function useSaveBuilding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TBuildingUpsert }) =>
      id === null
        ? api.create<TBuildingRow>('/api/buildings', body)
        : api.put<TBuildingRow>(`/api/buildings/${id}`, body),
    onSuccess: (row) => {
      qc.setQueryData(buildingKeys.one(row.id), row);
      void qc.invalidateQueries({ queryKey: buildingKeys.all });
    },
  });
}

/** Coordinates of an address (spec 000 §5); errors carry the spec's messages. */
export function useGeocode() {
  return useMutation({
    mutationFn: (address: TGeocodeRequest) => api.post<TGeocodeResponse>('/api/geocode', address),
  });
}
