import {
  ZErrorBody,
  IMPORT_LIMITS,
  ZExportColumnsResponse,
  ZExportPostRequest,
  ZFileFormatQuery,
  ZIdParam,
  ZImportBatchList,
  ZImportBatchQuery,
  ZImportKindParams,
  ZImportResult,
  ZImportUndoResult,
  type TFileFormat,
} from '@sv/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { safeFileName } from '../../platform/exports/cell-format';
import { AppError } from '../../platform/http/app-error';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { MESSAGES_FILE } from '../../platform/imports/import-file';
import { ImportFailedError, type ImportInput } from '../../platform/imports/import-pipeline';
import type { ImportsService } from './imports.service';

/** Option fields forwarded to the definition (ids and short flags only; never free text). */
const OPTION_NAME = /^[A-Za-z][A-Za-z0-9]{0,39}$/;
const OPTION_MAX = 100;

/** Reads the multipart body: one file (≤ 5 MB) plus option fields such as clientId / buildingId. */
export async function readUpload(req: FastifyRequest): Promise<ImportInput> {
  if (!req.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data with a "file" field.');
  }
  const options: Record<string, string> = {};
  let file: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename ?? '', content };
      } else if (OPTION_NAME.test(part.fieldname) && typeof part.value === 'string') {
        options[part.fieldname] = part.value.slice(0, OPTION_MAX);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES_FILE.tooLarge);
    throw err;
  }
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.', { file: ['is required'] });
  return { ...file, options };
}

export function sendFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; content: Buffer },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `${disposition}; filename="${safeFileName(file.fileName)}"`)
    .header('Cache-Control', 'no-store')
    .send(file.content);
}

/** Window paths of spec 000 §2 → kind. */
const WINDOW_KINDS = [
  { prefix: '/Exclusion', errorFile: 'exclusionErrorFile', sample: 'exclusionSampleImport', kind: 'exclusions' },
  { prefix: '/Building', errorFile: 'BuildingErrorFile', sample: 'BuildingSampleImport', kind: 'buildings' },
  { prefix: '/User', errorFile: 'UserErrorFile', sample: 'UserSampleImport', kind: 'users' },
] as const;

const ZExportQuery = z.looseObject({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** comma-separated column ids; absent = all; empty = refused ('Please select atleast one column…') */
  columns: z.string().max(2000).optional(),
});

/** The remaining query parameters of an export (first value of repeated ones), as strings. */
function exportParams(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k === 'format' || k === 'columns' || !OPTION_NAME.test(k)) continue;
    const s = Array.isArray(v) ? v[0] : v;
    if (typeof s === 'string') out[k] = s.slice(0, OPTION_MAX);
  }
  return out;
}

/**
 * Bulk imports and exports (issue 3). Import and export kinds are registered by the features
 * (registerImport / registerExport); an unregistered kind answers 404.
 */
