import type {
  TCheckInResponse,
  TDeskSettingsResponse,
  TPreRegistration,
  TVisitorMatch,
  TVisitSummary,
  ZDenyPreRegistrationResponse,
  ZPreRegistrationList,
} from '@sv/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useRef } from 'react';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client';

type TPreRegistrationList = z.infer<typeof ZPreRegistrationList>;
type TDenyPreRegistrationResponse = z.infer<typeof ZDenyPreRegistrationResponse>;

/** Query keys of the dashboard: everything of one building sits under `building(id)`. */
export const dashboardKeys = {
  all: ['front-desk'] as const,
  building: (buildingId: number) => ['front-desk', buildingId] as const,
  visits: (buildingId: number) => ['front-desk', buildingId, 'visits'] as const,
  preRegistrations: (buildingId: number) => ['front-desk', buildingId, 'preregistrations'] as const,
  settings: (clientId: number) => ['front-desk', 'client-settings', clientId] as const,
  search: (buildingId: number, text: string) => ['visitor-search', buildingId, text] as const,
};

/** Current (open) visits of the building (spec 002 §7 POST /VisitorData/CurrentVisits). */
export const currentVisitsQuery = (buildingId: number, refetchInterval: number) =>
  queryOptions({
    queryKey: dashboardKeys.visits(buildingId),
    queryFn: ({ signal }) =>
      api.get<{ data: TVisitSummary[] }>(`/api/buildings/${buildingId}/visits/current`, { signal }).then((r) => r.data),
    refetchInterval,
    refetchIntervalInBackground: true,
  });

/** Today's scheduled visitors and the cards awaiting a decision (spec 002 §7 TodayList). */
export const preRegistrationsQuery = (buildingId: number, refetchInterval: number) =>
  queryOptions({
    queryKey: dashboardKeys.preRegistrations(buildingId),
    queryFn: ({ signal }) => api.get<TPreRegistrationList>(`/api/buildings/${buildingId}/preregistrations`, { signal }),
    refetchInterval,
    refetchIntervalInBackground: true,
  });

/**
 * The district's desk settings (dashboard labels, refresh rate, auto-logout): readable by its
 * attendants (GET /api/clients/:id/desk-settings, no secrets). Null when unreadable: the dashboard
 * then uses the defaults (spec 002 §9) rather than sending the user to sign in.
 */
