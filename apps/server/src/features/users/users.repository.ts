import { ROLE, type TActor } from '@sv/contracts';
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
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

    /** Sets `active` on the ids of the actor's scope that differ (issue 26 §4); the ids found and those changed. */
    async setActiveMany(actor: TActor, ids: number[], active: boolean, tx: Db = db) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), scopeOfUsers(actor)));
      const changed = await tx
        .update(users)
        .set({ active, updatedAt: new Date() })
        .where(and(inArray(users.id, ids), scopeOfUsers(actor), ne(users.active, active)))
        .returning({ id: users.id, clientId: users.clientId });
      return { found: found.length, changed };
    },

    /** The chosen ids of the actor's scope, with their districts (a bulk action's rows). */
    async inScope(actor: TActor, ids: number[], tx: Db = db) {
      return tx
        .select({ id: users.id, clientId: users.clientId })
        .from(users)
        .where(and(inArray(users.id, ids), scopeOfUsers(actor)));
    },

    /**
     * Deletes an account of the actor's scope that never signed in nor acted (no audit row by it
     * and no sign-in of it; a foreign key to it also keeps it): 1 when deleted (issue 26 §4: an
     * undone import, a bulk delete).
     */
    async deleteUnused(actor: TActor, id: number, tx: Db = db): Promise<number> {
      const gone = await tx
        .delete(users)
        .where(
          and(
            eq(users.id, id),
            scopeOfUsers(actor),
            sql`not exists (select 1 from audit_events a where a.actor_user_id = ${users.id}
              or (a.target_type = 'user' and a.target_id = ${users.id}::text and a.action = 'auth.login.succeeded'))`,
          ),
        )
        .returning({ id: users.id });
      return gone.length;
    },

    /**
     * Updates a user within the actor's scope (a write by id takes the actor's scope like the read before it: issue 24 §1); with `version` (an edit, issue 23 §4)
     * only at that version. False when nothing in scope (at that version) was saved.
     */
    async update(actor: TActor, id: number, values: Partial<typeof users.$inferInsert>, tx: Db = db, version?: number) {
      const rows = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(users.id, id),
            scopeOfUsers(actor),
            version === undefined ? undefined : atVersion(users.version, version),
          ),
        )
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

    /**
     * spec 000 §7 GET /UserData/DropDownList/: active attendants in scope, optionally of one
     * building — and everyone else who checks people in there, so the logs' attendant filter
     * reaches every row (issue 25, audit 002-ksl U8: kiosk sign-ins and an administrator's
     * check-ins could not be filtered): the building's kiosk accounts, and for an actor not tied
     * to a building the district administrators (they check in at any building of the district).
     */
    async attendants(actor: TActor, buildingId?: number) {
      const atBuilding = and(
        inArray(users.roleId, [ROLE.Attendant, ROLE.Kiosk]),
        buildingId !== undefined ? eq(users.buildingId, buildingId) : undefined,
      );
      const districtAdmins =
        actor.buildingId === null
          ? and(
              eq(users.roleId, ROLE.ClientAdmin),
              buildingId !== undefined
                ? sql`${users.clientId} = (select b.client_id from buildings b where b.id = ${buildingId})`
                : undefined,
            )
          : undefined;
      return db
        .select({ id: users.id, name: users.name, buildingId: users.buildingId })
        .from(users)
        .where(
          and(
            scopeOfUsers(actor),
            districtAdmins ? or(atBuilding, districtAdmins) : atBuilding,
            eq(users.active, true),
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
