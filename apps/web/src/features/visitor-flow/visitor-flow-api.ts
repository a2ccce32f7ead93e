import type {
  TBuildingLookupItem,
  TBuildingRow,
  TCheckInRequest,
  TCheckInResponse,
  TClearMatchRequest,
  TClearedMatchResponse,
  TDeskSettingsResponse,
  TDenyEntryRequest,
  TParsedLicense,
  TScreeningResponse,
  TState,
  TVisitor,
  TVisitorCreateResponse,
  TVisitorDuplicatesResponse,
  TVisitorFields,
  TVisitorMatch,
  TVisitorMergeResponse,
  TVisitSummary,
} from '@sv/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { preRegistrationsQuery } from '../dashboard/dashboard-api';

/**
 * Fetchers, query options and mutations of the front-desk visitor flow (spec 002 §2–§5, §7).
 * Everything lives in memory (TanStack Query), never in browser storage (security guide);
 * screening answers are never cached: each screen asks the server at that moment.
 */
export const flowKeys = {
  visitor: (id: number) => ['visitors', id] as const,
  visitors: ['visitors'] as const,
  states: ['states'] as const,
  building: (id: number) => ['buildings', 'one', id] as const,
  buildingLookup: ['buildings', 'lookup', 'active'] as const,
  deskSettings: (id: number) => ['clients', id, 'desk-settings'] as const,
  reasons: (buildingId: number, kind: 'visitor' | 'volunteer') => ['visit-reasons', buildingId, kind] as const,
  visit: (id: number) => ['visits', id] as const,
  screening: (visitorId: number, buildingId: number, run: number) => ['screening', visitorId, buildingId, run] as const,
};

export const visitorQuery = (id: number) =>
  queryOptions({
    queryKey: flowKeys.visitor(id),
    queryFn: () => api.get<TVisitor>(`/api/visitors/${id}`),
    staleTime: 0,
  });

export const statesQuery = queryOptions({
  queryKey: flowKeys.states,
  queryFn: () => api.get<{ data: TState[] }>('/api/states').then((r) => r.data),
});

export const buildingQuery = (id: number) =>
  queryOptions({
    queryKey: flowKeys.building(id),
    queryFn: () => api.get<TBuildingRow>(`/api/buildings/${id}`),
    staleTime: 60_000,
  });

export const buildingLookupQuery = queryOptions({
  queryKey: flowKeys.buildingLookup,
  queryFn: () => api.get<{ data: TBuildingLookupItem[] }>('/api/buildings/lookup?activeOnly=true').then((r) => r.data),
  staleTime: 60_000,
});

/** The desk's view of the client settings (successScreenDelay …): readable by attendants, no secrets. */
export const deskSettingsQuery = (clientId: number) =>
  queryOptions({
    queryKey: flowKeys.deskSettings(clientId),
    queryFn: () => api.get<TDeskSettingsResponse>(`/api/clients/${clientId}/desk-settings`, { noRedirect: true }),
    staleTime: 60_000,
  });

/** Reasons by kind; vendors use the visitor reasons (the server knows visitor and volunteer lists). */
export const reasonKind = (type: string): 'visitor' | 'volunteer' => (type === 'volunteer' ? 'volunteer' : 'visitor');

export const visitReasonsQuery = (buildingId: number, kind: 'visitor' | 'volunteer') =>
  queryOptions({
    queryKey: flowKeys.reasons(buildingId, kind),
    queryFn: () =>
      api
        .get<{ data: { id: number; kind: string; label: string }[] }>(
          `/api/buildings/${buildingId}/visit-reasons?kind=${kind}`,
        )
        .then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export const visitQuery = (id: number) =>
  queryOptions({
    queryKey: flowKeys.visit(id),
    queryFn: () => api.get<TVisitSummary>(`/api/visits/${id}`),
    staleTime: 0,
  });

/**
 * Screening runs on the server at this moment (security guide): never served from a cache. `run`
 * is a number of the screen's visit, so opening the screen again always asks the server anew.
 */
export const screeningQuery = (visitorId: number, buildingId: number, run: number) =>
  queryOptions({
    queryKey: flowKeys.screening(visitorId, buildingId, run),
    queryFn: () => api.post<TScreeningResponse>(`/api/visitors/${visitorId}/screening`, { buildingId }),
    staleTime: 0,
    gcTime: 60_000,
  });

/**
 * Saves the record. A new visitor may be answered with the same person already on file
 * (`existing: true`, issue 22); `confirmNew` is the desk's deliberate "Create anyway" after the
 * likely-duplicate warning.
 */
export function useSaveVisitor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      buildingId,
      confirmNew,
    }: {
      id: number;
      body: TVisitorFields;
      buildingId: number | null;
      confirmNew?: boolean;
    }): Promise<TVisitor & { existing?: boolean }> =>
      id > 0
        ? api.put<TVisitor>(`/api/visitors/${id}`, body)
        : api.create<TVisitorCreateResponse>('/api/visitors', { ...body, buildingId, confirmNew: confirmNew ?? false }),
    onSuccess: (visitor) => {
      qc.setQueryData(flowKeys.visitor(visitor.id), visitor);
      void qc.invalidateQueries({ queryKey: ['screening', visitor.id] });
    },
  });
}

