import { type TActor, type TVisitor, type TVisitorFields, type TVisitorType, ZVisitorFields } from '@sv/contracts';
import { isDobAcceptable, localDateOf } from '@sv/domain';
import { scopeOf } from '../../platform/db/scope';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, notFound } from '../../platform/http/app-error';
import type { RegisteredEntryService } from '../registered-entry';
import type { VisitsRepository, VisitsService } from '../visits';
import type { VisitorMergeRepository } from './visitor-merge.repository';
import type { VisitorsRepository } from './visitors.repository';

/** issue 22: what "Create a New Visitor" says when the name alone matches someone on file. */
export const LIKELY_DUPLICATE_MESSAGE = 'This may be someone already on file.';
/** issue 22: a merged record is kept for the history only; the person's record is the survivor. */
export const MERGED_RECORD_MESSAGE =
  'This record was merged into another record of the same person. Open that record instead.';

/**
 * What every visitors use case shares (issue 24 §1: one closure per use case on a shared core, like
 * kiosk.core.ts): the service's parts, the file store, the district a visitor belongs to, the
 * field rules of a save and the visitor as the desk sees it.
 */
export function createVisitorsCore(
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

  return {
    deps,
    repo,
    mergeRepo,
    visitsRepo,
    visitsService,
    registeredEntry,
    fileStore,
    districtFor,
    validate,
    toVisitor,
  };
}
export type VisitorsCore = ReturnType<typeof createVisitorsCore>;
