import type { AppDeps } from '../../platform/deps';
import { createSsoCore } from './sso.core';
import { pendingUseCases } from './sso.pending';
import { settingsUseCases } from './sso.settings';
import { signInUseCases } from './sso.sign-in';

export { issuerOf, SSO_CALLBACK_PATH, type SsoFailure, ssoSecretContext } from './sso.core';

/**
 * Districts bring their own sign-in (issue 30 §1–§2, ADR 0052). Authorization code flow with state,
 * nonce and PKCE kept on the server, bound to the browser by a cookie, exactly as the platform's
 * Microsoft sign-in; the pending sign-in names its district, and every user lookup after the
 * provider answers is bound to that district, so district A's provider never signs anyone into B.
 * One closure per use case (issue 24 §1): sso.settings, sso.pending, sso.sign-in, on one shared
 * core (sso.core.ts).
 */
export function createSsoService(deps: AppDeps, parts: Parameters<typeof createSsoCore>[1]) {
  const core = createSsoCore(deps, parts);
  return {
    ...settingsUseCases(core),
    ...pendingUseCases(core),
    ...signInUseCases(core),
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
