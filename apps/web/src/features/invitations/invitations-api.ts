import type { TInvitationSend, TPage, TRegTypeListItem, TImportResult } from '@sv/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { uploadImport, type UploadOutcome } from '../../components/import-dialog';
import { api } from '../../lib/api-client';
import { regTypeKeys } from '../registration-types/registration-types-api';

/** Active registration types of a district for the selects (spec 001 §2: "registration type select of active types"). */
export const activeTypesQuery = (clientId: number) => ({
  queryKey: [...regTypeKeys.all, 'active', clientId] as const,
  queryFn: () =>
    api
      .get<TPage<TRegTypeListItem>>(
        `/api/clients/${clientId}/registration-types?activeOnly=true&perPage=100&sort=name&dir=asc`,
      )
      .then((r) => r.data),
});
export const useActiveTypes = (clientId: number | null) =>
  useQuery({ ...activeTypesQuery(clientId ?? 0), enabled: clientId !== null });

export const invitationUrl = (typeId: number) => `/api/registration-types/${typeId}/invitations`;

export function useSendInvitation() {
  return useMutation({
    mutationFn: ({ typeId, body }: { typeId: number; body: TInvitationSend }) =>
      api.create<{ id: number; channels: ('email' | 'sms')[] }>(invitationUrl(typeId), body),
  });
}

/** The bulk upload (multipart through the one import pipeline), with upload progress. */
export function uploadInvitations(
  typeId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('file', file);
  return uploadImport(`${invitationUrl(typeId)}/import`, form, onProgress);
}

export const sampleImportHref = (format: 'csv' | 'xlsx') => `/api/registrations/sample-import?format=${format}`;
export type { TImportResult };
