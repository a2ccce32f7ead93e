import type {
  TAuthorizationCreate,
  TAuthorizationsResponse,
  TDropoffResponse,
  TGuardianListResponse,
  TPickupCheckResponse,
  TPickupRequest,
  TPickupResponse,
  TStudentReason,
  TStudentSearchRequest,
  TStudentSearchResponse,
  TSyncStatus,
  TTardySlipPrintResponse,
} from '@sv/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createActionKey } from '../../lib/action-key';
import { api } from '../../lib/api-client';
import { browserOffsetMinutes } from '../../lib/time/fields';

/**
 * Students (issue 12). Names and student IDs travel in POST bodies (security guide: no PII in
 * URLs); results stay in memory. Pickups and drop-offs carry one Idempotency-Key per user action.
 */
export const studentKeys = {
  all: ['students'] as const,
  guardians: (id: number, buildingId: number, mode: 'general' | 'sis') =>
    ['students', id, 'guardians', buildingId, mode] as const,
  reasons: (clientId: number, kind: 'pickup' | 'dropoff') => ['students', 'reasons', clientId, kind] as const,
  authorizations: (id: number) => ['students', id, 'authorizations'] as const,
  sync: (clientId: number) => ['students', 'sync', clientId] as const,
};

export const searchStudents = (body: TStudentSearchRequest) =>
  api.post<TStudentSearchResponse>('/api/students/search', body);

export const guardiansQuery = (id: number, buildingId: number, mode: 'general' | 'sis') =>
  queryOptions({
    queryKey: studentKeys.guardians(id, buildingId, mode),
    queryFn: () =>
      api.get<TGuardianListResponse>(`/api/students/${id}/guardians?buildingId=${buildingId}&mode=${mode}`),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The active reasons of the student's district (spec 002 §7 GetSISPickupReasons / GetSISDropoffReasons). */
export const studentReasonsQuery = (clientId: number, kind: 'pickup' | 'dropoff') =>
  queryOptions({
    queryKey: studentKeys.reasons(clientId, kind),
    queryFn: () =>
      api
        .get<{ data: TStudentReason[] }>(
          `/api/student-reasons?kind=${kind}&activeOnly=true&clientId=${clientId}&sort=sortOrder&perPage=100`,
        )
        .then((r) => r.data),
    staleTime: 60_000,
  });

/** The building's label for the student ID (spec 002 §2: studentIdLabel). */
export const buildingLabelQuery = (buildingId: number) =>
  queryOptions({
    queryKey: ['students', 'building', buildingId],
    queryFn: () => api.get<{ studentIdLabel: string; name: string }>(`/api/buildings/${buildingId}`),
    staleTime: 60_000,
  });

export const startPickup = (studentId: number, body: { buildingId: number; guardianId: number }) =>
  api.post<TPickupCheckResponse>(`/api/students/${studentId}/pickup-checks`, body);

export function uploadPickupPhoto(studentId: number, blob: Blob) {
  const form = new FormData();
  form.append('file', blob, 'pickup.jpg');
  return api.upload<{ photoFileId: string }>(`/api/students/${studentId}/pickup-photo`, form);
}

const pickupKey = createActionKey();
export function useRecordPickup(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPickupRequest) =>
      api.post<TPickupResponse>(`/api/students/${studentId}/pickups`, body, {
        headers: { 'idempotency-key': pickupKey.for({ studentId, body }) },
      }),
    onSuccess: () => {
      pickupKey.done();
      void qc.invalidateQueries({ queryKey: ['logs', 'pickups'] });
    },
  });
}

const dropoffKey = createActionKey();
export function useRecordDropoff(studentId: number) {
  return useMutation({
    mutationFn: (body: { buildingId: number; reasonId: number }) =>
      api.post<TDropoffResponse>(`/api/students/${studentId}/dropoffs`, body, {
        headers: { 'idempotency-key': dropoffKey.for({ studentId, body }) },
      }),
    onSuccess: () => dropoffKey.done(),
  });
}

export const authorizationsQuery = (studentId: number) =>
  queryOptions({
    queryKey: studentKeys.authorizations(studentId),
    queryFn: () => api.get<TAuthorizationsResponse>(`/api/students/${studentId}/authorizations`),
  });

export function useAddAuthorization(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAuthorizationCreate) =>
      api.create<{ id: number }>(`/api/students/${studentId}/authorizations`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: studentKeys.authorizations(studentId) }),
  });
}

export function useRevokeAuthorization(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    // issue 23 §4: the rule's version as the screen shows it; ended meanwhile → 409, shown by the caller
    mutationFn: (rule: { id: number; version: number }) =>
      api.post<{ id: number }>(`/api/students/${studentId}/authorizations/${rule.id}/revoke`, {
        version: rule.version,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: studentKeys.authorizations(studentId) }),
  });
}

export const syncStatusQuery = (clientId: number) =>
  queryOptions({
    queryKey: studentKeys.sync(clientId),
    queryFn: () => api.get<TSyncStatus>(`/api/students/sync-status?clientId=${clientId}`),
  });

export function useSyncNow(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TSyncStatus>('/api/students/sync', { clientId }),
    onSuccess: (data) => qc.setQueryData(studentKeys.sync(clientId), data),
  });
}

/** spec 002 §7 window: the tardy slip, opened in a new window that prints it. */
export const tardySlipWindowPath = (eventId: number) =>
  `/GenerateAndPrint/GenerateTardySlipForEvent/${eventId}/${browserOffsetMinutes()}`;

/**
 * The desk's tardy slip, the building's way (audit 002 ksl U6, ADR 0027): the server prints it on
 * the building's printer ('printed', or 'printerDown'), or says the browser prints it ('browser':
 * Zebra Browser Print with `tardySlipZplPath`; 'window': the print window).
 */
export const printTardySlip = (eventId: number) =>
  api.post<TTardySlipPrintResponse>(`/api/students/dropoffs/${eventId}/tardy-slip/print`, {});
export const tardySlipZplPath = (eventId: number) => `/api/students/dropoffs/${eventId}/tardy-slip.zpl`;
