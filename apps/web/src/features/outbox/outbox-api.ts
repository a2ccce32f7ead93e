import type { TOutboxPage, TOutboxQuery, TOutboxRetryResponse } from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

/** Query string of paging and the channel filter only (no personal data in URLs). */
const qs = (params: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
};

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (q: TOutboxQuery) => ['outbox', 'list', q] as const,
};

/** Outbox page (issue 2 §7): GET /api/outbox; the previous page stays on screen while the next loads. */
export const outboxListQuery = (q: TOutboxQuery) =>
  queryOptions({
    queryKey: outboxKeys.list(q),
    queryFn: ({ signal }) => api.get<TOutboxPage>(`/api/outbox?${qs(q)}`, { signal }),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

export function useOutboxList(q: TOutboxQuery) {
  return useQuery(outboxListQuery(q));
}

/** Send a failed message again (issue 23 §3): POST /api/outbox/{id}/retry. */
export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TOutboxRetryResponse>(`/api/outbox/${id}/retry`),
    onSettled: () => void qc.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
