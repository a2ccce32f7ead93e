import {
  type TActor,
  type TScanResponse,
  type TVisitor,
  type TVisitorCreateRequest,
  type TVisitorFields,
  type TVisitorUpdate,
  type TVisitorMatch,
  type TVisitorMergeResponse,
  type TVisitorType,
  ZVisitorFields,
} from '@sv/contracts';
import {
  addDays,
  cleanPersonName,
  isAamvaPayload,
  isDobAcceptable,
  localDateOf,
  parseAamva,
  zonedTimeToInstant,
} from '@sv/domain';
import type { AppDeps } from '../../platform/deps';
import { requirePermission, requirePermissionVia, type Via } from '../../platform/auth/permission';
import { AppError, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createFileStore } from '../../platform/files/files';
import { scopeOf } from '../../platform/db/scope';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import { type VisitsRepository, type VisitsService } from '../visits';
import type { RegisteredEntryService } from '../registered-entry';
import type { VisitorsRepository } from './visitors.repository';
import type { VisitorMergeRepository, VisitorRow } from './visitor-merge.repository';

/** issue 22: what "Create a New Visitor" says when the name alone matches someone on file. */
export const LIKELY_DUPLICATE_MESSAGE = 'This may be someone already on file.';
/** issue 22: a merged record is kept for the history only; the person's record is the survivor. */
export const MERGED_RECORD_MESSAGE =
  'This record was merged into another record of the same person. Open that record instead.';

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

