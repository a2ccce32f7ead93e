import { eq, sql } from 'drizzle-orm';
import { buildings, clients, districtSso, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

export function createAuthRepository(db: Db) {
  return {
    async findUserForLogin(email: string) {
      const rows = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          active: users.active,
          roleId: users.roleId,
          // issue 30 §1: the district's require-SSO switch and its break-glass administrator
          ssoRequired: sql<boolean>`coalesce(${districtSso.requireSso} and ${districtSso.enabled}, false)`,
          breakGlassUserId: districtSso.breakGlassUserId,
        })
        .from(users)
        .leftJoin(districtSso, eq(districtSso.clientId, users.clientId))
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The signed-in user's profile with client and building names (spec 000 §3 UserProfile). */
    async getProfile(userId: number) {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          roleId: users.roleId,
          clientId: users.clientId,
          clientName: clients.name,
          buildingId: users.buildingId,
          buildingName: buildings.name,
          buildingTimeZone: buildings.timeZone,
          homepage: users.homepage,
          elevatedReports: users.elevatedReports,
          scanWithCamera: users.scanWithCamera,
          active: users.active,
        })
        .from(users)
        .leftJoin(clients, eq(clients.id, users.clientId))
        .leftJoin(buildings, eq(buildings.id, users.buildingId))
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
