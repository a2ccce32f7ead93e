import type { Db } from '../db/database';
import type { AppDeps } from '../deps';
import type { RequestCtx } from '../http/request-context';
import { removeUnlessInUse } from '../db/remove-unless-in-use';

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

/**
 * The audit rows of a bulk delete (issue 26 §4): one per district, naming the ids deleted and the
 * ids kept because other records refer to them (`<record>.bulkDelete`).
 */
export async function recordBulkDelete(
  deps: AppDeps,
  ctx: RequestCtx,
  record: string,
  rows: { id: number; clientId: number | null; deleted: boolean }[],
  tx?: Db,
) {
  for (const clientId of new Set(rows.map((r) => r.clientId))) {
    const mine = rows.filter((r) => r.clientId === clientId);
    await deps.audit.record(
      ctx,
      {
        action: `${record}.bulkDelete`,
        targetType: record,
        clientId,
        details: {
          ids: mine.filter((r) => r.deleted).map((r) => r.id),
          kept: mine.filter((r) => !r.deleted).map((r) => r.id),
        },
      },
      tx,
    );
  }
}

/**
 * Deletes the chosen rows of the actor's scope that nothing refers to, each in its own savepoint
 * (a foreign key answering 23503 means history: the row stays), and audits what happened.
 */
export async function deleteChosen(
  deps: AppDeps,
  ctx: RequestCtx,
  record: string,
  ids: number[],
  io: {
    inScope: (tx: Db) => Promise<{ id: number; clientId: number | null }[]>;
    deleteOne: (tx: Db, id: number) => Promise<number>;
  },
): Promise<{ deleted: number; kept: number; notFound: number }> {
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const found = await io.inScope(tx);
    const rows: { id: number; clientId: number | null; deleted: boolean }[] = [];
    for (const row of found) {
      const { removed } = await removeUnlessInUse(tx, [row.id], io.deleteOne);
      rows.push({ ...row, deleted: removed > 0 });
    }
    if (rows.length > 0) await recordBulkDelete(deps, ctx, record, rows, tx);
    const deleted = rows.filter((r) => r.deleted).length;
    return { deleted, kept: rows.length - deleted, notFound: ids.length - rows.length };
  });
}