export function createVisitorsService(
  deps: AppDeps,
  {
    repo,
    mergeRepo,
    visitsRepo,
    visitsService,
    registeredEntry,
  }: {
    repo: VisitorsRepository;
    mergeRepo: VisitorMergeRepository;
    visitsRepo: VisitsRepository;
    visitsService: VisitsService;
    registeredEntry: RegisteredEntryService;
  },
) {
  const fileStore = createFileStore(deps.db);

  /** Visitors belong to one district: the actor's, or for admins the building's district. */
  async function districtFor(actor: TActor, buildingId?: number | null) {
    if (buildingId) {
      const b = await visitsRepo.getBuildingForDesk(actor, buildingId);
      if (!b) throw notFound('Building not found');
      return { clientId: b.clientId, buildingId: b.id, timeZone: b.timeZone };
    }
    const clientId = scopeOf(actor).clientId;
    if (clientId === null)
      throw new AppError('VALIDATION_FAILED', 'Choose the building the visitor is at.', { buildingId: ['Required'] });
    // audit 002 B15: the district's own zone (its first building), never a hard-coded one
    return { clientId, buildingId: actor.buildingId, timeZone: await mergeRepo.timeZoneOf(clientId, actor.buildingId) };
  }

  function validate(fields: TVisitorFields, timeZone: string) {
    const parsed = ZVisitorFields.parse(fields);
    // spec 002 §5: date of birth up to yesterday; a future date is refused.
    if (parsed.dob && !isDobAcceptable(parsed.dob, localDateOf(deps.now(), timeZone))) {
      throw new AppError('VALIDATION_FAILED', 'Date of birth must be a past date.', {
        dob: ['Date of birth must be a past date.'],
      });
    }
    return parsed as Required<TVisitorFields>;
  }

  async function toVisitor(actor: TActor, id: number): Promise<TVisitor> {
    const row = await repo.get(actor, id);
    if (!row) throw notFound('Visitor not found');
    const [open, lastVisit, hasActiveExclusion, undoable] = await Promise.all([
      repo.openVisitsOf([id]),
      repo.lastVisit(id, row.clientId),
      repo.hasActiveExclusion(id, row.clientId),
      mergeRepo.undoable(id, row.clientId, deps.now()),
    ]);
    const { buildingId: _b, searchName: _s, updatedAt: _u, firstKey: _f, lastKey: _l, ...rest } = row;
    const { checkIn: lastCheckIn, ...lastFields } = lastVisit ?? { checkIn: null };
    return {
      ...rest,
      sex: (rest.sex as TVisitor['sex']) ?? '',
      createdAt: row.createdAt.toISOString(),
      openVisit: open.get(id) ?? null,
      lastVisit: lastVisit
        ? { ...(lastFields as Omit<typeof lastVisit, 'checkIn'>), visitorType: lastVisit.visitorType as TVisitorType }
        : null,
      hasActiveExclusion,
      lastVisitAt: lastCheckIn ? lastCheckIn.toISOString() : null,
      undoableMerges: undoable.map((m) => ({
        id: m.id,
        mergedId: m.mergedId,
        mergedAt: m.mergedAt.toISOString(),
        undoUntil: m.undoUntil.toISOString(),
      })),
    };
  }

  /** "Undo merge" is possible until the end of the next day in the district's time zone (issue 22). */
  async function undoDeadline(survivor: VisitorRow) {
    const timeZone = await mergeRepo.timeZoneOf(survivor.clientId, survivor.buildingId);
    return zonedTimeToInstant(addDays(localDateOf(deps.now(), timeZone), 2), '00:00', timeZone);
  }

  function mergeAnswer(m: {
    id: number;
    survivorId: number;
    mergedId: number;
    moved: Record<string, Array<number | string>>;
    mergedAt: Date;
    undoUntil: Date;
    undoneAt: Date | null;
  }): TVisitorMergeResponse {
    return {
      id: m.id,
      survivorId: m.survivorId,
      mergedId: m.mergedId,
      moved: Object.fromEntries(Object.entries(m.moved).map(([table, ids]) => [table, ids.length])),
      mergedAt: m.mergedAt.toISOString(),
      undoUntil: m.undoUntil.toISOString(),
      undoneAt: m.undoneAt ? m.undoneAt.toISOString() : null,
    };
  }

  return {
    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'visitors.read');
      const visitor = await toVisitor(ctx.actor, id);
      deps.audit.read(ctx, {
        action: 'visitor.read',
        targetType: 'visitor',
        targetId: id,
        clientId: visitor.clientId,
      });
      return visitor;
    },

    /**
     * "Create a New Visitor" (issue 22 "A person, not a record"): the same person on file is
     * answered instead (`existing: true`, the desk's newer values applied as its save would); a
     * likely duplicate by name alone answers its candidates (409 at the route) unless `confirmNew`.
     */
    async create(
      ctx: RequestCtx,
      body: TVisitorCreateRequest,
    ): Promise<(TVisitor & { existing: boolean }) | { duplicates: TVisitorMatch[] }> {
      requirePermission(ctx.actor, 'visitors.manage');
      const district = await districtFor(ctx.actor, body.buildingId);
      const { buildingId: _b, confirmNew, ...rest } = body;
      const fields = validate(rest, district.timeZone);
      const result = await repo.resolveOrInsert(district.clientId, district.buildingId, fields, {
        mode: 'desk',
        refuseLikelyDuplicates: !confirmNew,
      });
      if (result.duplicates) return { duplicates: result.duplicates };
      await deps.audit.record(ctx, {
        action: result.existing ? 'visitor.resolved' : 'visitor.created',
        targetType: 'visitor',
        targetId: result.id,
        clientId: district.clientId,
        ...(confirmNew ? { details: { confirmedNew: true } } : {}),
      });
      return { ...(await toVisitor(ctx.actor, result.id)), existing: result.existing };
    },

    /**
     * Merge duplicate (issue 22): every row of `duplicateId` moves to `survivorId` (visits, badges,
     * denials, cards, exclusion links, clearings, screenings, registrations, guardian links), the
     * survivor's empty fields are filled from the duplicate, and the duplicate is marked merged.
     * Administrators of the district only; both records must be of one district.
     */
    async merge(ctx: RequestCtx, survivorId: number, duplicateId: number): Promise<TVisitorMergeResponse> {
      requirePermission(ctx.actor, 'visitors.merge');
      if (survivorId === duplicateId) throw new AppError('VALIDATION_FAILED', 'Choose two different records to merge.');
      const { survivor, duplicate } = await mergeRepo.pair(ctx.actor, survivorId, duplicateId);
      if (!survivor || !duplicate) throw notFound('Visitor not found');
      if (survivor.clientId !== duplicate.clientId) throw notFound('Visitor not found');
      if (survivor.mergedIntoId !== null || duplicate.mergedIntoId !== null)
        throw new AppError('CONFLICT', 'One of these records was already merged into another record.');
      const open = await repo.openVisitsOf([survivorId, duplicateId]);
      if (open.size === 2)
        throw new AppError('CONFLICT', 'Both records have a visit in progress. Check one of them out first.');
      const merge = await mergeRepo.merge(survivor, duplicate, ctx.actor.userId ?? null, await undoDeadline(survivor));
      if (!merge) throw new AppError('CONFLICT', 'One of these records was already merged into another record.');
      await deps.audit.record(ctx, {
        action: 'visitor.merged',
        targetType: 'visitor',
        targetId: survivorId,
        clientId: survivor.clientId,
        details: {
          mergeId: merge.id,
          mergedId: duplicateId,
          moved: Object.fromEntries(Object.entries(merge.moved).map(([t, ids]) => [t, ids.length])),
          filled: Object.keys(merge.survivorBefore),
        },
      });
      return mergeAnswer(merge);
    },

    /** Undo merge (issue 22): exactly the recorded rows go back, until the end of the next local day. */
    async undoMerge(ctx: RequestCtx, mergeId: number): Promise<TVisitorMergeResponse> {
      requirePermission(ctx.actor, 'visitors.merge');
      const merge = await mergeRepo.getMerge(ctx.actor, mergeId);
      if (!merge) throw notFound('Merge not found');
      if (merge.undoneAt) throw new AppError('CONFLICT', 'This merge was already undone.');
      if (merge.undoUntil.getTime() <= deps.now().getTime())
        throw new AppError(
          'CONFLICT',
          'This merge can no longer be undone: undo is possible until the end of the next day.',
        );
      const undone = await mergeRepo.undo(merge, ctx.actor.userId ?? null);
      if (!undone)
        throw new AppError(
          'CONFLICT',
          'This merge cannot be undone now: it was undone already, or the record was merged again since (undo that merge first).',
        );
      await deps.audit.record(ctx, {
        action: 'visitor.merge_undone',
        targetType: 'visitor',
        targetId: merge.survivorId,
        clientId: merge.clientId,
        details: { mergeId: merge.id, mergedId: merge.mergedId, restored: undone.restored },
      });
      return mergeAnswer(undone.merge);
    },

    async update(ctx: RequestCtx, id: number, body: TVisitorUpdate) {
      requirePermission(ctx.actor, 'visitors.manage');
      const existing = await repo.get(ctx.actor, id);
      if (!existing) throw notFound('Visitor not found');
      if (existing.mergedIntoId !== null) throw new AppError('CONFLICT', MERGED_RECORD_MESSAGE);
      const { version } = body;
      refuseStale(existing, version);
      const fields = validate(body, 'America/Chicago');
      mustHaveSaved(await repo.update(ctx.actor, id, fields, version));
      await deps.audit.record(ctx, {
        action: 'visitor.updated',
        targetType: 'visitor',
        targetId: id,
        clientId: existing.clientId,
      });
      return toVisitor(ctx.actor, id);
    },

    /** Name search (spec 002 §5: blank input is ignored), scoped to the district. */
    async search(ctx: RequestCtx, text: string, buildingId?: number) {
      requirePermission(ctx.actor, 'visitors.read');
      if (!text.trim()) return [];
      const district = await districtFor(ctx.actor, buildingId);
      return repo.search(ctx.actor, district.clientId, text, { buildingId });
    },

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

    /** The visitor's photo (spec 002 §4 photo modal), re-encoded and stored by the file store. */
    async setPhoto(ctx: RequestCtx, id: number, buffer: Buffer) {
      requirePermission(ctx.actor, 'visitors.manage');
      const existing = await repo.get(ctx.actor, id);
      if (!existing) throw notFound('Visitor not found');
      const fileId = await fileStore.saveImage(ctx, existing.clientId, 'visitor-photo', buffer);
      await repo.setPhoto(ctx.actor, id, fileId);
      await deps.audit.record(ctx, {
        action: 'visitor.photo_set',
        targetType: 'visitor',
        targetId: id,
        clientId: existing.clientId,
      });
      return { photoFileId: fileId };
    },
  };
}
export type VisitorsService = ReturnType<typeof createVisitorsService>;
