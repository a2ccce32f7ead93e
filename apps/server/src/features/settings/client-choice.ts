import { ROLE, type TActor } from '@sv/contracts';
import { badRequest, notFound } from '../../platform/http/app-error';

export const CHOOSE_CLIENT = 'Choose a district.';

/**
 * The client a settings request is about: admins choose one (required); everyone else works on
 * their own client, and naming another answers 404 (security guide: a client id in a request is a
 * request to be checked, never trusted).
 */
export function resolveClientId(actor: TActor, requested: number | undefined): number {
  if (actor.roleId === ROLE.Admin) {
    if (!requested) throw badRequest(CHOOSE_CLIENT, { clientId: [CHOOSE_CLIENT] });
    return requested;
  }
  if (actor.clientId === null || (requested !== undefined && requested !== actor.clientId)) {
    throw notFound('Client not found');
  }
  return actor.clientId;
}