/** The candidates of a "This may be someone already on file" answer (409 of a new visitor), or null. */
export function duplicateCandidates(err: unknown): TVisitorMatch[] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = err.body as Partial<TVisitorDuplicatesResponse>;
  return Array.isArray(body.candidates) ? body.candidates : null;
}

/** Merge duplicate (issue 22, administrators): the duplicate's rows move to `survivorId`. */
export function useMergeVisitor(survivorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (duplicateId: number) =>
      api.post<TVisitorMergeResponse>(`/api/visitors/${survivorId}/merge`, { duplicateId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: flowKeys.visitors }),
  });
}

/** Undo merge: exactly the rows the merge moved go back (until the end of the next day). */
export function useUndoMerge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mergeId: number) => api.post<TVisitorMergeResponse>(`/api/visitor-merges/${mergeId}/undo`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: flowKeys.visitors }),
  });
}

/** The district's visitors matching `text` (the desk's search), for choosing the duplicate to merge. */
export const mergeSearch = (text: string, buildingId: number | null) =>
  api
    .post<{ data: TVisitorMatch[] }>('/api/visitors/search', { text, ...(buildingId ? { buildingId } : {}) })
    .then((r) => r.data);

export function useClearMatch(visitorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TClearMatchRequest) =>
      api.post<TClearedMatchResponse>(`/api/visitors/${visitorId}/cleared-matches`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['screening', visitorId] }),
  });
}

export interface TDenyResult {
  securityNotified: boolean;
  message: string;
  offerAddExclusion: boolean;
}

/**
 * DENY and notify-security require an Idempotency-Key (issue 10 §5): the caller makes one per
 * user action (`createActionKey`) and reuses it when the same action is retried.
 */
export function useDenyEntry(visitorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TDenyEntryRequest; idempotencyKey: string }) =>
      api.post<TDenyResult>(`/api/visitors/${visitorId}/denials`, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['denied-entries'] }),
  });
}

export function useNotifySecurity(visitorId: number) {
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: { buildingId: number; issues: string; level?: number | null };
      idempotencyKey: string;
    }) =>
      api.post<{ notified: number; message: string }>(`/api/visitors/${visitorId}/security-notifications`, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
  });
}

/** spec 002 §4 Photo modal: the JPEG taken from the camera becomes the visitor's photo. */
export async function uploadVisitorPhoto(visitorId: number, photo: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', photo, 'photo.jpg');
  const res = await api.upload<{ photoFileId: string }>(`/api/visitors/${visitorId}/photo`, form);
  return res.photoFileId;
}

export function useCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    // the key of this request from the one keyring: a retry of it reuses it (issue 23 §4)
    mutationFn: (body: TCheckInRequest) => api.create<TCheckInResponse>('/api/visits', body),
    onSuccess: (res) => {
      qc.setQueryData(flowKeys.visit(res.visit.id), res.visit);
      void qc.invalidateQueries({ queryKey: flowKeys.visitor(res.visit.visitorId) });
      void qc.invalidateQueries({ queryKey: ['visits'] });
    },
  });
}

export function useCheckOutVisitor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ visitorId, buildingId }: { visitorId: number; buildingId: number }) =>
      api.post<{ visit: TVisitSummary }>(`/api/visitors/${visitorId}/check-out`, { buildingId }),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: flowKeys.visitor(res.visit.visitorId) });
      void qc.invalidateQueries({ queryKey: ['visits'] });
    },
  });
}

/** spec 002 §7 window /Badge/print/{id}: the browser's print window with the PDF badge. */
export const badgePdfPath = paths.badgeWindow;

export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

/**
 * The scanned licence handed over by the scan modal in router navigation state (never the URL,
 * never browser storage). Accepts `{ license }` or the parsed licence itself.
 */
export function licenseFromState(state: unknown): TParsedLicense | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const candidate = (s.license && typeof s.license === 'object' ? s.license : s) as Record<string, unknown>;
  if (typeof candidate.firstName === 'string' || typeof candidate.lastName === 'string') {
    return candidate as unknown as TParsedLicense;
  }
  return null;
}

/**
 * The pre-registration a check-in names (issue 22), read from the building's dashboard list (the
 * building's shared read): its type, person visiting and reason start the check-in form.
 */
export function usePreRegistrationCard(buildingId: number | null, preRegId: number | null | undefined) {
  const list = useQuery({
    ...preRegistrationsQuery(buildingId ?? 0, 0),
    enabled: buildingId !== null && Boolean(preRegId),
    refetchInterval: false,
  });
  const card = preRegId ? (list.data?.data.find((c) => c.id === preRegId) ?? null) : null;
  return { card, loading: Boolean(preRegId) && buildingId !== null && list.isPending };
}
