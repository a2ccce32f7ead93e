import type { TVisitorLanguage, TWordingList, TWordingSave } from '@sv/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** A district's own wording of the visitor screens (issue 29 §1): GET/PUT /api/visitor-wording. */
export const wordingQuery = (clientId: number | null, named: boolean, language: TVisitorLanguage) =>
  queryOptions({
    queryKey: ['visitor-wording-admin', clientId, language] as const,
    queryFn: ({ signal }) =>
      api.get<TWordingList>(
        `/api/visitor-wording?language=${language}${named && clientId ? `&clientId=${clientId}` : ''}`,
        { signal },
      ),
    enabled: clientId !== null,
  });

export function useSaveWording() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TWordingSave) => api.put<TWordingList>('/api/visitor-wording', body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['visitor-wording-admin'] }),
  });
}
