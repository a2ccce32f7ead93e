import type { TActor } from '@sv/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  registrationBuildings,
  registrations,
  registrationTypes,
  vendorCompanies,
  visits,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter, clientFilter } from '../../platform/db/scope';

/**
 * The registered check-in's queries (spec 002 §4; issue 11): registrations as the desk and the
 * kiosk admit on them, and the open visit a cancelled registration check-in closes. The rules live
 * in registered-entry.service.ts.
 */
export function createRegisteredEntryRepository(db: Db) {
  async function load(where: ReturnType<typeof and>, tx: Db = db) {
    const [row] = await tx
      .select({
        id: registrations.id,
        clientId: registrations.clientId,
        visitorId: registrations.visitorId,
        firstname: registrations.firstname,
        middlename: registrations.middlename,
        lastname: registrations.lastname,
        dob: registrations.dob,
        email: registrations.email,
        phone: registrations.phone,
        street1: registrations.street1,
        street2: registrations.street2,
        city: registrations.city,
        state: registrations.state,
        zipcode: registrations.zipcode,
        photoFileId: registrations.photoFileId,
        approved: registrations.approved,
        underReview: registrations.underReview,
        expDate: registrations.expDate,
        suspendedAt: registrations.suspendedAt,
        /** a SafeVendor registration (ADR 0014): checks in as a vendor, its company shown as the type */
        vendor: registrations.vendor,
        typeName: sql<string>`coalesce(${registrationTypes.name}, ${vendorCompanies.name}, '')`,
        buildingIds: sql<
          number[]
        >`coalesce((select array_agg(${registrationBuildings.buildingId}) from ${registrationBuildings} where ${registrationBuildings.registrationId} = ${registrations.id}), '{}')`,
      })
      .from(registrations)
      .leftJoin(registrationTypes, eq(registrationTypes.id, registrations.registrationTypeId))
      .leftJoin(vendorCompanies, eq(vendorCompanies.id, registrations.vendorCompanyId))
      .where(where)
      .limit(1);
    return row;
  }

  return {
    /** The registration of district `clientId` whose badge code is one of `codes`. */
    byBadgeCode(clientId: number, codes: string[]) {
      return load(and(eq(registrations.clientId, clientId), inArray(registrations.badgeCode, codes)));
    },

    /** A registration of district `clientId` by id (on `tx` inside a check-in's transaction). */
    loadForCheckIn(registrationId: number, clientId: number, tx: Db = db) {
      return load(and(eq(registrations.id, registrationId), eq(registrations.clientId, clientId)), tx);
    },

    /** A visitor's approved registrations of district `clientId`, newest expiry first (at most 5). */
    async approvedIdsOfVisitor(clientId: number, visitorId: number) {
      const rows = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(
          and(
            eq(registrations.clientId, clientId),
            eq(registrations.visitorId, visitorId),
            eq(registrations.approved, true),
          ),
        )
        .orderBy(sql`${registrations.expDate} desc nulls first`, sql`${registrations.id} desc`)
        .limit(5);
      return rows.map((r) => r.id);
    },

    /**
     * Links the registration of district `clientId` to a visitor record unless another desk
     * linked one meanwhile (the first is kept); answers the linked visitor.
     */
    async linkVisitor(registrationId: number, clientId: number, visitorId: number) {
      const [linked] = await db
        .update(registrations)
        .set({ visitorId: sql`coalesce(${registrations.visitorId}, ${visitorId})` })
        .where(and(eq(registrations.id, registrationId), eq(registrations.clientId, clientId)))
        .returning({ visitorId: registrations.visitorId });
      return linked?.visitorId ?? visitorId;
    },

    /**
     * The open visit of a registration within the actor's scope (spec 002 §4 "Cancel check-in", §7
     * cancelRegCheckIn): what a cancelled registration check-in closes.
     */
    async openVisitOf(actor: TActor, registrationId: number) {
      const [row] = await db
        .select({ id: visits.id, clientId: visits.clientId, buildingId: visits.buildingId })
        .from(visits)
        .where(
          and(
            // a vendor's visit records its registration as sv_registration_id (ADR 0014)
            or(eq(visits.registrationId, registrationId), eq(visits.svRegistrationId, registrationId)),
            isNull(visits.checkOut),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .limit(1);
      return row;
    },

    /** Whether the registration exists within the actor's district. */
    async inScope(actor: TActor, registrationId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.id, registrationId), clientFilter(actor, registrations.clientId)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type RegisteredEntryRepository = ReturnType<typeof createRegisteredEntryRepository>;
export type RegisteredRegistration = NonNullable<Awaited<ReturnType<RegisteredEntryRepository['byBadgeCode']>>>;
