import { MESSAGES } from '@sv/contracts';
import { type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { notify } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The screen that reads this query shows its failure itself (a list's table, a search's
       * "No results found.", an editor that closes with its own message): the query client then
       * only logs the failure and shows no toast, so the user is not told twice.
       */
      showsError?: boolean;
    };
  }
}

/** The `meta` of a query whose screen shows its failure itself (see `showsError`). */
export const SHOWS_ERROR = { showsError: true } as const;

/**
 * The text a failed load shows: the server's sentence, else the spec's "Error retrieving data."
 * (spec 000 §8).
 */
export function loadFailureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.errorRetrieving;
}

/** What a failed load logs (spec 000 §8 "Query failure: logs 'Error retrieving data.' plus the message"). */
export function loadFailureLog(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message && message !== MESSAGES.errorRetrieving
    ? `${MESSAGES.errorRetrieving} ${message}`
    : MESSAGES.errorRetrieving;
}

/**
 * Every failed query is reported here, once (spec 000 §8 "Query failure: logs 'Error retrieving
 * data.' plus the message"; issue 25, audit 000 12.4 and U14: a failed load was silent unless its
 * screen happened to say so). It is always logged — a warning, not an error: a failed read is not a
 * fault of the page. The user is told with the one notice unless the query's screen shows the
 * failure itself (`meta: SHOWS_ERROR`), or the failure already took the user away (401/403: the
 * API client sends them to sign in) or was cancelled.
 */
export function reportQueryFailure(error: unknown, query: Pick<Query, 'meta'>): void {
  if (error instanceof Error && error.name === 'AbortError') return;
  console.warn(loadFailureLog(error));
  if (query.meta?.showsError) return;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
  notify.error(loadFailureText(error));
}

/**
 * Cached collections (spec 000 §1: states, clients, buildings, contacts, exclusions, user
 * profiles are loaded once and refetched only when forced) live in memory in TanStack Query,
 * never in localStorage (security guide). Mutations invalidate the keys they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportQueryFailure }),
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
}

export const queryClient = createQueryClient();
