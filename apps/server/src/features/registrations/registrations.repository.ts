import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  arrestAlerts,
  buildings,
  clients,
  registrationBuildings,
  registrationInvitations,
  registrations,
  registrationTypes,
  vendorCompanies,
  visits,
} from '../../db/schema/index';
import { fileBytesOfDistrict } from '../../platform/files/files';
import type { Db } from '../../platform/db/database';
import { findPage, likeEscape } from '../../platform/db/paging';
import { clientFilter, scopeOf } from '../../platform/db/scope';

export type StoredRegistration = typeof registrations.$inferSelect;
export type RegistrationInsert = typeof registrations.$inferInsert;

/**
 * Scope of a registration (architecture guide "Where tenancy … is enforced"): admins every client,
 * client admins their client, attendants their client restricted to registrations allowed at
 * their building — a registration with no building rows is valid at every building of the client
 * (spec 001 §2 Buildings), so the attendant sees it too.
 */
export function registrationScope(actor: TActor, table = registrations): SQL {
  const s = scopeOf(actor);
  const client = s.clientId === null ? sql`true` : eq(table.clientId, s.clientId);
  if (s.buildingId === null) return client;
  return and(
    client,
    sql`(not exists (select 1 from ${registrationBuildings} rb where rb.registration_id = ${table.id})
      or exists (select 1 from ${registrationBuildings} rb where rb.registration_id = ${table.id} and rb.building_id = ${s.buildingId}))`,
  )!;
}

const renewal = alias(registrations, 'renewal');

/**
 * Which registrations a repository works on (ADR 0014): the volunteer programme's
 * (`vendor = false`, with a registration type) or SafeVendor's (`vendor = true`, with a vendor
 * company). Every read and lock of the repository applies it, so the volunteer list, actions and
 * exports never see a vendor and the reverse.
 */
export type RegistrationKind = 'volunteer' | 'vendor';

/** The type's name, or for a vendor its company's (spec 001 §3 "registrationType (shown as Company)"). */
const ownerName = sql<string>`coalesce(${registrationTypes.name}, ${vendorCompanies.name}, '')`;

/** What the list, the rules and the badge need of a registration (one select, no N+1). */
const listColumns = {
  id: registrations.id,
  clientId: registrations.clientId,
  registrationTypeId: registrations.registrationTypeId,
  vendorCompanyId: registrations.vendorCompanyId,
  registrationType: ownerName,
  firstname: registrations.firstname,
  middlename: registrations.middlename,
  lastname: registrations.lastname,
  email: registrations.email,
  phone: registrations.phone,
  dob: registrations.dob,
  expDate: registrations.expDate,
  note: registrations.note,
  approved: registrations.approved,
  underReview: registrations.underReview,
  ddStatus: registrations.ddStatus,
  hasStateCheck: registrations.hasStateCheck,
  hasStateIssues: registrations.hasStateIssues,
  hasConviction: registrations.hasConviction,
  ddProvider: registrations.ddProvider,
  /** the district's background-check provider choice (issue 23 §2): 'none' says checks are not configured */
  districtCheckProvider: sql<string>`coalesce(${clients.backgroundSettings}->>'provider', 'none')`,
  photoFileId: registrations.photoFileId,
  emailWarnings: registrations.emailWarnings,
  suspendedAt: registrations.suspendedAt,
  renewalOfId: registrations.renewalOfId,
  renewalApproved: renewal.approved,
  renewalExpDate: renewal.expDate,
  street1: registrations.street1,
  street2: registrations.street2,
  city: registrations.city,
  state: registrations.state,
  zipcode: registrations.zipcode,
  badgeCode: registrations.badgeCode,
  visitorId: registrations.visitorId,
  badgePrintedAt: registrations.badgePrintedAt,
};
const selectList = (tx: Db) =>
  tx
    .select(listColumns)
    .from(registrations)
    .leftJoin(registrationTypes, eq(registrationTypes.id, registrations.registrationTypeId))
    .leftJoin(vendorCompanies, eq(vendorCompanies.id, registrations.vendorCompanyId))
    .leftJoin(renewal, eq(renewal.id, registrations.renewalOfId))
    .leftJoin(clients, eq(clients.id, registrations.clientId));
