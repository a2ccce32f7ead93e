import type { TActor } from '@sv/contracts';
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  buildings,
  clients,
  registrationInvitations,
  registrations,
  registrationTypes,
  vendorCompanies,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';

/** spec 001 §5 "not before today": the district's day; a district with no building yet uses this zone. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

export interface InvitationType {
  id: number;
  clientId: number;
  clientName: string;
  name: string;
  code: string;
  isActive: boolean;
  language: string;
  reminderDays: number;
}

export interface NewInvitation {
  clientId: number;
  /** null for a SafeVendor renewal invitation (its company's form; ADR 0038) */
  registrationTypeId: number | null;
  vendorCompanyId?: number | null;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  requestedExpDate: string | null;
  tokenHash: string;
  dedupeKey: string;
  sentAt: Date;
  createdBy: number | null;
  /** the registration a renewal invitation renews (ADR 0038); absent for an ordinary invitation */
  renewalOfId?: number | null;
}

/** A renewal invitation's dedupe key: its own per registration, so an ordinary open invitation of the person never blocks it (ADR 0038). */
export const renewalDedupeKey = (registrationId: number) => `r:${registrationId}`;

const typeColumns = {
  id: registrationTypes.id,
  clientId: registrationTypes.clientId,
  clientName: clients.name,
  name: registrationTypes.name,
  code: registrationTypes.code,
  isActive: registrationTypes.isActive,
  language: registrationTypes.language,
  reminderDays: registrationTypes.reminderDays,
};

/**
 * Registrations that may be invited to renew (issue 25, ADR 0038): approved, not under review,
 * with an e-mail, of an active type or company of an active district, and not already renewed by
 * a registration naming them; `more` narrows it (the sweep's window, one registration).
 * Not scoped by an actor: the sweep runs over every district; the office's action checked its
 * actor on the registration first.
 */
function renewalQuery(tx: Db, more: SQL[]) {
  return tx
    .select({
      id: registrations.id,
      clientId: registrations.clientId,
      registrationTypeId: registrations.registrationTypeId,
      vendorCompanyId: registrations.vendorCompanyId,
      firstname: registrations.firstname,
      lastname: registrations.lastname,
      email: registrations.email,
      phone: registrations.phone,
      expDate: registrations.expDate,
      // a volunteer's type, or a SafeVendor registration's company (ADR 0014: its form is the company's)
      typeName: sql<string>`coalesce(${registrationTypes.name}, ${vendorCompanies.name})`,
      code: sql<string>`coalesce(${registrationTypes.code}, ${vendorCompanies.code})`,
      language: sql<string>`coalesce(${registrationTypes.language}, 'en')`,
      clientName: clients.name,
    })
    .from(registrations)
    .leftJoin(registrationTypes, eq(registrationTypes.id, registrations.registrationTypeId))
    .leftJoin(vendorCompanies, eq(vendorCompanies.id, registrations.vendorCompanyId))
    .innerJoin(clients, eq(clients.id, registrations.clientId))
    .where(
      and(
        eq(registrations.approved, true),
        eq(registrations.underReview, false),
        ne(registrations.email, ''),
        or(eq(registrationTypes.isActive, true), eq(vendorCompanies.isActive, true)),
        eq(clients.active, true),
        sql`not exists (select 1 from registrations rn where rn.renewal_of_id = ${registrations.id})`,
        ...more,
      ),
    );
}

