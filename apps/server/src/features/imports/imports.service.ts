import {
  can,
  IMPORT_UNDO_DAYS,
  ROLE,
  type TFileFormat,
  type TImportBatch,
  type TImportResult,
  type TImportUndoResult,
} from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { getExport } from '../../platform/exports/export-definition';
import { type ExportRequest, sendExport } from '../../platform/exports/export-writer';
import { conflict, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { getImport } from '../../platform/imports/import-definition';
import { buildSampleFile, type ImportInput, runImport } from '../../platform/imports/import-pipeline';
import type { createImportsRepository, ImportsRepository } from './imports.repository';

/** A kind nobody registered answers 404 (after sign-in), the same as an unknown record. */
function importDef(kind: string) {
  const def = getImport(kind);
  if (!def) throw notFound('No import of that kind');
  return def;
}

function exportDef(kind: string) {
  const def = getExport(kind);
  if (!def) throw notFound('No export of that kind');
  return def;
}

const undoUntil = (createdAt: Date) => new Date(createdAt.getTime() + IMPORT_UNDO_DAYS * 86_400_000);
type BatchRow = NonNullable<Awaited<ReturnType<ImportsRepository['batch']>>>;
const toBatch = (b: BatchRow): TImportBatch => ({
  id: b.id,
  kind: b.kind,
  createdAt: b.createdAt.toISOString(),
  createdByName: b.createdByName,
  rowCount: b.createdIds.length,
  undoneAt: b.undoneAt?.toISOString() ?? null,
  undoCounts: b.undoCounts ?? null,
  undoUntil: undoUntil(b.createdAt).toISOString(),
});

export function createImportsService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createImportsRepository> }) {
  return {
    /** Permission of the kind, checked before the upload body is read. */
    authorizeUpload(ctx: RequestCtx, kind: string) {
      const def = importDef(kind);
      requirePermission(ctx.actor, def.permission);
    },

    async upload(ctx: RequestCtx, kind: string, input: ImportInput): Promise<TImportResult> {
      const def = importDef(kind);
      requirePermission(ctx.actor, def.permission);
      return runImport(deps, ctx, def, input, repo.store);
    },

    async sample(ctx: RequestCtx, kind: string, format: TFileFormat) {
      const def = importDef(kind);
      requirePermission(ctx.actor, def.permission);
      return buildSampleFile(def, format);
    },

    /**
     * An error file: 404 unless it exists, has not expired, is in the actor's client scope and
     * (for the window aliases) is of the expected kind; 403 for a same-tenant user who may not
     * import that kind. Reading it is audited (it holds the rejected rows' personal data).
     */
    async errorFile(ctx: RequestCtx, id: string, expectedKind?: string) {
      requirePermission(ctx.actor, 'session.read');
      const file = await repo.findErrorFile(ctx, id);
      if (!file || (expectedKind && file.kind !== expectedKind)) throw notFound('Error file not found');
      const def = getImport(file.kind);
      if (def ? !can(ctx.actor, def.permission) : ctx.actor.roleId !== ROLE.Admin) throw forbidden();
      await deps.audit.record(ctx, {
        action: `import.${file.kind}.errorFile.read`,
        targetType: 'import_error_file',
        targetId: file.id,
      });
      return file;
    },

    /** The district's imports of a kind in the last 7 days, and whether each can still be undone (issue 26 §4). */
    async batches(ctx: RequestCtx, kind: string): Promise<{ data: TImportBatch[] }> {
      const def = importDef(kind);
      requirePermission(ctx.actor, def.permission);
      const since = new Date(deps.now().getTime() - IMPORT_UNDO_DAYS * 86_400_000);
      return { data: (await repo.batches(ctx, kind, since)).map(toBatch) };
    },

    /**
     * Undoes an import within 7 days (issue 26 §4, ADR 0049): the kind's own `undo` removes the
     * batch's rows still unused, in one transaction with the batch's mark; audited with the counts.
     */
    async undo(ctx: RequestCtx, batchId: number): Promise<TImportUndoResult> {
      requirePermission(ctx.actor, 'session.read');
      const counts = await deps.db.transaction(async (tx) => {
        const batch = await repo.batch(ctx, batchId, tx);
        if (!batch) throw notFound('Import not found');
        const def = importDef(batch.kind);
        requirePermission(ctx.actor, def.permission);
        if (!def.undo) throw conflict('This kind of import cannot be undone.');
        if (batch.undoneAt) throw conflict('This import was already undone.');
        if (deps.now().getTime() > undoUntil(batch.createdAt).getTime())
          throw conflict(`An import can be undone for ${IMPORT_UNDO_DAYS} days; this one is older.`);
        const result = await def.undo(ctx, batch.clientId, batch.createdIds, tx);
        await repo.markUndone(batch.id, ctx.actor.userId, deps.now(), result, tx);
        await deps.audit.record(
          ctx,
          {
            action: `import.${batch.kind}.undo`,
            targetType: 'import',
            targetId: batch.id,
            clientId: batch.clientId,
            details: result,
          },
          tx,
        );
        return result;
      });
      const message =
        counts.kept > 0
          ? `The import was undone: ${counts.removed} removed; ${counts.kept} kept because they are already in use.`
          : `The import was undone: ${counts.removed} removed.`;
      return { ...counts, message };
    },

    exportColumns(ctx: RequestCtx, kind: string) {
      const def = exportDef(kind);
      requirePermission(ctx.actor, def.permission);
      return def.columns.map((c) => ({
        id: String(c.id),
        header: c.header,
        selectedByDefault: !c.hiddenByDefault,
      }));
    },

    async export(ctx: RequestCtx, kind: string, req: ExportRequest, reply: FastifyReply) {
      const def = exportDef(kind);
      return sendExport(deps, ctx, def, req, reply);
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