export type RegistrationListRow = Awaited<ReturnType<typeof selectList>>[number];

const SORT: Record<string, SQL[]> = {
  type: [sql`lower(${ownerName})`],
  company: [sql`lower(${ownerName})`],
  // pending (null) first, then denied, then approved; reversed with 'desc'. The direction is
  // added by the caller, so no key may carry its own (`approved asc nulls first desc` was a
  // syntax error: 500 on every descending status sort, found by the fuzz run)
  status: [sql`(${registrations.approved} is not null)`, sql`${registrations.approved}`],
  expDate: [sql`${registrations.expDate}`],
  // §9 default: the name column (last, first) — the lower(...) text_pattern_ops index order
  name: [sql`lower(${registrations.lastname})`, sql`lower(${registrations.firstname})`],
  dob: [sql`${registrations.dob}`],
  created: [sql`${registrations.createdAt}`],
};

export interface RegistrationFilter {
  /** 'YYYY-MM-DD' in the district's zone: approved with exp_date before it is expired */
  today: string;
  clientId: number | null;
  status: 'all' | 'pending' | 'approved' | 'denied' | 'expired' | 'underReview';
  registrationTypeId: number | null;
  /** SafeVendor company filter (spec 001 §7 ListData vCompany) */
  vendorCompanyId?: number | null;
  /** SafeVendor search: first or last name from the beginning, "first last", or the id */
  search?: string;
  firstname: string;
  lastname: string;
  id: string;
  email: string;
  includeExpired: boolean;
}

/** SQL for "approved and past expiry" (spec 001 §4 expired). */
export const expiredSql = (today: string, t = registrations) =>
  sql`(${t.approved} = true and ${t.expDate} is not null and ${t.expDate} < ${today})`;

/**
 * The filters of the list (§2, §7 ListData). Status options are exclusive and follow the label
 * the row shows (registrationDisplay): Under Review overrides the others, so the Pending,
 * Approved and Denied options leave under-review rows out and Under Review lists only them.
 * includeExpired adds expired rows to All and Approved; Expired always lists them.
 */
export function filterSql(f: RegistrationFilter): SQL {
  const parts: SQL[] = [];
  const expired = expiredSql(f.today);
  const notReview = eq(registrations.underReview, false);
  switch (f.status) {
    case 'pending':
      parts.push(isNull(registrations.approved), notReview);
      break;
    case 'approved':
      parts.push(eq(registrations.approved, true), notReview);
      if (!f.includeExpired) parts.push(sql`not ${expired}`);
      break;
    case 'denied':
      parts.push(eq(registrations.approved, false), notReview);
      break;
    case 'expired':
      parts.push(expired, notReview);
      break;
    case 'underReview':
      parts.push(eq(registrations.underReview, true));
      break;
    default:
      if (!f.includeExpired) parts.push(sql`not ${expired}`);
  }
  if (f.clientId !== null) parts.push(eq(registrations.clientId, f.clientId));
  if (f.registrationTypeId !== null) parts.push(eq(registrations.registrationTypeId, f.registrationTypeId));
  if (f.vendorCompanyId) parts.push(eq(registrations.vendorCompanyId, f.vendorCompanyId));
  const search = f.search?.trim().toLowerCase() ?? '';
  if (search) {
    const prefix = `${likeEscape(search)}%`;
    const n = /^\d{1,10}$/.test(search) ? Number(search) : 0;
    parts.push(
      or(
        sql`lower(${registrations.firstname}) like ${prefix}`,
        sql`lower(${registrations.lastname}) like ${prefix}`,
        sql`lower(${registrations.firstname} || ' ' || ${registrations.lastname}) like ${prefix}`,
        n >= 1 && n <= 2_147_483_647 ? eq(registrations.id, n) : sql`false`,
      )!,
    );
  }
  // prefix, case-insensitive: lower(col) LIKE 'abc%' uses the text_pattern_ops indexes
  if (f.firstname)
    parts.push(sql`lower(${registrations.firstname}) like ${`${likeEscape(f.firstname.toLowerCase())}%`}`);
  if (f.lastname) parts.push(sql`lower(${registrations.lastname}) like ${`${likeEscape(f.lastname.toLowerCase())}%`}`);
  if (f.email) parts.push(sql`lower(${registrations.email}) like ${`${likeEscape(f.email.toLowerCase())}%`}`);
  if (f.id) {
    // the id as typed: digits only and inside the integer range, otherwise nothing matches
    const n = /^\d{1,10}$/.test(f.id) ? Number(f.id) : 0;
    parts.push(n >= 1 && n <= 2_147_483_647 ? eq(registrations.id, n) : sql`false`);
  }
  return parts.length ? and(...parts)! : sql`true`;
}

