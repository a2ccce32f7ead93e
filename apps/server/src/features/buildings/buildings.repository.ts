import type { TActor, TBuildingFields, TBuildingLookupItem, TBuildingRow, TPage } from '@sv/contracts';
import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { buildings, clients } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage, listSearch } from '../../platform/db/paging';
import { atVersion } from '../../platform/db/versions';
import { buildingFilter, inScope, scopeOf } from '../../platform/db/scope';

/** Buildings are building-scoped rows: attendants and kiosks see their own building only. */
const scoped = (actor: TActor) => buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id });

/**
 * What the front desk needs of a building and its district's stored settings (check-in,
 * screening, denials, pre-registrations): printing, the photo and badge rules (spec 002 §3,
 * §4), the time zone, and `clientSettings` (backgroundCheck, registryGating; read with the
 * contract).
 */
export const deskBuildingColumns = {
  id: buildings.id,
  clientId: buildings.clientId,
  name: buildings.name,
  timeZone: buildings.timeZone,
  active: buildings.active,
  printMethod: buildings.printMethod,
  printerIpAddress: buildings.printerIpAddress,
  visitorPrinterIpAddress: buildings.visitorPrinterIpAddress,
  requireAttendantVisitorBadgePrint: buildings.requireAttendantVisitorBadgePrint,
  requireAttendantVolunteerBadgePrint: buildings.requireAttendantVolunteerBadgePrint,
  requireAttendantVisitorPhotoCheckIn: buildings.requireAttendantVisitorPhotoCheckIn,
  requireAttendantVolunteerPhotoCheckIn: buildings.requireAttendantVolunteerPhotoCheckIn,
  requireKioskVisitorBadgePrint: buildings.requireKioskVisitorBadgePrint,
  requireKioskVolunteerBadgePrint: buildings.requireKioskVolunteerBadgePrint,
  requireKioskVisitorPhotoCheckIn: buildings.requireKioskVisitorPhotoCheckIn,
  requireKioskVolunteerPhotoCheckIn: buildings.requireKioskVolunteerPhotoCheckIn,
  clientSettings: clients.settings,
};

/** The columns of a row as the contracts name them (spec 000 §3 Building). */
const rowColumns = {
  id: buildings.id,
  clientId: buildings.clientId,
  clientName: clients.name,
  name: buildings.name,
  street1: buildings.street1,
  street2: buildings.street2,
  city: buildings.city,
  state: buildings.state,
  zipcode: buildings.zipcode,
  latitude: buildings.latitude,
  longitude: buildings.longitude,
  radius: buildings.radius,
  note: buildings.note,
  timeZone: buildings.timeZone,
  printMethod: buildings.printMethod,
  printerIpAddress: buildings.printerIpAddress,
  visitorPrinterIpAddress: buildings.visitorPrinterIpAddress,
  scanWithCamera: buildings.scanWithCamera,
  active: buildings.active,
  studentIdLabel: buildings.studentIdLabel,
  showKioskStudentCheckIn: buildings.showKioskStudentCheckIn,
  studentCheckInBtn: buildings.studentCheckInBtn,
  requireKioskStudentPhotoCheckIn: buildings.requireKioskStudentPhotoCheckIn,
  showKioskStudentCheckOut: buildings.showKioskStudentCheckOut,
  studentCheckOutBtn: buildings.studentCheckOutBtn,
  requireKioskStudentPhotoCheckOut: buildings.requireKioskStudentPhotoCheckOut,
  requireKioskVisitorPhotoCheckIn: buildings.requireKioskVisitorPhotoCheckIn,
  requireKioskVolunteerPhotoCheckIn: buildings.requireKioskVolunteerPhotoCheckIn,
  requireKioskVisitorBadgePrint: buildings.requireKioskVisitorBadgePrint,
  requireKioskVolunteerBadgePrint: buildings.requireKioskVolunteerBadgePrint,
  requireAttendantVisitorPhotoCheckIn: buildings.requireAttendantVisitorPhotoCheckIn,
  requireAttendantVolunteerPhotoCheckIn: buildings.requireAttendantVolunteerPhotoCheckIn,
  requireAttendantVisitorBadgePrint: buildings.requireAttendantVisitorBadgePrint,
  requireAttendantVolunteerBadgePrint: buildings.requireAttendantVolunteerBadgePrint,
  version: buildings.version,
};

const SORT = {
  name: sql`lower(${buildings.name})`,
  id: buildings.id,
  city: sql`lower(${buildings.city})`,
} as const;

export interface BuildingListFilter {
  page: number;
  perPage: number;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
  activeOnly: boolean;
  /** client filter; ignored for non-admins (their scope already fixes the client) */
  clientId?: number;
  /** issue 25: server-side search (name, city, street) */
  q?: string;
}

/** Filters every list applies: the actor's scope, the active toggle and (admins) the client filter. */
function listWhere(actor: TActor, f: { activeOnly: boolean; clientId?: number }): SQL {
  const parts: SQL[] = [scoped(actor)];
  if (f.activeOnly) parts.push(eq(buildings.active, true));
  if (f.clientId !== undefined && scopeOf(actor).clientId === null) parts.push(eq(buildings.clientId, f.clientId));
  return and(...parts)!;
}

