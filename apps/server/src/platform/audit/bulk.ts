import type { Db } from '../db/database';
import type { AppDeps } from '../deps';
import type { RequestCtx } from '../http/request-context';

/**
 * The audit rows of a bulk activate / deactivate (issue 26 §4): one per district, naming the ids
 * that changed (`<record>.bulkActivate` / `<record>.bulkDeactivate`).
 */
export async function recordBulk(
  deps: AppDeps,
  ctx: RequestCtx,
  record: string,
  active: boolean,
  changed: { id: number; clientId: number | null }[],
  tx?: Db,
) {
  for (const clientId of new Set(changed.map((c) => c.clientId))) {
    await deps.audit.record(
      ctx,
      {
        action: `${record}.${active ? 'bulkActivate' : 'bulkDeactivate'}`,
        targetType: record,
        clientId,
        details: { ids: changed.filter((c) => c.clientId === clientId).map((c) => c.id) },
      },
      tx,
    );
  }
}
