import type { TSsoDiscoverResponse, TSsoPending, TSsoSettings, TSsoSettingsUpdate } from '@sv/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The district's sign-in settings (issue 30, ADR 0052): its own, or the one the platform administrator opened. */
const district = (clientId: number) => `?clientId=${clientId}`;
export const ssoKeys = {
  all: ['sso'] as const,
  settings: (clientId: number) => ['sso', 'settings', clientId] as const,
  pending: (clientId: number) => ['sso', 'pending', clientId] as const,
};

export function useSsoSettings(clientId: number) {
  return useQuery({
    queryKey: ssoKeys.settings(clientId),
    queryFn: ({ signal }) => api.get<TSsoSettings>(`/api/sso/settings${district(clientId)}`, { signal }),
    enabled: clientId > 0,
    staleTime: 0,
  });
}

export function useSaveSsoSettings(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSsoSettingsUpdate) => api.put<TSsoSettings>('/api/sso/settings', { ...body, clientId }),
    onSuccess: (data) => qc.setQueryData(ssoKeys.settings(clientId), data),
  });
}

export function useVerifyDomain(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ ok: true }>(`/api/sso/domains/${id}/verify`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ssoKeys.settings(clientId) }),
  });
}

/** A new SCIM token; the screen keeps it (shown once) and its date, so the form's unsaved edits stay. */
export function useNewScimToken(clientId: number) {
  return useMutation({
    mutationFn: () => api.post<{ token: string; createdAt: string }>('/api/sso/scim-token', { clientId }),
  });
}

export function useSsoPending(clientId: number, enabled: boolean) {
  return useQuery({
    queryKey: ssoKeys.pending(clientId),
    queryFn: ({ signal }) =>
      api.get<{ data: TSsoPending[] }>(`/api/sso/pending${district(clientId)}`, { signal }).then((r) => r.data),
    enabled,
  });
}

export function useDecidePending(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api.post<{ ok: true }>(`/api/sso/pending/${id}/${approve ? 'approve' : 'reject'}`, { clientId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

/** The sign-in page: which district signs in this address. */
export function useDiscoverDistrict() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<TSsoDiscoverResponse>('/api/auth/sso/discover', { email }, { noRedirect: true }),
  });
}

/** A district sign-in link's district (/login/<slug-or-id>). */
export function useSsoDistrict(key: string) {
  return useQuery({
    queryKey: ['sso', 'district', key],
    queryFn: ({ signal }) =>
      api.get<{ key: string; name: string; kind: string }>(`/api/auth/sso/districts/${encodeURIComponent(key)}`, {
        signal,
        noRedirect: true,
      }),
    retry: false,
  });
}

export const ssoStartUrl = (key: string) => `/api/auth/sso/${encodeURIComponent(key)}/start`;
export const ssoTestUrl = (clientId: number) => `/api/sso/test/start?clientId=${clientId}`;
