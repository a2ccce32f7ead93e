import { eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { preRegistrations } from '../../db/schema/index';
import { csvWithHugeCell, xlsxBomb } from '../../platform/imports/bomb.fixtures';
import { MESSAGES_FILE } from '../../platform/imports/import-file';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * Issue 10 §3 "Uploads cannot take the server down": an attendant uploads hostile files through
 * the pre-registration import while another client keeps calling the API.
 *
 * Measured on the old code (same test, 2 shared cores): the XLSX bomb (1.5 MB, a sheet declaring
 * 4 KB that inflates to 1.5 GB) took 29.9 s to refuse, the other client waited up to 1,044 ms and
 * RSS stayed at ~1.8 GB; the CSV with one 4 MB cell took 8.0 s (parse, validation and an error file
 * holding the cell) and the other client waited 7,948 ms. Now both are refused in well under a
 * second and the other client's worst request is 55–210 ms, the same as with no upload at all on
 * that box (idle max 109–117 ms at a load average of 30; the 4 MB multipart body itself costs the
 * request thread 30–50 ms in busboy). The 100 ms is therefore asserted with headroom
 * (LATENCY_BOUND_MS); the bound and the time limits still fail on the old behaviour.
 */

const LATENCY_BOUND_MS = 500;
const HEADER = ['First Name', 'Last Name', 'Visit Date'];
const ROW = ['Bomb', 'Carrier', '12/01/2030'];

let t: TestApp;
let desk: Session;
let buildingId: number;

function multipart(name: string, content: Buffer) {
  const boundary = `----svbomb${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (name: string, content: Buffer) => {
  const body = multipart(name, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/imports/preregistrations',
    headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'content-type': body.contentType },
    payload: body.payload,
  });
};

/**
 * Uploads while another client calls GET /api/health, sending each request 5 ms after the previous
 * answer. A request's latency counts from when the client meant to send it: a stalled event loop
 * delays the client's own timer too, so timing only the request would miss the stall.
 */
async function uploadWhileProbing(name: string, content: Buffer) {
  let done = false;
  const started = performance.now();
  const pending = upload(name, content).finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let due = performance.now();
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    latencies.push(performance.now() - due);
    expect(res.statusCode).toBe(200);
    if (done) break;
    const answered = performance.now();
    await new Promise((r) => setTimeout(r, 5));
    due = answered + 5;
  }
  const res: InjectResponse = await pending;
  return { res, ms: performance.now() - started, maxLatency: Math.max(...latencies), probes: latencies.length };
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

const count = async () =>
  (
    await t.deps.db
      .select({ id: preRegistrations.id })
      .from(preRegistrations)
      .where(eq(preRegistrations.buildingId, buildingId))
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.login('desk.northhigh@demo.test');
  buildingId = t.world.north.northHighId;
  // a normal import first: it starts the parse worker, so the bombs below measure parsing, not start-up
  const warm = await upload('warm.csv', Buffer.from(`${HEADER.join(',')}\r\nWarm,Up,12/02/2030\r\n`));
  expect(warm.statusCode).toBe(200);
});

describe('hostile uploads (issue 10 §3)', () => {
  it('refuses an XLSX that declares 4 KB but inflates to 1.5 GB, quickly, while other requests keep answering', async () => {
    const { file, inflatedBytes } = await xlsxBomb(HEADER, ROW, 1500);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    expect(inflatedBytes).toBeGreaterThan(1.5e9);
    const before = await count();
    const { res, ms, maxLatency, probes } = await uploadWhileProbing('bomb.xlsx', file);
    console.info(
      `xlsx bomb: rejected in ${ms.toFixed(0)} ms; other client max ${maxLatency.toFixed(1)} ms over ${probes} requests; RSS after ${rssMb()} MB`,
    );
    expect(res.statusCode).toBe(413);
    // stopped at the inflation budget: before, it inflated all 1.5 GB and parsed it (about 30 s here)
    expect(ms).toBeLessThan(5_000);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES_FILE.tooLargeUnpacked });
    expect(res.json().requestId).toEqual(expect.any(String));
    expect(maxLatency).toBeLessThan(LATENCY_BOUND_MS);
    expect(await count()).toBe(before);
  });

  it('refuses a CSV whose one cell is 4 MB with a clear 400, while other requests keep answering', async () => {
    const before = await count();
    const { res, ms, maxLatency, probes } = await uploadWhileProbing(
      'cell.csv',
      csvWithHugeCell(HEADER, ['Huge', 'Cell'], 4 * 1024 * 1024),
    );
    console.info(
      `csv 4 MB cell: rejected in ${ms.toFixed(0)} ms; other client max ${maxLatency.toFixed(1)} ms over ${probes} requests; RSS after ${rssMb()} MB`,
    );
    expect(res.statusCode).toBe(400);
    expect(ms).toBeLessThan(5_000);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES_FILE.rowTooLong(2) });
    expect(maxLatency).toBeLessThan(LATENCY_BOUND_MS);
    expect(await count()).toBe(before);
  });

  it('rejects only the row whose cell is over the cell cap and imports the others', async () => {
    const before = await count();
    const csv = `${HEADER.join(',')}\r\nLong,Cell,"${'y'.repeat(6000)}"\r\nShort,Cell,12/03/2030\r\n`;
    const res = await upload('long.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ total: 2, imported: 1, rejected: 1 });
    expect(res.json().results.messages).toContain('Row 2: Visit Date: is longer than 5,000 characters');
    expect(await count()).toBe(before + 1);
  });

  it('still imports a workbook after a bomb (the worker that refused it is not left broken)', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRow(HEADER);
    ws.addRow(['After', 'Bomb', '12/04/2030']);
    const res = await upload('after.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ total: 1, imported: 1 });
  });
});
