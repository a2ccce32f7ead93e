import type { TLoginRequest, TSessionResponse } from '@sv/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, setCsrfToken } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TLoginRequest) => api.post<TSessionResponse>('/api/auth/login', body, { noRedirect: true }),
    onSuccess: (session) => {
      setCsrfToken(session.csrfToken);
      qc.clear();
      qc.setQueryData(sessionKey, session);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ redirectTo: string }>('/api/auth/logout', {}, { noRedirect: true }),
    onSettled: () => {
      setCsrfToken(null);
      qc.clear();
      qc.setQueryData(sessionKey, null);
    },
  });
}

/**
 * The kiosk's log-out (issue 25, audit 002 U4): the kiosk account's password, checked on the
 * server. A wrong one leaves the kiosk signed in and everything it holds in place; only a success,
 * or a session that had already ended (401), clears it.
 */
export function useKioskLogout() {
  const qc = useQueryClient();
  const clear = () => {
    setCsrfToken(null);
    qc.clear();
    qc.setQueryData(sessionKey, null);
  };
  return useMutation({
    mutationFn: (password: string) =>
      api.post<{ redirectTo: string }>('/api/auth/logout', { password }, { noRedirect: true, retry: false }),
    onSuccess: clear,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) clear();
    },
  });
}
