import { PassThrough, Readable } from 'node:stream';
import { MESSAGES, type TFileFormat } from '@sv/contracts';
import { loadExcelJs } from '../lazy-modules';
import type { FastifyReply } from 'fastify';
import { requirePermission } from '../auth/permission';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/app-error';
import type { RequestCtx } from '../http/request-context';
import { checkBuildingId, checkClientId, idOption } from '../imports/import-options';
import {
  CONTENT_TYPES,
  type CellValue,
  csvCell,
  csvRecord,
  safeFileName,
  usDateTime,
  wallClock,
  XLSX_DATE_TIME_FORMAT,
  xlsxCell,
} from './cell-format';
import type { ExportColumn, ExportDefinition } from './export-definition';

export { escapeFormula } from './cell-format';

/** Rows per CSV chunk handed to the socket. */
const CSV_BATCH = 500;
/** XLSX: wait for the socket when this much is buffered. */
const XLSX_HIGH_WATER = 1024 * 1024;

export interface ExportRequest {
  format: TFileFormat;
  /** comma-separated column ids; undefined = all columns; '' = none (refused with the spec message) */
  columns?: string;
  /** the remaining query parameters, as strings */
  params: Record<string, string>;
}

/** Column selection: all when not given; given but empty → 400 'Please select atleast one column…'. */
export function selectColumns<Row>(columns: ExportColumn<Row>[], requested: string | undefined): ExportColumn<Row>[] {
  if (requested === undefined) return columns;
  const ids = requested
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw badRequest(MESSAGES.exportNeedsColumn, { columns: [MESSAGES.exportNeedsColumn] });
  const known = new Set(columns.map((c) => String(c.id)));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest(`Unknown column: ${unknown.join(', ')}`, { columns: ['unknown column'] });
  const wanted = new Set(ids);
  return columns.filter((c) => wanted.has(String(c.id))); // the report's own column order
}

/** Drops "all" placeholders old pages send ('0', 'null', 'undefined', '') for id parameters. */
export function normalizeParams(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (/id$/i.test(k) && idOption(v, k) === null) continue;
    out[k] = v;
  }
  return out;
}

/**
 * The filters of an export as its audit row keeps them (issue 26 §5): every parameter the export
 * was asked with (ids, dates, states, actions), except free text, which may hold a person's name
 * and is kept as "given" only. Keys naming personal data are masked again by the audit log.
 */
export function exportFilters(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === '') continue;
    out[k] = /^(q|search|text|term|query)$/i.test(k) ? '[search text]' : v.slice(0, 100);
  }
  return out;
}

/**
 * Streams an export to the reply (issue 3): permission, params, scope of clientId / buildingId
 * (404 outside), column selection, then rows pulled batch by batch from the definition and
 * written as CSV (the RFC 4180 writer of cell-format.ts) or XLSX (exceljs streaming WorkbookWriter) with formula-
 * injection escaping; Content-Disposition attachment, Cache-Control no-store; audit
 * 'export.<kind>' with the row count when the stream ends. Errors before the first row answer
 * normally (400 / 404); an error mid-stream aborts the download.
 */
