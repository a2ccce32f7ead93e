import { can, ROLE, type TFileFormat, type TImportResult } from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { getExport } from '../../platform/exports/export-definition';
import { type ExportRequest, sendExport } from '../../platform/exports/export-writer';
import { forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { getImport } from '../../platform/imports/import-definition';
import { buildSampleFile, type ImportInput, runImport } from '../../platform/imports/import-pipeline';
import { createImportsRepository } from './imports.repository';

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