export function createBuildingsRepository(db: Db) {
  const selectRows = () => db.select(rowColumns).from(buildings).innerJoin(clients, eq(clients.id, buildings.clientId));

  return {
    async list(actor: TActor, f: BuildingListFilter): Promise<TPage<TBuildingRow>> {
      const where = and(
        listWhere(actor, f),
        listSearch(f.q ?? '', [buildings.name, buildings.city, buildings.street1]),
      )!;
      const order = f.dir === 'desc' ? desc(SORT[f.sort]) : asc(SORT[f.sort]);
      return findPage(
        f,
        (limit, offset) => selectRows().where(where).orderBy(order, asc(buildings.id)).limit(limit).offset(offset),
        async () => {
          const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(buildings).where(where);
          return n;
        },
      );
    },

    async lookup(actor: TActor, f: { activeOnly: boolean; clientId?: number }): Promise<TBuildingLookupItem[]> {
      return db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name, active: buildings.active })
        .from(buildings)
        .where(listWhere(actor, f))
        .orderBy(sql`lower(${buildings.name})`, asc(buildings.id));
    },

    /** One building in the actor's scope, or undefined (the service answers 404). */
    async findById(actor: TActor, id: number): Promise<TBuildingRow | undefined> {
      const [row] = await selectRows()
        .where(and(eq(buildings.id, id), scoped(actor)))
        .limit(1);
      return row;
    },

    /** Whether a client exists and is within the actor's scope. */
    async clientInScope(actor: TActor, clientId: number): Promise<boolean> {
      const s = scopeOf(actor);
      if (s.clientId !== null && s.clientId !== clientId) return false;
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
      return Boolean(row);
    },

    /** Inserts a building of a client in the actor's scope; null when the client is outside it. */
    async insert(actor: TActor, clientId: number, fields: TBuildingFields, tx: Db = db): Promise<number | null> {
      if (!inScope(actor, { clientId })) return null;
      const [row] = await tx
        .insert(buildings)
        .values({ ...fields, clientId })
        .returning({ id: buildings.id });
      return row.id;
    },

    /** Lower-cased names among `names` that a client already has (import duplicates: client + lower(name)). */
    async existingNames(actor: TActor, clientId: number, names: string[], tx: Db = db): Promise<Set<string>> {
      if (names.length === 0 || !inScope(actor, { clientId })) return new Set();
      const rows = await tx
        .select({ key: sql<string>`lower(${buildings.name})` })
        .from(buildings)
        .where(and(eq(buildings.clientId, clientId), inArray(sql`lower(${buildings.name})`, names)));
      return new Set(rows.map((r) => r.key));
    },

    /** Inserts imported buildings of one client (inside the import's transaction). */
    async insertMany(actor: TActor, clientId: number, rows: TBuildingFields[], tx: Db = db): Promise<number[]> {
      if (rows.length === 0) return [];
      if (!inScope(actor, { clientId })) throw new Error('import client outside the actor scope');
      const created = await tx
        .insert(buildings)
        .values(rows.map((r) => ({ ...r, clientId })))
        .returning({ id: buildings.id });
      return created.map((r) => r.id);
    },

    /** The chosen ids of the actor's scope, with their districts (a bulk action's rows). */
    async inScope(actor: TActor, ids: number[], tx: Db = db) {
      return tx
        .select({ id: buildings.id, clientId: buildings.clientId })
        .from(buildings)
        .where(and(inArray(buildings.id, ids), scoped(actor)));
    },

    /**
     * Deletes a building of the actor's scope that nothing refers to (issue 26 §4: an undone
     * import, a bulk delete); a user, a visit, a card … pointing at it fails the delete (23503).
     * 1 when it went.
     */
    async deleteUnreferenced(actor: TActor, id: number, tx: Db = db): Promise<number> {
      const gone = await tx
        .delete(buildings)
        .where(and(eq(buildings.id, id), scoped(actor)))
        .returning({ id: buildings.id });
      return gone.length;
    },

    /** One batch of the export, after a building id (keyset), in the actor's scope. */
    async exportBatch(
      actor: TActor,
      f: { activeOnly: boolean; clientId?: number },
      afterId: number | null,
      limit: number,
    ): Promise<TBuildingRow[]> {
      const where = listWhere(actor, f);
      return selectRows()
        .where(afterId === null ? where : and(where, gt(buildings.id, afterId)))
        .orderBy(asc(buildings.id))
        .limit(limit);
    },

    /** Sets `active` on the ids of the actor's scope that differ (issue 26 §4); the ids found and those changed. */
    async setActiveMany(actor: TActor, ids: number[], active: boolean) {
      const found = await db
        .select({ id: buildings.id })
        .from(buildings)
        .where(and(inArray(buildings.id, ids), scoped(actor)));
      const changed = await db
        .update(buildings)
        .set({ active, updatedAt: sql`now()` })
        .where(and(inArray(buildings.id, ids), scoped(actor), ne(buildings.active, active)))
        .returning({ id: buildings.id, clientId: buildings.clientId });
      return { found: found.length, changed };
    },

    /** Updates a building in the actor's scope at `version` (issue 23 §4); false when there is none. */
    async update(actor: TActor, id: number, fields: TBuildingFields, version: number): Promise<boolean> {
      const rows = await db
        .update(buildings)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(buildings.id, id), scoped(actor), atVersion(buildings.version, version)))
        .returning({ id: buildings.id });
      return rows.length > 0;
    },
  };
}
export type BuildingsRepository = ReturnType<typeof createBuildingsRepository>;