export type TDeskSettings = TDeskSettingsResponse['desk'];
export const clientSettingsQuery = (clientId: number) =>
  queryOptions({
    queryKey: dashboardKeys.settings(clientId),
    queryFn: async ({ signal }): Promise<TDeskSettings | null> => {
      try {
        const res = await api.get<TDeskSettingsResponse>(`/api/clients/${clientId}/desk-settings`, {
          signal,
          noRedirect: true,
        });
        return res.desk;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return null;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });

/**
 * Name search (spec 002 §7 POST /api/search, action new): the text travels in the body only.
 * Without a building the search covers the user's own district.
 */
export const visitorSearchQuery = (buildingId: number | null, text: string) =>
  queryOptions({
    queryKey: dashboardKeys.search(buildingId ?? 0, text),
    queryFn: ({ signal }) =>
      api
        .post<{ data: TVisitorMatch[] }>(
          '/api/visitors/search',
          { text, action: 'new', ...(buildingId ? { buildingId } : {}) },
          { signal },
        )
        .then((r) => r.data),
    enabled: text.trim().length > 0,
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  });

/** Cards that await a decision: screened with potential issues, or marked pending (spec 002 §4 Pending visitor). */
export const isPending = (p: TPreRegistration) =>
  (p.bgResults === false && (p.status === 'scheduled' || p.status === 'pending')) || p.status === 'pending';

/** Today's scheduled list: the rest of today's cards (scheduled or checked in). */
export const isScheduled = (p: TPreRegistration) =>
  !isPending(p) && (p.status === 'scheduled' || p.status === 'checked_in');

/** Visits left open on previous days are checked out when the dashboard opens (spec 002 §4 Automatic check-out). */
export function useAutoCheckOut(buildingId: number | null, enabled: boolean) {
  const qc = useQueryClient();
  const done = useRef(new Set<number>());
  useEffect(() => {
    if (!buildingId || !enabled || done.current.has(buildingId)) return;
    done.current.add(buildingId);
    api
      .post<{ checkedOut: number }>(`/api/buildings/${buildingId}/visits/auto-check-out`)
      .then((r) => {
        if (r.checkedOut > 0) void qc.invalidateQueries({ queryKey: dashboardKeys.visits(buildingId) });
      })
      .catch(() => {
        // the server's own sweep checks them out too; the dashboard stays usable
      });
  }, [buildingId, enabled, qc]);
}

const EVENT_TYPES = [
  'visit.checked_in',
  'visit.checked_out',
  'entry.denied',
  'preregistration.changed',
  'visitor.pending',
  'nearby.changed',
] as const;
const RECONNECT_MAX_MS = 30_000;

/**
 * Live dashboard: a check-in, check-out or denial at any desk of the building refreshes the lists
 * within a second (issue 4). Events carry ids only; the lists are refetched through the scoped API.
 * The browser's EventSource reconnects by itself after network drops; when the server refuses the
 * stream (EventSource gives up), it is reopened with a growing delay. Polling stays as the fallback.
 */
export function useBuildingEvents(buildingId: number | null): { reconnecting: boolean } {
  const qc = useQueryClient();
  const [reconnecting, setReconnecting] = useState(false);
  useEffect(() => {
    if (!buildingId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let delay = 1000;
    let closed = false;
    let opened = false;
    const refresh = () => void qc.invalidateQueries({ queryKey: dashboardKeys.building(buildingId) });

    const open = () => {
      source = new EventSource(`/api/buildings/${buildingId}/events`);
      source.onopen = () => {
        delay = 1000;
        // anything missed while disconnected
        if (opened) refresh();
        opened = true;
      };
      source.onmessage = refresh;
      for (const type of EVENT_TYPES) source.addEventListener(type, refresh);
      // issue 23 §8: the server lost its database notifications for a moment; when they are back,
      // refetch whatever may have been missed
      source.addEventListener('stream.reconnecting', () => setReconnecting(true));
      source.addEventListener('stream.resync', () => {
        setReconnecting(false);
        refresh();
      });
      source.onerror = () => {
        if (closed || !source || source.readyState !== EventSource.CLOSED) return;
        source.close();
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      };
    };
    open();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [buildingId, qc]);
  return { reconnecting };
}

function useRefreshBuilding(buildingId: number | null) {
  const qc = useQueryClient();
  return () => {
    if (buildingId) void qc.invalidateQueries({ queryKey: dashboardKeys.building(buildingId) });
  };
}

export function useCheckOut(buildingId: number | null) {
  const refresh = useRefreshBuilding(buildingId);
  return useMutation({
    mutationFn: (visitId: number) => api.post<{ visit: TVisitSummary }>(`/api/visits/${visitId}/check-out`),
    onSettled: refresh,
  });
}

/**
 * ALLOW (spec 002 §4): clears the issues and checks the visitor in, with the Idempotency-Key of
 * the request (`api.create`), reused when the same action is retried (security guide).
 */
export function useAllow(buildingId: number | null) {
  const refresh = useRefreshBuilding(buildingId);
  return useMutation({
    // the results the card listed are the ones the attendant confirmed (issue 10 §1)
    // the photo the building requires, taken on the card (issue 22), when there is one
    // the key of this request from the one keyring (issue 23 §4): the same card and photo again reuse it
    mutationFn: ({ card, photoFileId }: { card: TPreRegistration; photoFileId?: string | null }) =>
      api.create<TCheckInResponse>(`/api/preregistrations/${card.id}/allow`, {
        confirmedRefs: card.issues.findings.map(({ source, ref }) => ({ source, ref })),
        ...(photoFileId ? { photoFileId } : {}),
      }),
    onSettled: refresh,
  });
}

/**
 * A scheduled card's visitor record (created from the card the first time), so its "Check in"
 * opens the same screening step as every check-in (issue 10 §1).
 */
export function useCardVisitor() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ visitorId: number }>(`/api/preregistrations/${id}/visitor`, {}),
  });
}

/**
 * DENY (spec 002 §4): the server records the denial with the card's counts (creating the visitor
 * record from the card when needed) and notifies security.
 */
export function useDeny(buildingId: number | null) {
  const refresh = useRefreshBuilding(buildingId);
  return useMutation({
    // one Idempotency-Key per card action: a retried DENY records one denial (issue 10 §5)
    mutationFn: ({ card }: { card: TPreRegistration; buildingId: number }) =>
      api.create<TDenyPreRegistrationResponse>(`/api/preregistrations/${card.id}/deny`, {}),
    onSettled: refresh,
  });
}

/** CLOSE (spec 002 §4): dismisses the card. */
export function useClosePreRegistration(buildingId: number | null) {
  const refresh = useRefreshBuilding(buildingId);
  return useMutation({
    mutationFn: (id: number) => api.post<TPreRegistration>(`/api/preregistrations/${id}/close`),
    onSettled: refresh,
  });
}

/** Cancel a pre-registration check-in (spec 002 §4 Cancel check-in). */
export function useCancelCheckIn(buildingId: number | null) {
  const refresh = useRefreshBuilding(buildingId);
  return useMutation({
    mutationFn: (id: number) => api.post<{ ok: true }>(`/api/preregistrations/${id}/cancel-check-in`),
    onSettled: refresh,
  });
}
