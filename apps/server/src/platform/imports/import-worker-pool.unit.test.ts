import { afterAll, describe, expect, it } from 'vitest';
import { xlsxBomb } from './bomb.fixtures';
import { MESSAGES_FILE } from './import-file';
import { closeImportWorkers, parseInWorker, readImportFile } from './import-worker-pool';

/** The parse worker pool (issue 10 §3): files are parsed off the request thread, and a worker that overruns is replaced. */
afterAll(() => closeImportWorkers());

const csv = (rows: number) =>
  Buffer.from(`Name,Note\r\n${Array.from({ length: rows }, (_, i) => `Person ${i},n${i}`).join('\r\n')}\r\n`);

describe('import parse worker pool', () => {
  it('answers the whole table, in order, across the row batches', async () => {
    const t = await readImportFile('people.csv', csv(2_500));
    expect(t.format).toBe('csv');
    expect(t.headers).toEqual(['Name', 'Note']);
    expect(t.rows).toHaveLength(2_500);
    expect(t.rows[0]).toEqual({ rowNumber: 2, cells: ['Person 0', 'n0'] });
    expect(t.rows[2_499]).toEqual({ rowNumber: 2_501, cells: ['Person 2499', 'n2499'] });
  });

  it('passes the worker’s AppError through with its code', async () => {
    const { file } = await xlsxBomb(['Name'], ['Bomb'], 100);
    await expect(readImportFile('bomb.xlsx', file)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES_FILE.tooLargeUnpacked,
    });
    await expect(readImportFile('broken.xlsx', Buffer.from('PK\x03\x04 not a zip'))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: MESSAGES_FILE.corruptXlsx,
    });
  });

  it('ends a parse that overruns its time with 413 and serves the next file from a fresh worker', async () => {
    await expect(parseInWorker('csv', csv(20_000), { timeoutMs: 1 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES_FILE.tooSlow,
    });
    const t = await readImportFile('after.csv', csv(3));
    expect(t.rows).toHaveLength(3);
  });

  it('checks size and type on the calling thread before any worker is involved', async () => {
    await expect(readImportFile('a.csv', Buffer.alloc(0))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(readImportFile('a.pdf', Buffer.from('x'))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
