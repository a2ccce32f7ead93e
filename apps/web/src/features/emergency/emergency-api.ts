import type {
  TBuildingLookupItem,
  TDrillRequirements,
  TDrillRequirementsResponse,
  TDrillsReport,
  TEmergencyActiveResponse,
  TEmergencyListResponse,
  TEmergencyStartRequest,
  TEmergencyState,
  TRosterResponse,
} from '@sv/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';

export const emergencyKeys = {
  all: ['emergency-states'] as const,
  active: ['emergency-states', 'active'] as const,
  list: ['emergency-states', 'list'] as const,
  drills: (year: number | null) => ['emergency-states', 'drills', year] as const,
  roster: (id: number) => ['emergency-states', 'roster', id] as const,
};

/**
 * The accountability roster of a state with its live counts (issue 27 §2). The building's push
 * ('emergency.roster' on a mark, a check-in) refetches it; every 10 s otherwise.
 */
export function useRoster(stateId: number | null) {
  return useQuery({
    queryKey: emergencyKeys.roster(stateId ?? 0),
    queryFn: ({ signal }) => api.get<TRosterResponse>(`/api/emergency-states/${stateId}/roster`, { signal }),
    enabled: stateId !== null,
    refetchInterval: 10_000,
  });
}

/**
 * Marks from other phones and new check-ins reach this one within a second: the event stream of
 * each building of the state (a district administrator's screen follows every building's).
 */
export function useRosterPush(buildingIds: readonly number[], stateId: number | null) {
  const qc = useQueryClient();
  const key = buildingIds.join(',');
  useEffect(() => {
    if (!key || !stateId || typeof EventSource === 'undefined') return;
    const refresh = () => void qc.invalidateQueries({ queryKey: emergencyKeys.roster(stateId) });
    const sources = key.split(',').map((id) => {
      const source = new EventSource(`/api/buildings/${id}/events`);
      for (const type of ['emergency.roster', 'emergency.changed', 'visit.checked_in', 'stream.resync'])
        source.addEventListener(type, refresh);
      return source;
    });
    return () => {
      for (const s of sources) s.close();
    };
  }, [key, stateId, qc]);
}

/**
 * The active states of the user's building(s) (issue 27 §1). The push (below) refetches at once;
 * polling every 15 s stays as the fallback (a kiosk, which has no event stream, polls every second).
 */
export const activeStatesQuery = (pollMs = 15_000) =>
  queryOptions({
    queryKey: emergencyKeys.active,
    queryFn: ({ signal }) => api.get<TEmergencyActiveResponse>('/api/emergency-states/active', { signal }),
    refetchInterval: pollMs,
  });

export function useActiveStates(pollMs?: number) {
  return useQuery(activeStatesQuery(pollMs));
}

/**
 * Every desk of the building learns of a state within a second (issue 27 §1): the building's
 * event stream (the dashboard's, issue 4) carries 'emergency.changed'; the states are refetched.
 */
export function useEmergencyPush(buildingId: number | null) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!buildingId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/buildings/${buildingId}/events`);
    const refresh = () => void qc.invalidateQueries({ queryKey: emergencyKeys.all });
    source.addEventListener('emergency.changed', refresh);
    source.addEventListener('stream.resync', refresh);
    source.onopen = refresh;
    return () => source.close();
  }, [buildingId, qc]);
}

export function useStatesList() {
  return useQuery({
    queryKey: emergencyKeys.list,
    queryFn: ({ signal }) => api.get<TEmergencyListResponse>('/api/emergency-states?limit=50', { signal }),
  });
}

export function useBuildingChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['emergency-states', 'buildings'],
    queryFn: () =>
      api.get<{ data: TBuildingLookupItem[] }>('/api/buildings/lookup?activeOnly=true').then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

function useStateMutation<V>(fn: (v: V) => Promise<TEmergencyState>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void qc.invalidateQueries({ queryKey: emergencyKeys.all }) });
}

/** Start: a create with the Idempotency-Key of this intent (a double press starts one state). */
export const useStartState = () =>
  useStateMutation((body: TEmergencyStartRequest) => api.create<TEmergencyState>('/api/emergency-states', body));
export const useCancelState = () =>
  useStateMutation((id: number) => api.post<TEmergencyState>(`/api/emergency-states/${id}/cancel`));
export const useEndState = () =>
  useStateMutation((v: { id: number; notes: string }) =>
    api.post<TEmergencyState>(`/api/emergency-states/${v.id}/end`, { notes: v.notes }),
  );
export const useAddNote = () =>
  useStateMutation((v: { id: number; text: string }) =>
    api.post<TEmergencyState>(`/api/emergency-states/${v.id}/notes`, { text: v.text }),
  );

export function useDrillsReport(schoolYear: number | null, clientId: number | null) {
  const q = new URLSearchParams();
  if (schoolYear) q.set('schoolYear', String(schoolYear));
  if (clientId) q.set('clientId', String(clientId));
  return useQuery({
    queryKey: [...emergencyKeys.drills(schoolYear), clientId],
    queryFn: ({ signal }) => api.get<TDrillsReport>(`/api/drills/report?${q.toString()}`, { signal }),
  });
}

/** Sets the district's required drills per kind and school year (issue 27 §4; `drills.manage`). */
export function useSetDrillRequirements() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TDrillRequirements) => api.put<TDrillRequirementsResponse>('/api/drills/requirements', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['emergency-states', 'drills'] }),
  });
}
