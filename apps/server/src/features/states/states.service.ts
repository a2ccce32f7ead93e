import type { AppDeps } from '../../platform/deps';
import { requirePermission } from '../../platform/auth/permission';
import type { RequestCtx } from '../../platform/http/request-context';
import { createStatesRepository } from './states.repository';

export function createStatesService(_deps: AppDeps, { repo }: { repo: ReturnType<typeof createStatesRepository> }) {
  return {
    async listStates(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'states.read');
      return repo.findAll();
    },
  };
}
export type StatesService = ReturnType<typeof createStatesService>;
