import { IMPORT_LIMITS, type TFileFormat, type TImportResult } from '@sv/contracts';
import { sql } from 'drizzle-orm';
import { loadExcelJs } from '../lazy-modules';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { AppDeps } from '../deps';
import { CONTENT_TYPES, csvCell, csvRecord, unescapeFormula, xlsxCell } from '../exports/cell-format';
import { AppError, badRequest } from '../http/app-error';
import type { RequestCtx } from '../http/request-context';
import type { ImportColumn, ImportDefinition } from './import-definition';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MESSAGES_FILE, type ParsedTable } from './import-file';
import { checkBuildingId, checkClientId, idOption } from './import-options';
import { readImportFile } from './import-worker-pool';

export { readImportFile } from './import-worker-pool';

/** Rows validated between two turns of the event loop (issue 10 §3: an import never stalls other requests). */
const ROWS_PER_TURN = 500;

/** Column name of the reason in error files. */
export const REASON_HEADER = 'Reason';
/** Rows per insertRows / existingKeys call: keeps bind-parameter counts far below PostgreSQL's 65,535. */
export const CHUNK = 1000;
/** At most this many per-row reasons are listed in `messages` (the error file has them all). */
export const MAX_ROW_MESSAGES = 50;

export interface ErrorFileToSave {
  kind: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Where the pipeline keeps error files (features/imports repository), inside the import's transaction. */
export interface ErrorFileStore {
  /** records an import that can be undone (issue 26 §4): the ids it created; returns the batch id */
  saveBatch?(ctx: RequestCtx, batch: { kind: string; clientId: number | null; ids: number[] }, tx: Db): Promise<number>;
  save(ctx: RequestCtx, file: ErrorFileToSave, tx: Db): Promise<string>;
}

/** Header text → comparison form: case, spaces and punctuation ignored ('First Name*' = 'firstname'). */
export const normalizeHeader = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Maps each definition column to the index of its header in the file (header text or key). */
export function matchHeaders(columns: ImportColumn[], headers: string[]): Map<string, number> {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const n = normalizeHeader(h);
    if (n && !byName.has(n)) byName.set(n, i);
  });
  const found = new Map<string, number>();
  const missing: string[] = [];
  for (const col of columns) {
    const idx = byName.get(normalizeHeader(col.header)) ?? byName.get(normalizeHeader(col.key));
    if (idx !== undefined) found.set(col.key, idx);
    else if (col.required) missing.push(col.header);
  }
  // none of the sample's columns: most likely not an import file at all (issue 25, audit 001 U5)
  if (found.size === 0) throw badRequest(MESSAGES_FILE.noColumns);
  if (missing.length > 0) {
    throw badRequest(
      `The file is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Download the sample file to see the expected columns.`,
    );
  }
  return found;
}

/** Zod issues of one row → one reason, with column headers instead of keys. */
export function reasonOf(error: z.ZodError, columns: ImportColumn[]): string {
  const headerOf = new Map(columns.map((c) => [c.key, c.header]));
  const parts = error.issues.map((issue) => {
    const key = issue.path[0];
    const header = typeof key === 'string' ? headerOf.get(key) : undefined;
    return header ? `${header}: ${issue.message}` : issue.message;
  });
  return [...new Set(parts)].join('; ');
}

interface Rejected {
  rowNumber: number;
  cells: string[];
  reason: string;
}

/** Error file: the file's own header row + Reason, rejected rows with their original cells. Same format as the upload. */
export async function buildErrorFile(
  kind: string,
  format: TFileFormat,
  headers: string[],
  rejected: Rejected[],
): Promise<ErrorFileToSave> {
  const width = rejected.reduce((w, r) => Math.max(w, r.cells.length), headers.length);
  // a file may have its own 'Reason' column (exclusions do): then the pipeline's is 'Rejection Reason'
  const taken = headers.some((h) => normalizeHeader(h) === normalizeHeader(REASON_HEADER));
  const head = [
    ...Array.from({ length: width }, (_, i) => headers[i] ?? ''),
    taken ? `Rejection ${REASON_HEADER}` : REASON_HEADER,
  ];
  const body = rejected.map((r) => [...Array.from({ length: width }, (_, i) => r.cells[i] ?? ''), r.reason]);
  return buildSheet(`${kind}-errors`, format, head, body);
}

