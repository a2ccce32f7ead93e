import {
  CONSTANTS,
  type THomepageResponse,
  type TImpersonationSearchResponse,
  type TSessionResponse,
  type ZEmergencyResponse,
} from '@sv/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api, ApiError, setCsrfToken } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { fetchSession, sessionKey } from '../../lib/session';
import { useLogout } from '../auth/auth-api';
import { SHOWS_ERROR } from '../../lib/query-client';

type TEmergencyResponse = z.infer<typeof ZEmergencyResponse>;

/**
 * Header emergency button (spec 000 §4, §7 POST /api/emergency): no payload from the header; an
 * Idempotency-Key per press, so repeats of one press send one alert (issue 10 §5).
 */
export function useSendEmergency() {
  return useMutation({
    mutationFn: ({ idempotencyKey, buildingId }: { idempotencyKey: string; buildingId?: number }) =>
      // no silent retries (issue 23 §6): a failed emergency message must say so at once, so the
      // person calls instead of waiting; a second press repeats the same key. The platform
      // administrator names the building (issue 23 §2); everyone else sends no payload.
      api.post<TEmergencyResponse>('/api/emergency', buildingId === undefined ? {} : { buildingId }, {
        headers: { 'Idempotency-Key': idempotencyKey },
        retry: false,
      }),
  });
}

/**
 * Impersonation search (spec 000 §2, §5): starts at 2 characters; the term travels in the body,
 * never in a URL (security guide). Kept in memory only. `active` is false once the modal closes.
 */
export function useImpersonationSearch(term: string, active: boolean) {
  const search = term.trim();
  return useQuery({
    queryKey: ['impersonation', 'search', search],
    queryFn: ({ signal }) =>
      api.post<TImpersonationSearchResponse>('/api/impersonation/search', { search }, { signal }),
    enabled: active && search.length >= CONSTANTS.minSearchChars,
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    gcTime: 0,
  });
}

/**
 * After impersonation starts or ends the server has a new session (new id and CSRF token).
 * Load it, leave the current screen for the new user's homepage (so no screen of the previous
 * user refetches as the new one), drop every cached collection of the previous user, and put the
 * new session in place.
 */
function useSwitchUser(beforeSwitch?: () => void) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async (r: THomepageResponse) => {
    setCsrfToken(r.csrfToken);
    const session: TSessionResponse | null = await fetchSession();
    beforeSwitch?.();
    navigate(r.homepage || paths.home, { replace: true });
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
    qc.setQueryData(sessionKey, session);
  };
}

/** Start acting as another person (admins only); `beforeSwitch` closes the modal first. */
export function useStartImpersonation(beforeSwitch?: () => void) {
  const switchUser = useSwitchUser(beforeSwitch);
  return useMutation({
    mutationFn: (userId: number) => api.post<THomepageResponse>('/api/impersonation', { userId }),
    onSuccess: switchUser,
  });
}

export function useEndImpersonation() {
  const switchUser = useSwitchUser();
  return useMutation({
    mutationFn: () => api.delete<THomepageResponse>('/api/impersonation'),
    onSuccess: switchUser,
  });
}

/**
 * Logout (spec 000 §2): the server answers where to go (/Account/Login, the kiosk sign-in, or
 * /Account/MicrosoftSignOut). If logout fails the user is sent to the external sign-out; when the
 * session had already ended on the server (401) there is nothing left to end, so to sign-in.
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  // mutateAsync, not mutate's callbacks: clearing the session unmounts the shell that asked, and a
  // mutation's per-call callbacks never run for an unmounted caller — the redirect (the provider's
  // sign-out for a Microsoft user) was then lost whenever the render came first (CI, microsoft.spec)
  const signOut = () =>
    logout.mutateAsync().then(
      (r) => navigate(r.redirectTo, { replace: true }),
      (err) => {
        if (err instanceof ApiError && err.status === 401) {
          navigate(window.location.pathname.toLowerCase().startsWith('/safe/kiosk') ? paths.kioskLogin : paths.login, {
            replace: true,
          });
        } else navigate(paths.microsoftSignOut, { replace: true });
      },
    );
  return { signOut, pending: logout.isPending };
}
