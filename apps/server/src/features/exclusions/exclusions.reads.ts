import { ROLE, type TExclusionsQuery, ZExclusionsQuery } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { RequestCtx } from '../../platform/http/request-context';
import { type ExclusionsCore, toExclusion } from './exclusions.core';

/** The exclusion list, one exclusion, and the form's options (spec 000 §2 Manage Exclusions). */
export function readUseCases(core: ExclusionsCore) {
  const { deps, repo, getRow } = core;
  return {
    async list(ctx: RequestCtx, query: TExclusionsQuery) {
      requirePermission(ctx.actor, 'exclusions.read');
      const q = ZExclusionsQuery.parse(query);
      const page = await repo.findPage(ctx.actor, {
        ...q,
        clientId: ctx.actor.roleId === ROLE.Admin ? q.clientId : undefined,
      });
      return { ...page, data: page.data.map(toExclusion) };
    },

    /** One exclusion; a sensitive read, audited. */
    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'exclusions.read');
      const row = await getRow(ctx, id);
      deps.audit.read(ctx, {
        action: 'exclusion.read',
        targetType: 'exclusion',
        targetId: id,
        clientId: row.clientId,
        buildingId: row.buildingId,
      });
      return toExclusion(row);
    },

    async formOptions(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'exclusions.read');
      return repo.formOptions(ctx.actor);
    },
  };
}
