import type { TLoginRequest, TSessionResponse } from '@sv/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../lib/api-client';
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
