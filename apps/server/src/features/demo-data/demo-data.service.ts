import { hasDemoData, removeDemoData } from '../../../db/seed/demo-removal';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import type { RequestCtx } from '../../platform/http/request-context';

/** How long an instance trusts its answer to "is there demo data?" (every session read asks). */
const PRESENCE_TTL_MS = 60_000;

/**
 * The demo data (issue 23 §1): whether the published demo accounts exist (every screen shows a
 * banner while they do), and their removal by the platform administrator before real use.
 */
export function createDemoDataService(deps: AppDeps) {
  let known: { present: boolean; until: number } | null = null;
  return {
    async present(): Promise<boolean> {
      const now = Date.now();
      if (known && known.until > now) return known.present;
      const present = await hasDemoData(deps.db);
      known = { present, until: now + PRESENCE_TTL_MS };
      return present;
    },

    async remove(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'demoData.remove');
      const removed = await removeDemoData(deps.db);
      known = null;
      await deps.audit.record(ctx, {
        action: 'demo_data.removed',
        targetType: 'platform',
        targetId: null,
        clientId: null,
        details: removed,
      });
      return removed;
    },
  };
}
export type DemoDataService = ReturnType<typeof createDemoDataService>;
