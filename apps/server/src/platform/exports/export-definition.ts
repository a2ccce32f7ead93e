import type { TPermission } from '@sv/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import type { RequestCtx } from '../http/request-context';

export { checkBuildingId, checkClientId, idOption } from '../imports/import-options';

/**
 * Exports (issue 3; security guide "Exports escape cells…"): a feature describes its report
 * with an ExportDefinition and calls registerExport(def) at module level. The writer
 * (export-writer.ts) streams CSV or XLSX with formula-injection escaping, column selection,
 * Content-Disposition and Cache-Control: no-store, and audits 'export.<kind>' with the row count.
 *
 * Route: GET /api/exports/:kind?format=csv|xlsx&columns=1,2,3&<params>. The query (minus
 * format and columns) is parsed with paramsSchema; every value arrives as a string.
 * A `clientId` / `buildingId` param is checked against the actor by the route before rows()
 * runs (404 outside the scope); rows() must still filter by the actor's scope.
 */
export interface ExportColumn<Row> {
  /** stable id used by the `columns` query parameter and the column chooser */
  id: number | string;
  header: string;
  /** Dates become XLSX date cells / mm/dd/yyyy hh:mm AM in CSV (issue 25); booleans become Yes / No; null an empty cell */
  value(row: Row): string | number | boolean | Date | null;
  /** not ticked by default in the column chooser (still selectable) */
  hiddenByDefault?: boolean;
}

export interface ExportDefinition<Row, Params> {
  kind: string;
  permission: TPermission;
  paramsSchema: z.ZodType<Params>;
  columns: ExportColumn<Row>[];
  /** streams rows in scope, in batches (keyset pagination), never loading everything */
  rows(ctx: RequestCtx, params: Params, deps: AppDeps): AsyncIterable<Row>;
  /**
   * The same rows a batch at a time; when given, the writer reads these instead of rows() (issue
   * 24 §6: one await per batch, not per row — per-row async iteration was a large share of a
   * big export's CPU and garbage)
   */
  batches?(ctx: RequestCtx, params: Params, deps: AppDeps): AsyncIterable<Row[]>;
  fileName(params: Params): string;
  /** the wall clock Date cells are written in (mm/dd/yyyy hh:mm AM); default CONSTANTS.defaultTimeZone */
  timeZone?: string;
}

/** A definition of any row and params type (the registry holds every kind's). */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own row and params types; the registry is heterogeneous
export type AnyExportDefinition = ExportDefinition<any, any>;

const registry = new Map<string, AnyExportDefinition>();

export function registerExport(def: AnyExportDefinition): void {
  if (!/^[a-z][a-z0-9-]*$/.test(def.kind)) throw new Error(`export kind must be lower-case: ${def.kind}`);
  registry.set(def.kind, def);
}

export function getExport(kind: string): AnyExportDefinition | undefined {
  return registry.get(kind.toLowerCase());
}

export function registeredExportKinds(): string[] {
  return [...registry.keys()];
}

/**
 * Keyset pagination helper for rows(): calls `fetchBatch(after)` with the cursor of the last
 * row of the previous batch (null first) until a batch is shorter than `batchSize`.
 *
 *   rows: (ctx, p, deps) => keysetBatches(1000, (r) => r.id, (after) =>
 *     deps.db.select().from(t).where(and(scope, after === null ? undefined : gt(t.id, after)))
 *       .orderBy(asc(t.id)).limit(1000))
 */
export async function* keysetBatches<Row, Cursor>(
  batchSize: number,
  cursorOf: (row: Row) => Cursor,
  fetchBatch: (after: Cursor | null) => Promise<Row[]>,
): AsyncGenerator<Row> {
  for await (const batch of keysetPages(batchSize, cursorOf, fetchBatch)) for (const row of batch) yield row;
}

