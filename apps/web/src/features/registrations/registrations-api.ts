import type {
  TRegistration,
  TRegistrationApprovalDefault,
  TRegistrationApprove,
  TRegistrationBuildingOptions,
  TRegistrationExport,
  TRegistrationListResponse,
  TRegistrationSave,
  TRegistrationSearch,
  TRegistrationTypeOption,
  TUploadResponse,
} from '@sv/contracts';
import { ZRegistrationInformation } from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { downloadPostedExport } from '../../components/export/export-download';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

export type TRegistrationInformation = z.infer<typeof ZRegistrationInformation>;

/**
 * The two kinds the registrations engine serves (ADR 0014): volunteer registrations and
 * SafeVendor registrations share the approve and information dialogs; only the API differs.
 */
export type RegistrationKind = 'volunteer' | 'vendor';
export const registrationApi = (kind: RegistrationKind) =>
  kind === 'vendor' ? '/api/sv-registrations' : '/api/registrations';

/** Registrations are personal data: kept in memory only (security guide), refetched on every visit. */
export const registrationKeys = {
  all: ['registrations'] as const,
  list: (q: TRegistrationSearch) => ['registrations', 'list', q] as const,
  one: (id: number) => ['registrations', 'one', id] as const,
  types: ['registrations', 'types'] as const,
  help: ['registrations', 'help'] as const,
  buildings: (id: number) => ['registrations', 'buildings', id] as const,
  information: (id: number, kind: RegistrationKind = 'volunteer') =>
    ['registrations', 'information', kind, id] as const,
  approvalDefault: (id: number, kind: RegistrationKind = 'volunteer') =>
    ['registrations', 'approval-default', kind, id] as const,
};

export const registrationsListQuery = (q: TRegistrationSearch) =>
  queryOptions({
    queryKey: registrationKeys.list(q),
    // a POST: names and e-mail are search terms, never in a URL (security guide)
    queryFn: () => api.post<TRegistrationListResponse>('/api/registrations/search', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

export const registrationQuery = (id: number) =>
  queryOptions({
    queryKey: registrationKeys.one(id),
    queryFn: () => api.get<TRegistration>(`/api/registrations/${id}`),
    staleTime: 0,
    gcTime: 0,
  });

export const registrationTypesQuery = queryOptions({
  queryKey: registrationKeys.types,
  queryFn: () => api.get<{ types: TRegistrationTypeOption[] }>('/api/registrations/types').then((r) => r.types),
  staleTime: 60_000,
});

export const searchHelpQuery = queryOptions({
  queryKey: registrationKeys.help,
  queryFn: () => api.get<{ text: string }>('/api/registrations/search-help').then((r) => r.text),
  staleTime: Number.POSITIVE_INFINITY,
});

export const buildingsQuery = (id: number) =>
  queryOptions({
    queryKey: registrationKeys.buildings(id),
    queryFn: () => api.get<TRegistrationBuildingOptions>(`/api/registrations/${id}/buildings`),
    staleTime: 0,
    gcTime: 0,
  });

export const informationQuery = (id: number, kind: RegistrationKind = 'volunteer') =>
  queryOptions({
    queryKey: registrationKeys.information(id, kind),
    queryFn: () => api.get<TRegistrationInformation>(`${registrationApi(kind)}/${id}/information`),
    staleTime: 0,
    gcTime: 0,
  });

export const approvalDefaultQuery = (id: number, kind: RegistrationKind = 'volunteer') =>
  queryOptions({
    queryKey: registrationKeys.approvalDefault(id, kind),
    queryFn: () => api.get<TRegistrationApprovalDefault>(`${registrationApi(kind)}/${id}/approval-default`),
    staleTime: 0,
    gcTime: 0,
  });

export const useRegistrationsList = (q: TRegistrationSearch) => useQuery(registrationsListQuery(q));

/**
 * Every mutation here changes what the list shows: refetch it (and the open registration). The
 * SafeVendor queries live under the same root key, so they are refetched too.
 */
export function useRegistrationMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}

export const useSaveRegistration = () =>
  useRegistrationMutation(({ id, body }: { id: number | null; body: TRegistrationSave }) =>
    id === null
      ? api.create<TRegistration>('/api/registrations', body)
      : api.put<TRegistration>(`/api/registrations/${id}`, body),
  );

export const useApprove = (kind: RegistrationKind = 'volunteer') =>
  useRegistrationMutation((body: TRegistrationApprove) =>
    api.post<{ approvedIds: number[]; skippedIds: number[]; emailed: number }>(
      `${registrationApi(kind)}/approve`,
      // SafeVendor registrations are never under review (spec 001 §3 approval details)
      kind === 'vendor' ? { ...body, underReview: undefined } : body,
    ),
  );

export const useDeny = () =>
  useRegistrationMutation(({ id, exclude, underReview }: { id: number; exclude: boolean; underReview: boolean }) =>
    api.post<{ registration: TRegistration; exclusionId: number | null }>(`/api/registrations/${id}/deny`, {
      exclude,
      underReview,
    }),
  );

export const useMakePending = () =>
  useRegistrationMutation(({ id, underReview }: { id: number; underReview: boolean }) =>
    api.post<TRegistration>(`/api/registrations/${id}/make-pending`, { underReview }),
  );

export const useCancelEmailWarnings = () =>
  useRegistrationMutation((id: number) => api.post<TRegistration>(`/api/registrations/${id}/cancel-email-warnings`));

export const useExpirationEmail = () =>
  useRegistrationMutation((id: number) => api.post<TRegistration>(`/api/registrations/${id}/expiration-email`));

export const useClearPhoto = () =>
  useRegistrationMutation((id: number) => api.delete<TRegistration>(`/api/registrations/${id}/photo`));

export const useSetPhoto = () =>
  useRegistrationMutation(({ id, photoFileId }: { id: number; photoFileId: string }) =>
    api.put<TRegistration>(`/api/registrations/${id}/photo`, { photoFileId }),
  );

/** Sends the badge to a building's label printer (ZPL); answers whether it printed or the PDF is needed. */
export const usePrintBadge = () =>
  useRegistrationMutation((v: { id: number; buildingId: number }) =>
    api.post<{ printed: boolean; mode: 'network' | 'pdf'; message: string }>(`/api/registrations/${v.id}/badge/print`, {
      buildingId: v.buildingId,
    }),
  );

export const useSetBuildings = () =>
  useRegistrationMutation(({ id, buildingIds }: { id: number; buildingIds: number[] }) =>
    api.put<TRegistrationBuildingOptions>(`/api/registrations/${id}/buildings`, { buildingIds }),
  );

/**
 * Uploads a registration photo of either kind (≤ CONSTANTS.photoMaxBytes, checked before sending);
 * answers the file id.
 */
export async function uploadRegistrationPhoto(
  file: File,
  clientId: number | null,
  kind: RegistrationKind = 'volunteer',
): Promise<string> {
  const form = new FormData();
  if (clientId !== null) form.append('clientId', String(clientId));
  form.append('file', file);
  const res = await api.upload<TUploadResponse>(`${registrationApi(kind)}/photos`, form, { noRedirect: true });
  const id = res.results[0]?.id;
  if (!id) throw new Error('no file id');
  return id;
}

/** The export is a POST (the filters include names and e-mail); the file is streamed back. */
export const downloadRegistrationsExport = (body: TRegistrationExport): Promise<void> =>
  downloadPostedExport('/api/registrations/export', body, 'registrations.csv');

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
