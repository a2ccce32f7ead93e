import {
  type TPage,
  type TRegTypeListItem,
  type TRegTypeListQuery,
  type TRegTypeRow,
  type TRegTypeUpsert,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { useUser } from '../../lib/session';
import { clientQuery } from '../clients/clients-api';
import { useCan } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

export const regTypeKeys = {
  all: ['registration-types'] as const,
  list: (clientId: number, q: TRegTypeListQuery) => ['registration-types', 'list', clientId, q] as const,
  one: (id: number) => ['registration-types', 'one', id] as const,
};

export const fetchRegTypes = (clientId: number, q: TRegTypeListQuery) =>
  fetchListPage<TPage<TRegTypeListItem>>(`/api/clients/${clientId}/registration-types`, q);
export const fetchRegType = (id: number) => api.get<TRegTypeRow>(`/api/registration-types/${id}`);

export const regTypesListQuery = (clientId: number, q: TRegTypeListQuery) =>
  queryOptions({
    queryKey: regTypeKeys.list(clientId, q),
    queryFn: () => fetchRegTypes(clientId, q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

export const regTypeQuery = (id: number) =>
  queryOptions({ queryKey: regTypeKeys.one(id), queryFn: () => fetchRegType(id), staleTime: 0 });

export const useRegTypesList = (clientId: number, q: TRegTypeListQuery) => useQuery(regTypesListQuery(clientId, q));
export const useRegType = (id: number | null) =>
  useQuery({ ...regTypeQuery(id ?? 0), enabled: id !== null, meta: SHOWS_ERROR });

/** Create (id null) or edit a registration type; refreshes the lists. */
export function useSaveRegType(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TRegTypeUpsert }) =>
      id === null
        ? api.create<TRegTypeRow>(`/api/clients/${clientId}/registration-types`, body)
        : api.put<TRegTypeRow>(`/api/registration-types/${id}`, body),
    onSuccess: (row) => {
      qc.setQueryData(regTypeKeys.one(row.id), row);
      void qc.invalidateQueries({ queryKey: regTypeKeys.all });
    },
  });
}

/**
 * The name of the client whose types are shown: admins read the client (GET /api/clients/:id is
 * theirs only); a client admin's types are always their own district's, named in the session.
 */
export function useClientName(clientId: number | null): string | undefined {
  const user = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const client = useQuery({ ...clientQuery(clientId ?? 0), enabled: isAdmin && clientId !== null });
  return isAdmin ? client.data?.name : (user.clientName ?? undefined);
}