/** `keysetBatches`, a batch at a time (for `ExportDefinition.batches`). */
export async function* keysetPages<Row, Cursor>(
  batchSize: number,
  cursorOf: (row: Row) => Cursor,
  fetchBatch: (after: Cursor | null) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let pending: Promise<Row[]> | null = fetchBatch(null);
  try {
    while (pending) {
      const batch: Row[] = await pending;
      // the next batch is fetched while this one is written out (the database and the
      // writer work at the same time; one batch ahead at most, so memory stays flat)
      pending = batch.length < batchSize ? null : fetchBatch(cursorOf(batch[batch.length - 1]));
      if (batch.length > 0) yield batch;
    }
  } finally {
    // an abandoned export (client gone, error) must not leave a rejected promise unobserved
    pending?.catch(() => {});
  }
}

/**
 * Keyset segments fetched `ahead` at a time (issue 13: a district's year streams at ≥ 100k
 * rows/s). `boundaries()` answers the cursor of every `batchSize`-th row of the ordered result
 * (one cheap index pass); each segment (previous boundary, boundary] is then fetched whole, up
 * to `ahead` segments at once on separate connections, and written in order. The open end
 * after the last boundary continues with `keysetBatches`, so rows that arrive meanwhile are
 * still read. Memory: `ahead` segments of about `batchSize` rows.
 *
 * The first segment does not wait for the boundaries (issue 24 §6): its first `batchSize` rows
 * are fetched while they are read, and kept when the last of them is the first boundary (the
 * rows did not move in between); otherwise the segment is read again up to that boundary. An
 * export shorter than one segment is read again from the start.
 */
export async function* segmentedKeysetBatches<Row, Cursor>(
  batchSize: number,
  cursorOf: (row: Row) => Cursor,
  boundaries: () => Promise<Cursor[]>,
  fetchSegment: (after: Cursor | null, upTo: Cursor | null, limit: number | null) => Promise<Row[]>,
  ahead = 2,
): AsyncGenerator<Row> {
  for await (const segment of segmentedKeysetSegments(batchSize, cursorOf, boundaries, fetchSegment, ahead))
    for (const row of segment) yield row;
}

/** `segmentedKeysetBatches`, a segment (or open-end batch) at a time (for `ExportDefinition.batches`). */
export async function* segmentedKeysetSegments<Row, Cursor>(
  batchSize: number,
  cursorOf: (row: Row) => Cursor,
  boundaries: () => Promise<Cursor[]>,
  fetchSegment: (after: Cursor | null, upTo: Cursor | null, limit: number | null) => Promise<Row[]>,
  ahead = 2,
): AsyncGenerator<Row[]> {
  const head = fetchSegment(null, null, batchSize);
  const queue: Promise<Row[]>[] = [];
  try {
    const ends = await boundaries();
    if (ends.length === 0) {
      // fewer rows than one segment: read from the start as before (a row written since the
      // head was read is still in the export); never more than `ahead` reads at once
      await head.catch(() => {});
      yield* keysetPages(batchSize, cursorOf, (after) => fetchSegment(after, null, batchSize));
      return;
    }
    const same = (a: Cursor, b: Cursor) => JSON.stringify(a) === JSON.stringify(b);
    queue.push(
      head.then((rows) =>
        rows.length === batchSize && same(cursorOf(rows[rows.length - 1]), ends[0])
          ? rows
          : fetchSegment(null, ends[0], null),
      ),
    );
    const starts: (Cursor | null)[] = [null, ...ends];
    let next = 1;
    const fill = () => {
      while (queue.length < ahead && next < ends.length) {
        queue.push(fetchSegment(starts[next], ends[next], null));
        next++;
      }
    };
    fill();
    while (queue.length > 0) {
      const segment = await queue.shift()!;
      fill();
      if (segment.length > 0) yield segment;
    }
    const last = starts[ends.length];
    yield* keysetPages(batchSize, cursorOf, (after) => fetchSegment(after ?? last, null, batchSize));
  } finally {
    head.catch(() => {});
    for (const p of queue) p.catch(() => {});
  }
}
