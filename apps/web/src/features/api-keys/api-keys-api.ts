import type { TApiKey, TApiKeyCreate, TApiKeyCreated, TApiKeyList } from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

/** API keys of the district (issue 28 §5, ADR 0051). */
export interface ApiKeyListQuery {
  page: number;
  perPage: number;
  sort: 'createdAt' | 'name' | 'lastUsedAt';
  dir: 'asc' | 'desc';
}
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (q: ApiKeyListQuery) => ['api-keys', q] as const,
};
const qs = (q: ApiKeyListQuery) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

export const apiKeysQuery = (q: ApiKeyListQuery) =>
  queryOptions({
    queryKey: apiKeyKeys.list(q),
    queryFn: ({ signal }) => api.get<TApiKeyList>(`/api/api-keys?${qs(q)}`, { signal }),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });
export const useApiKeys = (q: ApiKeyListQuery) => useQuery(apiKeysQuery(q));

/**
 * Create: a plain POST, not `api.create` — the answer holds the secret, which the server never
 * stores for an Idempotency-Key replay (ADR 0051).
 */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiKeyCreate) => api.post<TApiKeyCreated>('/api/api-keys', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TApiKey>(`/api/api-keys/${id}/revoke`),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
