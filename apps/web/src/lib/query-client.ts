import { QueryClient } from '@tanstack/react-query';

/**
 * Cached collections (spec 000 §1: states, clients, buildings, contacts, exclusions, user
 * profiles are loaded once and refetched only when forced) live in memory in TanStack Query,
 * never in localStorage (security guide). Mutations invalidate the keys they change.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 30 * 60_000,
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
