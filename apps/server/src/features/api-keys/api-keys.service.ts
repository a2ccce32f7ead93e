import {
  API_KEY_PREFIX,
  apiKeyPermissions,
  type TApiKey,
  type TApiKeyCreated,
  type TPage,
  type ZApiKeyCreate,
  type ZApiKeyListQuery,
} from '@sv/contracts';
import type { z } from 'zod';
import { newToken, sha256 } from '../../platform/auth/tokens';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { findPage } from '../../platform/db/paging';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ApiKeysRepository } from './api-keys.repository';

type Row = NonNullable<Awaited<ReturnType<ApiKeysRepository['get']>>>;
const toKey = (r: Row): TApiKey => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/**
 * API keys (issue 28 §5, ADR 0051): a district administrator creates a key for the district or one
 * of its buildings, read-only or with named permissions; the secret is answered once and kept only
 * as its SHA-256; revoking takes effect on the next request (platform/auth/api-key-auth.ts reads
 * the key on every request). Keys cannot manage keys (`apiKeys.manage` is not grantable).
 */
export function createApiKeysService(deps: AppDeps, { repo }: { repo: ApiKeysRepository }) {
  const districtOf = (ctx: RequestCtx) => {
    const clientId = ctx.actor.clientId;
    if (clientId === null) throw forbidden();
    return clientId;
  };
  return {
    async list(ctx: RequestCtx, q: z.infer<typeof ZApiKeyListQuery>): Promise<TPage<TApiKey>> {
      requirePermission(ctx.actor, 'apiKeys.manage');
      const page = await findPage(
        q,
        (limit, offset) => repo.page(ctx.actor, q, limit, offset),
        () => repo.count(ctx.actor),
      );
      return { ...page, data: page.data.map(toKey) };
    },

    async create(ctx: RequestCtx, body: z.infer<typeof ZApiKeyCreate>): Promise<TApiKeyCreated> {
      requirePermission(ctx.actor, 'apiKeys.manage');
      const clientId = districtOf(ctx);
      if (body.buildingId !== null && !(await repo.buildingInDistrict(ctx.actor, body.buildingId)))
        throw notFound('Building not found');
      const secret = `${API_KEY_PREFIX}${newToken()}`;
      // a building's key acts as an attendant of it: only what that role has stays on the key
      const permissions = body.readOnly
        ? []
        : apiKeyPermissions({ readOnly: false, permissions: body.permissions, buildingId: body.buildingId }).filter(
            (p) => p !== 'session.read',
          );
      const id = await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const keyId = await repo.insert(tx, {
          clientId,
          buildingId: body.buildingId,
          name: body.name,
          prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
          keyHash: sha256(secret),
          readOnly: body.readOnly,
          permissions,
          createdBy: ctx.actor.userId,
        });
        await deps.audit.record(
          ctx,
          {
            action: 'apiKey.create',
            clientId,
            buildingId: body.buildingId,
            targetType: 'apiKey',
            targetId: keyId,
            details: { name: body.name, readOnly: body.readOnly, permissions },
          },
          tx,
        );
        return keyId;
      });
      const key = await repo.get(ctx.actor, id);
      return { key: toKey(key!), secret };
    },

    async revoke(ctx: RequestCtx, id: number): Promise<TApiKey> {
      requirePermission(ctx.actor, 'apiKeys.manage');
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const revoked = await repo.revoke(tx, ctx.actor, id, deps.now());
        if (!revoked) {
          // already revoked: the same answer again; unknown or another district's: 404
          if (await repo.get(ctx.actor, id, tx)) return;
          throw notFound('API key not found');
        }
        await deps.audit.record(
          ctx,
          { action: 'apiKey.revoke', clientId: revoked.clientId, targetType: 'apiKey', targetId: id },
          tx,
        );
      });
      return toKey((await repo.get(ctx.actor, id))!);
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
