import type { TSessionResponse, TSessionUser } from '@sv/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, setCsrfToken } from './api-client';
import { SHOWS_ERROR } from './query-client';

export const sessionKey = ['session'] as const;

/** The signed-in user (or null). Also the keep-alive (spec 000 §4). */
export async function fetchSession(): Promise<TSessionResponse | null> {
  try {
    const s = await api.get<TSessionResponse>('/api/auth/session', { noRedirect: true });
    setCsrfToken(s.csrfToken);
    return s;
  } catch (err) {
    // issue 23 §6: only a 401 means signed out; a network failure keeps the session (the query
    // keeps its last answer and the offline banner shows)
    if (err instanceof ApiError && err.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw err;
  }
}

// The keep-alive (use-idle-logout) is the one periodic read of the session (spec 000 §4: every
// 10 minutes); a stale time would add reads on focus and remounts, so the cached answer never goes
// stale on its own. Sign-in, sign-out and any 401 replace it.
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: fetchSession,
  staleTime: Number.POSITIVE_INFINITY,
  // a failed read keeps the last answer and the offline banner says so (lib/query-client)
  meta: SHOWS_ERROR,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user; only use under a route that requires sign-in. */
export function useUser(): TSessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useUser outside a signed-in route');
  return data.user;
}
