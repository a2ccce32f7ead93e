import type { TArrestAlert } from '@sv/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Arrest alerts (spec 001 §2 "arrest alert" modal, §7 ArrestAlertResult; issue 11 review). */
export const arrestAlertKeys = {
  one: (id: number) => ['arrest-alerts', id] as const,
};

export const arrestAlertQuery = (id: number) =>
  queryOptions({
    queryKey: arrestAlertKeys.one(id),
    queryFn: () => api.get<TArrestAlert>(`/api/arrest-alerts/${id}`),
    staleTime: 0,
  });

export const useArrestAlert = (id: number | null) => useQuery({ ...arrestAlertQuery(id ?? 0), enabled: id !== null });

/** Cleared (not this person) or confirmed; refreshes the alert and the registrations that show it. */
export function useReviewArrestAlert(id: number) {
  const qc = useQueryClient();
  return useMutation({
    // issue 23 §4: with the version the reviewer saw; a stale one is refused (409) and shown
    mutationFn: (body: { decision: 'cleared' | 'confirmed'; note: string; version: number }) =>
      api.post<TArrestAlert>(`/api/arrest-alerts/${id}/review`, body),
    onSuccess: (alert) => {
      qc.setQueryData(arrestAlertKeys.one(id), alert);
      void qc.invalidateQueries({ queryKey: ['registrations'] });
    },
  });
}