export async function importsRoutes(app: ZodApp, _deps: AppDeps, service: ImportsService) {
  app.post(
    '/api/imports/:kind',
    {
      schema: {
        tags: ['imports'],
        summary: `Upload a CSV or XLSX file (multipart: file + option fields such as clientId, buildingId). Limits: ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB, ${IMPORT_LIMITS.maxRows} rows.`,
        params: ZImportKindParams,
        consumes: ['multipart/form-data'],
        // 500: a rolled-back import answers the import result; any other failure the one error
        // body (issue 10 §2: with only ZImportResult, the error body failed serialization and
        // Fastify answered its raw FST_ERR_FAILED_ERROR_SERIALIZATION)
        response: { 200: ZImportResult, 500: z.union([ZImportResult, ZErrorBody]) },
      },
    },
    async (req, reply) => {
      const ctx = requireCtx(req);
      service.authorizeUpload(ctx, req.params.kind);
      const input = await readUpload(req);
      try {
        return await service.upload(ctx, req.params.kind, input);
      } catch (err) {
        if (!(err instanceof ImportFailedError)) throw err;
        req.log.error({ err: err.cause }, 'import rolled back');
        return reply.status(500).send({ success: false, results: null, errorFile: null, error: err.message });
      }
    },
  );

  const sample = async (req: FastifyRequest, reply: FastifyReply, kind: string, format: TFileFormat) =>
    sendFile(reply, await service.sample(requireCtx(req), kind, format));

  app.get(
    '/api/imports/:kind/sample',
    {
      schema: {
        tags: ['imports'],
        summary: 'Sample file (header row and an example row) of an import',
        params: ZImportKindParams,
        querystring: ZFileFormatQuery,
      },
    },
    async (req, reply) => sample(req, reply, req.params.kind, req.query.format),
  );

  // issue 26 §4 (ADR 0049): an import can be undone for 7 days
  app.get(
    '/api/imports/batches',
    {
      schema: {
        tags: ['imports'],
        summary: 'The district’s imports of a kind in the last 7 days, and whether each can still be undone',
        querystring: ZImportBatchQuery,
        response: { 200: ZImportBatchList },
      },
    },
    async (req) => service.batches(requireCtx(req), req.query.kind),
  );
  app.post(
    '/api/imports/batches/:id/undo',
    {
      schema: {
        tags: ['imports'],
        summary:
          'Undo an import within 7 days: the rows it created and nobody uses yet are removed (a card already checked in stays); answered with the counts',
        params: ZIdParam,
        response: { 200: ZImportUndoResult },
      },
    },
    async (req) => service.undo(requireCtx(req), req.params.id),
  );

  const ZErrorFileParams = z.object({ id: z.string().max(64) });
  app.get(
    '/api/imports/error-files/:id',
    {
      schema: {
        tags: ['imports'],
        summary: "An import's error file (rejected rows + Reason); only within the uploader's client scope",
        params: ZErrorFileParams,
      },
    },
    async (req, reply) => sendFile(reply, await service.errorFile(requireCtx(req), req.params.id)),
  );

  // spec 000 §2 "Pages opened in another window" (browser GETs with the session cookie)
  const ZFileParams = z.object({ file: z.string().max(64) });
  for (const w of WINDOW_KINDS) {
    app.get(
      `${w.prefix}/${w.errorFile}/:file`,
      { schema: { tags: ['imports'], summary: `Window path: ${w.kind} error file`, params: ZFileParams } },
      async (req, reply) => sendFile(reply, await service.errorFile(requireCtx(req), req.params.file, w.kind)),
    );
    app.get(
      `${w.prefix}/${w.sample}`,
      { schema: { tags: ['imports'], summary: `Window path: ${w.kind} sample file (CSV)` } },
      async (req, reply) => sample(req, reply, w.kind, 'csv'),
    );
  }

  // exports
  app.get(
    '/api/exports/:kind/columns',
    {
      schema: {
        tags: ['exports'],
        summary: 'Columns an export offers (for the column chooser)',
        params: ZImportKindParams,
        response: { 200: ZExportColumnsResponse },
      },
    },
    async (req) => ({ data: service.exportColumns(requireCtx(req), req.params.kind) }),
  );

  app.get(
    '/api/exports/:kind',
    {
      schema: {
        tags: ['exports'],
        summary: 'Streamed CSV or XLSX export in the actor scope (cells escaped against formula injection)',
        params: ZImportKindParams,
        querystring: ZExportQuery,
      },
    },
    async (req, reply) =>
      service.export(
        requireCtx(req),
        req.params.kind,
        { format: req.query.format, columns: req.query.columns, params: exportParams(req.query) },
        reply,
      ),
  );

  // the same export with its filters in the body: search words never go in a URL (the audit
  // console's free text; issue 26 §5, security guide)
  app.post(
    '/api/exports/:kind',
    {
      schema: {
        tags: ['exports'],
        summary:
          'The export of GET /api/exports/{kind}, its filters (with search words) in the body instead of the URL',
        params: ZImportKindParams,
        body: ZExportPostRequest,
      },
    },
    async (req, reply) =>
      service.export(
        requireCtx(req),
        req.params.kind,
        { format: req.body.format, columns: req.body.columns?.join(','), params: req.body.params },
        reply,
      ),
  );

  const ZWindowExportQuery = z.object({ columns: z.string().max(2000).optional() });
  const windowExport =
    (kind: string, params: Record<string, string>) => async (req: FastifyRequest, reply: FastifyReply) => {
      const { columns } = ZWindowExportQuery.parse(req.query ?? {});
      return service.export(requireCtx(req), kind, { format: 'csv', columns, params }, reply);
    };
  const ZExclusionExport = z.object({ activeOnly: z.string().max(20), clientId: z.string().max(20) });
  app.get(
    '/Exclusion/exclusionExport/:activeOnly/:clientId',
    { schema: { tags: ['exports'], summary: 'Window path: exclusions CSV export', params: ZExclusionExport } },
    async (req, reply) =>
      windowExport('exclusions', { activeOnly: req.params.activeOnly, clientId: req.params.clientId })(req, reply),
  );
  const ZBuildingExport = z.object({ showactiveonly: z.string().max(20), clientId: z.string().max(20) });
  app.get(
    '/Building/BuildingExport/:showactiveonly/:clientId',
    { schema: { tags: ['exports'], summary: 'Window path: buildings CSV export', params: ZBuildingExport } },
    async (req, reply) =>
      windowExport('buildings', { activeOnly: req.params.showactiveonly, clientId: req.params.clientId })(req, reply),
  );
  const ZUserExport = z.object({
    showactive: z.string().max(20),
    clientId: z.string().max(20),
    listType: z.string().max(40),
  });
  app.get(
    '/User/UserExport/:showactive/:clientId/:listType',
    { schema: { tags: ['exports'], summary: 'Window path: users CSV export', params: ZUserExport } },
    async (req, reply) =>
      windowExport('users', {
        activeOnly: req.params.showactive,
        clientId: req.params.clientId,
        listType: req.params.listType,
      })(req, reply),
  );
}
