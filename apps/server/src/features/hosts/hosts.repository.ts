import type { TActor } from '@sv/contracts';
import { HOST_LIST_SORT } from './hosts.rules';
import { canonicalName } from '@sv/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZHostListQuery } from '@sv/contracts';
import {
  buildings,
  hostNotifications,
  hostWebhooks,
  hosts,
  outboundMessages,
  users,
  visitors,
  visits,
  badges,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage, listSearch } from '../../platform/db/paging';
import { buildingFilter, clientFilter } from '../../platform/db/scope';
import { INSTANCE_ID, instanceGone } from '../../platform/instances';

export type HostValues = Omit<typeof hosts.$inferInsert, 'id' | 'nameKey' | 'version' | 'createdAt'>;
const withKey = <T extends { name: string }>(v: T) => ({ ...v, nameKey: canonicalName(v.name) });

const rowColumns = {
  id: hosts.id,
  clientId: hosts.clientId,
  buildingId: hosts.buildingId,
  buildingName: buildings.name,
  name: hosts.name,
  email: hosts.email,
  mobile: hosts.mobile,
  channel: hosts.channel,
  source: hosts.source,
  active: hosts.active,
  version: hosts.version,
};

/** How long a claimed notification is withheld from other senders (longer than the client's 10 s time-out). */
export const HOST_NOTIFY_LEASE_SECONDS = 120;
export const HOST_NOTIFY_MAX_ATTEMPTS = 5;

/** A staff member of the roster feed, as the sync hands them over (issue 28 §1). */
export interface RosterStaffHost {
  sourcedId: string;
  name: string;
  email: string;
  /** 10 digits, or '' when the feed's number is not a usable mobile */
  mobile: string;
  /** the building of their school, or null (district-wide) */
  buildingId: number | null;
  active: boolean;
}

/**
 * Staff of the roster feed become hosts (issue 28 §1; source 'roster', keyed by the OneRoster
 * sourcedId): added once and kept in step with the feed (name, e-mail, mobile, school, status —
 * "tobedeleted" sets the host inactive). The channel an administrator chose is kept; a new host is
 * told by e-mail, or by text when the feed has only a mobile. In the sync page's transaction.
 */
