import type { TActor } from '@sv/contracts';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { buildings, clients, registrationInvitations, registrationTypes } from '../../db/schema/index';
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
  registrationTypeId: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  requestedExpDate: string | null;
  tokenHash: string;
  dedupeKey: string;
  sentAt: Date;
  createdBy: number | null;
}

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
