import { startOidcProvider } from '../apps/server/src/test/peers/oidc-provider';
import { OIDC } from './oidc';

/** Starts the local OpenID Connect provider the server is configured with (playwright.config.ts). */
export default async function globalSetup() {
  const peer = await startOidcProvider({
    port: OIDC.port,
    clientId: OIDC.clientId,
    clientSecret: OIDC.clientSecret,
    redirectUri: `${OIDC.appUrl}/api/auth/microsoft/callback`,
    postLogoutRedirectUris: [`${OIDC.appUrl}/Account/Login`],
    accounts: [{ ...OIDC.account, tid: OIDC.tenantId }],
  });
  return () => peer.close();
}
