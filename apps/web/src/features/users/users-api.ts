import type { TPage, TUser, TUserFormOptions, TUserSave, TUsersQuery } from '@sv/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchListPage } from '../../lib/list-request';
import { SHOWS_ERROR } from '../../lib/query-client';

export const userKeys = {
  all: ['users'] as const,
  list: (q: TUsersQuery) => ['users', 'list', q] as const,
  one: (id: number) => ['users', 'one', id] as const,
  options: ['users', 'form-options'] as const,
};

export const usersListQuery = (q: TUsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(q),
    queryFn: () => fetchListPage<TPage<TUser>>('/api/users', q),
    placeholderData: keepPreviousData,
    meta: SHOWS_ERROR,
    staleTime: 0,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.one(id),
    queryFn: () => api.get<{ user: TUser }>(`/api/users/${id}`).then((r) => r.user),
    staleTime: 0,
  });

/** Clients (admins) and buildings the user form and client filter offer. */
export const userFormOptionsQuery = queryOptions({
  queryKey: userKeys.options,
  queryFn: () => api.get<TUserFormOptions>('/api/users/form-options'),
});

export function useUsersList(q: TUsersQuery) {
  return useQuery(usersListQuery(q));
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TUserSave }) =>
      (id === null
        ? api.create<{ user: TUser }>('/api/users', body)
        : api.put<{ user: TUser }>(`/api/users/${id}`, body)
      ).then((r) => r.user),
    onSuccess: (user) => {
      qc.setQueryData(userKeys.one(user.id), user);
      void qc.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

/** Activation or reset e-mail (auth feature: POST /api/users/:id/password-email → { message: 'Email Sent' }). */
export function useSendPasswordEmail() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/users/${id}/password-email`),
  });
}
