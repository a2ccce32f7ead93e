import { cleanPersonName, isAamvaPayload, parseAamva } from '@sv/domain';
import type { TScanResponse } from '@sv/contracts';
import { requirePermissionVia, type Via } from '../../platform/auth/permission';
import type { RequestCtx } from '../../platform/http/request-context';
import type { VisitorsCore } from './visitors.core';

const BADGE_CODE = /^[0-9A-Z]{6,40}$/;

/**
 * Issue 22: a licence's names are input like any other: invisible characters removed and white
 * space collapsed (`cleanPersonName`) before they are matched, answered to the desk or stored. A
 * name that still breaks the person-name rule (a damaged barcode) is left for the form to refuse.
 */
function cleanLicenseNames<
  T extends {
    firstName: string | null;
    middleName: string | null;
    lastName: string | null;
    suffix: string | null;
  } | null,
>(license: T): T {
  if (!license) return license;
  const clean = (name: string | null) => (name === null ? null : cleanPersonName(name) || null);
  return {
    ...license,
    firstName: clean(license.firstName),
    middleName: clean(license.middleName),
    lastName: clean(license.lastName),
    suffix: clean(license.suffix),
  };
}

/** The desk's and kiosk's scan of a licence or a badge (issue 4, spec 002 §4 Scan flow). */
export function scanUseCases(core: VisitorsCore) {
  const { deps, repo, visitsService, registeredEntry, districtFor } = core;
  return {
    /**
     * Scan (issue 4, spec 002 §4 Scan flow): an AAMVA licence is parsed and matched by licence
     * number, then by name and date of birth; anything else is tried as one of our badge codes.
     * For check-out every matching open visit at the building is checked out.
     */
    async scan(
      ctx: RequestCtx,
      input: { raw: string; buildingId: number; action: 'new' | 'in' | 'out' },
      via: Via = 'desk',
    ): Promise<TScanResponse> {
      requirePermissionVia(ctx.actor, 'visitors.read', via);
      const district = await districtFor(ctx.actor, input.buildingId);
      let kind: TScanResponse['kind'] = 'unknown';
      let license: TScanResponse['license'] = null;
      let matches: Awaited<ReturnType<typeof repo.findByLicense>> = [];
      let registration: TScanResponse['registration'] = null;
      if (isAamvaPayload(input.raw)) {
        license = cleanLicenseNames(parseAamva(input.raw));
        if (license) {
          kind = 'license';
          if (license.licenseNumber) matches = await repo.findByLicense(district.clientId, license.licenseNumber);
          if (!matches.length && license.firstName && license.lastName && license.dateOfBirth) {
            matches = await repo.findByNameAndDob(
              district.clientId,
              license.firstName,
              license.lastName,
              license.dateOfBirth,
            );
          }
        }
      } else {
        const code = input.raw.trim().toUpperCase();
        if (BADGE_CODE.test(code)) {
          matches = await repo.findByOpenBadge(district.clientId, district.buildingId!, code);
          if (matches.length) kind = 'badge';
        }
        // a registration badge (issue 11 registered check-in): checking in, not out
        if (kind === 'unknown' && input.action !== 'out') {
          registration = await registeredEntry.lookupBadge(
            district.clientId,
            { id: input.buildingId, timeZone: district.timeZone },
            input.raw,
            deps.now(),
          );
          if (registration) kind = 'registration';
        }
      }
      // a licence of a registered person: their registration comes along (registered check-in)
      if (kind === 'license' && input.action === 'in' && matches.length === 1) {
        registration = await registeredEntry.lookupByVisitor(
          district.clientId,
          { id: input.buildingId, timeZone: district.timeZone },
          matches[0].id,
          deps.now(),
        );
      }
      const checkedOutVisitIds: number[] = [];
      if (input.action === 'out') {
        requirePermissionVia(ctx.actor, 'visits.checkOut', via);
        for (const m of matches) {
          if (m.openVisit && m.openVisit.buildingId === input.buildingId) {
            await visitsService.checkOut(ctx, m.openVisit.id, via === 'kiosk' ? 'kiosk' : 'scan');
            checkedOutVisitIds.push(m.openVisit.id);
          }
        }
      }
      await deps.audit.record(ctx, {
        action: 'visitor.scanned',
        clientId: district.clientId,
        buildingId: input.buildingId,
        details: {
          kind,
          matches: matches.length,
          action: input.action,
          checkedOut: checkedOutVisitIds.length,
          ...(registration ? { registrationId: registration.registrationId, admits: registration.ok } : {}),
        },
      });
      return { kind, license, matches, checkedOutVisitIds, registration };
    },
  };
}
