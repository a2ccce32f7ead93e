import { Worker } from 'node:worker_threads';
import type { TErrorCode, TFileFormat } from '@sv/contracts';
import { AppError } from '../http/app-error';
import { IMPORT_WORKER_ENTRY } from '../server-paths';
import { checkImportFile, MESSAGES_FILE, type ParsedRow, type ParsedTable } from './import-file';

/**
 * Import files are parsed off the request thread (issue 10 §3; security guide: "parsing never
 * blocks other requests"). Before, a CSV with one 4 MB cell stalled every request of every
 * district, and an XLSX bomb took the event loop for 17 s and kept 1.8 GB.
 *
 * A small pool of worker threads (import-worker.ts) parses one file each; more uploads queue.
 * Each worker has a heap cap and every file a time limit: a worker that runs out of memory or
 * time is terminated (its memory goes with it) and the upload answers 413; the next file gets a
 * fresh worker. An idle worker ends after IDLE_MS so a large parse does not keep its heap.
 */
export const POOL_SIZE = 2;
/** Generous: a real 20,000-row workbook takes exceljs 5–20 s on a busy 2-core machine. */
export const JOB_TIMEOUT_MS = 120_000;
export const IDLE_MS = 60_000;
/** Heap of one worker; the largest real import (20,000 rows × 20 columns) needs about a third. */
export const WORKER_HEAP_MB = 512;

export interface WorkerJob {
  id: number;
  format: TFileFormat;
  bytes: Uint8Array;
}
export type WorkerReply =
  | { id: number; type: 'head'; format: TFileFormat; headers: string[] }
  | { id: number; type: 'rows'; rows: ParsedRow[] }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; code: TErrorCode; message: string };

interface Slot {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
}

const slots: Slot[] = [];
const waiting: (() => void)[] = [];
let nextId = 0;

function spawn(): Worker {
  // compiled worker beside the bundle, or the tsx shim from source (server-paths.ts)
  return new Worker(IMPORT_WORKER_ENTRY, {
    // no inherited flags (a test runner's or an inspector's); the shim registers tsx itself
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
}

async function acquire(): Promise<Slot> {
  for (;;) {
    const free = slots.find((s) => !s.busy);
    if (free) {
      clearTimeout(free.idle);
      free.busy = true;
      free.worker.ref();
      return free;
    }
    if (slots.length < POOL_SIZE) {
      const slot: Slot = { worker: spawn(), busy: true };
      slots.push(slot);
      return slot;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function retire(slot: Slot): void {
  const i = slots.indexOf(slot);
  if (i >= 0) slots.splice(i, 1);
  clearTimeout(slot.idle);
  void slot.worker.terminate();
}

function release(slot: Slot, healthy: boolean): void {
  if (healthy) {
    slot.busy = false;
    slot.worker.unref();
    slot.idle = setTimeout(() => retire(slot), IDLE_MS);
    slot.idle.unref();
  } else {
    retire(slot);
  }
  waiting.shift()?.();
}

/** Parses a file of a known format in a worker; throws the worker's AppError (400 / 413) as is. */
export async function parseInWorker(
  format: TFileFormat,
  buf: Buffer,
  opts: { timeoutMs?: number } = {},
): Promise<ParsedTable> {
  const slot = await acquire();
  const id = ++nextId;
  const { worker } = slot;
  return new Promise<ParsedTable>((resolve, reject) => {
    let headers: string[] = [];
    let parsedFormat: TFileFormat = format;
    const rows: ParsedRow[] = [];
    let settled = false;
    const settle = (result: ParsedTable | Error, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      release(slot, healthy);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onMessage = (m: WorkerReply) => {
      if (m.id !== id) return;
      if (m.type === 'head') {
        headers = m.headers;
        parsedFormat = m.format;
      } else if (m.type === 'rows') {
        for (const r of m.rows) rows.push(r);
      } else if (m.type === 'done') {
        settle({ format: parsedFormat, headers, rows }, true);
      } else if (m.code === 'INTERNAL') {
        settle(new Error(`import parse failed: ${m.message}`), false);
      } else {
        settle(new AppError(m.code, m.message), true);
      }
    };
    const onError = (err: Error & { code?: string }) =>
      settle(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError('PAYLOAD_TOO_LARGE', MESSAGES_FILE.tooLargeUnpacked)
          : err,
        false,
      );
    const onExit = (code: number) => settle(new Error(`import parse worker exited with code ${code}`), false);
    const timer = setTimeout(
      () => settle(new AppError('PAYLOAD_TOO_LARGE', MESSAGES_FILE.tooSlow), false),
      opts.timeoutMs ?? JOB_TIMEOUT_MS,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // a copy the worker takes ownership of (transferred, not cloned); the request keeps its buffer
    const bytes = new Uint8Array(buf.length);
    bytes.set(buf);
    worker.postMessage({ id, format, bytes } satisfies WorkerJob, [bytes.buffer]);
  });
}

/**
 * Type check, size check (on the request thread, they cost nothing) and parse (in a worker).
 * Throws AppError (413 / 415 / 400) and never writes anything.
 */
export async function readImportFile(fileName: string, buf: Buffer): Promise<ParsedTable> {
  const format = checkImportFile(fileName, buf);
  return parseInWorker(format, buf);
}

/** Ends the workers (server shutdown); a later upload starts new ones. */
export async function closeImportWorkers(): Promise<void> {
  await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
}
