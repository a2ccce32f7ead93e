import type { TAuditFacets, TAuditPage, TAuditQuery } from '@sv/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { SHOWS_ERROR } from '../../lib/query-client';

/** The query string of the console: ids, action names, dates and the outcome (no visitor's data). */
export const auditQueryString = (params: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: TAuditQuery) => ['audit', 'list', q] as const,
  facets: (clientId: number | undefined) => ['audit', 'facets', clientId ?? null] as const,
  history: (targetType: string, targetId: string) => ['audit', 'history', targetType, targetId] as const,
};

/** A page of audit rows (issue 26 §1): GET /api/audit; the previous page stays while the next loads. */
export const auditListQuery = (q: TAuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(q),
    // free text goes in a POST body (…/search), never the URL; the rest is a bookmarkable GET
    queryFn: () => fetchListPage<TAuditPage>('/api/audit', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

export function useAuditList(q: TAuditQuery, enabled = true) {
  return useQuery({ ...auditListQuery(q), enabled });
}

/** The filters' choices: the actions, record kinds and people of the actor's rows. */
export const auditFacetsQuery = (clientId: number | undefined) =>
  queryOptions({
    queryKey: auditKeys.facets(clientId),
    queryFn: () => api.get<TAuditFacets>(`/api/audit/facets?${auditQueryString({ clientId })}`),
    staleTime: 60_000,
  });

/** One record's history (the History section of its own screen): its newest 50 audit rows. */
export const auditHistoryQuery = (targetType: string, targetId: string) =>
  queryOptions({
    queryKey: auditKeys.history(targetType, targetId),
    queryFn: ({ signal }) =>
      api.get<TAuditPage>(`/api/audit?${auditQueryString({ targetType, targetId, perPage: 50 })}`, { signal }),
    // read afresh each time it is shown: the edit just saved belongs in it
    staleTime: 0,
  });
