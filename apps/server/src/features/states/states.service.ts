import type { AppDeps } from '../../platform/deps';
import { requirePermission } from '../../platform/auth/permission';
import type { RequestCtx } from '../../platform/http/request-context';
import { createStatesRepository } from './states.repository';

export function createStatesService(deps: AppDeps) {
  const repo = createStatesRepository(deps.db);
  return {
    async listStates(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'states.read');
      return repo.findAll();
    },
  };
}
