import {
  can,
  type TExclusionBulkActive,
  type TExclusionBulkResult,
  type TExclusionSave,
  type TExclusionUpdate,
  ZExclusionBulkActive,
  ZExclusionSave,
  ZExclusionUpdate,
} from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import { AppError, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { rescreenCardsAfterExclusionChange } from './exclusions.card-flags';
import { cleanName, EXCLUSION_MESSAGES, type ExclusionsCore, toExclusion } from './exclusions.core';

/**
 * Adding, editing, activating and deactivating exclusions (spec 000 §2, §4, §5); every change
 * screens the district's pre-registration cards again in its transaction (issue 22).
 */
export function editUseCases(core: ExclusionsCore) {
  const { deps, repo, resolveClient, resolveBuilding, resolveDob, checkPhoto, getRow } = core;
  return {
    async create(ctx: RequestCtx, body: TExclusionSave) {
      requirePermission(ctx.actor, 'exclusions.manage');
      const input = ZExclusionSave.parse(body);
      if (input.isGlobal && !can(ctx.actor, 'exclusions.setGlobal'))
        throw forbidden(EXCLUSION_MESSAGES.setGlobalDenied);
      let rescreened = new Set<number>();
      const id = await deps.db.transaction(async (tx) => {
        const clientId = await resolveClient(ctx, input.clientId, tx);
        const { buildingId, timeZone } = await resolveBuilding(ctx, input, clientId, null, tx);
        const dob = resolveDob(input.dob, timeZone);
        const photoFileId = await checkPhoto(ctx, input.photoFileId, clientId, tx);
        if (input.visitorId !== null) {
          const visitor = await repo.findVisitor(ctx.actor, input.visitorId, tx);
          if (!visitor || visitor.clientId !== clientId) throw notFound('Visitor not found');
        }
        if (input.active) {
          const twin = await repo.findActiveTwin(
            { clientId, buildingId, firstname: cleanName(input.firstname), lastname: cleanName(input.lastname), dob },
            tx,
          );
          if (twin) {
            const message = EXCLUSION_MESSAGES.duplicate(
              `${twin.firstname} ${twin.lastname}`,
              twin.id,
              buildingId === null,
            );
            throw new AppError('CONFLICT', message, { lastname: [message] });
          }
        }
        const newId = await repo.insert(
          {
            clientId,
            buildingId,
            isGlobal: buildingId === null,
            active: input.active,
            visitorId: input.visitorId,
            firstname: cleanName(input.firstname),
            lastname: cleanName(input.lastname),
            dob,
            exclusionType: input.exclusionType,
            reason: input.reason,
            photoFileId,
            created: deps.now(),
            createdBy: ctx.actor.userId,
          },
          tx,
        );
        // the district's pre-registration cards are screened again (issue 22), in this transaction
        rescreened = await rescreenCardsAfterExclusionChange(
          tx,
          clientId,
          [{ firstname: input.firstname, lastname: input.lastname, visitorId: input.visitorId }],
          deps.now(),
        );
        await deps.audit.record(
          ctx,
          {
            action: 'exclusion.create',
            targetType: 'exclusion',
            targetId: newId,
            clientId,
            buildingId,
            details: { isGlobal: buildingId === null, active: input.active, exclusionType: input.exclusionType },
          },
          tx,
        );
        return newId;
      });
      for (const buildingId of rescreened) deps.realtime.invalidate(buildingId);
      return toExclusion(await getRow(ctx, id));
    },

    async update(ctx: RequestCtx, id: number, body: TExclusionUpdate) {
      requirePermission(ctx.actor, 'exclusions.manage');
      const input = ZExclusionUpdate.parse(body);
      let rescreened = new Set<number>();
      await deps.db.transaction(async (tx) => {
        const before = await getRow(ctx, id, tx);
        refuseStale(before, input.version);
        if (input.isGlobal !== before.isGlobal && !can(ctx.actor, 'exclusions.setGlobal')) {
          throw forbidden(EXCLUSION_MESSAGES.setGlobalDenied);
        }
        // An exclusion stays with its client; the visitor link is kept as it is (spec 000 §4).
        const clientId = before.clientId;
        const { buildingId, timeZone } = await resolveBuilding(ctx, input, clientId, before.buildingId, tx);
        const dob = resolveDob(input.dob, timeZone);
        const photoFileId = await checkPhoto(ctx, input.photoFileId, clientId, tx);
        const after = {
          buildingId,
          isGlobal: buildingId === null,
          active: input.active,
          firstname: cleanName(input.firstname),
          lastname: cleanName(input.lastname),
          dob,
          exclusionType: input.exclusionType,
          reason: input.reason,
          photoFileId,
        };
        mustHaveSaved(await repo.update(ctx.actor, id, after, tx, input.version));
        // edited, activated or deactivated: the cards its names (before and after) concern (issue 22)
        rescreened = await rescreenCardsAfterExclusionChange(
          tx,
          clientId,
          [before, { ...after, visitorId: before.visitorId }],
          deps.now(),
        );
        const changed = Object.fromEntries(
          Object.entries(after)
            .filter(([k, v]) => before[k as keyof typeof before] !== v)
            .map(([k, v]) => [k, { before: before[k as keyof typeof before], after: v }]),
        );
        await deps.audit.record(
          ctx,
          { action: 'exclusion.update', targetType: 'exclusion', targetId: id, clientId, buildingId, details: changed },
          tx,
        );
      });
      for (const b of rescreened) deps.realtime.invalidate(b);
      return toExclusion(await getRow(ctx, id));
    },

    /**
     * Activate or deactivate many at once (issue 26 §4): one transaction, the cards the changed
     * names concern screened again (issue 22), one audit row with the ids.
     */
    async setActiveMany(ctx: RequestCtx, body: TExclusionBulkActive): Promise<TExclusionBulkResult> {
      requirePermission(ctx.actor, 'exclusions.manage');
      const input = ZExclusionBulkActive.parse(body);
      const ids = [...new Set(input.ids)];
      const rescreened = new Set<number>();
      const result = await deps.db.transaction(async (tx) => {
        const { found, changed } = await repo.setActiveMany(ctx.actor, ids, input.active, tx);
        for (const clientId of new Set(changed.map((c) => c.clientId))) {
          const mine = changed.filter((c) => c.clientId === clientId);
          for (const b of await rescreenCardsAfterExclusionChange(tx, clientId, mine, deps.now())) rescreened.add(b);
          await deps.audit.record(
            ctx,
            {
              action: input.active ? 'exclusion.bulkActivate' : 'exclusion.bulkDeactivate',
              targetType: 'exclusion',
              clientId,
              details: { ids: mine.map((c) => c.id) },
            },
            tx,
          );
        }
        return { changed: changed.length, unchanged: found - changed.length, notFound: ids.length - found };
      });
      for (const b of rescreened) deps.realtime.invalidate(b);
      return result;
    },
  };
}
