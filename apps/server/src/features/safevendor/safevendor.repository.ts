import type { TActor, TPage, TVendorCompanyRow, TVendorCompanyValues } from '@sv/contracts';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { clients, registrationTypes, vendorCompanies } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage, listSearch } from '../../platform/db/paging';
import { atVersion } from '../../platform/db/versions';
import { clientFilter, inScope } from '../../platform/db/scope';

export type StoredVendorCompany = typeof vendorCompanies.$inferSelect;

const scoped = (actor: TActor) => clientFilter(actor, vendorCompanies.clientId);

const SORT = {
  name: sql`lower(${vendorCompanies.name})`,
  code: vendorCompanies.code,
  ddUsername: sql`lower(${vendorCompanies.ddUsername})`,
  client: sql`lower(${clients.name})`,
} as const;

export interface VendorCompanyListFilter {
  page: number;
  perPage: number;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
  activeOnly: boolean;
  clientId?: number;
  /** issue 25: server-side search (name, code, DD username) */
  q?: string;
}

const rowColumns = {
  id: vendorCompanies.id,
  clientId: vendorCompanies.clientId,
  clientName: clients.name,
  name: vendorCompanies.name,
  isActive: vendorCompanies.isActive,
  code: vendorCompanies.code,
  ddUsername: vendorCompanies.ddUsername,
  inArrestWatch: vendorCompanies.inArrestWatch,
  version: vendorCompanies.version,
};

/** What the public form needs to take a vendor's registration for a company (see findFormTarget). */
export interface VendorFormTarget {
  kind: 'vendor';
  clientId: number;
  vendorCompanyId: number;
  companyName: string;
}

/** Vendor companies (spec 001 §2 'SafeVendor Companies', §3 Vendor company), scoped by the actor's client. */
export function createVendorCompaniesRepository(db: Db) {
  return {
    async clientInScope(actor: TActor, clientId: number): Promise<boolean> {
      if (!inScope(actor, { clientId })) return false;
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
      return Boolean(row);
    },

    async list(actor: TActor, f: VendorCompanyListFilter): Promise<TPage<TVendorCompanyRow>> {
      const parts: SQL[] = [scoped(actor)];
      if (f.clientId !== undefined) parts.push(eq(vendorCompanies.clientId, f.clientId));
      if (f.activeOnly) parts.push(eq(vendorCompanies.isActive, true));
      const searched = listSearch(f.q ?? '', [vendorCompanies.name, vendorCompanies.code, vendorCompanies.ddUsername]);
      if (searched) parts.push(searched);
      const where = and(...parts)!;
      const order = f.dir === 'desc' ? desc(SORT[f.sort]) : asc(SORT[f.sort]);
      return findPage(
        f,
        (limit, offset) =>
          db
            .select(rowColumns)
            .from(vendorCompanies)
            .innerJoin(clients, eq(clients.id, vendorCompanies.clientId))
            .where(where)
            .orderBy(order, asc(vendorCompanies.id))
            .limit(limit)
            .offset(offset),
        async () => {
          const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(vendorCompanies).where(where);
          return n;
        },
      );
    },

    /** Every company in scope, active and inactive, for the SafeVendor filter and form. */
    async options(actor: TActor) {
      return db
        .select({
          id: vendorCompanies.id,
          clientId: vendorCompanies.clientId,
          clientName: clients.name,
          name: vendorCompanies.name,
          isActive: vendorCompanies.isActive,
        })
        .from(vendorCompanies)
        .innerJoin(clients, eq(clients.id, vendorCompanies.clientId))
        .where(scoped(actor))
        .orderBy(sql`lower(${vendorCompanies.name})`, sql`lower(${clients.name})`, asc(vendorCompanies.id));
    },

    async findRow(actor: TActor, id: number): Promise<TVendorCompanyRow | undefined> {
      const [row] = await db
        .select(rowColumns)
        .from(vendorCompanies)
        .innerJoin(clients, eq(clients.id, vendorCompanies.clientId))
        .where(and(eq(vendorCompanies.id, id), scoped(actor)))
        .limit(1);
      return row;
    },

    async findById(actor: TActor, id: number): Promise<StoredVendorCompany | undefined> {
      const [row] = await db
        .select()
        .from(vendorCompanies)
        .where(and(eq(vendorCompanies.id, id), scoped(actor)))
        .limit(1);
      return row;
    },

    /**
     * Whether the code is taken within the client: by another company, or by a registration type
     * (ADR 0014: a company's code and a type's code are both public form addresses of the
     * client, so they share one namespace).
     */
    async codeTaken(clientId: number, code: string, exceptId?: number): Promise<boolean> {
      const parts: SQL[] = [eq(vendorCompanies.clientId, clientId), eq(vendorCompanies.code, code)];
      if (exceptId !== undefined) parts.push(ne(vendorCompanies.id, exceptId));
      const [company] = await db
        .select({ id: vendorCompanies.id })
        .from(vendorCompanies)
        .where(and(...parts))
        .limit(1);
      if (company) return true;
      const [type] = await db
        .select({ id: registrationTypes.id })
        .from(registrationTypes)
        .where(and(eq(registrationTypes.clientId, clientId), eq(registrationTypes.code, code)))
        .limit(1);
      return Boolean(type);
    },

    async insert(clientId: number, values: Omit<TVendorCompanyValues, 'clientId'>): Promise<number> {
      const [row] = await db
        .insert(vendorCompanies)
        .values({ ...values, clientId })
        .returning({ id: vendorCompanies.id });
      return row.id;
    },

    /** An edit at `version` (issue 23 §4); false when the company is not in scope at that version. */
    async update(
      actor: TActor,
      id: number,
      values: Omit<TVendorCompanyValues, 'clientId'>,
      version: number,
    ): Promise<boolean> {
      const rows = await db
        .update(vendorCompanies)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(vendorCompanies.id, id), scoped(actor), atVersion(vendorCompanies.version, version)))
        .returning({ id: vendorCompanies.id });
      return rows.length > 0;
    },

    /**
     * The public form's hook (ADR 0014): the active company of `clientId` whose URL code is
     * `code`, as the target a submission is filed under (a SafeVendor registration of that
     * company), or null. No actor: the public form is anonymous and names the client itself.
     */
    async findFormTarget(clientId: number, code: string): Promise<VendorFormTarget | null> {
      const [row] = await db
        .select({ id: vendorCompanies.id, clientId: vendorCompanies.clientId, name: vendorCompanies.name })
        .from(vendorCompanies)
        .where(
          and(
            eq(vendorCompanies.clientId, clientId),
            eq(vendorCompanies.code, code.trim().toLowerCase()),
            eq(vendorCompanies.isActive, true),
          ),
        )
        .limit(1);
      return row ? { kind: 'vendor', clientId: row.clientId, vendorCompanyId: row.id, companyName: row.name } : null;
    },
  };
}
export type VendorCompaniesRepository = ReturnType<typeof createVendorCompaniesRepository>;
