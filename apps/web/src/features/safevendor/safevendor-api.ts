import type {
  TSvRegistration,
  TSvRegistrationExport,
  TSvRegistrationListResponse,
  TSvRegistrationSave,
  TSvRegistrationSearch,
  TVendorCompanyListQuery,
  TVendorCompanyListResponse,
  TVendorCompanyOption,
  TVendorCompanyRow,
  TVendorCompanyUpsert,
} from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadPostedExport } from '../../components/export/export-download';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { useRegistrationMutation } from '../registrations/registrations-api';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * SafeVendor registrations are personal data: kept in memory only (security guide), refetched on
 * every visit. They live under the registrations root key, so the shared registration mutations
 * (approve) refresh them too (ADR 0014).
 */
export const svKeys = {
  all: ['registrations', 'sv'] as const,
  list: (q: TSvRegistrationSearch) => ['registrations', 'sv', 'list', q] as const,
  one: (id: number) => ['registrations', 'sv', 'one', id] as const,
  companies: ['registrations', 'sv', 'companies'] as const,
};

export const vendorCompanyKeys = {
  all: ['vendor-companies'] as const,
  list: (q: TVendorCompanyListQuery) => ['vendor-companies', 'list', q] as const,
};

export const svListQuery = (q: TSvRegistrationSearch) =>
  queryOptions({
    queryKey: svKeys.list(q),
    // a POST: the search text is a name, never in a URL (security guide)
    queryFn: () => api.post<TSvRegistrationListResponse>('/api/sv-registrations/search', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

export const svRegistrationQuery = (id: number) =>
  queryOptions({
    queryKey: svKeys.one(id),
    queryFn: () => api.get<TSvRegistration>(`/api/sv-registrations/${id}`),
    staleTime: 0,
    gcTime: 0,
  });

/** Companies for the filter and the form (active and inactive; the form offers active ones for a new vendor). */
export const svCompaniesQuery = queryOptions({
  queryKey: svKeys.companies,
  queryFn: () =>
    api.get<{ companies: TVendorCompanyOption[] }>('/api/sv-registrations/companies').then((r) => r.companies),
  staleTime: 30_000,
});

export const vendorCompaniesListQuery = (q: TVendorCompanyListQuery) =>
  queryOptions({
    queryKey: vendorCompanyKeys.list(q),
    queryFn: () => fetchListPage<TVendorCompanyListResponse>('/api/vendor-companies', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
  });

export const useSvList = (q: TSvRegistrationSearch) => useQuery(svListQuery(q));
export const useVendorCompaniesList = (q: TVendorCompanyListQuery) => useQuery(vendorCompaniesListQuery(q));

/** Add (id null) or edit a company; refreshes the companies list and the SafeVendor pickers. */
export function useSaveVendorCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TVendorCompanyUpsert }) =>
      id === null
        ? api.create<TVendorCompanyRow>('/api/vendor-companies', body)
        : api.put<TVendorCompanyRow>(`/api/vendor-companies/${id}`, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: vendorCompanyKeys.all });
      void qc.invalidateQueries({ queryKey: svKeys.companies });
    },
  });
}

export const useSaveSvRegistration = () =>
  useRegistrationMutation(({ id, body }: { id: number | null; body: TSvRegistrationSave }) =>
    id === null
      ? api.create<TSvRegistration>('/api/sv-registrations', body)
      : api.put<TSvRegistration>(`/api/sv-registrations/${id}`, body),
  );

/** The §8-confirmed actions of the Actions menu. */
export type SvConfirmAction = 'deny' | 'makePending' | 'cancelEmailWarnings' | 'clearPhoto' | 'sendExpirationEmail';
export const useSvAction = () =>
  useRegistrationMutation(({ id, action }: { id: number; action: SvConfirmAction }) => {
    const base = `/api/sv-registrations/${id}`;
    switch (action) {
      case 'deny':
        return api.post<TSvRegistration>(`${base}/deny`, {});
      case 'makePending':
        return api.post<TSvRegistration>(`${base}/make-pending`, {});
      case 'cancelEmailWarnings':
        return api.post<TSvRegistration>(`${base}/cancel-email-warnings`, {});
      case 'sendExpirationEmail':
        return api.post<TSvRegistration>(`${base}/expiration-email`, {});
      default:
        return api.delete<TSvRegistration>(`${base}/photo`);
    }
  });

/** Records the badges as printed (spec 001 §3 generated), then the print window is opened by the caller. */
export const useSvPrint = () =>
  useRegistrationMutation((ids: number[]) =>
    api.post<{ printedIds: number[] }>('/api/sv-registrations/print', { ids }),
  );

/** /SVRegistration/Export as the export pipeline: a POST (the search is a name); the file is streamed back. */
export const downloadSvExport = (body: TSvRegistrationExport): Promise<void> =>
  downloadPostedExport('/api/sv-registrations/export', body, 'safevendor-registrations.csv');
