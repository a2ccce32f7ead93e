import {
  GOOGLE_ISSUER,
  microsoftIssuer,
  ROLE,
  SSO_MESSAGES,
  STALE_EDIT_MESSAGE,
  type TSsoDiscoverResponse,
  type TSsoKind,
  type TSsoProvisioning,
  type TSsoSettings,
  type TSsoSettingsUpdate,
  ZSsoSettingsUpdate,
} from '@sv/contracts';
import {
  createOidcClient,
  type IdentityProvider,
  randomNonce,
  randomPkceVerifier,
  randomState,
} from '../../integrations/identity/oidc-client';
import { requestedDistrict } from '../../platform/auth/district';
import { requirePermission } from '../../platform/auth/permission';
import { newToken, sha256 } from '../../platform/auth/tokens';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { AuthService, ClientInfo } from './auth.service';
import { identityOf, landingPage, linkingEmail, OIDC_STATE_MINUTES } from './microsoft.service';
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

const tenantOf = (row: SsoConfigRow | null) =>
  row?.kind === 'microsoft' ? (/login\.microsoftonline\.com\/([^/]+)\/v2\.0$/.exec(row.issuer)?.[1] ?? '') : '';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Districts bring their own sign-in (issue 30 §1–§2, ADR 0052). Authorization code flow with state,
 * nonce and PKCE kept on the server, bound to the browser by a cookie, exactly as the platform's
 * Microsoft sign-in; the pending sign-in names its district, and every user lookup after the
 * provider answers is bound to that district, so district A's provider never signs anyone into B.
 */
