import { ROLE } from '@sv/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { buildings, districtSso, scimGroups, scimUsers, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter, districtScope } from '../../platform/db/scope';

/** The staff SCIM may manage: district administrators and attendants (never a platform administrator or a kiosk). */
export const SCIM_ROLES = [ROLE.ClientAdmin, ROLE.Attendant];

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  active: users.active,
  roleId: users.roleId,
  buildingId: users.buildingId,
  externalId: scimUsers.externalId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type ScimUserRow = {
  id: number;
  email: string;
  name: string;
  active: boolean;
  roleId: number;
  buildingId: number | null;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
};
export type ScimGroupRow = typeof scimGroups.$inferSelect;

/**
 * SCIM storage (issue 30 §3). Every query is bound to the district the bearer token belongs to
 * (`districtScope(clientId)`): a district's token never reads or writes another district's users.
 */
export function createScimRepository(db: Db) {
  const inDistrict = (clientId: number) =>
    and(clientFilter(districtScope(clientId), users.clientId), inArray(users.roleId, SCIM_ROLES));

  return {
    /** The district whose SCIM token has this hash, when the path names that district. */
    async districtOfToken(clientId: number, tokenHash: string) {
      const rows = await db
        .select({
          clientId: districtSso.clientId,
          groupRules: districtSso.groupRules,
          breakGlassUserId: districtSso.breakGlassUserId,
          defaultRoleId: districtSso.defaultRoleId,
          defaultBuildingId: districtSso.defaultBuildingId,
        })
        .from(districtSso)
        .where(and(eq(districtSso.clientId, clientId), eq(districtSso.scimTokenHash, tokenHash)));
      return rows[0] ?? null;
    },

    async users(clientId: number, filter: { userName?: string; externalId?: string }, offset: number, limit: number) {
      const where = and(
        inDistrict(clientId),
        filter.userName !== undefined ? eq(sql`lower(${users.email})`, filter.userName.toLowerCase()) : undefined,
        filter.externalId !== undefined ? eq(scimUsers.externalId, filter.externalId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
          .where(where)
          .orderBy(asc(users.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(users).leftJoin(scimUsers, eq(scimUsers.userId, users.id)).where(where),
      ]);
      return { rows: rows as ScimUserRow[], total: Number(total?.n ?? 0) };
    },

    async user(clientId: number, id: number): Promise<ScimUserRow | null> {
      const rows = await db
        .select(userColumns)
        .from(users)
        .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
        .where(and(eq(users.id, id), inDistrict(clientId)));
      return (rows[0] as ScimUserRow | undefined) ?? null;
    },

    async emailTaken(email: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return rows.length > 0;
    },

    async createUser(
      clientId: number,
      input: {
        email: string;
        name: string;
        active: boolean;
        roleId: number;
        buildingId: number | null;
        externalId: string | null;
      },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            email: input.email.toLowerCase(),
            name: input.name,
            active: input.active,
            roleId: input.roleId,
            clientId,
            buildingId: input.buildingId,
            passwordHash: null,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!row) return null;
        await tx.insert(scimUsers).values({ userId: row.id, clientId, externalId: input.externalId });
        return row.id;
      });
    },

    /** Writes the fields SCIM may change, in the district only. */
    async updateUser(
      clientId: number,
      id: number,
      set: Partial<{ email: string; name: string; active: boolean; roleId: number; buildingId: number | null }>,
      externalId: string | null | undefined,
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        if (Object.keys(set).length) {
          const rows = await tx
            .update(users)
            .set({ ...set, updatedAt: now })
            .where(and(eq(users.id, id), inDistrict(clientId)))
            .returning({ id: users.id });
          if (!rows.length) return false;
        }
        if (externalId !== undefined) {
          await tx
            .insert(scimUsers)
            .values({ userId: id, clientId, externalId })
            .onConflictDoUpdate({
              target: scimUsers.userId,
              set: { externalId },
              setWhere: eq(scimUsers.clientId, clientId),
            });
        }
        return true;
      });
    },

    async buildingInDistrict(clientId: number, buildingId: number) {
      const rows = await db
        .select({ id: buildings.id })
        .from(buildings)
        .where(and(eq(buildings.id, buildingId), eq(buildings.clientId, clientId)));
      return rows.length > 0;
    },

    async groups(clientId: number, displayName: string | undefined) {
      return db
        .select()
        .from(scimGroups)
        .where(
          and(
            eq(scimGroups.clientId, clientId),
            displayName !== undefined
              ? eq(sql`lower(${scimGroups.displayName})`, displayName.toLowerCase())
              : undefined,
          ),
        )
        .orderBy(asc(scimGroups.id));
    },

    async group(clientId: number, id: number) {
      const rows = await db
        .select()
        .from(scimGroups)
        .where(and(eq(scimGroups.id, id), eq(scimGroups.clientId, clientId)));
      return rows[0] ?? null;
    },

    async createGroup(clientId: number, input: { displayName: string; externalId: string | null; members: number[] }) {
      const rows = await db
        .insert(scimGroups)
        .values({ clientId, ...input })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    async saveGroup(
      clientId: number,
      id: number,
      set: { displayName: string; externalId: string | null; members: number[] },
    ) {
      const rows = await db
        .update(scimGroups)
        .set(set)
        .where(and(eq(scimGroups.id, id), eq(scimGroups.clientId, clientId)))
        .returning();
      return rows[0] ?? null;
    },

    async deleteGroup(clientId: number, id: number) {
      const rows = await db
        .delete(scimGroups)
        .where(and(eq(scimGroups.id, id), eq(scimGroups.clientId, clientId)))
        .returning();
      return rows[0] ?? null;
    },

    /** The names of the district's groups a user is a member of, oldest group first. */
    async groupNamesOf(clientId: number, userId: number) {
      const rows = await db
        .select({ displayName: scimGroups.displayName })
        .from(scimGroups)
        .where(and(eq(scimGroups.clientId, clientId), sql`${scimGroups.members} @> ${JSON.stringify([userId])}::jsonb`))
        .orderBy(asc(scimGroups.id));
      return rows.map((r) => r.displayName);
    },

    /** Of these ids, the users of the district SCIM may manage. */
    async usersIn(clientId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), inDistrict(clientId)));
      return rows.map((r) => r.id);
    },
  };
}
export type ScimRepository = ReturnType<typeof createScimRepository>;
