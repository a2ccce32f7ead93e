import { ROLE } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import {
  createOidcClient,
  type IdentityProvider,
  randomNonce,
  randomPkceVerifier,
  randomState,
} from '../../integrations/identity/oidc-client';
import type { AuthService, ClientInfo } from './auth.service';
import type { MicrosoftRepository } from './microsoft.repository';

/** A pending sign-in (state, nonce, PKCE verifier) is good for 10 minutes (issue 2 §3). */
export const OIDC_STATE_MINUTES = 10;

export type MicrosoftFailure =
  | 'not_configured'
  | 'provider_unavailable'
  | 'state_mismatch'
  | 'state_unknown_or_expired'
  | 'provider_error'
  | 'token_invalid'
  | 'unknown_identity'
  | 'inactive';

/** A relative path inside this app only (no open redirect through a stored homepage). */
export function safeLocalPath(path: string | null | undefined, fallback = '/') {
  return path?.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : fallback;
}

/** Where a signed-in user lands: kiosk accounts on the kiosk, others on their homepage (spec 000 §3 homepage). */
export function landingPage(user: { roleId: number; homepage: string | null }) {
  return user.roleId === ROLE.Kiosk ? '/safe/kiosk' : safeLocalPath(user.homepage);
}

/**
 * The identity of a provider account. Microsoft Entra ID tokens carry `tid` (tenant) and
 * `oid` (object id, stable across applications); a generic OIDC provider has neither, and
 * then the pair is (issuer, sub), which OIDC defines as unique and never reassigned.
 */
export function identityOf(claims: Record<string, unknown>) {
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  const tid = str(claims.tid);
  const oid = str(claims.oid);
  if (tid && oid) return { tenantId: tid, objectId: oid };
  const iss = str(claims.iss);
  const sub = str(claims.sub);
  return iss && sub ? { tenantId: iss, objectId: sub } : null;
}

/**
 * The e-mail used only by the administrator-approved linking rule: `email` unless the provider
 * says it is unverified, else `preferred_username` when it is an address (Microsoft's UPN).
 */
export function linkingEmail(claims: Record<string, unknown>) {
  const looksLikeEmail = (v: unknown): v is string => typeof v === 'string' && /^[^@\s]+@[^@\s]+$/.test(v);
  if (claims.email_verified !== false && looksLikeEmail(claims.email)) return claims.email;
  if (looksLikeEmail(claims.preferred_username)) return claims.preferred_username;
  return null;
}

/**
 * Microsoft sign-in with OpenID Connect (issue 2 §3; spec 000 §2 logout through
 * /Account/MicrosoftSignOut). Authorization code flow with state, nonce and PKCE kept on the
 * server (security guide); users matched by tenant id + object id.
 */
