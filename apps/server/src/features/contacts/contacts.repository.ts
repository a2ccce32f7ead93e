import type { TActor, TPage } from '@sv/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { buildings, clients, contacts, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage, listSearch } from '../../platform/db/paging';
import { atVersion } from '../../platform/db/versions';
import { buildingFilter, buildingInScope, inScope, scopeOf } from '../../platform/db/scope';

/** Contacts of a building, plus district-wide (Global, building null) contacts of the client. */
const scoped = (actor: TActor) =>
  buildingFilter(actor, { clientId: contacts.clientId, buildingId: contacts.buildingId }, { clientWideRows: true });

/** A contact as stored: confidence levels are the comma-separated text of spec 000 §3. */
export interface StoredContact {
  id: number;
  clientId: number;
  clientName: string;
  buildingId: number | null;
  buildingName: string | null;
  contactType: string;
  name: string;
  title: string;
  email: string;
  mobile: string;
  active: boolean;
  receivesEmergency: boolean;
  confidenceLevelNotification: string | null;
  confidenceLevelBadge: string | null;
  version: number;
}

export interface ContactValues {
  contactType: 'Global' | 'Building';
  buildingId: number | null;
  name: string;
  title: string;
  email: string;
  mobile: string;
  active: boolean;
  receivesEmergency: boolean;
  confidenceLevelNotification: string | null;
  confidenceLevelBadge: string | null;
}

const rowColumns = {
  id: contacts.id,
  clientId: contacts.clientId,
  clientName: clients.name,
  buildingId: contacts.buildingId,
  buildingName: buildings.name,
  contactType: contacts.contactType,
  name: contacts.name,
  title: contacts.title,
  email: contacts.email,
  mobile: contacts.mobile,
  active: contacts.active,
  receivesEmergency: contacts.receivesEmergency,
  confidenceLevelNotification: contacts.confidenceLevelNotification,
  confidenceLevelBadge: contacts.confidenceLevelBadge,
  version: contacts.version,
};

const SORT = {
  name: sql`lower(${contacts.name})`,
  id: contacts.id,
  contactType: contacts.contactType,
} as const;

export interface ContactListFilter {
  page: number;
  perPage: number;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
  activeOnly: boolean;
  clientId?: number;
  buildingId?: number;
  /** issue 25: server-side search (name, e-mail, mobile, title) */
  q?: string;
}

export function createContactsRepository(db: Db) {
  const selectRows = () =>
    db
      .select(rowColumns)
      .from(contacts)
      .innerJoin(clients, eq(clients.id, contacts.clientId))
      .leftJoin(buildings, eq(buildings.id, contacts.buildingId));

  return {
    async list(actor: TActor, f: ContactListFilter): Promise<TPage<StoredContact>> {
      const parts: SQL[] = [scoped(actor)];
      if (f.activeOnly) parts.push(eq(contacts.active, true));
      const searched = listSearch(f.q ?? '', [contacts.name, contacts.email, contacts.mobile, contacts.title]);
      if (searched) parts.push(searched);
      if (f.clientId !== undefined && scopeOf(actor).clientId === null) parts.push(eq(contacts.clientId, f.clientId));
      if (f.buildingId !== undefined) parts.push(eq(contacts.buildingId, f.buildingId));
      const where = and(...parts)!;
      const order = f.dir === 'desc' ? desc(SORT[f.sort]) : asc(SORT[f.sort]);
      return findPage(
        f,
        (limit, offset) => selectRows().where(where).orderBy(order, asc(contacts.id)).limit(limit).offset(offset),
        async () => {
          const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where);
          return n;
        },
      );
    },

    /** The expandable row of a building: its Building contacts first, then the district's Global contacts. */
    async ofBuilding(actor: TActor, building: { id: number; clientId: number }): Promise<StoredContact[]> {
      return selectRows()
        .where(
          and(
            scoped(actor),
            eq(contacts.clientId, building.clientId),
            or(
              eq(contacts.buildingId, building.id),
              and(isNull(contacts.buildingId), eq(contacts.contactType, 'Global')),
            ),
          ),
        )
        .orderBy(sql`${contacts.buildingId} is null`, sql`lower(${contacts.name})`, asc(contacts.id));
    },

    async findById(actor: TActor, id: number): Promise<StoredContact | undefined> {
      const [row] = await selectRows()
        .where(and(eq(contacts.id, id), scoped(actor)))
        .limit(1);
      return row;
    },

    /** A building in the actor's scope (id and client), or undefined. */
    async buildingInScope(actor: TActor, buildingId: number): Promise<{ id: number; clientId: number } | undefined> {
      const [row] = await db
        .select({ id: buildings.id, clientId: buildings.clientId })
        .from(buildings)
        .where(buildingInScope(actor, buildingId))
        .limit(1);
      return row;
    },

    /** Whether a client exists and is within the actor's scope. */
    async clientInScope(actor: TActor, clientId: number): Promise<boolean> {
      if (!inScope(actor, { clientId })) return false;
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
      return Boolean(row);
    },

    /** The per-user elevatedReports flag of the signed-in (or impersonated) user (spec 000 §6). */
    async hasElevatedReports(actor: TActor): Promise<boolean> {
      const [row] = await db
        .select({ elevated: users.elevatedReports })
        .from(users)
        .where(eq(users.id, actor.userId))
        .limit(1);
      return row?.elevated ?? false;
    },

    /** Inserts a contact of a client in the actor's scope; null when the client is outside it. */
    async insert(actor: TActor, clientId: number, values: ContactValues): Promise<number | null> {
      if (!inScope(actor, { clientId, buildingId: values.buildingId })) return null;
      const [row] = await db
        .insert(contacts)
        .values({ ...values, clientId })
        .returning({ id: contacts.id });
      return row.id;
    },

    /** Sets `active` on the ids of the actor's scope that differ (issue 26 §4); the ids found and those changed. */
    async setActiveMany(actor: TActor, ids: number[], active: boolean) {
      const found = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(inArray(contacts.id, ids), scoped(actor)));
      const changed = await db
        .update(contacts)
        .set({ active, updatedAt: sql`now()` })
        .where(and(inArray(contacts.id, ids), scoped(actor), ne(contacts.active, active)))
        .returning({ id: contacts.id, clientId: contacts.clientId });
      return { found: found.length, changed };
    },

    /** Updates a contact in the actor's scope at `version` (issue 23 §4); false when there is none. */
    async update(actor: TActor, id: number, values: ContactValues, version: number): Promise<boolean> {
      const rows = await db
        .update(contacts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(contacts.id, id), scoped(actor), atVersion(contacts.version, version)))
        .returning({ id: contacts.id });
      return rows.length > 0;
    },
  };
}
export type ContactsRepository = ReturnType<typeof createContactsRepository>;
