import type { TActor, TPage, TRegTypeListItem, TRegTypeValues } from '@sv/contracts';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { clients, registrationTypes, vendorCompanies } from '../../db/schema/index';
import { atVersion } from '../../platform/db/versions';
import type { Db } from '../../platform/db/database';
import { findPage, listSearch } from '../../platform/db/paging';
import { clientFilter, inScope } from '../../platform/db/scope';

export type StoredRegType = typeof registrationTypes.$inferSelect;

const scoped = (actor: TActor) => clientFilter(actor, registrationTypes.clientId);

const SORT = {
  name: sql`lower(${registrationTypes.name})`,
  code: registrationTypes.code,
  ddUsername: sql`lower(${registrationTypes.ddUsername})`,
} as const;

export interface RegTypeListFilter {
  page: number;
  perPage: number;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
  activeOnly: boolean;
  /** issue 25: server-side search (name, code, DD username) */
  q?: string;
}

export function createRegTypesRepository(db: Db) {
  return {
    /** Whether a client exists and is within the actor's scope. */
    async clientInScope(actor: TActor, clientId: number): Promise<boolean> {
      if (!inScope(actor, { clientId })) return false;
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
      return Boolean(row);
    },

    async list(actor: TActor, clientId: number, f: RegTypeListFilter): Promise<TPage<TRegTypeListItem>> {
      const parts: SQL[] = [scoped(actor), eq(registrationTypes.clientId, clientId)];
      if (f.activeOnly) parts.push(eq(registrationTypes.isActive, true));
      const searched = listSearch(f.q ?? '', [
        registrationTypes.name,
        registrationTypes.code,
        registrationTypes.ddUsername,
      ]);
      if (searched) parts.push(searched);
      const where = and(...parts)!;
      const order = f.dir === 'desc' ? desc(SORT[f.sort]) : asc(SORT[f.sort]);
      return findPage(
        f,
        (limit, offset) =>
          db
            .select({
              id: registrationTypes.id,
              clientId: registrationTypes.clientId,
              name: registrationTypes.name,
              isActive: registrationTypes.isActive,
              code: registrationTypes.code,
              ddUsername: registrationTypes.ddUsername,
            })
            .from(registrationTypes)
            .where(where)
            .orderBy(order, asc(registrationTypes.id))
            .limit(limit)
            .offset(offset),
        async () => {
          const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(registrationTypes).where(where);
          return n;
        },
      );
    },

    async findById(actor: TActor, id: number): Promise<StoredRegType | undefined> {
      const [row] = await db
        .select()
        .from(registrationTypes)
        .where(and(eq(registrationTypes.id, id), scoped(actor)))
        .limit(1);
      return row;
    },

    /**
     * Whether another type of this client (in scope) already uses the code, or a vendor company of
     * the client does (ADR 0014: both are public form addresses of the client, one namespace).
     */
    async codeTaken(actor: TActor, clientId: number, code: string, exceptId?: number): Promise<boolean> {
      const parts: SQL[] = [scoped(actor), eq(registrationTypes.clientId, clientId), eq(registrationTypes.code, code)];
      if (exceptId !== undefined) parts.push(ne(registrationTypes.id, exceptId));
      const [row] = await db
        .select({ id: registrationTypes.id })
        .from(registrationTypes)
        .where(and(...parts))
        .limit(1);
      if (row) return true;
      const [company] = await db
        .select({ id: vendorCompanies.id })
        .from(vendorCompanies)
        .where(and(eq(vendorCompanies.clientId, clientId), eq(vendorCompanies.code, code)))
        .limit(1);
      return Boolean(company);
    },

    /** Inserts a type of a client in the actor's scope; null when the client is outside it. */
    async insert(actor: TActor, clientId: number, values: TRegTypeValues): Promise<number | null> {
      if (!inScope(actor, { clientId })) return null;
      const [row] = await db
        .insert(registrationTypes)
        .values({ ...values, clientId })
        .returning({ id: registrationTypes.id });
      return row.id;
    },

    /** Updates a type in the actor's scope; false when there is none. */
    /** An edit at `version` (issue 23 §4); false when the type is not in scope at that version. */
    async update(actor: TActor, id: number, values: TRegTypeValues, version: number): Promise<boolean> {
      const rows = await db
        .update(registrationTypes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(registrationTypes.id, id), scoped(actor), atVersion(registrationTypes.version, version)))
        .returning({ id: registrationTypes.id });
      return rows.length > 0;
    },
  };
}
export type RegTypesRepository = ReturnType<typeof createRegTypesRepository>;
