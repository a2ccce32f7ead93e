import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { oidcStates, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

const userColumns = {
  id: users.id,
  active: users.active,
  roleId: users.roleId,
  clientId: users.clientId,
  buildingId: users.buildingId,
  homepage: users.homepage,
};

/** Microsoft sign-in storage. No actor exists yet: the caller is signing in. */
export function createMicrosoftRepository(db: Db) {
  return {
    async saveState(row: { state: string; nonce: string; codeVerifier: string; kiosk: boolean; createdAt: Date }) {
      await db.insert(oidcStates).values(row);
    },

    /** Pending sign-ins older than the cutoff are abandoned. */
    async purgeStates(olderThan: Date) {
      await db.delete(oidcStates).where(lt(oidcStates.createdAt, olderThan));
    },

    /** Reads and deletes a pending sign-in: a state is good for one callback only. */
    async takeState(state: string) {
      const rows = await db.delete(oidcStates).where(eq(oidcStates.state, state)).returning();
      return rows[0] ?? null;
    },

    /** Users are keyed by the provider's tenant id + object id (security guide), never by e-mail. */
    async findByIdentity(tenantId: string, objectId: string) {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.oidcTenantId, tenantId), eq(users.oidcObjectId, objectId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Candidate for the one-time link: an active user with that e-mail and no Microsoft link yet. */
    async findLinkCandidate(email: string) {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
            eq(users.active, true),
            isNull(users.oidcObjectId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Links once: only when the user is still unlinked (concurrent callbacks cannot relink). */
    async link(userId: number, tenantId: string, objectId: string, now: Date) {
      const rows = await db
        .update(users)
        .set({ oidcTenantId: tenantId, oidcObjectId: objectId, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.oidcObjectId)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}
export type MicrosoftRepository = ReturnType<typeof createMicrosoftRepository>;
