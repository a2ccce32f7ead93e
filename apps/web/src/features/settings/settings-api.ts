import type {
  TSavedResponse,
  TStudentReason,
  TStudentReasonListQuery,
  TStudentReasonListResponse,
  TStudentReasonUpsert,
  TSystemSettingsRequest,
  TSystemSettingsResponse,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

/** Query string of ids, flags and paging only (no search text or PII in URLs). */
const qs = (params: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
};

export const settingsKeys = {
  system: (clientId: number | undefined) => ['system-settings', clientId ?? 'own'] as const,
  reasonsAll: ['student-reasons'] as const,
  reasons: (q: TStudentReasonListQuery) => ['student-reasons', q] as const,
};

export const fetchSystemSettings = (clientId?: number) =>
  api.get<TSystemSettingsResponse>(`/api/system-settings?${qs({ clientId })}`);
export const fetchStudentReasons = (q: TStudentReasonListQuery) =>
  api.get<TStudentReasonListResponse>(`/api/student-reasons?${qs(q)}`);

export const systemSettingsQuery = (clientId?: number) =>
  queryOptions({ queryKey: settingsKeys.system(clientId), queryFn: () => fetchSystemSettings(clientId), staleTime: 0 });
export const studentReasonsQuery = (q: TStudentReasonListQuery) =>
  queryOptions({
    queryKey: settingsKeys.reasons(q),
    queryFn: () => fetchStudentReasons(q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

/** `enabled` false while an admin has not chosen a client yet. */
export const useSystemSettings = (clientId: number | undefined, enabled = true) =>
  useQuery({ ...systemSettingsQuery(clientId), enabled, meta: SHOWS_ERROR });
export const useStudentReasons = (q: TStudentReasonListQuery, enabled = true) =>
  useQuery({ ...studentReasonsQuery(q), enabled });

export function useSaveSystemSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSystemSettingsRequest) => api.put<TSavedResponse>('/api/system-settings', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['system-settings'] });
      // the same URLs show on the client settings and edit screens
      void qc.invalidateQueries({ queryKey: ['clients'] });
    },
  });
}

export function useSaveStudentReason() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TStudentReasonUpsert }) =>
      id === null
        ? api.create<TStudentReason>('/api/student-reasons', body)
        : api.put<TStudentReason>(`/api/student-reasons/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.reasonsAll }),
  });
}
