import type {
  TPublicReunificationInfo,
  TPublicReunificationRequest,
  TPublicReunificationResult,
  TReunificationBoard,
  TReunificationEvent,
  TReunificationLinkResponse,
  TReunificationListResponse,
  TReunificationReleaseRequest,
  TReunificationReleaseResponse,
  TReunificationRequest,
  TReunificationStartRequest,
  TReunificationVerifyRequest,
  TReunificationVerifyResponse,
  TStationRequestCreate,
} from '@sv/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

export const reunificationKeys = {
  all: ['reunification'] as const,
  list: ['reunification', 'list'] as const,
  board: (id: number) => ['reunification', 'board', id] as const,
};

/** Open reunifications of the user's buildings with their counts (a district administrator: every building's). */
export function useReunifications() {
  return useQuery({
    queryKey: reunificationKeys.list,
    queryFn: ({ signal }) => api.get<TReunificationListResponse>('/api/reunification/events?open=true', { signal }),
    refetchInterval: 10_000,
  });
}

/** The station board: requests, children and counts. The building's push refetches it; every 10 s otherwise. */
export function useBoard(eventId: number | null) {
  return useQuery({
    queryKey: reunificationKeys.board(eventId ?? 0),
    queryFn: ({ signal }) => api.get<TReunificationBoard>(`/api/reunification/events/${eventId}`, { signal }),
    enabled: eventId !== null,
    refetchInterval: 10_000,
  });
}

/** Every station of the building sees a request, a runner or a release within a second (the building's event stream). */
export function useReunificationPush(buildingIds: readonly number[]) {
  const qc = useQueryClient();
  const key = buildingIds.join(',');
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const refresh = () => void qc.invalidateQueries({ queryKey: reunificationKeys.all });
    const sources = key.split(',').map((id) => {
      const source = new EventSource(`/api/buildings/${id}/events`);
      for (const type of ['reunification.changed', 'emergency.roster', 'stream.resync'])
        source.addEventListener(type, refresh);
      return source;
    });
    return () => {
      for (const s of sources) s.close();
    };
  }, [key, qc]);
}

function useBoardMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void qc.invalidateQueries({ queryKey: reunificationKeys.all }),
  });
}

export const useStartReunification = () =>
  useBoardMutation((body: TReunificationStartRequest) =>
    api.create<TReunificationEvent>('/api/reunification/events', body),
  );
export const useEndReunification = () =>
  useBoardMutation((id: number) => api.post<TReunificationEvent>(`/api/reunification/events/${id}/end`));
export const useSendLink = () =>
  useBoardMutation((id: number) => api.post<TReunificationLinkResponse>(`/api/reunification/events/${id}/link`));
export const useCreateRequest = (eventId: number) =>
  useBoardMutation((body: TStationRequestCreate) =>
    api.create<TReunificationRequest>(`/api/reunification/events/${eventId}/requests`, body),
  );
export const useVerify = (eventId: number) =>
  useBoardMutation((v: { requestId: number; body: TReunificationVerifyRequest }) =>
    api.post<TReunificationVerifyResponse>(
      `/api/reunification/events/${eventId}/requests/${v.requestId}/verify`,
      v.body,
    ),
  );
export const useChildStep = (eventId: number) =>
  useBoardMutation((v: { childId: number; step: 'sent' | 'arrived'; station: string }) =>
    api.post<{ ok: true }>(`/api/reunification/events/${eventId}/children/${v.childId}/${v.step}`, {
      station: v.station,
    }),
  );
export const useRelease = (eventId: number) =>
  useBoardMutation((v: { childId: number; body: TReunificationReleaseRequest }) =>
    api.post<TReunificationReleaseResponse>(
      `/api/reunification/events/${eventId}/children/${v.childId}/release`,
      v.body,
    ),
  );

export const reportPdfPath = (eventId: number) => `/api/reunification/events/${eventId}/report.pdf`;

// ---------------------------------------------------------------- the station's name (issue 27 §3)

/** The station's name is the table's, not a person's: kept in this browser so a reload keeps it. */
const STATION_KEY = 'sv.reunification.station';
export function useStationName(): [string, (v: string) => void] {
  const [name, setName] = useState(() => {
    try {
      return localStorage.getItem(STATION_KEY) ?? '';
    } catch {
      return '';
    }
  });
  const set = (v: string) => {
    setName(v);
    try {
      localStorage.setItem(STATION_KEY, v);
    } catch {
      // private mode: kept for this page only
    }
  };
  return [name, set];
}

// ---------------------------------------------------------------- public page

export function usePublicInfo(token: string) {
  return useQuery({
    queryKey: ['reunification', 'public', token],
    queryFn: ({ signal }) =>
      api.get<TPublicReunificationInfo>(`/api/public/reunification/${encodeURIComponent(token)}`, {
        signal,
        noRedirect: true,
      }),
    retry: false,
  });
}
export const usePublicRequest = (token: string) =>
  useMutation({
    mutationFn: (body: TPublicReunificationRequest) =>
      api.post<TPublicReunificationResult>(`/api/public/reunification/${encodeURIComponent(token)}/requests`, body, {
        noRedirect: true,
      }),
  });
