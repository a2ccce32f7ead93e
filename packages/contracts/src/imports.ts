import { z } from 'zod';
import { ZString } from './common';

/**
 * Bulk import and export contracts (issue 3; spec 000 §3 "Import result", §2 "Bulk import
 * dialogs", spec 001 §7 "Import dialog behaviour").
 */

export const ZImportCounts = z.object({
  /** data rows read from the file */
  total: z.number().int(),
  imported: z.number().int(),
  /** rows already present (in the database or earlier in the file): skipped, so re-uploading adds nothing */
  duplicates: z.number().int(),
  /** rows written to the error file with their reason */
  rejected: z.number().int(),
  /** summary lines, then the first rejected rows' reasons */
  messages: z.array(z.string()),
});
export type TImportCounts = z.infer<typeof ZImportCounts>;

/** spec 000 §3 Import result: success flag, results, errorFile identifier, error text. */
export const ZImportResult = z.object({
  success: z.boolean(),
  results: ZImportCounts.nullable(),
  /** id for GET /api/imports/error-files/{id} (also /Exclusion/exclusionErrorFile/{id} …), null when no row was rejected */
  errorFile: z.string().nullable(),
  error: z.string().nullable(),
  /** the import's batch when it can be undone (issue 26 §4, ADR 0049): POST /api/imports/batches/{id}/undo */
  batchId: z.number().int().nullable().optional(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZImportKindParams = z.object({ kind: ZString.min(1).max(40) });
export const ZFileFormatQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type TFileFormat = 'csv' | 'xlsx';

/** GET /api/exports/{kind}/columns: what the column chooser offers. */
export const ZExportColumnsResponse = z.object({
  data: z.array(z.object({ id: z.string(), header: z.string(), selectedByDefault: z.boolean() })),
});
export type TExportColumnsResponse = z.infer<typeof ZExportColumnsResponse>;

/**
 * POST /api/exports/{kind}: an export whose filters carry search words, which never go in a URL
 * (security guide: no personal data in URLs, logs or history). The same filters as the GET's query
 * string, as strings, in `params`.
 */
export const ZExportPostRequest = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** column ids; absent = the defaults; empty = refused ('Please select atleast one column…') */
  columns: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown column'))
    .max(200)
    .optional(),
  params: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'Unknown filter'), z.string().max(200))
    .refine((p) => Object.keys(p).length <= 30, 'Too many filters')
    .default({}),
});
export type TExportPostRequest = z.input<typeof ZExportPostRequest>;

/** Days an import can be undone (issue 26 §4). */
export const IMPORT_UNDO_DAYS = 7;

export const ZImportBatch = z.object({
  id: z.number().int(),
  kind: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  rowCount: z.number().int(),
  undoneAt: z.string().nullable(),
  undoCounts: z.object({ removed: z.number().int(), kept: z.number().int() }).nullable(),
  /** the last moment it can be undone */
  undoUntil: z.string(),
});
export type TImportBatch = z.infer<typeof ZImportBatch>;
export const ZImportBatchList = z.object({ data: z.array(ZImportBatch) });
export const ZImportBatchQuery = z.object({ kind: ZString.min(1).max(40) });
export const ZImportUndoResult = z.object({
  removed: z.number().int(),
  /** rows left because they are in use (a card already checked in) */
  kept: z.number().int(),
  message: z.string(),
});
export type TImportUndoResult = z.infer<typeof ZImportUndoResult>;
