/**
 * Server time of the front desk's hot paths on the demo data (issue 4 note): screening and
 * check-in through the real app (in-process inject) on a fresh embedded database.
 *   npx tsx bench/desk-timings.ts
 */
import os from 'node:os';
import path from 'node:path';
import { seedDemo } from '../apps/server/db/seed/demo';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { insertPhoto } from '../apps/server/src/features/exclusions/exclusions.fixtures';
import { openPglite } from '../apps/server/src/platform/db/database';

const N = Number(process.env.N ?? 50);
const database = await openPglite({ dataDir: path.join(os.tmpdir(), `sv-desk-timings-${process.pid}`) });
await database.migrate();
const world = await seedDemo(database.db);
const deps = createDeps(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' }), database, {
  email: null,
  sms: null,
});
const app = await buildApp(deps);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'desk.northhigh@demo.test', password: 'demo-Visitor-2026' },
});
const cookie = `sv_session=${login.cookies.find((c) => c.name === 'sv_session')!.value}`;
const headers = { cookie, 'x-csrf-token': login.json().csrfToken };
const buildingId = world.north.northHighId;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
async function time(label: string, fn: (i: number) => Promise<{ statusCode: number }>) {
  for (let i = 0; i < 5; i++) await fn(-1 - i); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const res = await fn(i);
    ms.push(performance.now() - t0);
    if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode}`);
  }
  console.log(`${label.padEnd(44)} p50 ${pct(ms, 50).toFixed(1)} ms  p95 ${pct(ms, 95).toFixed(1)} ms  (n=${N})`);
}

const visitor = async (first: string, last: string, dob: string) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/visitors',
      headers: { ...headers, 'idempotency-key': `bench-visitor-${first}-${last}-${Date.now()}` },
      payload: { buildingId, firstname: first, lastname: last, dob },
    })
  ).json().id as number;
const clean = await visitor('Avery', 'Quillfeather', '1984-04-04');
const hit = await visitor('ROBERT', 'SMITH', '1977-07-07');
await time('screening, visitor with no matches', () =>
  app.inject({ method: 'POST', url: `/api/visitors/${clean}/screening`, headers, payload: { buildingId } }),
);
await time('screening, registry + exclusion matches', () =>
  app.inject({ method: 'POST', url: `/api/visitors/${hit}/screening`, headers, payload: { buildingId } }),
);
// each check-in names the server's screening of the person and carries the required photo
// (ADR 0008): both are made before the timing starts
const photo = await insertPhoto(database.db, world.north.clientId);
const ids: { visitorId: number; screeningId: string; photoFileId: string }[] = [];
for (let i = 0; i < N + 5; i++) {
  const visitorId = await visitor(`Timing${i}`, 'Visitor', '1990-01-01');
  const screened = await app.inject({
    method: 'POST',
    url: `/api/visitors/${visitorId}/screening`,
    headers,
    payload: { buildingId },
  });
  ids.push({ visitorId, screeningId: screened.json().id, photoFileId: photo });
}
let k = 0;
await time('check-in (badge + visit, idempotency key)', () =>
  app.inject({
    method: 'POST',
    url: '/api/visits',
    headers: { ...headers, 'idempotency-key': `timing-${process.pid}-${k}` },
    payload: { ...ids[k++], buildingId },
  }),
);
await time('dashboard: current visits of the building', () =>
  app.inject({ method: 'GET', url: `/api/buildings/${buildingId}/visits/current`, headers }),
);
console.log(
  `machine load average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await app.close();
await database.close();
