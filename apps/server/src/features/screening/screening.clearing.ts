import { SCREENING_MESSAGES, type TClearMatchRequest, type TClearedMatchResponse } from '@sv/contracts';
import { type AdmissionFinding } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { REGISTRY_REF } from './screening.rules';
import type { ScreeningCore } from './screening.core';

/** Decisions on a screening's findings (issue 10 §1): clearMatch, and clearWithin for a check-in's own transaction. */
export function clearingUseCases(core: ScreeningCore) {
  const { deps, repo } = core;
  /**
   * The decision and clearing of `clearMatch`, inside the caller's transaction: a check-in that
   * clears and admits as one (issue 22: a refused check-in stores no clearing) calls it with its
   * own transaction and the screening the gate read.
   */
  async function clearWithin(
    tx: Db,
    ctx: RequestCtx,
    subject: { id: number; clientId: number },
    screening: { id: string; buildingId: number; findings: unknown },
    input: TClearMatchRequest,
  ) {
    requirePermission(ctx.actor, 'screening.run');
    const finding = (screening.findings as AdmissionFinding[]).find(
      (f) => f.source === input.source && f.ref === input.matchRef,
    );
    if (!finding) {
      if (input.source === 'registry' && !REGISTRY_REF.test(input.matchRef))
        throw badRequest('Unknown registry record reference.', { matchRef: ['must be a registry match id'] });
      throw conflict(SCREENING_MESSAGES.notShown);
    }
    if (finding.kind === 'direct') throw conflict('An exclusion linked to this visitor cannot be cleared.');
    const note = input.note ?? '';
    const now = deps.now();
    const decision = await repo.saveDecision(tx, {
      screeningId: screening.id,
      source: input.source,
      ref: input.matchRef,
      decidedBy: ctx.actor.userId,
      note,
      now,
    });
    if (input.source !== 'registry_status') {
      await repo.saveCleared(tx, {
        clientId: subject.clientId,
        visitorId: subject.id,
        source: input.source,
        matchRef: input.matchRef,
        clearedBy: ctx.actor.userId,
        note,
        now,
      });
    }
    await deps.audit.record(
      ctx,
      {
        action: input.source === 'registry_status' ? 'screening.registry_overruled' : 'screening.match.cleared',
        targetType: 'visitor',
        targetId: subject.id,
        clientId: subject.clientId,
        buildingId: screening.buildingId,
        details: { screeningId: screening.id, source: input.source, matchRef: input.matchRef, note },
      },
      tx,
    );
    if (!decision) throw new AppError('INTERNAL', 'The match could not be cleared.');
    return decision;
  }

  return {
    /**
     * A decision on one finding of one screening (issue 10 §1): only what that screening showed can
     * be cleared, and a linked exclusion never. Registry and exclusion clearings are also remembered
     * for the visitor's later screenings (shown there as cleared); a registry-status overrule is for
     * this screening only. Audited with who and why.
     */
    async clearMatch(ctx: RequestCtx, visitorId: number, input: TClearMatchRequest): Promise<TClearedMatchResponse> {
      requirePermission(ctx.actor, 'screening.run');
      const subject = await repo.findSubject(ctx.actor, visitorId);
      if (!subject) throw notFound('Visitor not found');
      const screening = await repo.findScreening(ctx.actor, input.screeningId);
      if (!screening || screening.visitorId !== subject.id) throw notFound('Screening not found');
      const saved = await deps.db.transaction((tx) => clearWithin(tx as unknown as Db, ctx, subject, screening, input));
      return {
        id: saved.id,
        screeningId: screening.id,
        visitorId: subject.id,
        source: input.source,
        matchRef: saved.ref,
        clearedBy: saved.decidedBy,
        clearedAt: new Date(saved.decidedAt).toISOString(),
        note: saved.note,
      };
    },
    clearWithin,
  };
}
