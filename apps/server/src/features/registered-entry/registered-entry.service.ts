import {
  MESSAGES,
  type TActor,
  type TRegistrationBadgeLookupResult,
  type TVisitorFields,
  ZVisitorFields,
} from '@sv/contracts';
import { cleanPersonName, localDateOf, type RegistrationRefusal, registrationAdmission } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import { districtScope, type ScopeSource } from '../../platform/db/scope';
import type { RequestCtx } from '../../platform/http/request-context';
import type { RegisteredEntryRepository, RegisteredRegistration } from './registered-entry.repository';

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
 * What registered check-in needs of the visitor records and of visits. visitors.repository and
 * visits.repository fit these; they are declared here so that registered-entry imports neither
 * feature (visits and visitors import registered-entry: issue 24 §1, no cycles between features).
 */
export interface RegisteredEntryPorts {
  visitors: {
    resolveOrInsert(
      clientId: number,
      buildingId: number | null,
      fields: Required<TVisitorFields>,
      opts: { mode: 'self' },
    ): Promise<{ id: number; existing: boolean } | { id?: undefined; existing?: undefined }>;
    setPhoto(scope: ScopeSource, id: number, fileId: string, opts: { onlyIfNone?: boolean }): Promise<void>;
  };
  visits: {
    checkOut(
      actor: TActor,
      visitId: number,
      values: { at: Date; by: number | null; method: string },
      tx: Db,
    ): Promise<boolean>;
  };
}

/**
 * Registered check-in (spec 002 §4 "Check-in of registration or SafeVendor types"; issue 11): a
 * registration badge (or a licence of a registered person) scanned at a building of the
 * registration's district. Every path that admits on a registration goes through `requireAdmissible`
 * (the scan says why it would refuse; the check-in refuses), then through the screening gate like
 * any visitor (ADR 0008).
 */
export function createRegisteredEntryService(
  deps: AppDeps,
  { repo, visitors, visits }: { repo: RegisteredEntryRepository } & RegisteredEntryPorts,
) {
  function verdict(reg: RegisteredRegistration, buildingId: number, timeZone: string, now: Date) {
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
  async function ensureVisitor(reg: RegisteredRegistration): Promise<number> {
    if (reg.visitorId) {
      // issue 25 (audit 001 U2): a record linked at approval, or before the registration had a
      // photo, gets the registration's photo when it has none: the desk compares the face with it
      // instead of saying 'No photo on file'
      if (reg.photoFileId)
        await visitors.setPhoto(districtScope(reg.clientId), reg.visitorId, reg.photoFileId, { onlyIfNone: true });
      return reg.visitorId;
    }
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
    } as Required<TVisitorFields>;
    const resolved = await visitors.resolveOrInsert(reg.clientId, null, fields, { mode: 'self' });
    const visitorId = resolved.id!;
    if (reg.photoFileId)
      await visitors.setPhoto(districtScope(reg.clientId), visitorId, reg.photoFileId, {
        onlyIfNone: resolved.existing,
      });
    // another desk may have linked one meanwhile: keep the first
    return repo.linkVisitor(reg.id, reg.clientId, visitorId);
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
      const reg = await repo.byBadgeCode(clientId, codes);
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
      for (const id of await repo.approvedIdsOfVisitor(clientId, visitorId)) {
        const reg = await repo.loadForCheckIn(id, clientId);
        if (!reg) continue;
        const v = verdict(reg, building.id, building.timeZone, now);
        if (v.ok) {
          if (reg.photoFileId)
            await visitors.setPhoto(districtScope(reg.clientId), visitorId, reg.photoFileId, { onlyIfNone: true });
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
      tx: Db = deps.db,
    ) {
      const reg = await repo.loadForCheckIn(registrationId, visitor.clientId, tx);
      if (!reg || reg.visitorId !== visitor.id) throw conflict(MESSAGES.registrationNotFound);
      const v = verdict(reg, building.id, building.timeZone, now);
      if (!v.ok) throw conflict(REGISTRATION_REFUSAL[v.reason]);
      return reg;
    },

    /**
     * spec 002 §4 Cancel check-in, §7 cancelRegCheckIn: the registration's open visit within the
     * actor's scope is closed as cancelled; failure answers 'Unable to cancel check-in.'
     */
    async cancelCheckIn(ctx: RequestCtx, registrationId: number) {
      requirePermission(ctx.actor, 'visits.checkOut');
      if (!(await repo.inScope(ctx.actor, registrationId))) throw notFound('Registration not found');
      const visit = await repo.openVisitOf(ctx.actor, registrationId);
      if (!visit) throw new AppError('CONFLICT', MESSAGES.cancelCheckInFailed);
      await deps.db.transaction(async (tx) => {
        const done = await visits.checkOut(
          ctx.actor,
          visit.id,
          { at: deps.now(), by: ctx.actor.userId, method: 'cancelled' },
          tx,
        );
        if (!done) throw new AppError('CONFLICT', MESSAGES.cancelCheckInFailed);
        await deps.realtime.publish(
          { type: 'visit.checked_out', clientId: visit.clientId, buildingId: visit.buildingId, id: visit.id },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: 'registration.check_in_cancelled',
            targetType: 'visit',
            targetId: visit.id,
            clientId: visit.clientId,
            buildingId: visit.buildingId,
            details: { registrationId },
          },
          tx,
        );
      });
      return { ok: true as const };
    },
  };
}
export type RegisteredEntryService = ReturnType<typeof createRegisteredEntryService>;