/** Sample file of a definition: headers + one example row (+ a Help sheet in XLSX). */
export async function buildSampleFile(def: ImportDefinition<unknown>, format: TFileFormat): Promise<ErrorFileToSave> {
  const head = def.columns.map((c) => c.header);
  const example = def.columns.map((c) => c.example);
  const help = def.columns.map((c) => [c.header, c.required ? 'Yes' : 'No', c.help ?? '']);
  return buildSheet(`${def.kind}-sample`, format, head, [example], help);
}

async function buildSheet(
  baseName: string,
  format: TFileFormat,
  head: string[],
  body: string[][],
  help?: string[][],
): Promise<ErrorFileToSave> {
  if (format === 'csv') {
    const content = Buffer.from(
      `\uFEFF${[head, ...body].map((r) => csvRecord(r.map((c) => csvCell(c)))).join('')}`,
      'utf8',
    );
    return { kind: baseName, fileName: `${baseName}.csv`, contentType: CONTENT_TYPES.csv, content };
  }
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(head.map((c) => xlsxCell(c))).font = { bold: true };
  for (const r of body) ws.addRow(r.map((c) => xlsxCell(c)));
  ws.columns.forEach((c) => {
    c.width = 22;
  });
  if (help) {
    const hs = wb.addWorksheet('Help');
    hs.addRow(['Column', 'Required', 'Notes']).font = { bold: true };
    for (const r of help) hs.addRow(r.map((c) => xlsxCell(c)));
    hs.getColumn(1).width = 24;
    hs.getColumn(3).width = 80;
    hs.addRow([]);
    hs.addRow([
      `Limits: ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows per file; .csv or .xlsx. Rows already present are skipped.`,
    ]);
  }
  const content = Buffer.from(await wb.xlsx.writeBuffer());
  return { kind: baseName, fileName: `${baseName}.xlsx`, contentType: CONTENT_TYPES.xlsx, content };
}

/**
 * Checks option ids (clientId, buildingId) against the actor before anything else: another
 * tenant's client or building answers 404 and the file is not read further.
 */
export async function checkOptions(ctx: RequestCtx, options: Record<string, string>, db: Db): Promise<void> {
  const clientId = await checkClientId(ctx, idOption(options.clientId, 'clientId'), db);
  await checkBuildingId(ctx, idOption(options.buildingId, 'buildingId'), db, clientId);
}

