import type { TActor, ZVisitorPassListQuery } from '@sv/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  buildings,
  clients,
  hostNotifications,
  hosts,
  outboundMessages,
  preRegistrations,
  visits,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { withNameKeys } from '../../platform/db/identity-keys';
import { findPage, listSearch } from '../../platform/db/paging';
import { visitorLanguageOf } from '../../platform/i18n/catalogue';
import { buildingFilter, clientFilter } from '../../platform/db/scope';

const SORT = { windowStart: preRegistrations.windowStart, lastname: preRegistrations.lastKey, id: preRegistrations.id };

/** Visitor passes (issue 28 §2, ADR 0053): pre-registration cards with a host, a window and a pass. */
export function createVisitorPassesRepository(db: Db) {
  const scoped = (actor: TActor) =>
    buildingFilter(actor, { clientId: preRegistrations.clientId, buildingId: preRegistrations.buildingId });

  return {
    /** The group file's natural keys already invited at this building (re-uploading sends no second pass). */
    async existingImportKeys(buildingId: number, keys: string[], tx: Db) {
      if (keys.length === 0) return new Set<string>();
      const rows = await tx
        .select({ key: preRegistrations.importKey })
        .from(preRegistrations)
        .where(and(eq(preRegistrations.buildingId, buildingId), inArray(preRegistrations.importKey, keys)));
      return new Set(rows.map((r) => r.key ?? ''));
    },

    /**
     * Undo of a group file (ADR 0049): its invitations nobody has used are deleted (their passes
     * then read "not valid"); one a visitor arrived on stays (the visit's record).
     */
    async deleteUnused(actor: TActor, ids: number[], tx: Db) {
      if (ids.length === 0) return [];
      return tx
        .delete(preRegistrations)
        .where(
          and(
            inArray(preRegistrations.id, ids),
            inArray(preRegistrations.status, ['scheduled', 'pending']),
            isNotNull(preRegistrations.windowStart),
            scoped(actor),
          ),
        )
        .returning({ clientId: preRegistrations.clientId, buildingId: preRegistrations.buildingId });
    },

    /** A building the actor may invite to, with what the pass says (address, zone, district name). */
    async building(actor: TActor, buildingId: number, tx: Db = db) {
      const rows = await tx
        .select({
          id: buildings.id,
          clientId: buildings.clientId,
          active: buildings.active,
          name: buildings.name,
          street1: buildings.street1,
          street2: buildings.street2,
          city: buildings.city,
          state: buildings.state,
          zipcode: buildings.zipcode,
          timeZone: buildings.timeZone,
          requireKioskVisitorPhotoCheckIn: buildings.requireKioskVisitorPhotoCheckIn,
          requireKioskVolunteerPhotoCheckIn: buildings.requireKioskVolunteerPhotoCheckIn,
          districtName: clients.name,
        })
        .from(buildings)
        .innerJoin(clients, eq(clients.id, buildings.clientId))
        .where(
          and(
            eq(buildings.id, buildingId),
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async insertCard(tx: Db, values: typeof preRegistrations.$inferInsert) {
      const [row] = await tx
        .insert(preRegistrations)
        .values(withNameKeys(values))
        .returning({ id: preRegistrations.id });
      return row!.id;
    },

    async setPass(tx: Db, actor: TActor, id: number, nonceHash: string) {
      const rows = await tx
        .update(preRegistrations)
        .set({ passNonce: nonceHash, passRevokedAt: null })
        .where(and(eq(preRegistrations.id, id), scoped(actor)))
        .returning({ id: preRegistrations.id });
      return rows.length > 0;
    },

    /**
     * The card a scanned pass names, within the actor's district (a pass of another building of the
     * district is found, so it can be refused as such; another district's is not found at all).
     */
    async cardForPass(actor: TActor, id: number) {
      const rows = await db
        .select({
          p: preRegistrations,
          buildingName: buildings.name,
          hostName: hosts.name,
        })
        .from(preRegistrations)
        .innerJoin(buildings, eq(buildings.id, preRegistrations.buildingId))
        .leftJoin(hosts, eq(hosts.id, preRegistrations.hostId))
        .where(and(eq(preRegistrations.id, id), clientFilter(actor, preRegistrations.clientId)))
        .limit(1);
      const r = rows[0];
      return r ? { ...r.p, buildingName: r.buildingName, hostName: r.hostName } : null;
    },

    /** The list's page (`onlyId`: the one row of a pass, as the list shows it). */
    async list(actor: TActor, q: z.output<typeof ZVisitorPassListQuery>, now: Date, onlyId?: number) {
      const where = and(
        scoped(actor),
        onlyId !== undefined ? eq(preRegistrations.id, onlyId) : undefined,
        isNotNull(preRegistrations.windowStart),
        q.buildingId !== undefined ? eq(preRegistrations.buildingId, q.buildingId) : undefined,
        listSearch(q.q, [preRegistrations.firstname, preRegistrations.lastname, preRegistrations.visiting]),
      );
      const order = SORT[q.sort];
      return findPage(
        q,
        (limit, offset) =>
          db
            .select({
              id: preRegistrations.id,
              buildingId: preRegistrations.buildingId,
              buildingName: buildings.name,
              firstname: preRegistrations.firstname,
              lastname: preRegistrations.lastname,
              visitDate: preRegistrations.visitDate,
              windowStart: preRegistrations.windowStart,
              windowEnd: preRegistrations.windowEnd,
              hostId: preRegistrations.hostId,
              visiting: preRegistrations.visiting,
              reason: preRegistrations.reason,
              language: preRegistrations.passLanguage,
              cardStatus: preRegistrations.status,
              revokedAt: preRegistrations.passRevokedAt,
              flagged: preRegistrations.flagged,
              notification: hostNotifications.status,
              messageStatus: outboundMessages.status,
            })
            .from(preRegistrations)
            .innerJoin(buildings, eq(buildings.id, preRegistrations.buildingId))
            .leftJoin(
              visits,
              sql`${visits.id} = (select max(${visits.id}) from ${visits} where ${visits.preRegistrationId} = ${preRegistrations.id})`,
            )
            .leftJoin(hostNotifications, eq(hostNotifications.visitId, visits.id))
            .leftJoin(outboundMessages, eq(outboundMessages.id, hostNotifications.messageId))
            .where(where)
            .orderBy(q.dir === 'desc' ? desc(order) : asc(order), asc(preRegistrations.id))
            .limit(limit)
            .offset(offset)
            .then((rows) =>
              rows.map((r) => ({
                ...r,
                language: visitorLanguageOf(r.language),
                windowStart: r.windowStart!.toISOString(),
                windowEnd: r.windowEnd!.toISOString(),
                status: r.revokedAt
                  ? ('revoked' as const)
                  : ['checked_in', 'checked_out'].includes(r.cardStatus)
                    ? ('used' as const)
                    : ['denied', 'closed', 'cancelled'].includes(r.cardStatus)
                      ? ('revoked' as const)
                      : r.windowEnd! < now
                        ? ('expired' as const)
                        : ('active' as const),
                flagged: r.flagged === true,
                // an e-mail / SMS notice's honest state is its message's (ADR 0053)
                hostNotification:
                  r.notification === 'message' ? (r.messageStatus ?? 'queued') : (r.notification ?? null),
              })),
            ),
        async () => (await db.select({ n: sql<number>`count(*)::int` }).from(preRegistrations).where(where))[0]!.n,
      );
    },

    /** Revokes a card's pass (in the actor's scope); false when none of the actor's had one. */
    async revoke(actor: TActor, id: number, at: Date) {
      const rows = await db
        .update(preRegistrations)
        .set({ passRevokedAt: at })
        .where(
          and(
            eq(preRegistrations.id, id),
            scoped(actor),
            isNotNull(preRegistrations.passNonce),
            isNull(preRegistrations.passRevokedAt),
          ),
        )
        .returning({
          id: preRegistrations.id,
          clientId: preRegistrations.clientId,
          buildingId: preRegistrations.buildingId,
        });
      return rows[0] ?? null;
    },
  };
}
export type VisitorPassesRepository = ReturnType<typeof createVisitorPassesRepository>;
