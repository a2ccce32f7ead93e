import { API_KEY_PREFIX, apiKeyPermissions, ROLE, type TActor } from '@sv/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys, clients } from '../../db/schema/index';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/named';
import { sha256 } from './tokens';

/** `last_used_at` is written at most this often per key (not a write on every request). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * API-key principals (issue 28 §5, ADR 0051). A request with `Authorization: Bearer sv_…` is
 * authenticated by the SHA-256 of the key (the only form stored), read on every request so a
 * revoked key fails at once. The actor is of the key's district: a district administrator (or, for
 * a key of one building, an attendant of it) limited to the key's permissions (`apiKey` on the
 * actor, which `can()` applies), never the platform administrator.
 */
export function createApiKeyAuth(db: Db) {
  const byHash = preparedQuery(db, (d) =>
    d
      .select({
        id: apiKeys.id,
        clientId: apiKeys.clientId,
        buildingId: apiKeys.buildingId,
        readOnly: apiKeys.readOnly,
        permissions: apiKeys.permissions,
        createdBy: apiKeys.createdBy,
        lastUsedAt: apiKeys.lastUsedAt,
      })
      .from(apiKeys)
      .innerJoin(clients, eq(clients.id, apiKeys.clientId))
      .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt), eq(clients.active, true)))
      .limit(1),
  );
  return {
    /** The key's actor, or null when the token is no live key. */
    async find(token: string, now: Date): Promise<TActor | null> {
      if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) return null;
      const [key] = await byHash({ hash: sha256(token) });
      if (!key) return null;
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await db
          .update(apiKeys)
          .set({ lastUsedAt: now })
          .where(
            and(
              eq(apiKeys.id, key.id),
              eq(apiKeys.clientId, key.clientId),
              or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
            ),
          );
      }
      return {
        userId: key.createdBy,
        roleId: key.buildingId === null ? ROLE.ClientAdmin : ROLE.Attendant,
        clientId: key.clientId,
        buildingId: key.buildingId,
        impersonatorId: null,
        apiKey: { id: key.id, permissions: apiKeyPermissions(key) },
      };
    },
  };
}
export type ApiKeyAuth = ReturnType<typeof createApiKeyAuth>;
