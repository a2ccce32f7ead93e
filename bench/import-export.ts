/**
 * Import / export measurement (issue 3; not a test). Boots the real app on a fresh in-memory
 * PGlite (or PostgreSQL when DATABASE_URL is set), seeds the demo tenants, then measures:
 *   1. import of 10,000 exclusion rows (CSV, POST /api/imports/exclusions, multipart)
 *   2. re-import of the same file (must add nothing)
 *   3. export of 100,000 exclusion rows as CSV and as XLSX (GET /api/exports/exclusions, streamed)
 * Reports wall time and peak RSS of this process (server + database in one process) per phase.
 *
 *   npx tsx bench/import-export.ts                                   # PGlite, in memory
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/import-export.ts
 * IMPORT_ROWS / EXPORT_ROWS override the sizes. CPU time is printed beside wall time because a
 * shared machine inflates wall time.
 */
import { DEMO_PASSWORD, seedDemo } from '../apps/server/db/seed/demo';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { openPglite, openPostgres } from '../apps/server/src/platform/db/database';
import pg from 'pg';

const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 10_000);
const EXPORT_ROWS = Number(process.env.EXPORT_ROWS ?? 100_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    return await fn();
  } finally {
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `${name.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s   RSS start ${mb(start).padStart(7)}  peak ${mb(peak).padStart(7)}  (+${mb(peak - start)})  CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
    );
  }
}

function exclusionCsv(n: number): string {
  const types = ['Trespassed', 'Terminated Employee', 'Restricted Access', 'Failed Background Check'];
  const lines = ['First Name,Last Name,Date of Birth,Type,Reason,Building,Active'];
  for (let i = 0; i < n; i++) {
    const month = (i % 12) + 1;
    const day = (i % 28) + 1;
    const year = 1950 + (i % 50);
    const building = i % 3 === 0 ? 'North High School' : i % 3 === 1 ? 'Lincoln Elementary' : '';
    lines.push(`Bench${i},Person${i % 997},${month}/${day}/${year},${types[i % 4]},Bench row ${i},${building},Yes`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function main() {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', SEED_DEMO: 'false' });
  // BENCH_PG_URL: a PostgreSQL server URL; a scratch database is created and dropped
  let dropScratch: (() => Promise<void>) | null = null;
  let pgUrl: string | null = null;
  if (process.env.BENCH_PG_URL) {
    const name = `sv_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.BENCH_PG_URL);
    u.pathname = `/${name}`;
    pgUrl = u.toString();
    dropScratch = async () => {
      const a = new pg.Client({ connectionString: process.env.BENCH_PG_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const database = pgUrl ? await openPostgres(pgUrl) : await openPglite({});
  await database.migrate();
  const world = await seedDemo(database.db);
  const deps = createDeps(config, database, { email: null, sms: null });
  const app = await buildApp(deps);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`database: ${database.kind}; node ${process.version}\n`);

  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin.north@demo.test', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed (${login.status})`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const csrf = ((await login.json()) as { csrfToken: string }).csrfToken;

  const csv = exclusionCsv(IMPORT_ROWS);
  console.log(`import file: ${IMPORT_ROWS.toLocaleString()} rows, ${(csv.length / 1024).toFixed(0)} KB`);
  const upload = async () => {
    const form = new FormData();
    form.append('clientId', String(world.north.clientId));
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'exclusions.csv');
    const res = await fetch(`${address}/api/imports/exclusions`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf },
      body: form,
    });
    const body = (await res.json()) as { results: { imported: number; duplicates: number; rejected: number } };
    if (!res.ok) throw new Error(`import failed ${res.status}: ${JSON.stringify(body)}`);
    return body.results;
  };
  const first = await phase(`import ${IMPORT_ROWS.toLocaleString()} exclusions (CSV)`, upload);
  console.log(`  → imported ${first.imported}, duplicates ${first.duplicates}, rejected ${first.rejected}`);
  const again = await phase('re-import the same file', upload);
  console.log(`  → imported ${again.imported}, duplicates ${again.duplicates}, rejected ${again.rejected}`);

  // top up to EXPORT_ROWS exclusions of client A in one statement
  const have = Number(
    (
      await database.query<{ n: string }>('select count(*)::text as n from exclusions where client_id = $1', [
        world.north.clientId,
      ])
    )[0].n,
  );
  await database.query(
    `insert into exclusions (client_id, building_id, is_global, active, firstname, lastname, dob, exclusion_type, reason)
     select $1, null, true, true, 'Filler' || g, 'Row' || (g % 5000), date '1960-01-01' + (g % 15000), 'Trespassed',
            case when g % 100 = 0 then '=HYPERLINK("x")' else 'filler' end
     from generate_series(1, $2::int) g`,
    [world.north.clientId, Math.max(0, EXPORT_ROWS - have)],
  );

  for (const format of ['csv', 'xlsx'] as const) {
    await phase(`export ${EXPORT_ROWS.toLocaleString()} exclusions (${format.toUpperCase()}, streamed)`, async () => {
      const res = await fetch(`${address}/api/exports/exclusions?format=${format}&activeOnly=false`, {
        headers: { cookie },
      });
      if (!res.ok || !res.body) throw new Error(`export failed ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
      }
      console.log(`  → ${(bytes / 1024 / 1024).toFixed(1)} MB${format === 'csv' ? `, ${lines - 1} data rows` : ''}`);
    });
  }

  await app.close();
  await database.close();
  await dropScratch?.();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