export function createSsoService(deps: AppDeps, { repo, auth }: { repo: SsoRepository; auth: AuthService }) {
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

  /** The user a verified provider identity signs in as, in this district only (issue 30 §2). */
  async function resolveUser(row: SsoConfigRow, claims: Record<string, unknown>, client: ClientInfo) {
    const identity = identityOf(claims);
    if (!identity) return { failure: 'token_invalid' as const };
    const clientId = row.clientId;
    const linked = await repo.findLinked(clientId, identity.tenantId, identity.objectId);
    if (linked) return { user: linked };
    const email = linkingEmail(claims);
    if (!email || claims.email_verified === false) return { failure: 'unknown_identity' as const };
    // Google Workspace: a consumer Google account can carry any address; only the Workspace's
    // own accounts (hosted domain `hd` = the address's domain) vouch for it (ADR 0052)
    if (row.kind === 'google' && (typeof claims.hd !== 'string' || claims.hd.toLowerCase() !== domainOf(email))) {
      return { failure: 'unknown_identity' as const };
    }
    const candidate = await repo.findLinkCandidate(clientId, email);
    let user = candidate;
    if (!user) {
      // provisioning of a first sign-in: only for an address of the district's verified domains
      const owner = await repo.verifiedDomainOwner(domainOf(email));
      if (owner !== clientId || row.provisioning === 'link') return { failure: 'unknown_identity' as const };
      const name = typeof claims.name === 'string' ? claims.name.slice(0, 200) : email;
      if (row.provisioning === 'approve') {
        await repo.addPending({ clientId, issuer: identity.tenantId, subject: identity.objectId, email, name });
        await deps.audit.record(audit(client), {
          action: 'sso.pending.added',
          clientId,
          targetType: 'client',
          targetId: clientId,
          details: { email },
        });
        return { failure: 'pending_approval' as const };
      }
      if (!row.defaultRoleId) return { failure: 'unknown_identity' as const };
      user = await repo.createUser({
        clientId,
        email,
        name,
        roleId: row.defaultRoleId,
        buildingId: row.defaultBuildingId,
      });
      if (!user) return { failure: 'unknown_identity' as const };
      await deps.audit.record(audit(client), {
        action: 'sso.user.created',
        clientId,
        targetType: 'user',
        targetId: user.id,
        buildingId: user.buildingId,
        details: { email, roleId: row.defaultRoleId },
      });
    }
    if (!(await repo.link(clientId, identity.tenantId, identity.objectId, user.id))) {
      return { failure: 'unknown_identity' as const };
    }
    await deps.audit.record(audit(client), {
      action: 'sso.linked',
      clientId,
      targetType: 'user',
      targetId: user.id,
      buildingId: user.buildingId,
      details: { issuer: identity.tenantId, kind: row.kind },
    });
    return { user };
  }

  async function toSettings(district: { id: number; name: string }): Promise<TSsoSettings> {
    const clientId = district.id;
    const [row, domains, administrators, buildings, pendingCount] = await Promise.all([
      repo.config(clientId),
      repo.domains(clientId),
      repo.administrators(clientId),
      repo.buildings(clientId),
      repo.pendingCount(clientId),
    ]);
    return {
      clientId,
      clientName: district.name,
      slug: row?.slug ?? null,
      kind: (row?.kind as TSsoKind) ?? 'oidc',
      issuer: row?.kind === 'microsoft' ? '' : (row?.issuer ?? ''),
      tenant: tenantOf(row),
      oidcClientId: row?.oidcClientId ?? '',
      hasSecret: Boolean(row?.clientSecret),
      enabled: row?.enabled ?? false,
      testedAt: row?.testedAt?.toISOString() ?? null,
      testedEmail: row?.testedEmail ?? null,
      requireSso: row?.requireSso ?? false,
      breakGlassUserId: row?.breakGlassUserId ?? null,
      provisioning: (row?.provisioning as TSsoProvisioning) ?? 'link',
      defaultRoleId: row?.defaultRoleId ?? null,
      defaultBuildingId: row?.defaultBuildingId ?? null,
      groupRules: (row?.groupRules ?? []) as TSsoSettings['groupRules'],
      domains: domains.map((d) => ({
        id: d.id,
        domain: d.domain,
        verified: d.verifiedAt !== null,
        verifiedAt: d.verifiedAt?.toISOString() ?? null,
      })),
      callbackUrl: `${base()}${SSO_CALLBACK_PATH}`,
      signInUrl: `${base()}/login/${row?.slug ?? clientId}`,
      scimUrl: `${base()}/scim/v2/${clientId}`,
      scimTokenCreatedAt: row?.scimTokenCreatedAt?.toISOString() ?? null,
      pendingCount,
      administrators,
      buildings,
      // no row yet: the first save creates it (version 1)
      version: row?.version ?? 1,
    };
  }

  return {
    async settings(ctx: RequestCtx, q: { clientId?: number }) {
      return toSettings(await districtOf(ctx, q.clientId));
    },

    /**
     * Saves the district's sign-in settings (issue 30 §1). A change of issuer, client id or secret
     * makes the configuration untested; it is switched on only after a successful test sign-in of
     * the saved configuration; require-SSO needs an active district administrator as break-glass.
     */
    async updateSettings(ctx: RequestCtx, body: TSsoSettingsUpdate) {
      const district = await districtOf(ctx, body.clientId);
      const input = ZSsoSettingsUpdate.parse(body);
      const clientId = district.id;
      const before = await repo.config(clientId);
      if ((before?.version ?? 1) !== input.version) throw new AppError('CONFLICT', STALE_EDIT_MESSAGE);
      const issuer = input.oidcClientId || input.issuer ? issuerOf(input.kind, input.issuer) : '';
      if (issuer === null) throw badRequest(SSO_MESSAGES.issuerInvalid, { issuer: [SSO_MESSAGES.issuerInvalid] });
      if (input.slug && (await repo.slugTaken(input.slug, clientId))) {
        throw badRequest(SSO_MESSAGES.slugTaken, { slug: [SSO_MESSAGES.slugTaken] });
      }
      const secretChanged = Boolean(input.clientSecret);
      const configChanged =
        !before || before.issuer !== issuer || before.oidcClientId !== input.oidcClientId || secretChanged;
      const tested = Boolean(before?.testedAt) && !configChanged;
      if (input.enabled && !tested) throw badRequest(SSO_MESSAGES.notTested, { enabled: [SSO_MESSAGES.notTested] });
      if (input.requireSso) {
        const admins = await repo.administrators(clientId);
        if (!input.breakGlassUserId) {
          throw badRequest(SSO_MESSAGES.breakGlassRequired, { breakGlassUserId: [SSO_MESSAGES.breakGlassRequired] });
        }
        if (!admins.some((a) => a.id === input.breakGlassUserId)) {
          throw badRequest(SSO_MESSAGES.breakGlassInvalid, { breakGlassUserId: [SSO_MESSAGES.breakGlassInvalid] });
        }
      }
      const buildings = await repo.buildings(clientId);
      const inDistrict = (id: number | null) => id === null || buildings.some((b) => b.id === id);
      if (input.provisioning === 'create' || input.provisioning === 'approve') {
        const needsBuilding = input.defaultRoleId === ROLE.Attendant;
        if (!input.defaultRoleId || (needsBuilding && !input.defaultBuildingId)) {
          throw badRequest(SSO_MESSAGES.defaultsRequired, { defaultRoleId: [SSO_MESSAGES.defaultsRequired] });
        }
      }
      if (!inDistrict(input.defaultBuildingId)) throw notFound('Building not found');
      for (const rule of input.groupRules) {
        if (rule.roleId === ROLE.Attendant && !rule.buildingId) {
          throw badRequest('Choose the building of this group’s attendants.', { groupRules: ['Choose a building'] });
        }
        if (!inDistrict(rule.buildingId)) throw notFound('Building not found');
      }
      const saved = await repo.saveConfig(
        ctx.actor,
        clientId,
        {
          slug: input.slug,
          kind: input.kind,
          issuer,
          oidcClientId: input.oidcClientId,
          clientSecret: secretChanged
            ? box.seal(input.clientSecret!, ssoSecretContext(clientId))
            : before?.clientSecret,
          enabled: input.enabled,
          testedAt: configChanged ? null : before?.testedAt,
          testedEmail: configChanged ? null : before?.testedEmail,
          requireSso: input.requireSso,
          breakGlassUserId: input.breakGlassUserId,
          provisioning: input.provisioning,
          defaultRoleId: input.defaultRoleId,
          defaultBuildingId: input.defaultRoleId === ROLE.ClientAdmin ? null : input.defaultBuildingId,
          groupRules: input.groupRules.map((r) => ({
            ...r,
            buildingId: r.roleId === ROLE.ClientAdmin ? null : r.buildingId,
          })),
        },
        before ? input.version : null,
        deps.now(),
      );
      if (!saved) throw new AppError('CONFLICT', STALE_EDIT_MESSAGE);
      await repo.setDomains(ctx.actor, clientId, [...new Set(input.domains)]);
      await deps.audit.record(ctx, {
        action: 'sso.settings.update',
        clientId,
        targetType: 'client',
        targetId: clientId,
        details: {
          kind: input.kind,
          issuer,
          enabled: input.enabled,
          requireSso: input.requireSso,
          breakGlassUserId: input.breakGlassUserId,
          provisioning: input.provisioning,
          secretChanged,
          configChanged,
          domains: input.domains,
          groupRules: input.groupRules.length,
        },
      });
      return toSettings(district);
    },

    /** The platform administrator verifies a district's claim of a domain (issue 30 §1). */
    async verifyDomain(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'sso.verifyDomains');
      const claim = await repo.domainById(ctx.actor, id);
      if (!claim) throw notFound('Domain not found');
      const owner = await repo.verifiedDomainOwner(claim.domain.toLowerCase());
      if (owner !== null && owner !== claim.clientId) throw new AppError('CONFLICT', SSO_MESSAGES.domainTaken);
      if (!claim.verifiedAt) await repo.verifyDomain(ctx.actor, id, ctx.actor.userId, deps.now());
      await deps.audit.record(ctx, {
        action: 'sso.domain.verify',
        clientId: claim.clientId,
        targetType: 'client',
        targetId: claim.clientId,
        details: { domain: claim.domain },
      });
      return { ok: true as const };
    },

    /** A new SCIM bearer token for the district, shown once; the old one stops at once (issue 30 §3). */
    async newScimToken(ctx: RequestCtx, body: { clientId?: number }) {
      const district = await districtOf(ctx, body.clientId);
      const token = `scim_${newToken()}`;
      const now = deps.now();
      await repo.setScimToken(ctx.actor, district.id, sha256(token), now);
      await deps.audit.record(ctx, {
        action: 'sso.scimToken.create',
        clientId: district.id,
        targetType: 'client',
        targetId: district.id,
      });
      return { token, createdAt: now.toISOString() };
    },

    async pending(ctx: RequestCtx, q: { clientId?: number }) {
      const district = await districtOf(ctx, q.clientId);
      const rows = await repo.pending(ctx.actor, district.id);
      return {
        data: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, createdAt: r.createdAt.toISOString() })),
      };
    },

    /** Approves (creates and links the user with the district's default role and building) or refuses a pending sign-in. */
    async decide(ctx: RequestCtx, id: number, body: { clientId?: number }, approve: boolean) {
      const district = await districtOf(ctx, body.clientId);
      const waiting = await repo.pending(ctx.actor, district.id);
      if (!waiting.some((p) => p.id === id)) throw notFound('Pending sign-in not found');
      const row = await repo.config(district.id);
      if (approve && !row?.defaultRoleId) throw badRequest(SSO_MESSAGES.defaultsRequired);
      const decided = await repo.decidePending(
        ctx.actor,
        id,
        approve ? 'approved' : 'rejected',
        ctx.actor.userId,
        deps.now(),
      );
      if (!decided || decided.clientId !== district.id) throw notFound('Pending sign-in not found');
      let userId: number | null = null;
      if (approve && row?.defaultRoleId) {
        const user =
          (await repo.findLinkCandidate(district.id, decided.email)) ??
          (await repo.createUser({
            clientId: district.id,
            email: decided.email,
            name: decided.name,
            roleId: row.defaultRoleId,
            buildingId: row.defaultBuildingId,
          }));
        if (!user) throw new AppError('CONFLICT', 'A user with this e-mail already exists.');
        await repo.link(district.id, decided.issuer, decided.subject, user.id);
        userId = user.id;
      }
      await deps.audit.record(ctx, {
        action: approve ? 'sso.pending.approve' : 'sso.pending.reject',
        clientId: district.id,
        targetType: 'user',
        targetId: userId,
        details: { email: decided.email },
      });
      return { ok: true as const };
    },

    /** The sign-in page: which district signs in this address (a verified domain with a provider switched on). */
    async discover(email: string): Promise<TSsoDiscoverResponse> {
      const at = email.lastIndexOf('@');
      if (at < 1) return { district: null };
      const found = await repo.findDistrictByDomain(domainOf(email));
      return {
        district: found
          ? {
              key: found.config.slug ?? String(found.config.clientId),
              name: found.name,
              kind: found.config.kind as TSsoKind,
            }
          : null,
      };
    },

    /** The district sign-in link's page: the district's name and provider, when switched on. */
    async district(key: string) {
      const found = await repo.findDistrict(key);
      if (!found?.config.enabled) throw notFound('No district sign-in here.');
      return {
        key: found.config.slug ?? String(found.config.clientId),
        name: found.name,
        kind: found.config.kind as TSsoKind,
      };
    },

    async start(key: string, client: ClientInfo) {
      const found = await repo.findDistrict(key);
      if (!found?.config.enabled) return fail('not_configured', client, found?.config.clientId ?? null);
      const flow = await beginFlow(found.config, { purpose: 'signin' });
      if (!flow.ok) return fail('provider_unavailable', client, found.config.clientId);
      return flow;
    },

    /** A district administrator's test sign-in: proves the saved configuration before it is switched on. */
    async testStart(ctx: RequestCtx, q: { clientId?: number }) {
      const district = await districtOf(ctx, q.clientId);
      const row = await repo.config(district.id);
      const back = `/client/sso/${district.id}`;
      if (!row) return { ok: false as const, redirectTo: `${back}?test=failed` };
      const flow = await beginFlow(row, { purpose: 'test', userId: ctx.actor.userId });
      await deps.audit.record(ctx, {
        action: 'sso.test.start',
        clientId: district.id,
        targetType: 'client',
        targetId: district.id,
        details: { ok: flow.ok },
      });
      return flow.ok ? flow : { ok: false as const, redirectTo: `${back}?test=failed` };
    },

    /**
     * The provider's redirect back (one callback for every district). `browserState` is the state
     * bound to this browser at start (login CSRF). The pending sign-in names its district and is
     * taken once; the ID token is checked by the district's own client (issuer, audience,
     * signature, nonce, PKCE).
     */
    async callback(rawQuery: string, browserState: string | undefined, client: ClientInfo) {
      const params = new URLSearchParams(rawQuery);
      const state = params.get('state') ?? '';
      if (!state || !browserState || state !== browserState) return fail('state_mismatch', client, null);
      const pending = await repo.takeState(state);
      const now = deps.now();
      if (!pending?.clientId || now.getTime() - pending.createdAt.getTime() > OIDC_STATE_MINUTES * 60_000) {
        return fail('state_unknown_or_expired', client, pending?.clientId ?? null);
      }
      const clientId = pending.clientId;
      const testing = pending.purpose === 'test';
      const testResult = async (ok: boolean, email: string | null, reason?: string) => {
        const marked = ok && (await repo.markTested(clientId, pending.configVersion ?? -1, email, now));
        await deps.audit.record(audit(client), {
          action: marked ? 'sso.test.succeeded' : 'sso.test.failed',
          clientId,
          targetType: 'client',
          targetId: clientId,
          details: { reason: marked ? null : (reason ?? 'configuration_changed'), by: pending.userId },
        });
        return { ok: false as const, redirectTo: `/client/sso/${clientId}?test=${marked ? 'ok' : 'failed'}` };
      };
      const row = await repo.config(clientId);
      if (!row || (!testing && !row.enabled)) {
        return testing ? testResult(false, null, 'not_configured') : fail('not_configured', client, clientId);
      }
      if (params.has('error')) {
        return testing ? testResult(false, null, 'provider_error') : fail('provider_error', client, clientId);
      }
      const idp = providerOf(row);
      let claims: Record<string, unknown>;
      try {
        if (!idp) throw new Error('not configured');
        claims = await idp.completeSignIn(new URL(`${base()}${SSO_CALLBACK_PATH}?${rawQuery}`), {
          state: pending.state,
          nonce: pending.nonce,
          codeVerifier: pending.codeVerifier,
        });
      } catch {
        return testing ? testResult(false, null, 'token_invalid') : fail('token_invalid', client, clientId);
      }
      if (testing) return testResult(identityOf(claims) !== null, linkingEmail(claims), 'token_invalid');

      const resolved = await resolveUser(row, claims, client);
      if (!resolved.user) return fail(resolved.failure, client, clientId);
      const user = resolved.user;
      if (!user.active) return fail('inactive', client, clientId, user.id);
      if (user.clientId !== clientId) return fail('unknown_identity', client, clientId, user.id);
      const session = await auth.startSession(user.id, 'sso', client);
      return { ok: true as const, redirectTo: landingPage(user), token: session.token };
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
