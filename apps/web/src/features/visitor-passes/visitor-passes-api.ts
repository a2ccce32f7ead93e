import type {
  TDeskPassScanResponse,
  THostCreate,
  THostListQuery,
  THostListResponse,
  THostRow,
  TKioskPassCheckInResponse,
  TKioskPassScanResponse,
  TVisitorPassCreate,
  TVisitorPassListQuery,
  TVisitorPassListResponse,
  TVisitorPassRow,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostOption } from '../../components/host-picker/host-picker';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

/** Issue 28 §1–3 (ADR 0053): hosts, visitor passes, arrival by pass. */
export const passKeys = {
  all: ['visitor-passes'] as const,
  list: (q: TVisitorPassListQuery) => ['visitor-passes', 'list', q] as const,
};
export const hostKeys = {
  all: ['hosts'] as const,
  list: (q: THostListQuery) => ['hosts', 'list', q] as const,
  options: (q: string, buildingId: number | null, clientId: number | null) =>
    ['hosts', 'options', q, buildingId, clientId] as const,
};

/** The text a scanner typed is a visitor pass (its QR code's text starts so: ADR 0053). */
export const isPassText = (raw: string) => /^SVP1\./i.test(raw.trim());

export const passesListQuery = (q: TVisitorPassListQuery) =>
  queryOptions({
    queryKey: passKeys.list(q),
    // the list is always asked for in a POST body (search words never in a URL)
    queryFn: () => api.post<TVisitorPassListResponse>('/api/visitor-passes/search', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

export const hostsListQuery = (q: THostListQuery) =>
  queryOptions({
    queryKey: hostKeys.list(q),
    queryFn: () => api.post<THostListResponse>('/api/hosts/search', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

/**
 * "Person visiting" suggestions at the desk (issue 28 §1): the first 8 hosts matching the words, of
 * the building (and district-wide); two of one name are told apart by their e-mail address.
 */
export const hostOptionsQuery = (q: string, buildingId: number | null, clientId: number | null = null) =>
  queryOptions({
    queryKey: hostKeys.options(q, buildingId, clientId),
    queryFn: async (): Promise<HostOption[]> => {
      const page = await api.post<THostListResponse>('/api/hosts/search', {
        q,
        page: 1,
        perPage: 8,
        sort: 'name',
        dir: 'asc',
        ...(buildingId ? { buildingId } : {}),
        // the visitor's district (a platform administrator sees every district's district-wide hosts)
        ...(clientId ? { clientId } : {}),
      } satisfies THostListQuery);
      return page.data.map((h) => ({ id: h.id, name: h.name, detail: h.email || null }));
    },
    staleTime: 30_000,
    meta: SHOWS_ERROR,
  });

export function usePassesList(q: TVisitorPassListQuery) {
  return useQuery(passesListQuery(q));
}
export function useHostsList(q: THostListQuery, enabled = true) {
  return useQuery({ ...hostsListQuery(q), enabled });
}

export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TVisitorPassCreate) => api.create<TVisitorPassRow>('/api/visitor-passes', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: passKeys.all });
      void qc.invalidateQueries({ queryKey: ['preregistrations'] });
    },
  });
}

export function useRevokePass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ ok: true }>(`/api/visitor-passes/${id}/revoke`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: passKeys.all }),
  });
}

export function useCreateHost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: THostCreate) => api.create<THostRow>('/api/hosts', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: hostKeys.all }),
  });
}

export function useSyncHosts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number | null) =>
      api.post<{ added: number; updated: number }>('/api/hosts/sync-users', { clientId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: hostKeys.all }),
  });
}

export function useSaveWebhooks() {
  return useMutation({
    mutationFn: (body: { clientId: number | null; teamsUrl?: string; slackUrl?: string }) =>
      api.put<{ teams: boolean; slack: boolean }>('/api/hosts/webhooks', body),
  });
}

/** The desk's scan of a pass: the card and its visitor (a refused pass throws with the reason). */
export const postDeskPassScan = (token: string, buildingId: number) =>
  api.post<TDeskPassScanResponse>('/api/visitor-passes/scan', { token: token.trim(), buildingId });

export const postKioskPassScan = (token: string) =>
  api.post<TKioskPassScanResponse>('/api/kiosk/passes/scan', { token: token.trim() });

export const postKioskPassCheckIn = (token: string, photoFileId: string | null) =>
  api.create<TKioskPassCheckInResponse>('/api/kiosk/passes/check-in', { token: token.trim(), photoFileId });