export async function upsertRosterHosts(tx: Db, clientId: number, staff: RosterStaffHost[]) {
  if (staff.length === 0) return { added: 0, updated: 0 };
  const rows = await tx
    .insert(hosts)
    .values(
      staff.map((p) =>
        withKey({
          clientId,
          buildingId: p.buildingId,
          name: p.name,
          email: p.email,
          mobile: p.mobile,
          channel: p.email === '' && p.mobile !== '' ? 'sms' : 'email',
          source: 'roster',
          sourceRef: p.sourcedId,
          active: p.active,
        }),
      ),
    )
    .onConflictDoUpdate({
      target: [hosts.clientId, hosts.source, hosts.sourceRef],
      targetWhere: sql`${hosts.sourceRef} is not null`,
      set: {
        name: sql`excluded.name`,
        nameKey: sql`excluded.name_key`,
        email: sql`excluded.email`,
        mobile: sql`excluded.mobile`,
        buildingId: sql`excluded.building_id`,
        active: sql`excluded.active`,
        version: sql`${hosts.version} + 1`,
      },
      setWhere: sql`(${hosts.name}, ${hosts.email}, ${hosts.mobile}, ${hosts.buildingId}, ${hosts.active}) is distinct from (excluded.name, excluded.email, excluded.mobile, excluded.building_id, excluded.active)`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const added = rows.filter((r) => r.inserted).length;
  return { added, updated: rows.length - added };
}

export function createHostsRepository(db: Db) {
  /** Hosts the actor sees: the district's; an attendant's building's and the district-wide ones. */
  const scoped = (actor: TActor) =>
    buildingFilter(actor, { clientId: hosts.clientId, buildingId: hosts.buildingId }, { clientWideRows: true });

  return {
    async list(actor: TActor, q: z.output<typeof ZHostListQuery>) {
      // the autocomplete finds a name however it is spelled (canonical key) or by its words
      const key = canonicalName(q.q);
      const where = and(
        scoped(actor),
        q.clientId !== undefined ? eq(hosts.clientId, q.clientId) : undefined,
        q.buildingId !== undefined
          ? or(eq(hosts.buildingId, q.buildingId), sql`${hosts.buildingId} is null`)
          : undefined,
        q.q
          ? or(
              listSearch(q.q, [hosts.name, hosts.email]),
              key ? sql`${hosts.nameKey} like ${`%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
            )
          : undefined,
      );
      const order = HOST_LIST_SORT[q.sort];
      return findPage(
        q,
        (limit, offset) =>
          db
            .select(rowColumns)
            .from(hosts)
            .leftJoin(buildings, eq(buildings.id, hosts.buildingId))
            .where(where)
            .orderBy(q.dir === 'desc' ? desc(hosts[order]) : asc(hosts[order]), asc(hosts.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: sql<number>`count(*)::int` }).from(hosts).where(where))[0]!.n,
      );
    },

    /**
     * The kiosk's "Person visiting" suggestions (issue 28 §1): active hosts the kiosk account sees
     * (its building's and the district-wide ones), found by NAME only — never by e-mail, so typing
     * part of an address finds nobody — an id and the name each, at most `limit`.
     */
    async kioskOptions(actor: TActor, q: string, limit: number) {
      const key = canonicalName(q);
      return db
        .select({ id: hosts.id, name: hosts.name })
        .from(hosts)
        .where(
          and(
            scoped(actor),
            eq(hosts.active, true),
            or(
              listSearch(q, [hosts.name]),
              key ? sql`${hosts.nameKey} like ${`%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
            ),
          ),
        )
        .orderBy(asc(hosts.name), asc(hosts.id))
        .limit(limit);
    },

    async get(actor: TActor, id: number) {
      const rows = await db
        .select(rowColumns)
        .from(hosts)
        .leftJoin(buildings, eq(buildings.id, hosts.buildingId))
        .where(and(eq(hosts.id, id), scoped(actor)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The one active host usable at this building that a file's "Host" cell names: by e-mail when
     * it has an @, else by the canonical name (issue 22); null when none or several match.
     */
    async matchUsableAt(actor: TActor, text: string, clientId: number, buildingId: number, tx: Db = db) {
      const value = text.trim();
      if (value === '') return null;
      const rows = await tx
        .select({ id: hosts.id, name: hosts.name })
        .from(hosts)
        .where(
          and(
            value.includes('@') ? eq(hosts.email, value.toLowerCase()) : eq(hosts.nameKey, canonicalName(value)),
            scoped(actor),
            eq(hosts.clientId, clientId),
            eq(hosts.active, true),
            or(eq(hosts.buildingId, buildingId), sql`${hosts.buildingId} is null`),
          ),
        )
        .limit(2);
      return rows.length === 1 ? rows[0]! : null;
    },

    /** An active host of this district usable at this building (a pass's or check-in's host). */
    async usableAt(actor: TActor, id: number, clientId: number, buildingId: number, tx: Db = db) {
      const rows = await tx
        .select({ id: hosts.id, name: hosts.name })
        .from(hosts)
        .where(
          and(
            eq(hosts.id, id),
            scoped(actor),
            eq(hosts.clientId, clientId),
            eq(hosts.active, true),
            or(eq(hosts.buildingId, buildingId), sql`${hosts.buildingId} is null`),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async buildingOf(actor: TActor, buildingId: number) {
      const rows = await db
        .select({ id: buildings.id, clientId: buildings.clientId })
        .from(buildings)
        .where(
          and(
            eq(buildings.id, buildingId),
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async insert(values: HostValues, tx: Db = db) {
      const [row] = await tx.insert(hosts).values(withKey(values)).returning({ id: hosts.id });
      return row!.id;
    },

    async insertMany(tx: Db, rows: HostValues[]) {
      if (rows.length === 0) return [];
      const inserted = await tx.insert(hosts).values(rows.map(withKey)).returning({ id: hosts.id });
      return inserted.map((r) => r.id);
    },

    /** Natural keys (district | lower(name) | lower(email)) of the district's hosts among `keys` (imports). */
    async existingKeys(clientId: number, tx: Db) {
      const rows = await tx
        .select({ name: hosts.name, email: hosts.email })
        .from(hosts)
        .where(eq(hosts.clientId, clientId));
      return new Set(rows.map((r) => `${r.name.toLowerCase()}|${r.email.toLowerCase()}`));
    },

    /** Deletes an undone import's hosts (ADR 0049) of the actor's scope; answers how many. */
    async deleteImported(actor: TActor, ids: number[], tx: Db) {
      const removed = await tx
        .delete(hosts)
        .where(and(inArray(hosts.id, ids), eq(hosts.source, 'import'), clientFilter(actor, hosts.clientId)))
        .returning({ id: hosts.id });
      return removed.length;
    },

    /**
     * The district's active users become hosts (source 'user', keyed by the user id): added once,
     * their name and e-mail kept in step; an inactive user's host is set inactive.
     */
    async syncUsers(clientId: number) {
      const people = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          buildingId: users.buildingId,
          active: users.active,
        })
        .from(users)
        .where(and(eq(users.clientId, clientId), inArray(users.roleId, [2, 3])));
      if (people.length === 0) return { added: 0, updated: 0 };
      const rows = await db
        .insert(hosts)
        .values(
          people.map((u) =>
            withKey({
              clientId,
              buildingId: u.buildingId,
              name: u.name,
              email: u.email,
              channel: 'email',
              source: 'user',
              sourceRef: String(u.id),
              active: u.active,
            }),
          ),
        )
        .onConflictDoUpdate({
          target: [hosts.clientId, hosts.source, hosts.sourceRef],
          targetWhere: sql`${hosts.sourceRef} is not null`,
          set: {
            name: sql`excluded.name`,
            nameKey: sql`excluded.name_key`,
            email: sql`excluded.email`,
            active: sql`excluded.active`,
          },
          setWhere: sql`(${hosts.name}, ${hosts.email}, ${hosts.active}) is distinct from (excluded.name, excluded.email, excluded.active)`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      const added = rows.filter((r) => r.inserted).length;
      return { added, updated: rows.length - added };
    },

    async setWebhook(clientId: number, kind: 'teams' | 'slack', urlSealed: string | null) {
      if (urlSealed === null) {
        await db.delete(hostWebhooks).where(and(eq(hostWebhooks.clientId, clientId), eq(hostWebhooks.kind, kind)));
        return;
      }
      await db
        .insert(hostWebhooks)
        .values({ clientId, kind, urlSealed })
        .onConflictDoUpdate({
          target: [hostWebhooks.clientId, hostWebhooks.kind],
          set: { urlSealed, updatedAt: sql`now()` },
        });
    },

    async webhooksOf(clientId: number) {
      return db
        .select({ kind: hostWebhooks.kind, urlSealed: hostWebhooks.urlSealed })
        .from(hostWebhooks)
        .where(eq(hostWebhooks.clientId, clientId));
    },

    /**
     * Claims due notifications (ADR 0023's pattern: SKIP LOCKED, a lease in next_attempt_at, the
     * claim names its instance), with what the message says: the visitor, building, host.
     */
    async claimDue(limit: number, owner = INSTANCE_ID, only?: number[]) {
      const due = db
        .select({ id: hostNotifications.id })
        .from(hostNotifications)
        .where(
          and(
            eq(hostNotifications.status, 'queued'),
            or(
              lte(hostNotifications.nextAttemptAt, sql`now()`),
              and(isNotNull(hostNotifications.claimedBy), instanceGone(hostNotifications.claimedBy)),
            ),
            only ? inArray(hostNotifications.id, only) : undefined,
          ),
        )
        .orderBy(asc(hostNotifications.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(hostNotifications)
        .set({
          nextAttemptAt: sql`now() + make_interval(secs => ${HOST_NOTIFY_LEASE_SECONDS})`,
          attempts: sql`${hostNotifications.attempts} + 1`,
          claimedBy: owner,
        })
        .where(and(inArray(hostNotifications.id, due), eq(hostNotifications.status, 'queued')))
        .returning({ id: hostNotifications.id });
      if (claimed.length === 0) return [];
      return db
        .select({
          id: hostNotifications.id,
          clientId: hostNotifications.clientId,
          attempts: hostNotifications.attempts,
          channel: hostNotifications.channel,
          visitId: hostNotifications.visitId,
          checkIn: visits.checkIn,
          hostName: hosts.name,
          hostEmail: hosts.email,
          hostMobile: hosts.mobile,
          buildingName: buildings.name,
          timeZone: buildings.timeZone,
          firstname: visitors.firstname,
          lastname: visitors.lastname,
          photoFileId: badges.photoFileId,
          visitorPhotoFileId: visitors.photoFileId,
        })
        .from(hostNotifications)
        .innerJoin(visits, eq(visits.id, hostNotifications.visitId))
        .innerJoin(hosts, eq(hosts.id, hostNotifications.hostId))
        .innerJoin(buildings, eq(buildings.id, hostNotifications.buildingId))
        .innerJoin(visitors, eq(visitors.id, visits.visitorId))
        .leftJoin(badges, eq(badges.id, visits.badgeId))
        .where(
          inArray(
            hostNotifications.id,
            claimed.map((c) => c.id),
          ),
        );
    },

    async finish(
      id: number,
      values: {
        status: 'sent' | 'message' | 'failed' | 'queued' | 'skipped';
        error?: string | null;
        messageId?: number;
        retryInSeconds?: number;
      },
    ) {
      await db
        .update(hostNotifications)
        .set({
          status: values.status,
          lastError: values.error ?? null,
          claimedBy: null,
          ...(values.messageId ? { messageId: values.messageId } : {}),
          ...(values.status === 'sent' ? { sentAt: sql`now()` } : {}),
          ...(values.retryInSeconds
            ? { nextAttemptAt: sql`now() + make_interval(secs => ${values.retryInSeconds})` }
            : {}),
        })
        .where(eq(hostNotifications.id, id));
    },

    /** A visit's notification and its honest state (an e-mail / SMS's own status in the outbox). */
    async notificationOfVisit(actor: TActor, visitId: number) {
      const rows = await db
        .select({
          status: hostNotifications.status,
          channel: hostNotifications.channel,
          messageStatus: outboundMessages.status,
          lastError: hostNotifications.lastError,
        })
        .from(hostNotifications)
        .leftJoin(outboundMessages, eq(outboundMessages.id, hostNotifications.messageId))
        .where(
          and(
            eq(hostNotifications.visitId, visitId),
            buildingFilter(actor, { clientId: hostNotifications.clientId, buildingId: hostNotifications.buildingId }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type HostsRepository = ReturnType<typeof createHostsRepository>;
