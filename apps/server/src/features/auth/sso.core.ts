import { GOOGLE_ISSUER, microsoftIssuer, type TSsoKind } from '@sv/contracts';
import {
  createOidcClient,
  type IdentityProvider,
  randomNonce,
  randomPkceVerifier,
  randomState,
} from '../../integrations/identity/oidc-client';
import { requestedDistrict } from '../../platform/auth/district';
import { requirePermission } from '../../platform/auth/permission';
import { sha256 } from '../../platform/auth/tokens';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { AuthService, ClientInfo } from './auth.service';
import { OIDC_STATE_MINUTES } from './microsoft.service';
import type { SsoConfigRow, SsoRepository } from './sso.repository';

/** The one redirect URI every district registers at its provider (the state names the district). */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** The associated data of a district's sealed client secret (a ciphertext opens for this district only). */
export const ssoSecretContext = (clientId: number) => `client:${clientId}:sso`;

export type SsoFailure =
  | 'not_configured'
  | 'provider_unavailable'
  | 'state_mismatch'
  | 'state_unknown_or_expired'
  | 'provider_error'
  | 'token_invalid'
  | 'unknown_identity'
  | 'pending_approval'
  | 'inactive';

const isLoopback = (u: URL) => u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

/** The issuer a configuration signs in with (issue 30 §1: Microsoft Entra ID, Google Workspace, any OIDC). */
export function issuerOf(kind: TSsoKind, typed: string): string | null {
  const value = typed.trim();
  if (kind === 'google') return GOOGLE_ISSUER;
  if (kind === 'microsoft') {
    return /^[A-Za-z0-9.-]{3,100}$/.test(value) ? microsoftIssuer(value.toLowerCase()) : null;
  }
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || isLoopback(u) ? value.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

export const tenantOf = (row: SsoConfigRow | null) =>
  row?.kind === 'microsoft' ? (/login\.microsoftonline\.com\/([^/]+)\/v2\.0$/.exec(row.issuer)?.[1] ?? '') : '';

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * What every district sign-in use case shares (issue 24 §1: one closure per use case on a shared
 * core, like kiosk.core.ts): the service's parts, the sealed-secret box, one OIDC client per
 * district, the district an administrator manages, a failed sign-in's answer and the start of an
 * authorization code flow.
 */
export function createSsoCore(deps: AppDeps, { repo, auth }: { repo: SsoRepository; auth: AuthService }) {
  const box = createSecretBox(deps.config.APP_SECRET);
  const base = () => deps.config.PUBLIC_URL.replace(/\/$/, '');
  /** one OIDC client per district configuration (discovery cached), rebuilt when it changes */
  const providers = new Map<number, { key: string; idp: IdentityProvider }>();

  function providerOf(row: SsoConfigRow): IdentityProvider | null {
    if (!row.issuer || !row.oidcClientId) return null;
    const secret = row.clientSecret
      ? (box.open(row.clientSecret, ssoSecretContext(row.clientId)) ?? undefined)
      : undefined;
    const key = sha256(`${row.issuer}\n${row.oidcClientId}\n${secret ?? ''}`);
    const cached = providers.get(row.clientId);
    if (cached?.key === key) return cached.idp;
    try {
      const idp = createOidcClient({
        issuer: row.issuer,
        clientId: row.oidcClientId,
        clientSecret: secret,
        redirectUri: `${base()}${SSO_CALLBACK_PATH}`,
      });
      providers.set(row.clientId, { key, idp });
      return idp;
    } catch {
      return null;
    }
  }

  async function districtOf(ctx: RequestCtx, requested: number | undefined) {
    requirePermission(ctx.actor, 'sso.manage');
    const clientId = requestedDistrict(ctx.actor, requested);
    const district = await repo.district(ctx.actor, clientId);
    if (!district) throw notFound('Client not found');
    return district;
  }

  const audit = (client: ClientInfo) => ({ requestId: client.requestId, ip: client.ip });

  async function fail(reason: SsoFailure, client: ClientInfo, clientId: number | null, userId: number | null = null) {
    await deps.audit.record(audit(client), {
      action: 'auth.login.failed',
      targetType: 'user',
      targetId: userId,
      clientId,
      details: { method: 'sso', reason },
    });
    const error = reason === 'pending_approval' ? 'sso-pending' : 'sso';
    return { ok: false as const, reason, redirectTo: `/Account/Login?error=${error}` };
  }

  async function beginFlow(
    row: SsoConfigRow,
    extra: { purpose: 'signin' | 'test'; userId?: number | null },
  ): Promise<{ ok: true; redirectTo: string; state: string } | { ok: false }> {
    const idp = providerOf(row);
    if (!idp) return { ok: false };
    const now = deps.now();
    await repo.purgeStates(new Date(now.getTime() - OIDC_STATE_MINUTES * 60_000));
    const checks = { state: randomState(), nonce: randomNonce(), codeVerifier: randomPkceVerifier() };
    let url: URL;
    try {
      url = await idp.authorizationUrl(checks);
    } catch {
      return { ok: false };
    }
    await repo.saveState({
      ...checks,
      kiosk: false,
      clientId: row.clientId,
      purpose: extra.purpose,
      userId: extra.userId ?? null,
      configVersion: row.version,
      createdAt: now,
    });
    return { ok: true, redirectTo: url.href, state: checks.state };
  }

  return { deps, repo, auth, box, base, providerOf, districtOf, audit, fail, beginFlow };
}
export type SsoCore = ReturnType<typeof createSsoCore>;
