import type {
  TBackgroundSettingsRequest,
  TBackgroundSettingsResponse,
  TBackgroundTestResponse,
  TClientDetail,
  TClientListQuery,
  TClientListResponse,
  TClientLookupResponse,
  TClientSettingsRequest,
  TClientSettingsResponse,
  TClientUpsert,
  TKioskSettingsRequest,
  TKioskSettingsResponse,
  TSavedResponse,
  TSisTestRequest,
  TSisTestResponse,
  TState,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { SHOWS_ERROR } from '../../lib/query-client';

export const clientKeys = {
  all: ['clients'] as const,
  list: (q: TClientListQuery) => ['clients', 'list', q] as const,
  lookup: ['clients', 'lookup'] as const,
  one: (id: number) => ['clients', 'one', id] as const,
  settings: (id: number) => ['clients', 'settings', id] as const,
  kiosk: (id: number) => ['clients', 'kiosk-settings', id] as const,
  background: (id: number) => ['clients', 'background-settings', id] as const,
};

// ------------------------------------------------------------------ fetchers
export const fetchClients = (q: TClientListQuery) => fetchListPage<TClientListResponse>('/api/clients', q);
export const fetchClient = (id: number) => api.get<TClientDetail>(`/api/clients/${id}`);
export const fetchClientSettings = (id: number) => api.get<TClientSettingsResponse>(`/api/clients/${id}/settings`);
export const fetchKioskSettings = (id: number) => api.get<TKioskSettingsResponse>(`/api/clients/${id}/kiosk-settings`);
export const fetchBackgroundSettings = (id: number) =>
  api.get<TBackgroundSettingsResponse>(`/api/clients/${id}/background-settings`);

// ------------------------------------------------------------------ queries
export const clientsListQuery = (q: TClientListQuery) =>
  queryOptions({
    queryKey: clientKeys.list(q),
    queryFn: () => fetchClients(q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

/** Client pickers: every client for admins, the own client for others (spec 000 §7 clients lookup). */
export const clientsLookupQuery = queryOptions({
  queryKey: clientKeys.lookup,
  queryFn: () => api.get<TClientLookupResponse>('/api/clients/lookup').then((r) => r.data),
});

export const statesQuery = queryOptions({
  queryKey: ['states'],
  queryFn: () => api.get<{ data: TState[] }>('/api/states').then((r) => r.data),
});

// Settings screens always load fresh values (another administrator may have changed them).
export const clientQuery = (id: number) =>
  queryOptions({ queryKey: clientKeys.one(id), queryFn: () => fetchClient(id), staleTime: 0 });
export const clientSettingsQuery = (id: number) =>
  queryOptions({ queryKey: clientKeys.settings(id), queryFn: () => fetchClientSettings(id), staleTime: 0 });
export const kioskSettingsQuery = (id: number) =>
  queryOptions({ queryKey: clientKeys.kiosk(id), queryFn: () => fetchKioskSettings(id), staleTime: 0 });
export const backgroundSettingsQuery = (id: number) =>
  queryOptions({ queryKey: clientKeys.background(id), queryFn: () => fetchBackgroundSettings(id), staleTime: 0 });

export const useClientsList = (q: TClientListQuery) => useQuery(clientsListQuery(q));
export const useClient = (id: number | null) =>
  useQuery({ ...clientQuery(id ?? 0), enabled: id !== null, meta: SHOWS_ERROR });
export const useClientSettings = (id: number) => useQuery({ ...clientSettingsQuery(id), meta: SHOWS_ERROR });
export const useKioskSettings = (id: number) => useQuery({ ...kioskSettingsQuery(id), meta: SHOWS_ERROR });
export const useBackgroundSettings = (id: number) => useQuery({ ...backgroundSettingsQuery(id), meta: SHOWS_ERROR });

// ------------------------------------------------------------------ mutations
/** Create (id null) or edit a client; refreshes the lists, the lookup and the client. */
export function useSaveClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TClientUpsert }) =>
      id === null
        ? api.create<TSavedResponse>('/api/clients', body)
        : api.put<TSavedResponse>(`/api/clients/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

/** After any save of a client or its settings: its one version moved (issue 23 §4), so every screen reloads. */
function invalidateClient(qc: ReturnType<typeof useQueryClient>) {
  void qc.invalidateQueries({ queryKey: clientKeys.all });
  void qc.invalidateQueries({ queryKey: ['system-settings'] });
}

export function useSaveClientSettings(id: number) {
  const qc = useQueryClient();
  return useMutation({
    // issue 23 §4: PATCH with the version the screen loaded; the client and all its settings share
    // one version, so every screen of the client reloads it after a save
    mutationFn: (body: TClientSettingsRequest) => api.patch<TSavedResponse>(`/api/clients/${id}/settings`, body),
    onSuccess: () => invalidateClient(qc),
  });
}

export function useSaveKioskSettings(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TKioskSettingsRequest) => api.patch<TSavedResponse>(`/api/clients/${id}/kiosk-settings`, body),
    onSuccess: () => invalidateClient(qc),
  });
}

export function useSaveBackgroundSettings(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBackgroundSettingsRequest) =>
      api.patch<TSavedResponse>(`/api/clients/${id}/background-settings`, body),
    onSuccess: () => invalidateClient(qc),
  });
}

/** The Skyward connection test (spec 000 §2, §8): the saved settings, or unsaved ones from a form. */
export function useSisTest(id: number) {
  return useMutation({
    mutationFn: (body: TSisTestRequest = {}) => api.post<TSisTestResponse>(`/api/clients/${id}/sis/test`, body),
  });
}

/**
 * Issue 23 §2: tests the district's SAVED background-check provider (the saved password goes only
 * to the saved address); the screen says to save first.
 */
export function useBackgroundTest(id: number) {
  return useMutation({
    mutationFn: () => api.post<TBackgroundTestResponse>(`/api/clients/${id}/background-settings/test`, {}),
  });
}

/** "A positive number means success, otherwise the first message is shown" (spec 000 §7). */
export const savedOk = (r: TSavedResponse | undefined) => typeof r?.id === 'number' && r.id > 0;
