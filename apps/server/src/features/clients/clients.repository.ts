import type { TActor, TClientRow, TPage } from '@sv/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { clients, registrationTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage, listSearch } from '../../platform/db/paging';
import { atVersion } from '../../platform/db/versions';
import { clientFilter } from '../../platform/db/scope';

/** A client is its own tenant: admins see every client, everyone else only their own. */
const scoped = (actor: TActor) => clientFilter(actor, clients.id);

const rowColumns = {
  id: clients.id,
  name: clients.name,
  street1: clients.street1,
  street2: clients.street2,
  city: clients.city,
  state: clients.state,
  zipcode: clients.zipcode,
  note: clients.note,
  active: clients.active,
};

/** spec 000 §3 "a full address text": street, street 2, city, state and zip on one line. */
export function fullAddress(r: { street1: string; street2: string; city: string; state: string; zipcode: string }) {
  const stateZip = [r.state, r.zipcode].filter(Boolean).join(' ');
  return [r.street1, r.street2, r.city, stateZip].filter(Boolean).join(', ');
}

/** The public form of a registration type (the web's `paths.publicRegistration`; spec 001 §2). */
export const registrationPath = (clientId: number, code: string) => `/register/${clientId}/${encodeURIComponent(code)}`;

const withAddress = <T extends Parameters<typeof fullAddress>[0]>(r: T) => ({ ...r, address: fullAddress(r) });

const SORT = { id: clients.id, name: sql`lower(${clients.name})` } as const;

export interface ClientListFilter {
  page: number;
  perPage: number;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
  activeOnly: boolean;
  /** issue 25: server-side search (name, city) */
  q?: string;
}

export type ClientFields = Omit<typeof clients.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function createClientsRepository(db: Db) {
  return {
    async list(actor: TActor, f: ClientListFilter): Promise<TPage<TClientRow>> {
      const parts: SQL[] = [scoped(actor)];
      if (f.activeOnly) parts.push(eq(clients.active, true));
      const searched = listSearch(f.q ?? '', [clients.name, clients.city]);
      if (searched) parts.push(searched);
      const where = and(...parts);
      const order = f.dir === 'desc' ? desc(SORT[f.sort]) : asc(SORT[f.sort]);
      return findPage(
        f,
        async (limit, offset) =>
          (
            await db
              .select(rowColumns)
              .from(clients)
              .where(where)
              .orderBy(order, asc(clients.id))
              .limit(limit)
              .offset(offset)
          ).map(withAddress),
        async () => (await db.select({ n: sql<number>`count(*)::int` }).from(clients).where(where))[0].n,
      );
    },

    /** id and name of the clients the actor may see, by name. */
    lookup: (actor: TActor) =>
      db
        .select({ id: clients.id, name: clients.name, active: clients.active })
        .from(clients)
        .where(scoped(actor))
        .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id)),

    /** The whole record (settings and the sealed secret included) for the service; null when out of scope. */
    /**
     * The district's registration links (issue 25, audit 000 U5; ADR 0039): one per active
     * registration type, by name. Scoped by the actor (a client's own types only).
     */
    async registrationLinks(actor: TActor, clientId: number) {
      const rows = await db
        .select({ id: registrationTypes.id, name: registrationTypes.name, code: registrationTypes.code })
        .from(registrationTypes)
        .where(
          and(
            eq(registrationTypes.clientId, clientId),
            eq(registrationTypes.isActive, true),
            clientFilter(actor, registrationTypes.clientId),
          ),
        )
        .orderBy(sql`lower(${registrationTypes.name})`, asc(registrationTypes.id));
      return rows.map((r) => ({ registrationTypeId: r.id, name: r.name, path: registrationPath(clientId, r.code) }));
    },

    async findById(actor: TActor, id: number) {
      const rows = await db
        .select()
        .from(clients)
        .where(and(eq(clients.id, id), scoped(actor)))
        .limit(1);
      return rows[0] ?? null;
    },

    async create(fields: Omit<ClientFields, 'settings' | 'kioskSettings' | 'backgroundSettings' | 'backgroundSecret'>) {
      const [row] = await db.insert(clients).values(fields).returning({ id: clients.id });
      return row.id;
    },

    /**
     * Updates a client in the actor's scope at `version` (issue 23 §4: the client and all its
     * settings share one version); answers the new version, or null when none was at that version.
     */
    async update(actor: TActor, id: number, fields: Partial<ClientFields>, now: Date, version: number) {
      const rows = await db
        .update(clients)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(clients.id, id), scoped(actor), atVersion(clients.version, version)))
        .returning({ version: clients.version });
      return rows[0]?.version ?? null;
    },
  };
}
export type ClientsRepository = ReturnType<typeof createClientsRepository>;
