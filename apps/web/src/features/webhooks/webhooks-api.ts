import type {
  TWebhook,
  TWebhookCreate,
  TWebhookCreated,
  TWebhookDelivery,
  TWebhookDeliveryList,
  TWebhookList,
  TWebhookUpdate,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

/** Webhook subscriptions of the district (issue 28 §5, ADR 0051). */
export interface WebhookListQuery {
  page: number;
  perPage: number;
  sort: 'createdAt' | 'url';
  dir: 'asc' | 'desc';
}
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (q: WebhookListQuery) => ['webhooks', 'list', q] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};
const qs = (q: WebhookListQuery) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

export const webhooksQuery = (q: WebhookListQuery) =>
  queryOptions({
    queryKey: webhookKeys.list(q),
    queryFn: ({ signal }) => api.get<TWebhookList>(`/api/webhooks?${qs(q)}`, { signal }),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });
export const useWebhooks = (q: WebhookListQuery) => useQuery(webhooksQuery(q));

/** The last 100 deliveries of a subscription, newest first (refreshed while retries are pending). */
export const useWebhookDeliveries = (id: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) =>
      api.get<TWebhookDeliveryList>(`/api/webhooks/${id}/deliveries?perPage=100&dir=desc`, { signal }),
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'queued') ? 5_000 : false),
    meta: SHOWS_ERROR,
  });

/** Add: a plain POST (the answer holds the signing secret, never stored for a replay: ADR 0051). */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TWebhookCreate) => api.post<TWebhookCreated>('/api/webhooks', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TWebhookUpdate }) => api.put<TWebhook>(`/api/webhooks/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
export function useSendTestEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ delivery: TWebhookDelivery }>(`/api/webhooks/${id}/test`),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
