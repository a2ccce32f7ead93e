import * as oidc from 'openid-client';

/** What the Microsoft sign-in needs from an OpenID Connect provider (issue 2 §3). */
export interface IdentityProvider {
  /** The provider's authorization URL for a new sign-in (authorization code + PKCE S256). */
  authorizationUrl(input: { state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /**
   * Validates the authorization response that reached `callbackUrl` (state, issuer, code),
   * redeems the code with the PKCE verifier and validates the ID token (signature, audience,
   * nonce). Returns the ID token's claims.
   */
  completeSignIn(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<Record<string, unknown>>;
  /** The provider's end-session URL, or null when it does not publish one. */
  endSessionUrl(postLogoutRedirectUri: string): Promise<URL | null>;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  scope?: string;
}

/** Plain http is accepted for a loopback issuer only (the local test provider). */
function isLoopbackHttp(issuer: URL) {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

export const randomPkceVerifier = () => oidc.randomPKCECodeVerifier();
export const randomState = () => oidc.randomState();
export const randomNonce = () => oidc.randomNonce();

/**
 * The OpenID Connect client (openid-client 6). Discovery runs on first use and is cached; a
 * failed discovery is retried on the next sign-in rather than cached.
 */
export function createOidcClient(opts: OidcClientOptions): IdentityProvider {
  const issuer = new URL(opts.issuer);
  if (issuer.protocol !== 'https:' && !isLoopbackHttp(issuer)) {
    throw new Error('OIDC_ISSUER must use https (http only for a loopback test issuer)');
  }
  let config: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    config ??= oidc
      .discovery(
        issuer,
        opts.clientId,
        undefined,
        opts.clientSecret ? oidc.ClientSecretBasic(opts.clientSecret) : oidc.None(),
        isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((err) => {
        config = null;
        throw err;
      });
    return config;
  };

  return {
    async authorizationUrl({ state, nonce, codeVerifier }) {
      const c = await configuration();
      return oidc.buildAuthorizationUrl(c, {
        redirect_uri: opts.redirectUri,
        scope: opts.scope ?? 'openid profile email',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    async completeSignIn(callbackUrl, checks) {
      const c = await configuration();
      const tokens = await oidc.authorizationCodeGrant(c, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      return { ...claims };
    },

    async endSessionUrl(postLogoutRedirectUri) {
      const c = await configuration();
      if (!c.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(c, {
        client_id: opts.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      });
    },
  };
}