export function createInvitationsRepository(db: Db) {
  return {
    /** A registration type within the actor's client scope (with its client's name), or undefined. */
    async findType(actor: TActor, id: number, tx: Db = db): Promise<InvitationType | undefined> {
      const [row] = await tx
        .select(typeColumns)
        .from(registrationTypes)
        .innerJoin(clients, eq(clients.id, registrationTypes.clientId))
        .where(and(eq(registrationTypes.id, id), clientFilter(actor, registrationTypes.clientId)))
        .limit(1);
      return row;
    },

    /**
     * The district's time zone: its first building's (buildings carry the IANA zone; districts do
     * not), else America/Chicago.
     */
    async districtTimeZone(clientId: number, tx: Db = db): Promise<string> {
      const [row] = await tx
        .select({ timeZone: buildings.timeZone })
        .from(buildings)
        .where(eq(buildings.clientId, clientId))
        .orderBy(asc(buildings.id))
        .limit(1);
      return row?.timeZone ?? DEFAULT_TIME_ZONE;
    },

    /** Dedupe keys among `keys` that have an open (unanswered) invitation of the type. */
    async openKeys(typeId: number, keys: string[], tx: Db = db): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await tx
        .select({ key: registrationInvitations.dedupeKey })
        .from(registrationInvitations)
        .where(
          and(
            eq(registrationInvitations.registrationTypeId, typeId),
            isNull(registrationInvitations.answeredAt),
            inArray(registrationInvitations.dedupeKey, keys),
          ),
        );
      return new Set(rows.map((r) => r.key));
    },

    /**
     * Inserts invitations; a row whose person already has an open invitation of the type (the
     * partial unique index, e.g. a concurrent send) is skipped. Answers the inserted rows' ids
     * keyed by dedupe key.
     */
    async insert(rows: NewInvitation[], tx: Db = db): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const inserted = await tx
        .insert(registrationInvitations)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: registrationInvitations.id, key: registrationInvitations.dedupeKey });
      return new Map(inserted.map((r) => [r.key, r.id]));
    },

    /**
     * Unanswered invitations due for a reminder (issue 11): the type reminds (reminder_days > 0)
     * and is active, fewer than `max` reminders went out, warnings were not cancelled, and the
     * last message (invitation or reminder) is at least reminder_days old.
     */
    async dueReminders(now: Date, max: number, limit: number) {
      const at = sql`${now.toISOString()}::timestamptz`;
      return db
        .select({
          id: registrationInvitations.id,
          clientId: registrationInvitations.clientId,
          remindersSent: registrationInvitations.remindersSent,
          firstname: registrationInvitations.firstname,
          email: registrationInvitations.email,
          phone: registrationInvitations.phone,
          requestedExpDate: registrationInvitations.requestedExpDate,
          typeName: registrationTypes.name,
          code: registrationTypes.code,
          language: registrationTypes.language,
          clientName: clients.name,
          /** a renewal invitation's registration's expiration date (ADR 0038), else null */
          renewalExpDate: sql<
            string | null
          >`(select r.exp_date::text from registrations r where r.id = ${registrationInvitations.renewalOfId})`,
        })
        .from(registrationInvitations)
        .innerJoin(registrationTypes, eq(registrationTypes.id, registrationInvitations.registrationTypeId))
        .innerJoin(clients, eq(clients.id, registrationInvitations.clientId))
        .where(
          and(
            isNull(registrationInvitations.answeredAt),
            isNull(registrationInvitations.warningsCancelledAt),
            eq(registrationTypes.isActive, true),
            sql`${registrationTypes.reminderDays} > 0`,
            sql`${registrationInvitations.remindersSent} < ${max}`,
            lte(
              sql`coalesce(${registrationInvitations.lastReminderAt}, ${registrationInvitations.sentAt})`,
              sql`${at} - make_interval(days => ${registrationTypes.reminderDays})`,
            ),
          ),
        )
        .orderBy(asc(registrationInvitations.id))
        .limit(limit);
    },

    /**
     * Registrations to invite to renew (issue 25, ADR 0038): approved registrations (volunteer
     * or SafeVendor) with an e-mail whose expiration date is in [from, to] (UTC days with slack; the caller
     * applies each district's day), of an active type or company of an active district, never invited to
     * renew (the unique renewal_of_id) and not already renewed by a registration naming them.
     * Not scoped by an actor: a system sweep over every district, like the expiry warnings.
     */
    async renewalCandidates(from: string, to: string, limit: number, tx: Db = db) {
      return renewalQuery(tx, [
        gte(registrations.expDate, from),
        lte(registrations.expDate, to),
        sql`not exists (select 1 from registration_invitations ri where ri.renewal_of_id = ${registrations.id})`,
      ])
        .orderBy(asc(registrations.expDate), asc(registrations.id))
        .limit(limit);
    },

    /**
     * One registration the office invites to renew now (issue 25, audit 001 B4: "the office has no
     * renewal action"; ADR 0038): the same conditions as the sweep's candidates except the 30-day
     * window, with its renewal invitation when it already has one (then re-sent with a new link
     * while unanswered). Undefined when it cannot be renewed (not approved, under review, no
     * e-mail, inactive type or district, or already renewed by a registration).
     */
    async renewalCandidate(registrationId: number, tx: Db = db) {
      const [row] = await renewalQuery(tx, [eq(registrations.id, registrationId)]);
      if (!row) return undefined;
      const [invitation] = await tx
        .select({
          id: registrationInvitations.id,
          answeredAt: registrationInvitations.answeredAt,
          warningsCancelledAt: registrationInvitations.warningsCancelledAt,
        })
        .from(registrationInvitations)
        .where(eq(registrationInvitations.renewalOfId, registrationId));
      return { ...row, invitation: invitation ?? null };
    },

    /** A new link for an unanswered renewal invitation the office sends again (the old link stops working). */
    async reissueRenewal(id: number, now: Date, tokenHash: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .update(registrationInvitations)
        .set({ tokenHash, sentAt: now })
        .where(and(eq(registrationInvitations.id, id), isNull(registrationInvitations.answeredAt)))
        .returning({ id: registrationInvitations.id });
      return rows.length === 1;
    },

    /**
     * Claims one reminder: counts it and replaces the link's token, only if nobody else counted
     * it since it was read (two instances sweeping at once send one reminder). True when claimed.
     */
    async claimReminder(id: number, seenCount: number, now: Date, tokenHash: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .update(registrationInvitations)
        .set({ remindersSent: seenCount + 1, lastReminderAt: now, tokenHash })
        .where(
          and(
            eq(registrationInvitations.id, id),
            eq(registrationInvitations.remindersSent, seenCount),
            isNull(registrationInvitations.answeredAt),
            isNull(registrationInvitations.warningsCancelledAt),
          ),
        )
        .returning({ id: registrationInvitations.id });
      return rows.length === 1;
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
