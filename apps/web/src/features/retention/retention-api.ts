import type {
  THoldSubjectList,
  THoldSubjectSearch,
  TLegalHold,
  TLegalHoldCreate,
  TPersonErase,
  TPersonEraseResult,
  TPersonRecords,
  TRetentionPreview,
  TRetentionRun,
  TRetentionSettings,
  TRetentionSettingsUpdate,
} from '@sv/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Retention (issue 26 §2, ADR 0047): the district is the user's own, or the one the platform administrator chose. */
const district = (clientId: number | null) => (clientId ? `?clientId=${clientId}` : '');
export const retentionKeys = {
  all: ['retention'] as const,
  of: (part: string, clientId: number | null) => ['retention', part, clientId] as const,
};

export function useRetentionSettings(clientId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: retentionKeys.of('settings', clientId),
    queryFn: ({ signal }) => api.get<TRetentionSettings>(`/api/retention/settings${district(clientId)}`, { signal }),
    enabled,
    staleTime: 0,
  });
}
export function useRetentionPreview(clientId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: retentionKeys.of('preview', clientId),
    queryFn: ({ signal }) => api.get<TRetentionPreview>(`/api/retention/preview${district(clientId)}`, { signal }),
    enabled,
  });
}
export function useLegalHolds(clientId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: retentionKeys.of('holds', clientId),
    queryFn: ({ signal }) =>
      api.get<{ data: TLegalHold[] }>(`/api/retention/holds${district(clientId)}`, { signal }).then((r) => r.data),
    enabled,
  });
}
export function useRetentionRuns(clientId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: retentionKeys.of('runs', clientId),
    queryFn: ({ signal }) =>
      api.get<{ data: TRetentionRun[] }>(`/api/retention/runs${district(clientId)}`, { signal }).then((r) => r.data),
    enabled,
  });
}

/** After any change every part of the page is read again: the preview depends on periods and holds. */
function useRetentionMutation<B, R>(send: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => qc.invalidateQueries({ queryKey: retentionKeys.all }) });
}
export const useSaveRetention = () =>
  useRetentionMutation((body: TRetentionSettingsUpdate) =>
    api.put<TRetentionSettings>('/api/retention/settings', body),
  );
export const useRunRetention = () =>
  useRetentionMutation((body: { clientId?: number }) => api.create<TRetentionRun>('/api/retention/runs', body));
export const usePlaceHold = () =>
  useRetentionMutation((body: TLegalHoldCreate) => api.create<TLegalHold>('/api/retention/holds', body));
export const useReleaseHold = () =>
  useRetentionMutation((p: { id: number; clientId?: number }) =>
    api.post<{ ok: true }>(`/api/retention/holds/${p.id}/release`, p.clientId ? { clientId: p.clientId } : {}),
  );

/** The records a hold may name, found by name (the words in the body, never the URL). */
export const searchHoldSubjects = (body: THoldSubjectSearch) =>
  api.post<THoldSubjectList>('/api/retention/hold-subjects/search', body).then((r) => r.data);

/** A person's records (issue 26 §3, ADR 0048). */
export function usePersonRecords(visitorId: number | null, clientId: number | null) {
  return useQuery({
    queryKey: ['retention', 'person', visitorId, clientId],
    queryFn: ({ signal }) =>
      api.get<TPersonRecords>(`/api/person-records/${visitorId}${district(clientId)}`, { signal }),
    enabled: visitorId !== null,
    staleTime: 0,
  });
}
export const personArchiveUrl = (visitorId: number, clientId: number | null) =>
  `/api/person-records/${visitorId}/archive.zip${district(clientId)}`;
export const useErasePerson = () =>
  useRetentionMutation((p: { visitorId: number; body: TPersonErase }) =>
    api.post<TPersonEraseResult>(`/api/person-records/${p.visitorId}/erase`, p.body),
  );