export async function sendExport<Row, Params>(
  deps: AppDeps,
  ctx: RequestCtx,
  def: ExportDefinition<Row, Params>,
  req: ExportRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  requirePermission(ctx.actor, def.permission);
  const columns = selectColumns(def.columns, req.columns);
  const raw = normalizeParams(req.params);
  const clientId = await checkClientId(ctx, idOption(raw.clientId, 'clientId'), deps.db);
  await checkBuildingId(ctx, idOption(raw.buildingId, 'buildingId'), deps.db, clientId);
  const parsed = def.paramsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue.path.join('.') || 'params'}: ${issue.message}`);
  }
  const params = parsed.data;

  // rows a batch at a time when the definition gives batches (issue 24 §6), else one by one
  const iterator: AsyncIterator<Row[] | Row> = (
    def.batches ? def.batches(ctx, params, deps) : def.rows(ctx, params, deps)
  )[Symbol.asyncIterator]();
  const sizeOf = def.batches ? (v: Row[] | Row) => (v as Row[]).length : () => 1;
  const first = await iterator.next(); // a scope error surfaces here, before any header is sent
  let count = 0;
  let completed = false;
  const audit = () =>
    deps.audit
      .record(ctx, {
        action: `export.${def.kind}`,
        targetType: 'export',
        details: {
          format: req.format,
          rows: count,
          completed,
          columns: columns.map((c) => String(c.id)),
          params: exportFilters(raw),
        },
      })
      .catch((err) => reply.log.error({ err }, 'export audit failed'));

  async function* items(): AsyncGenerator<Row[] | Row> {
    try {
      if (first.done) return;
      count += sizeOf(first.value);
      yield first.value;
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        count += sizeOf(next.value);
        yield next.value;
      }
      completed = true;
    } finally {
      if (!completed) await iterator.return?.();
      await audit();
    }
  }
  const batches = def.batches ? (items() as AsyncGenerator<Row[]>) : null;
  const rows = () => (batches ? flatten(batches) : (items() as AsyncGenerator<Row>));

  const fileName = safeFileName(`${def.fileName(params)}.${req.format}`);
  reply
    .header('Content-Type', CONTENT_TYPES[req.format])
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff');

  const body =
    req.format === 'csv'
      ? batches
        ? csvBatchStream(columns, batches, def.timeZone)
        : csvStream(columns, rows(), def.timeZone)
      : xlsxStream(columns, rows(), def.kind, reply, def.timeZone);
  return reply.send(body);
}

/** How each row becomes one CSV record (RFC 4180, CRLF), and the BOM + header record. */
function csvRecords<Row>(columns: ExportColumn<Row>[], timeZone?: string) {
  const values = columns.map((c) => c.value);
  // issue 25: an instant is written as mm/dd/yyyy hh:mm AM on the definition's wall clock
  const text = (v: CellValue) => csvCell(v instanceof Date && !Number.isNaN(v.getTime()) ? usDateTime(v, timeZone) : v);
  const width = values.length;
  const cells: string[] = new Array(width);
  return {
    head: `\uFEFF${csvRecord(columns.map((c) => csvCell(c.header)))}`,
    // hand-rolled RFC 4180 (csv-stringify was most of a large export's CPU)
    record(row: Row): string {
      for (let i = 0; i < width; i++) cells[i] = text(values[i](row));
      return csvRecord(cells);
    },
  };
}

/** CSV with a UTF-8 BOM (Excel), CRLF rows, every cell escaped. Pull-based: the socket sets the pace. */
export function csvStream<Row>(columns: ExportColumn<Row>[], rows: AsyncIterable<Row>, timeZone?: string): Readable {
  const csv = csvRecords(columns, timeZone);
  async function* chunks(): AsyncGenerator<string> {
    yield csv.head;
    // one string per CSV_BATCH rows
    let chunk = '';
    let n = 0;
    for await (const row of rows) {
      chunk += csv.record(row);
      if (++n >= CSV_BATCH) {
        yield chunk;
        chunk = '';
        n = 0;
      }
    }
    if (chunk !== '') yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `csvStream` of rows read a batch at a time: one await per batch, a plain loop over its rows. */
export function csvBatchStream<Row>(
  columns: ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  timeZone?: string,
): Readable {
  const csv = csvRecords(columns, timeZone);
  async function* chunks(): AsyncGenerator<string> {
    yield csv.head;
    let chunk = '';
    let n = 0;
    for await (const batch of batches) {
      for (const row of batch) {
        chunk += csv.record(row);
        if (++n >= CSV_BATCH) {
          yield chunk;
          chunk = '';
          n = 0;
        }
      }
    }
    if (chunk !== '') yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}

async function* flatten<Row>(batches: AsyncIterable<Row[]>): AsyncGenerator<Row> {
  for await (const batch of batches) for (const row of batch) yield row;
}

/** XLSX through exceljs' streaming writer: rows are committed as they come; nothing is held. */
export function xlsxStream<Row>(
  columns: ExportColumn<Row>[],
  rows: AsyncIterable<Row>,
  sheetName: string,
  reply?: FastifyReply,
  timeZone?: string,
): PassThrough {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(sheetName.slice(0, 31));
    // widths only: setting `ws.columns` with headers made exceljs write a header row of its own,
    // so every export had a blank row 1 and its header on row 2 (issue 25)
    columns.forEach((c, i) => {
      ws.getColumn(i + 1).width = Math.min(40, Math.max(12, c.header.length + 2));
    });
    const head = ws.addRow(columns.map((c) => xlsxCell(c.header)));
    head.font = { bold: true };
    head.commit();
    const cellOf = (v: CellValue) =>
      xlsxCell(v instanceof Date && !Number.isNaN(v.getTime()) ? wallClock(v, timeZone) : v);
    for await (const row of rows) {
      const r = ws.addRow(columns.map((c) => cellOf(c.value(row))));
      for (let i = 0; i < columns.length; i++) {
        const v = r.getCell(i + 1).value;
        if (v instanceof Date) r.getCell(i + 1).numFmt = XLSX_DATE_TIME_FORMAT;
      }
      r.commit();
      if (out.writableLength > XLSX_HIGH_WATER && !out.destroyed) {
        await new Promise<void>((resolve) => {
          out.once('drain', resolve);
          out.once('close', resolve);
        });
      }
      if (out.destroyed) throw new Error('client went away');
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => {
    reply?.log.error({ err }, 'xlsx export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
