import { parentPort } from 'node:worker_threads';
import { AppError } from '../http/app-error';
import { parseImportFile } from './import-file';
import type { WorkerJob, WorkerReply } from './import-worker-pool';

/**
 * The import parse worker (issue 10 §3): inflates and parses one file at a time off the request
 * thread, and answers the table in batches of rows so the request thread never deserialises
 * 20,000 rows in one go. Started by import-worker-pool.ts through import-worker.mjs.
 */
export const ROW_BATCH = 1000;

const port = parentPort;
if (!port) throw new Error('import-worker.ts runs only as a worker thread');

port.on('message', async (job: WorkerJob) => {
  const send = (reply: WorkerReply) => port.postMessage(reply);
  try {
    const table = await parseImportFile(
      job.format,
      Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length),
    );
    send({ id: job.id, type: 'head', format: table.format, headers: table.headers });
    for (let i = 0; i < table.rows.length; i += ROW_BATCH) {
      send({ id: job.id, type: 'rows', rows: table.rows.slice(i, i + ROW_BATCH) });
    }
    send({ id: job.id, type: 'done' });
  } catch (err) {
    if (err instanceof AppError) send({ id: job.id, type: 'error', code: err.code, message: err.message });
    else
      send({ id: job.id, type: 'error', code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) });
  }
});
