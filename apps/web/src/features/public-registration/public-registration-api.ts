import type { TPublicForm, TPublicSubmission, TPublicSubmissionResult } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * The public registration form's calls (issue 11). No session: never redirect to sign-in
 * (noRedirect); the form lives in memory only (nothing in browser storage, security guide).
 */
const formUrl = (clientId: string, code: string) =>
  `/api/public/registration-forms/${encodeURIComponent(clientId)}/${encodeURIComponent(code)}`;

export function usePublicForm(clientId: string, code: string, invitation: string | null) {
  return useQuery({
    queryKey: ['public-registration-form', clientId, code, invitation],
    queryFn: () =>
      api.get<TPublicForm>(
        `${formUrl(clientId, code)}${invitation ? `?invitation=${encodeURIComponent(invitation)}` : ''}`,
        { noRedirect: true },
      ),
    retry: false,
    meta: SHOWS_ERROR,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export const submitRegistration = (clientId: string, code: string, body: TPublicSubmission) =>
  api.create<TPublicSubmissionResult>(`${formUrl(clientId, code)}/submissions`, body, { noRedirect: true });