export function createMicrosoftService(
  deps: AppDeps,
  { repo, auth }: { repo: MicrosoftRepository; auth: AuthService },
  idp: IdentityProvider | null = defaultProvider(deps),
) {
  const { config } = deps;
  const callbackPath = '/api/auth/microsoft/callback';

  async function fail(reason: MicrosoftFailure, client: ClientInfo, kiosk: boolean, userId: number | null = null) {
    await deps.audit.record(
      { requestId: client.requestId, ip: client.ip },
      { action: 'auth.login.failed', targetType: 'user', targetId: userId, details: { method: 'microsoft', reason } },
    );
    return {
      ok: false as const,
      reason,
      redirectTo: `${kiosk ? '/safe/kiosk/login' : '/Account/Login'}?error=microsoft`,
    };
  }

  return {
    enabled: () => idp !== null,

    /** Starts a sign-in: stores the checks and answers the provider URL to redirect to. */
    async start(kiosk: boolean, client: ClientInfo) {
      if (!idp) return fail('not_configured', client, kiosk);
      const now = deps.now();
      await repo.purgeStates(new Date(now.getTime() - OIDC_STATE_MINUTES * 60_000));
      const checks = { state: randomState(), nonce: randomNonce(), codeVerifier: randomPkceVerifier() };
      let url: URL;
      try {
        url = await idp.authorizationUrl(checks);
      } catch {
        return fail('provider_unavailable', client, kiosk);
      }
      await repo.saveState({ ...checks, kiosk, createdAt: now });
      return { ok: true as const, redirectTo: url.href, state: checks.state };
    },

    /**
     * Finishes a sign-in. `browserState` is the state bound to this browser by a cookie at
     * start, so a callback URL cannot be replayed into another person's browser (login CSRF).
     */
    async callback(rawQuery: string, browserState: string | undefined, client: ClientInfo) {
      const params = new URLSearchParams(rawQuery);
      const state = params.get('state') ?? '';
      if (!idp) return fail('not_configured', client, false);
      if (!state || !browserState || state !== browserState) return fail('state_mismatch', client, false);
      const pending = await repo.takeState(state);
      const now = deps.now();
      if (!pending || now.getTime() - pending.createdAt.getTime() > OIDC_STATE_MINUTES * 60_000) {
        return fail('state_unknown_or_expired', client, pending?.kiosk ?? false);
      }
      const kiosk = pending.kiosk;
      if (params.has('error')) return fail('provider_error', client, kiosk);

      let claims: Record<string, unknown>;
      try {
        const base = config.PUBLIC_URL.replace(/\/$/, '');
        claims = await idp.completeSignIn(new URL(`${base}${callbackPath}?${rawQuery}`), {
          state: pending.state,
          nonce: pending.nonce,
          codeVerifier: pending.codeVerifier,
        });
      } catch {
        return fail('token_invalid', client, kiosk);
      }
      const identity = identityOf(claims);
      if (!identity) return fail('token_invalid', client, kiosk);

      let user = await repo.findByIdentity(identity.tenantId, identity.objectId);
      if (!user && config.OIDC_LINK_TENANTS.includes(identity.tenantId)) {
        // Administrator-approved rule (issue 2 §3): in an approved tenant, the first Microsoft
        // sign-in links the account to the active, not yet linked user with the same e-mail.
        // From then on only tenant id + object id count, even if the e-mail changes.
        const email = linkingEmail(claims);
        const candidate = email ? await repo.findLinkCandidate(email) : null;
        if (candidate && (await repo.link(candidate.id, identity.tenantId, identity.objectId, now))) {
          user = candidate;
          await deps.audit.record(
            { requestId: client.requestId, ip: client.ip },
            {
              action: 'auth.microsoft.linked',
              targetType: 'user',
              targetId: candidate.id,
              clientId: candidate.clientId,
              buildingId: candidate.buildingId,
              details: { tenantId: identity.tenantId },
            },
          );
        }
      }
      if (!user) return fail('unknown_identity', client, kiosk);
      if (!user.active) return fail('inactive', client, kiosk, user.id);

      const session = await auth.startSession(user.id, 'microsoft', client);
      return { ok: true as const, redirectTo: landingPage(user), token: session.token };
    },

    /** Where /Account/MicrosoftSignOut sends the browser: the provider's end-session endpoint. */
    async signOutUrl() {
      const login = `${config.PUBLIC_URL.replace(/\/$/, '')}/Account/Login`;
      if (idp) {
        try {
          const url = await idp.endSessionUrl(login);
          if (url) return url.href;
        } catch {
          // provider unreachable: fall back to the configured logout URL
        }
      }
      return config.OIDC_LOGOUT_URL ?? '/Account/Login';
    },
  };
}
export type MicrosoftService = ReturnType<typeof createMicrosoftService>;

function defaultProvider(deps: AppDeps): IdentityProvider | null {
  const c = deps.config;
  if (!c.OIDC_ISSUER || !c.OIDC_CLIENT_ID) return null;
  return createOidcClient({
    issuer: c.OIDC_ISSUER,
    clientId: c.OIDC_CLIENT_ID,
    clientSecret: c.OIDC_CLIENT_SECRET,
    redirectUri: `${c.PUBLIC_URL.replace(/\/$/, '')}/api/auth/microsoft/callback`,
  });
}
