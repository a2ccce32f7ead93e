import type { TActor } from '@sv/contracts';
import { badRequest, notFound } from '../http/app-error';

/**
 * The district a district-administration request is about (retention, a person's records, drill
 * requirements): a district administrator's own — naming another answers 404, as for any record
 * outside their scope — or the one the platform administrator names, which is then required.
 * The caller still checks that the district exists in the actor's scope.
 */
export function requestedDistrict(
  actor: TActor,
  requested: number | undefined,
  notFoundMessage = 'Client not found',
): number {
  const clientId = actor.clientId ?? requested;
  if (clientId === undefined) throw badRequest('Choose a district.', { clientId: ['Choose a district.'] });
  if (actor.clientId !== null && requested !== undefined && requested !== actor.clientId)
    throw notFound(notFoundMessage);
  return clientId;
}
