import type { AppDeps } from '../../platform/deps';
import { authenticationUseCases } from './scim.authenticate';
import { createScimCore } from './scim.core';
import { groupUseCases } from './scim.groups';
import { userUseCases } from './scim.users';

export {
  parseScimFilter,
  ruleFor,
  SCIM_ERROR,
  SCIM_GROUP,
  SCIM_LIST,
  SCIM_PATCH,
  SCIM_USER,
  ScimError,
} from './scim.core';

/**
 * SCIM 2.0 per district (issue 30 §3, ADR 0052): the district's directory creates, updates and
 * deactivates its staff (district administrators and attendants), and its groups set role and
 * building through the administrator's group rules. What SCIM may change: name, e-mail, active,
 * externalId, and role/building only through a rule. It never touches a platform administrator,
 * a kiosk, a password, another district, or the district's break-glass administrator.
 * A deactivation ends the user's sessions at once, as a manual deactivation does.
 * One closure per use case (issue 24 §1): scim.authenticate, scim.users, scim.groups, on one
 * shared core (scim.core.ts).
 */
export function createScimService(deps: AppDeps, parts: Parameters<typeof createScimCore>[1]) {
  const core = createScimCore(deps, parts);
  return {
    ...authenticationUseCases(core),
    ...userUseCases(core),
    ...groupUseCases(core),
  };
}
export type ScimService = ReturnType<typeof createScimService>;
