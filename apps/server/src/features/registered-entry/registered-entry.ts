import { MESSAGES, type TRegistrationBadgeLookupResult, ZVisitorFields } from '@sv/contracts';
import { cleanPersonName, localDateOf, type RegistrationRefusal, registrationAdmission } from '@sv/domain';
import type { TActor } from '@sv/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  registrationBuildings,
  registrations,
  registrationTypes,
  vendorCompanies,
  visits,
} from '../../db/schema/index';
import { buildingFilter, clientFilter } from '../../platform/db/scope';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/http/app-error';
import { createVisitorsRepository } from '../visitors/visitors.repository';

/** The spec-silent refusal texts (MESSAGES, shown verbatim at the desk and kiosk). */
export const REGISTRATION_REFUSAL: Record<RegistrationRefusal, string> = {
  suspended: MESSAGES.registrationSuspended,
  denied: MESSAGES.registrationDenied,
  underReview: MESSAGES.registrationUnderReview,
  pending: MESSAGES.registrationPending,
  expired: MESSAGES.registrationExpired,
  notThisBuilding: MESSAGES.registrationNotThisBuilding,
};

/**
 * Registered check-in (spec 002 §4 "Check-in of registration or SafeVendor types"; issue 11): a
 * registration badge (or a licence of a registered person) scanned at a building of the
 * registration's district. Every path that admits on a registration goes through `requireAdmissible`
 * (the scan says why it would refuse; the check-in refuses), then through the screening gate like
 * any visitor (ADR 0008).
 */
export function createRegisteredEntry(db: Db) {
  const visitorsRepo = createVisitorsRepository(db);

  async function load(where: ReturnType<typeof and>) {
    const [row] = await db
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
  type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

  function verdict(reg: Loaded, buildingId: number, timeZone: string, now: Date) {
    return registrationAdmission(
      {
        approved: reg.approved,
        underReview: reg.underReview,
        expDate: reg.expDate,
        suspended: reg.suspendedAt !== null,
        buildingIds: (reg.buildingIds ?? []).map(Number),
      },
      buildingId,
      localDateOf(now, timeZone),
    );
  }

  /**
   * The district visitor record a registration checks in as: linked, or the same person on file
   * (issue 22: resolveOrInsert), or made from the registration. The registration's photo goes on a
   * record that has none.
   */
  async function ensureVisitor(reg: Loaded): Promise<number> {
    if (reg.visitorId) return reg.visitorId;
    // the names are the registration's as stored (cleaned), not re-judged by the form's rule: a
    // registration saved before issue 22's rule must still check in (placeholders, replaced below)
    const parsed = ZVisitorFields.parse({
      firstname: 'x',
      lastname: 'x',
      dob: reg.dob,
      email: /@/.test(reg.email) ? reg.email : '',
      phone: reg.phone,
      street1: reg.street1,
      street2: reg.street2,
      city: reg.city,
      state: reg.state,
      zipcode: /^\d{5}$/.test(reg.zipcode) ? reg.zipcode : '',
    });
    const fields = {
      ...parsed,
      firstname: cleanPersonName(reg.firstname),
      middlename: cleanPersonName(reg.middlename),
      lastname: cleanPersonName(reg.lastname),
    } as Parameters<typeof visitorsRepo.insert>[2];
    const resolved = await visitorsRepo.resolveOrInsert(reg.clientId, null, fields, { mode: 'self' });
    const visitorId = resolved.id!;
    if (reg.photoFileId) await visitorsRepo.setPhoto(visitorId, reg.photoFileId, { onlyIfNone: resolved.existing });
    // another desk may have linked one meanwhile: keep the first
    const [linked] = await db
      .update(registrations)
      .set({ visitorId: sql`coalesce(${registrations.visitorId}, ${visitorId})` })
      .where(eq(registrations.id, reg.id))
      .returning({ visitorId: registrations.visitorId });
    return linked.visitorId ?? visitorId;
  }

  return {
    /**
     * The desk's scan of a registration badge at a building of district `clientId`: who it is and
     * whether it admits (with the reason when not). Null when the code is no registration badge of
     * this district. An admissible registration gets its visitor record for the screening step.
     */
    async lookupBadge(
      clientId: number,
      building: { id: number; timeZone: string },
      code: string,
      now: Date,
    ): Promise<TRegistrationBadgeLookupResult | null> {
      const trimmed = code.trim();
      const codes = [...new Set([trimmed, trimmed.toUpperCase(), trimmed.toLowerCase()])];
      const reg = await load(and(eq(registrations.clientId, clientId), inArray(registrations.badgeCode, codes)));
      if (!reg) return null;
      const v = verdict(reg, building.id, building.timeZone, now);
      return {
        ok: v.ok,
        reason: v.ok ? null : REGISTRATION_REFUSAL[v.reason],
        registrationId: reg.id,
        registrationType: reg.typeName,
        vendor: reg.vendor,
        name: `${reg.firstname} ${reg.lastname}`,
        visitorId: v.ok ? await ensureVisitor(reg) : reg.visitorId,
      };
    },

    /**
     * A licence scanned at the desk that matched exactly one visitor (issue 11: the scan takes "a
     * registration badge's barcode (or the person's licence)"): that person's newest registration
     * that admits here, or null (they go through the desk as any visitor).
     */
    async lookupByVisitor(
      clientId: number,
      building: { id: number; timeZone: string },
      visitorId: number,
      now: Date,
    ): Promise<TRegistrationBadgeLookupResult | null> {
      const ids = await db
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
      for (const { id } of ids) {
        const reg = await load(eq(registrations.id, id));
        if (!reg) continue;
        const v = verdict(reg, building.id, building.timeZone, now);
        if (v.ok) {
          return {
            ok: true,
            reason: null,
            registrationId: reg.id,
            registrationType: reg.typeName,
            vendor: reg.vendor,
            name: `${reg.firstname} ${reg.lastname}`,
            visitorId,
          };
        }
      }
      return null;
    },

    /**
     * The check-in's rule (every path): the registration is this visitor's, of this district, and
     * admits here today; otherwise a 409 with the reason.
     */
    async requireAdmissible(
      registrationId: number,
      visitor: { id: number; clientId: number },
      building: { id: number; timeZone: string },
      now: Date,
      tx: Db = db,
    ) {
      const reg = await createRegisteredEntry(tx).loadForCheckIn(registrationId, visitor.clientId);
      if (!reg || reg.visitorId !== visitor.id) throw conflict(MESSAGES.registrationNotFound);
      const v = verdict(reg, building.id, building.timeZone, now);
      if (!v.ok) throw conflict(REGISTRATION_REFUSAL[v.reason]);
      return reg;
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

    loadForCheckIn(registrationId: number, clientId: number) {
      return load(and(eq(registrations.id, registrationId), eq(registrations.clientId, clientId)));
    },
  };
}
