import {
  ROLE,
  SSO_MESSAGES,
  STALE_EDIT_MESSAGE,
  type TSsoKind,
  type TSsoProvisioning,
  type TSsoSettings,
  type TSsoSettingsUpdate,
  ZSsoSettingsUpdate,
} from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import { newToken, sha256 } from '../../platform/auth/tokens';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { issuerOf, SSO_CALLBACK_PATH, type SsoCore, ssoSecretContext, tenantOf } from './sso.core';

/** A district's sign-in settings (issue 30 §1): read and save them, verify a domain, a new SCIM token. */
export function settingsUseCases(core: SsoCore) {
  const { deps, repo, box, base, districtOf } = core;

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
  };
}
