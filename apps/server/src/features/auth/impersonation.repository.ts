import { ROLE, type TActor } from '@sv/contracts';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { buildings, clients, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';
import { likeEscape } from '../../platform/db/paging';

export const IMPERSONATION_SEARCH_LIMIT = 20;

export function createImpersonationRepository(db: Db) {
  return {
    /**
     * People an admin may act as (spec 000 §2 Impersonation modal): active client users
     * (client administrators and attendants), matched on name or e-mail. The name match is
     * `lower(name) LIKE '%…%'`, which the users_name_trgm_idx trigram index serves.
     */
    async search(actor: TActor, text: string) {
      const pattern = `%${likeEscape(text.trim().toLowerCase())}%`;
      return db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          roleId: users.roleId,
          clientName: clients.name,
          buildingName: buildings.name,
        })
        .from(users)
        .leftJoin(clients, eq(clients.id, users.clientId))
        .leftJoin(buildings, eq(buildings.id, users.buildingId))
        .where(
          and(
            clientFilter(actor, users.clientId),
            eq(users.active, true),
            ne(users.roleId, ROLE.Admin),
            ne(users.roleId, ROLE.Kiosk),
            or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`),
          ),
        )
        .orderBy(asc(users.name), asc(users.id))
        .limit(IMPERSONATION_SEARCH_LIMIT);
    },

    async findUser(actor: TActor, userId: number) {
      const rows = await db
        .select({
          id: users.id,
          roleId: users.roleId,
          active: users.active,
          clientId: users.clientId,
          buildingId: users.buildingId,
          homepage: users.homepage,
        })
        .from(users)
        .where(and(eq(users.id, userId), clientFilter(actor, users.clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The admin behind an impersonating session. The id comes from the server session, never
     * from the request, so no tenant scope applies (admins have none).
     */
    async findImpersonator(adminId: number) {
      const rows = await db
        .select({ id: users.id, roleId: users.roleId, active: users.active, homepage: users.homepage })
        .from(users)
        .where(eq(users.id, adminId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type ImpersonationRepository = ReturnType<typeof createImpersonationRepository>;
