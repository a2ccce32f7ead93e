import type {
  TExclusion,
  TExclusionFormOptions,
  TExclusionSave,
  TExclusionsQuery,
  TPage,
  TUploadResponse,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { SHOWS_ERROR } from '../../lib/query-client';

/** Exclusions are kept in memory only (security guide), refetched on every visit to the screen. */
export const exclusionKeys = {
  all: ['exclusions'] as const,
  list: (q: TExclusionsQuery) => ['exclusions', 'list', q] as const,
  one: (id: number) => ['exclusions', 'one', id] as const,
  options: ['exclusions', 'form-options'] as const,
};

export const exclusionsListQuery = (q: TExclusionsQuery) =>
  queryOptions({
    queryKey: exclusionKeys.list(q),
    queryFn: () => fetchListPage<TPage<TExclusion>>('/api/exclusions', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

export const exclusionQuery = (id: number) =>
  queryOptions({
    queryKey: exclusionKeys.one(id),
    queryFn: () => api.get<{ exclusion: TExclusion }>(`/api/exclusions/${id}`).then((r) => r.exclusion),
    staleTime: 0,
    gcTime: 0,
  });

/** Clients (admins) and ACTIVE buildings (spec 000 §2) for the form and the client filter. */
export const exclusionFormOptionsQuery = queryOptions({
  queryKey: exclusionKeys.options,
  queryFn: () => api.get<TExclusionFormOptions>('/api/exclusions/form-options'),
  staleTime: 60_000,
});

export function useExclusionsList(q: TExclusionsQuery) {
  return useQuery(exclusionsListQuery(q));
}

export function useSaveExclusion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TExclusionSave }) =>
      (id === null
        ? api.create<{ exclusion: TExclusion }>('/api/exclusions', body)
        : api.put<{ exclusion: TExclusion }>(`/api/exclusions/${id}`, body)
      ).then((r) => r.exclusion),
    onSuccess: () => void qc.invalidateQueries({ queryKey: exclusionKeys.all }),
  });
}

/** spec 000 §7 "Exclusion photo upload returns a list whose first item has an id". */
export async function uploadExclusionPhoto(file: File, clientId: number | null): Promise<string> {
  const form = new FormData();
  if (clientId !== null) form.append('clientId', String(clientId));
  form.append('file', file);
  const res = await api.upload<TUploadResponse>('/api/exclusions/photos', form, { noRedirect: true });
  const id = res.results[0]?.id;
  if (!id) throw new Error('no file id');
  return id;
}

export const photoUrl = (fileId: string) => `/api/files/${fileId}`;
