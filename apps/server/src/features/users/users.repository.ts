import { ROLE, type TActor } from '@sv/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { buildings, clients, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage, listSearch } from '../../platform/db/paging';
import { atVersion } from '../../platform/db/versions';
import { buildingFilter, buildingInScope, clientFilter } from '../../platform/db/scope';

/** Roles behind each list of spec 000 §2 `/user/{list?}`. */
export const ROLES_OF_LIST = {
  all: null,
  clientadmin: [ROLE.Admin, ROLE.ClientAdmin],
  attendant: [ROLE.Attendant],
} as const;

const SORT_COLUMNS = {
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  role: users.roleId,
  client: sql`lower(${clients.name})`,
  building: sql`lower(${buildings.name})`,
  active: users.active,
} as const;

export type UserSort = keyof typeof SORT_COLUMNS;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  clientId: users.clientId,
  clientName: clients.name,
  buildingId: users.buildingId,
  buildingName: buildings.name,
  homepage: users.homepage,
  active: users.active,
  elevatedReports: users.elevatedReports,
  scanWithCamera: users.scanWithCamera,
  version: users.version,
  activated: sql<boolean>`(${users.passwordHash} is not null or ${users.oidcObjectId} is not null)`,
};

/**
 * Users in the actor's scope: admins see everyone; client admins their client; everyone else
 * (attendant dropdown) their building. Platform admins (no client) are outside every client scope.
 */
function scopeOfUsers(actor: TActor): SQL {
  return buildingFilter(actor, { clientId: users.clientId, buildingId: users.buildingId });
}

export function createUsersRepository(db: Db) {
  const base = () =>
    db
      .select(userColumns)
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .leftJoin(buildings, eq(buildings.id, users.buildingId));

  return {
    async findPage(
      actor: TActor,
      q: {
        page: number;
        perPage: number;
        sort: UserSort;
        dir: 'asc' | 'desc';
        list: keyof typeof ROLES_OF_LIST;
        activeOnly: boolean;
        clientId?: number;
        /** issue 25: server-side search (name, e-mail) */
        q?: string;
      },
    ) {
      const roles = ROLES_OF_LIST[q.list];
      const where = and(
        scopeOfUsers(actor),
        listSearch(q.q ?? '', [users.name, users.email]),
        q.activeOnly ? eq(users.active, true) : undefined,
        roles ? inArray(users.roleId, [...roles]) : undefined,
        q.clientId !== undefined ? eq(users.clientId, q.clientId) : undefined,
      );
      const order = q.dir === 'desc' ? desc : asc;
      return findPage(
        q,
        (limit, offset) =>
          base().where(where).orderBy(order(SORT_COLUMNS[q.sort]), asc(users.id)).limit(limit).offset(offset),
        async () => {
          const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
          return r.n;
        },
      );
    },

    async findById(actor: TActor, id: number, tx: Db = db) {
      const rows = await tx
        .select(userColumns)
        .from(users)
        .leftJoin(clients, eq(clients.id, users.clientId))
        .leftJoin(buildings, eq(buildings.id, users.buildingId))
        .where(and(eq(users.id, id), scopeOfUsers(actor)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Who holds an e-mail address (unique across the platform: it is the sign-in name), as far as
     * the actor may know: null when free, else whether the holder is in the actor's scope.
     */
    async emailHolder(actor: TActor, email: string, exceptId?: number, tx: Db = db) {
      const rows = await tx
        .select({ id: users.id, inScope: sql<boolean>`coalesce((${scopeOfUsers(actor)}), false)` })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      const row = rows[0];
      return row && row.id !== exceptId ? { inScope: Boolean(row.inScope) } : null;
    },

    async insert(values: typeof users.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      return row.id;
    },

    /** Updates a user; with `version` (an edit, issue 23 §4) only at that version. */
    async update(id: number, values: Partial<typeof users.$inferInsert>, tx: Db = db, version?: number) {
      const rows = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(users.id, id), version === undefined ? undefined : atVersion(users.version, version)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** A building of the client in the actor's scope, or null. */
    async findBuilding(actor: TActor, buildingId: number, tx: Db = db) {
      const rows = await tx
        .select({ id: buildings.id, clientId: buildings.clientId, active: buildings.active })
        .from(buildings)
        .where(buildingInScope(actor, buildingId))
        .limit(1);
      return rows[0] ?? null;
    },

    async clientExists(actor: TActor, clientId: number, tx: Db = db) {
      const rows = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientFilter(actor, clients.id)))
        .limit(1);
      return rows.length > 0;
    },

    /** spec 000 §7 GET /UserData/DropDownList/: active attendants in scope, optionally of one building. */
    async attendants(actor: TActor, buildingId?: number) {
      return db
        .select({ id: users.id, name: users.name, buildingId: users.buildingId })
        .from(users)
        .where(
          and(
            scopeOfUsers(actor),
            eq(users.roleId, ROLE.Attendant),
            eq(users.active, true),
            buildingId !== undefined ? eq(users.buildingId, buildingId) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
    },

    /** Clients and buildings the user form offers (actor's scope). */
    async formOptions(actor: TActor) {
      const clientRows = await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(clientFilter(actor, clients.id))
        .orderBy(asc(clients.name));
      const buildingRows = await db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name, active: buildings.active })
        .from(buildings)
        .where(buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }))
        .orderBy(asc(buildings.name));
      return { clients: clientRows, buildings: buildingRows };
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