export interface ImportInput {
  fileName: string;
  content: Buffer;
  options: Record<string, string>;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The pipeline (issue 3): read → validate every row → in ONE transaction: existing keys,
 * duplicates, checkRow, insertRows in chunks, error file, audit → answer. A definition that
 * throws rolls everything back: nothing is imported and the answer says so.
 */
export async function runImport(
  deps: AppDeps,
  ctx: RequestCtx,
  def: ImportDefinition<unknown>,
  input: ImportInput,
  store: ErrorFileStore,
): Promise<TImportResult> {
  await checkOptions(ctx, input.options, deps.db);
  const table: ParsedTable = await readImportFile(input.fileName, input.content);
  const colIndex = matchHeaders(def.columns, table.headers);
  if (table.rows.length === 0) throw badRequest(MESSAGES_FILE.noRows);

  // 1. validate every row (no database)
  const valid: { rowNumber: number; cells: string[]; row: unknown; key: string }[] = [];
  const rejected: Rejected[] = [];
  for (const [n, r] of table.rows.entries()) {
    if (n > 0 && n % ROWS_PER_TURN === 0) await nextTurn();
    if (r.tooLong) {
      const reason = r.tooLong
        .map((i) => `${table.headers[i] || `Column ${i + 1}`}: ${MESSAGES_FILE.cellTooLong}`)
        .join('; ');
      rejected.push({ rowNumber: r.rowNumber, cells: r.cells, reason });
      continue;
    }
    const record: Record<string, string> = {};
    for (const col of def.columns) {
      const i = colIndex.get(col.key);
      // issue 25: the export guard's apostrophe is undone exactly where it was added, so every
      // export, sample and error file imports back unchanged (`'-Dash` → `-Dash`, never stored)
      record[col.key] = i === undefined ? '' : unescapeFormula((r.cells[i] ?? '').trim());
    }
    const parsed = def.rowSchema.safeParse(record);
    if (!parsed.success) {
      rejected.push({ rowNumber: r.rowNumber, cells: r.cells, reason: reasonOf(parsed.error, def.columns) });
      continue;
    }
    valid.push({ rowNumber: r.rowNumber, cells: r.cells, row: parsed.data, key: def.naturalKey(parsed.data) });
  }

  // 2. one transaction for the lookups, the inserts, the error file and the audit record
  let imported = 0;
  let duplicates = 0;
  let errorFile: string | null = null;
  let batchId: number | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      // imports of one kind run one at a time, so two uploads of the same file cannot both insert
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sv-import:${def.kind}`}))`);
      const keys = [...new Set(valid.map((v) => v.key))];
      const existing = new Set<string>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        for (const k of await def.existingKeys(ctx, keys.slice(i, i + CHUNK), tx, input.options)) existing.add(k);
      }
      const seen = new Set<string>();
      const accepted: unknown[] = [];
      for (const v of valid) {
        if (existing.has(v.key) || seen.has(v.key)) {
          duplicates++;
          continue;
        }
        const reason = def.checkRow ? await def.checkRow(ctx, v.row, tx, input.options) : null;
        if (reason) {
          rejected.push({ rowNumber: v.rowNumber, cells: v.cells, reason });
          continue;
        }
        seen.add(v.key);
        accepted.push(v.row);
      }
      const createdIds: number[] = [];
      for (let i = 0; i < accepted.length; i += CHUNK) {
        const ids = await def.insertRows(ctx, accepted.slice(i, i + CHUNK), tx, input.options);
        if (ids) createdIds.push(...ids);
      }
      imported = accepted.length;
      if (def.undo && store.saveBatch && createdIds.length > 0) {
        const clientId = idOption(input.options.clientId ?? '', 'clientId') ?? ctx.actor.clientId;
        batchId = await store.saveBatch(ctx, { kind: def.kind, clientId, ids: createdIds }, tx);
      }
      rejected.sort((a, b) => a.rowNumber - b.rowNumber);
      if (rejected.length > 0) {
        const file = await buildErrorFile(def.kind, table.format, table.headers, rejected);
        errorFile = await store.save(ctx, { ...file, kind: def.kind }, tx);
      }
      await deps.audit.record(
        ctx,
        {
          action: `import.${def.kind}`,
          targetType: 'import',
          targetId: errorFile,
          details: {
            format: table.format,
            total: table.rows.length,
            imported,
            duplicates,
            rejected: rejected.length,
            batchId,
            options: Object.fromEntries(Object.entries(input.options).filter(([k]) => /id$/i.test(k))),
          },
        },
        tx,
      );
    });
  } catch (err) {
    if (err instanceof AppError && err.code !== 'INTERNAL') throw err;
    await deps.audit
      .record(ctx, {
        action: `import.${def.kind}.failed`,
        targetType: 'import',
        details: { format: table.format, total: table.rows.length },
      })
      .catch(() => {});
    throw new ImportFailedError(err);
  }
  if (def.afterCommit) await def.afterCommit(deps, ctx, input.options, imported);

  const messages = [
    `${plural(imported, 'row', 'rows')} imported.`,
    ...(duplicates > 0 ? [`${plural(duplicates, 'row was', 'rows were')} already present and skipped.`] : []),
    ...(rejected.length > 0
      ? [`${plural(rejected.length, 'row was', 'rows were')} rejected; download the error file for the reasons.`]
      : []),
    ...rejected.slice(0, MAX_ROW_MESSAGES).map((r) => `Row ${r.rowNumber}: ${r.reason}`),
    ...(rejected.length > MAX_ROW_MESSAGES
      ? [`…and ${plural(rejected.length - MAX_ROW_MESSAGES, 'more row', 'more rows')} in the error file.`]
      : []),
  ];
  return {
    success: true,
    results: { total: table.rows.length, imported, duplicates, rejected: rejected.length, messages },
    errorFile,
    error: null,
    ...(batchId !== null ? { batchId } : {}),
  };
}

/** The commit failed (a definition or the database threw): everything was rolled back. */
export class ImportFailedError extends Error {
  constructor(readonly cause: unknown) {
    super('The import could not be saved, so nothing was imported. Check the file and try again.');
  }
}
