/**
 * Log scenarios (issue 13): a 100-row page of the visit and vendor logs at the fixed arrival
 * rate (target p95 ≤ 50 ms at 50 req/s), the first page of a district administrator's default
 * view (last 7 days, every building of the district), deep pages, and a year's CSV export of
 * one district streamed end to end (target ≥ 100k rows/s at ≤ 200 MB RSS). Registered from
 * bench/run.ts with one line each for the scenarios and the plans; kept here so the logs can be
 * measured without touching the other scenarios.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { TActor } from '@sv/contracts';
import { addDays, localDateOf, zonedTimeToInstant } from '@sv/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema/index';
import { createLogsRepository, type LogWindow } from '../apps/server/src/features/logs/logs.repository';
import type { Db } from '../apps/server/src/platform/db/database';
import type { Dataset } from './generate-data';

interface Session {
  cookie: string;
  csrf: string;
}
type Requests = { method: string; path: string; body?: string }[] | unknown;

export interface LogBenchHelpers {
  baseUrl: string;
  ds: Dataset;
  /** the attendant of the busy building */
  session: Session;
  login(email: string, password: string): Promise<Session>;
  cannon(
    name: string,
    group: string,
    build: () => never,
    o?: { rate?: number; note?: string; duration?: number },
  ): Promise<unknown>;
  cycling<T>(
    items: T[],
    make: (item: T, i: number) => { method: string; path: string; body?: string },
    s?: Session,
  ): Requests;
  rate: number;
  peakMb(from: number, to: number): number | null;
}

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Streams one POST and counts the CSV lines and bytes (the body is never held). */
function streamExport(baseUrl: string, s: Session, body: unknown) {
  return new Promise<{ status: number; rows: number; bytes: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const data = JSON.stringify(body);
    const req = http.request(
      `${baseUrl}/api/logs/visits/export`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          cookie: s.cookie,
          'x-csrf-token': s.csrf,
        },
      },
      (res) => {
        let rows = 0;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, rows: Math.max(0, rows - 1), bytes, ms: performance.now() - started }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export async function logScenarios(h: LogBenchHelpers): Promise<Record<string, unknown>> {
  const { ds, session } = h;
  const admin = await h.login('bench.admin@bench.test', ds.password);
  const pages = [1, 2, 3, 4, 5];
  const json = (o: unknown) => JSON.stringify(o);
  const at = { rate: h.rate, note: `at ${h.rate} req/s` };

  await h.cannon(
    'logs: visit log page 1-5 (attendant, last 7 days)',
    'logs',
    () =>
      h.cycling(
        pages,
        (page) => ({ method: 'POST', path: '/api/logs/visits/search', body: json({ page }) }),
        session,
      ) as never,
    at,
  );
  await h.cannon(
    'logs: district admin default view, first page',
    'logs',
    () =>
      h.cycling(
        [ds.busyClientId],
        (clientId) => ({ method: 'POST', path: '/api/logs/visits/search', body: json({ clientId }) }),
        admin,
      ) as never,
    { ...at, note: `${at.note}; role 1 with the district filter: every building, last 7 days, newest first` },
  );
  await h.cannon(
    'logs: district visit log, pages 1-50 of a month',
    'logs',
    () => {
      const to = isoDay(new Date());
      const from = isoDay(new Date(Date.now() - 30 * DAY));
      return h.cycling(
        Array.from({ length: 50 }, (_, i) => i + 1),
        (page) => ({
          method: 'POST',
          path: '/api/logs/visits/search',
          body: json({ clientId: ds.busyClientId, from, to, page }),
        }),
        admin,
      ) as never;
    },
    at,
  );
  await h.cannon(
    'logs: vendor log page 1 (district admin)',
    'logs',
    () =>
      h.cycling(
        [ds.busyClientId],
        (clientId) => ({ method: 'POST', path: '/api/logs/vendors/search', body: json({ clientId }) }),
        admin,
      ) as never,
    at,
  );
  await h.cannon(
    'logs: denied entry log page 1 (attendant)',
    'logs',
    () =>
      h.cycling([1], () => ({ method: 'POST', path: '/api/logs/denied-entries/search', body: '{}' }), session) as never,
    at,
  );

  // a year's export of one district, streamed (CSV, the default 8 columns). One export of a
  // district's year is ~0.5 s: on a shared machine one sample is mostly noise, so it runs
  // BENCH_EXPORT_RUNS times (3) and the median is reported beside every sample (issue 24 §6);
  // the peak RSS is the highest over all runs.
  const to = isoDay(new Date());
  const from = isoDay(new Date(Date.now() - 364 * DAY));
  const runs = Math.max(1, Number(process.env.BENCH_EXPORT_RUNS ?? 3));
  const samples: { rows: number; bytes: number; ms: number; status: number; peakRssMb: number | null }[] = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    const r = await streamExport(h.baseUrl, admin, {
      clientId: ds.busyClientId,
      from,
      to,
      format: 'csv',
      columns: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    samples.push({ ...r, peakRssMb: h.peakMb(started, Date.now()) });
  }
  const rate = (x: { rows: number; ms: number }) => Math.round(x.rows / (x.ms / 1000));
  const median = [...samples].sort((x, y) => rate(x) - rate(y))[Math.floor((samples.length - 1) / 2)];
  const peaks = samples.map((x) => x.peakRssMb).filter((x): x is number => x !== null);
  const exportResult = {
    status: median.status,
    rows: median.rows,
    megabytes: Math.round(median.bytes / 1e5) / 10,
    seconds: Math.round(median.ms / 100) / 10,
    rowsPerSecond: rate(median),
    peakRssMb: peaks.length ? Math.max(...peaks) : null,
    runs,
    samples: samples.map((x) => ({ rowsPerSecond: rate(x), ms: Math.round(x.ms), peakRssMb: x.peakRssMb })),
    range: { from, to },
  };
  console.log(
    `  logs: a year's CSV export of one district      ${exportResult.rows} rows in ${exportResult.seconds} s = ${exportResult.rowsPerSecond} rows/s (median of ${runs}: ${exportResult.samples.map((x) => x.rowsPerSecond).join(' / ')}), peak RSS ${exportResult.peakRssMb} MB`,
  );
  return { logsExport: exportResult };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the log queries, written beside the other plans. */
export async function explainLogPlans(url: string, ds: Dataset, dir: string): Promise<Record<string, string>> {
  fs.mkdirSync(dir, { recursive: true });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) },
  }) as unknown as Db;
  const repo = createLogsRepository(db);
  const desk = ds.deskBuildings.find((d) => d.buildingId === ds.busyBuildingId)!;
  const attendant: TActor = {
    userId: 1,
    roleId: 3,
    clientId: desk.clientId,
    buildingId: desk.buildingId,
    impersonatorId: null,
  };
  const districtAdmin: TActor = {
    userId: 1,
    roleId: 2,
    clientId: ds.busyClientId,
    buildingId: null,
    impersonatorId: null,
  };
  const windowOf = async (actor: TActor, days: number): Promise<LogWindow> => {
    const buildings = await repo.buildingsInScope(actor, {});
    const zone = buildings[0]?.timeZone ?? 'America/Chicago';
    const to = localDateOf(new Date(), zone);
    const from = addDays(to, -(days - 1));
    const byZone = new Map<string, number[]>();
    for (const b of buildings) byZone.set(b.timeZone, [...(byZone.get(b.timeZone) ?? []), b.id]);
    return {
      zones: [...byZone].map(([z, ids]) => ({
        timeZone: z,
        buildingIds: ids,
        start: zonedTimeToInstant(from, '00:00', z),
        end: zonedTimeToInstant(addDays(to, 1), '00:00', z),
      })),
      allBuildings: true,
      clientId: null,
      attendantId: null,
      search: '',
    };
  };
  const page = { sort: 'checkIn' as const, dir: 'desc' as const, limit: 100, offset: 0 };
  const jobs: [string, () => Promise<unknown>][] = [
    ['logs-visit-page-attendant', async () => repo.visitPage(attendant, 'visits', await windowOf(attendant, 7), page)],
    [
      'logs-visit-page-district-admin',
      async () => repo.visitPage(districtAdmin, 'visits', await windowOf(districtAdmin, 7), page),
    ],
    [
      'logs-vendor-page-district-admin',
      async () => repo.visitPage(districtAdmin, 'vendors', await windowOf(districtAdmin, 7), page),
    ],
    [
      'logs-export-batch-district-year',
      async () => repo.visitExportBatch(districtAdmin, 'visits', await windowOf(districtAdmin, 365), null, 2000),
    ],
  ];
  const plans: Record<string, string> = {};
  for (const [name, run] of jobs) {
    await run();
    captured.length = 0;
    await run();
    const parts: string[] = [];
    // the building lookup of the window is not the log query: keep the statements on visits
    for (const [k, q] of captured.entries()) {
      if (!/from "visits"/.test(q.query)) continue;
      const text = `explain (analyze, buffers) ${q.query}`;
      const rows = (await pool.query(text, q.params as unknown[])).rows as Record<string, string>[];
      parts.push(
        `-- statement ${k + 1}: ${q.query}\n-- params: ${JSON.stringify(q.params)}\n\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
      );
    }
    plans[name] = parts.join('\n');
    fs.writeFileSync(path.join(dir, `${name}.txt`), plans[name]);
  }
  await pool.end();
  return plans;
}
