import type { TContactListQuery, TContactRow, TContactUpsert, TPage } from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { SHOWS_ERROR } from '../../lib/query-client';

export const contactKeys = {
  all: ['contacts'] as const,
  list: (q: TContactListQuery) => ['contacts', 'list', q] as const,
  one: (id: number) => ['contacts', 'one', id] as const,
};

export const contactsListQuery = (q: TContactListQuery) =>
  queryOptions({
    queryKey: contactKeys.list(q),
    queryFn: () => fetchListPage<TPage<TContactRow>>('/api/contacts', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

export const contactQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.one(id),
    queryFn: () => api.get<TContactRow>(`/api/contacts/${id}`),
    staleTime: 0,
  });

export function useContactsList(q: TContactListQuery) {
  return useQuery(contactsListQuery(q));
}

/** Create (id null) or edit a contact; refreshes contact lists and the buildings' contact rows. */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TContactUpsert }) =>
      id === null ? api.create<TContactRow>('/api/contacts', body) : api.put<TContactRow>(`/api/contacts/${id}`, body),
    onSuccess: (row) => {
      qc.setQueryData(contactKeys.one(row.id), row);
      void qc.invalidateQueries({ queryKey: contactKeys.all });
      void qc.invalidateQueries({ queryKey: ['buildings', 'contacts'] });
    },
  });
}