export function createRegistrationsRepository(db: Db, kind: RegistrationKind = 'volunteer') {
  const baseSelect = (tx: Db = db) => selectList(tx);
  /** the actor's scope and the repository's kind (ADR 0014) */
  const inScope = (actor: TActor) => and(registrationScope(actor), eq(registrations.vendor, kind === 'vendor'))!;

  return {
    /** volunteer or SafeVendor registrations (ADR 0014): the engine built on it checks it is its own */
    kind,
    async search(
      actor: TActor,
      f: RegistrationFilter & { page: number; perPage: number; sort: string; dir: 'asc' | 'desc' },
    ) {
      const where = and(inScope(actor), filterSql(f))!;
      const order = (SORT[f.sort] ?? SORT.name).map((c) => (f.dir === 'desc' ? desc(c) : asc(c)));
      return findPage(
        f,
        (limit, offset) =>
          baseSelect()
            .where(where)
            .orderBy(...order, asc(registrations.id))
            .limit(limit)
            .offset(offset),
        async () => {
          const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(registrations).where(where);
          return n;
        },
      );
    },

    /** Export rows in id order, a batch after `afterId` (keyset). */
    async exportBatch(actor: TActor, f: RegistrationFilter, afterId: number | null, limit: number) {
      const rows = await baseSelect()
        .where(and(inScope(actor), filterSql(f), afterId === null ? undefined : gt(registrations.id, afterId)))
        .orderBy(asc(registrations.id))
        .limit(limit);
      const minutes = await this.volunteerMinutesOf(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, volunteerMinutes: minutes.get(r.id) ?? 0 }));
    },

    async findListRow(actor: TActor, id: number, tx: Db = db): Promise<RegistrationListRow | undefined> {
      const [row] = await baseSelect(tx)
        .where(and(eq(registrations.id, id), inScope(actor)))
        .limit(1);
      return row;
    },

    async findListRows(actor: TActor, ids: number[], tx: Db = db): Promise<RegistrationListRow[]> {
      if (ids.length === 0) return [];
      return baseSelect(tx)
        .where(and(inArray(registrations.id, ids), inScope(actor)))
        .orderBy(asc(registrations.id));
    },

    async findById(actor: TActor, id: number, tx: Db = db): Promise<StoredRegistration | undefined> {
      const [row] = await tx
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, id), inScope(actor)))
        .limit(1);
      return row;
    },

    /** Locks the row for a state change (concurrent approve / deny of the same registration). */
    async lockById(actor: TActor, id: number, tx: Db) {
      const [row] = await tx
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, id), inScope(actor)))
        .for('update')
        .limit(1);
      return row;
    },

    async insert(values: RegistrationInsert, tx: Db = db) {
      const [row] = await tx.insert(registrations).values(values).returning({ id: registrations.id });
      return row.id;
    },

    /**
     * Updates a registration of this kind within the actor's scope (a write by id takes the actor's scope like the read before it: issue 24 §1); false
     * when none in scope was saved.
     */
    async update(actor: TActor, id: number, values: Partial<RegistrationInsert>, tx: Db = db) {
      const rows = await tx
        .update(registrations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(registrations.id, id), inScope(actor)))
        .returning({ id: registrations.id });
      return rows.length > 0;
    },

    /**
     * The latest registration that renews `id` (ADR 0038), in the actor's scope, or null: the
     * renewed registration's page links to it.
     */
    async renewedBy(actor: TActor, id: number, tx: Db = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.renewalOfId, id), inScope(actor)))
        .orderBy(desc(registrations.id))
        .limit(1);
      return row?.id ?? null;
    },

    async markBadgesPrinted(ids: number[], at: Date) {
      if (ids.length) await db.update(registrations).set({ badgePrintedAt: at }).where(inArray(registrations.id, ids));
    },

    /** A type of this client (active or not: an existing registration keeps an inactive type). */
    async findType(actor: TActor, typeId: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(registrationTypes)
        .where(and(eq(registrationTypes.id, typeId), clientFilter(actor, registrationTypes.clientId)))
        .limit(1);
      return row;
    },

    /**
     * Live registrations (pending, or approved and not expired on `today`) of one owner — a
     * registration type or a vendor company — in one district with this date of birth: the
     * candidates for "the same person already has one" (issue 25, ADR 0035). The caller compares
     * the names (canonical). Serialised per district and date of birth with an advisory lock held
     * to the commit, so two saves of the same person at once cannot both pass.
     */
    async liveOfOwnerByDob(
      q: {
        clientId: number;
        registrationTypeId: number | null;
        vendorCompanyId: number | null;
        dob: string;
        today: string;
        exceptId: number | null;
      },
      tx: Db,
    ) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sv-registration-person:${q.clientId}:${q.dob}`}))`);
      return tx
        .select({
          id: registrations.id,
          firstname: registrations.firstname,
          lastname: registrations.lastname,
          approved: registrations.approved,
          renewalOfId: registrations.renewalOfId,
        })
        .from(registrations)
        .where(
          and(
            eq(registrations.clientId, q.clientId),
            eq(registrations.dob, q.dob),
            q.registrationTypeId !== null
              ? eq(registrations.registrationTypeId, q.registrationTypeId)
              : q.vendorCompanyId !== null
                ? eq(registrations.vendorCompanyId, q.vendorCompanyId)
                : sql`false`,
            q.exceptId !== null ? sql`${registrations.id} <> ${q.exceptId}` : undefined,
            or(
              isNull(registrations.approved),
              and(
                eq(registrations.approved, true),
                or(isNull(registrations.expDate), sql`${registrations.expDate} >= ${q.today}`),
              ),
            ),
          ),
        )
        .limit(20);
    },

    /** A vendor company of this client (active or not: an existing registration keeps an inactive company). */
    async findCompany(actor: TActor, companyId: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(vendorCompanies)
        .where(and(eq(vendorCompanies.id, companyId), clientFilter(actor, vendorCompanies.clientId)))
        .limit(1);
      return row;
    },

    async typesInScope(actor: TActor) {
      return db
        .select({
          id: registrationTypes.id,
          clientId: registrationTypes.clientId,
          clientName: clients.name,
          name: registrationTypes.name,
          isActive: registrationTypes.isActive,
        })
        .from(registrationTypes)
        .innerJoin(clients, eq(clients.id, registrationTypes.clientId))
        .where(clientFilter(actor, registrationTypes.clientId))
        .orderBy(sql`lower(${registrationTypes.name})`, sql`lower(${clients.name})`, asc(registrationTypes.id));
    },

    async clientExists(actor: TActor, clientId: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientFilter(actor, clients.id)))
        .limit(1);
      return row;
    },

    async buildingIdsOf(registrationId: number, tx: Db = db) {
      const rows = await tx
        .select({ id: registrationBuildings.buildingId })
        .from(registrationBuildings)
        .where(eq(registrationBuildings.registrationId, registrationId))
        .orderBy(asc(registrationBuildings.buildingId));
      return rows.map((r) => r.id);
    },

    async clientBuildings(clientId: number, tx: Db = db) {
      return tx
        .select({ id: buildings.id, name: buildings.name, active: buildings.active })
        .from(buildings)
        .where(eq(buildings.clientId, clientId))
        .orderBy(sql`lower(${buildings.name})`, asc(buildings.id));
    },

    /** A building in the actor's scope with its printer addresses (badge printing to the building's printer). */
    async buildingForPrint(actor: TActor, buildingId: number) {
      const [row] = await db
        .select({
          id: buildings.id,
          clientId: buildings.clientId,
          name: buildings.name,
          printMethod: buildings.printMethod,
          printerIpAddress: buildings.printerIpAddress,
          visitorPrinterIpAddress: buildings.visitorPrinterIpAddress,
        })
        .from(buildings)
        .where(and(eq(buildings.id, buildingId), clientFilter(actor, buildings.clientId)))
        .limit(1);
      return row;
    },

    async setBuildings(registrationId: number, buildingIds: number[], tx: Db) {
      await tx.delete(registrationBuildings).where(eq(registrationBuildings.registrationId, registrationId));
      if (buildingIds.length) {
        await tx
          .insert(registrationBuildings)
          .values(buildingIds.map((buildingId) => ({ registrationId, buildingId })));
      }
    },

    /** Volunteer hours (issue 11): closed visits of the registration, one aggregate query. */
    async visitTotals(registrationId: number) {
      const [row] = await db
        .select({
          minutes: sql<number>`coalesce(sum(extract(epoch from (${visits.checkOut} - ${visits.checkIn})) / 60), 0)::int`,
          count: sql<number>`count(*)::int`,
        })
        .from(visits)
        .where(and(eq(visits.registrationId, registrationId), isNotNull(visits.checkOut)));
      return { minutes: row?.minutes ?? 0, count: row?.count ?? 0 };
    },

    async volunteerMinutesOf(ids: number[]) {
      if (ids.length === 0) return new Map<number, number>();
      const rows = await db
        .select({
          id: visits.registrationId,
          minutes: sql<number>`coalesce(sum(extract(epoch from (${visits.checkOut} - ${visits.checkIn})) / 60), 0)::int`,
        })
        .from(visits)
        .where(and(inArray(visits.registrationId, ids), isNotNull(visits.checkOut)))
        .groupBy(visits.registrationId);
      return new Map(rows.map((r) => [r.id as number, r.minutes]));
    },

    async alertsOf(registrationId: number) {
      return db
        .select({
          id: arrestAlerts.id,
          level: arrestAlerts.level,
          status: arrestAlerts.status,
          suspends: arrestAlerts.suspends,
          createdAt: arrestAlerts.createdAt,
        })
        .from(arrestAlerts)
        .where(eq(arrestAlerts.registrationId, registrationId))
        .orderBy(desc(arrestAlerts.createdAt), desc(arrestAlerts.id));
    },

    /** Cancel Email Warnings: no more reminders for the invitations that led to this registration. */
    async cancelInvitationWarnings(registrationId: number, at: Date, tx: Db) {
      await tx
        .update(registrationInvitations)
        .set({ warningsCancelledAt: at })
        .where(
          and(
            // its own invitation's reminders, and those of its renewal invitation (ADR 0038)
            or(
              eq(registrationInvitations.registrationId, registrationId),
              eq(registrationInvitations.renewalOfId, registrationId),
            ),
            isNull(registrationInvitations.warningsCancelledAt),
          ),
        );
    },

    photoBytes: (fileId: string, clientId: number) => fileBytesOfDistrict(db, fileId, clientId),

    /** Whether another registration already uses the badge code (the unique index backs it). */
    async badgeCodeTaken(code: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.badgeCode, code))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
