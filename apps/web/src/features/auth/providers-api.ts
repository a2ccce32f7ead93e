import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Which sign-in methods this installation offers (Microsoft when OIDC is configured). */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => api.get<{ microsoft: boolean }>('/api/auth/providers', { noRedirect: true }),
  });
}
