import type { TOutboxPage, TOutboxQuery } from '@sv/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

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
  });

export function useOutboxList(q: TOutboxQuery) {
  return useQuery(outboxListQuery(q));
}
