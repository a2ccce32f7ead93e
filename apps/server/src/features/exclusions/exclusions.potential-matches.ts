import { type TPotentialMatchesRequest, ZPotentialMatchesRequest } from '@sv/contracts';
import { findExclusionMatches } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type ExclusionsCore, toExclusion } from './exclusions.core';
import { candidateQueryOf } from './exclusions.repository';

/** Screening a visitor against the exclusion list at the moment of check-in (spec 002 §5, §7). */
export function potentialMatchUseCases(core: ExclusionsCore) {
  const { deps, repo } = core;
  return {
    /**
     * spec 002 §7 POST /Exclusion/PotentialMatches: screening on the server at the moment of
     * check-in (security guide), for the building the desk works in.
     */
    async potentialMatches(ctx: RequestCtx, body: TPotentialMatchesRequest) {
      requirePermission(ctx.actor, 'screening.run');
      const q = ZPotentialMatchesRequest.parse(body);
      const building = await repo.findBuilding(ctx.actor, q.buildingId);
      if (!building) throw notFound('Building not found');
      // the visitor record's licence: another record with it is the same person (issue 22)
      const visitor = q.visitorId !== null ? await repo.findVisitor(ctx.actor, q.visitorId) : null;
      const rows = await repo.findExclusionCandidates(
        ctx.actor,
        building,
        candidateQueryOf({
          id: q.visitorId,
          firstName: q.firstname,
          lastName: q.lastname,
          dob: q.dob,
          licence: visitor?.licence,
          licenceState: visitor?.licenceState,
        }),
      );
      const candidates = rows.map((row) => ({
        row,
        active: row.active,
        visitorId: row.visitorId,
        buildingId: row.buildingId,
        isGlobal: row.isGlobal,
        firstName: row.firstname,
        lastName: row.lastname,
        dateOfBirth: row.dob,
        firstKey: row.firstKey,
        lastKey: row.lastKey,
        linkedToPerson: row.linkedToPerson,
      }));
      const matches = findExclusionMatches(
        candidates,
        { id: q.visitorId, firstName: q.firstname, lastName: q.lastname, dateOfBirth: q.dob },
        building.id,
      );
      const out = (list: typeof matches.direct) =>
        list.map((m) => ({ exclusion: toExclusion(m.exclusion.row), agreed: m.agreed, reasons: m.reasons }));
      const result = { direct: out(matches.direct), potential: out(matches.potential) };
      await deps.audit.record(ctx, {
        action: 'exclusion.screen',
        targetType: 'visitor',
        targetId: q.visitorId,
        clientId: building.clientId,
        buildingId: building.id,
        details: { direct: result.direct.length, potential: result.potential.length },
      });
      return result;
    },
  };
}
