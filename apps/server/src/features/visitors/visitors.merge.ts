import type { TVisitorMergeResponse } from '@sv/contracts';
import { addDays, localDateOf, zonedTimeToInstant } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import { AppError, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { VisitorRow } from './visitor-merge.repository';
import type { VisitorsCore } from './visitors.core';

/** Merging two records of one person, and undoing a merge (issue 22 "A person, not a record"). */
export function mergeUseCases(core: VisitorsCore) {
  const { deps, repo, mergeRepo } = core;

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
  };
}
