import type { TSsoDiscoverResponse, TSsoKind } from '@sv/contracts';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ClientInfo } from './auth.service';
import { identityOf, landingPage, linkingEmail, OIDC_STATE_MINUTES } from './microsoft.service';
import { domainOf, SSO_CALLBACK_PATH, type SsoCore } from './sso.core';
import type { SsoConfigRow } from './sso.repository';

/**
 * Signing in with the district's provider (issue 30 §1–§2): find the district, start the flow (or
 * an administrator's test sign-in), and the provider's redirect back, which resolves the user in
 * that district only.
 */
export function signInUseCases(core: SsoCore) {
  const { deps, repo, auth, base, providerOf, districtOf, audit, fail, beginFlow } = core;

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

  return {
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
