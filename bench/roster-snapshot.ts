/**
 * The accountability roster's snapshot of a 2,000-student building (issue 27 §2 target ≤ 1 s;
 * ADR 0042), through the real app (in-process inject) on a fresh embedded database: the time of
 * the emergency start (its transaction takes the snapshot, then the contacts are told), and of
 * the snapshot statements alone in a transaction, and of the roster read with its counts.
 *   npx tsx bench/roster-snapshot.ts        (N=5 starts by default)
 */
import os from 'node:os';
import path from 'node:path';
import { ROLE } from '@sv/contracts';
import { createBuilding, createUser } from '../apps/server/db/seed/factories';
import { seedDemo } from '../apps/server/db/seed/demo';
import { buildApp } from '../apps/server/src/app';
import { emergencyStates, students } from '../apps/server/src/db/schema/index';
import { createEmergencyRosterRepository } from '../apps/server/src/features/emergency/emergency-roster.repository';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { type Db, openPglite } from '../apps/server/src/platform/db/database';

const N = Number(process.env.N ?? 5);
const STUDENTS = Number(process.env.STUDENTS ?? 2000);
const database = await openPglite({ dataDir: path.join(os.tmpdir(), `sv-roster-snapshot-${process.pid}`) });
await database.migrate();
const world = await seedDemo(database.db);
const deps = createDeps(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' }), database, {
  email: null,
  sms: null,
});
const app = await buildApp(deps);
await app.ready();

const clientId = world.north.clientId;
const building = await createBuilding(database.db, clientId, { name: 'Bench Roster High' });
const rows = Array.from({ length: STUDENTS }, (_, i) => ({
  clientId,
  buildingId: building.id,
  sourcedId: `bench-roster-${i}`,
  identifier: String(700000 + i),
  firstname: `Student${i}`,
  lastname: 'Bench',
  grade: String((i % 12) + 1),
}));
for (let i = 0; i < rows.length; i += 500) await database.db.insert(students).values(rows.slice(i, i + 500));
const desk = await createUser(database.db, { roleId: ROLE.Attendant, clientId, buildingId: building.id });
const loginAs = async (email: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo-Visitor-2026' },
  });
  return {
    cookie: `sv_session=${res.cookies.find((c) => c.name === 'sv_session')!.value}`,
    'x-csrf-token': res.json().csrfToken,
  };
};
const deskHeaders = await loginAs(desk.email);
const adminHeaders = await loginAs('admin.north@demo.test');

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const report = (label: string, ms: number[]) =>
  console.log(
    `${label.padEnd(52)} p50 ${pct(ms, 50).toFixed(0)} ms  p95 ${pct(ms, 95).toFixed(0)} ms  (n=${ms.length})`,
  );

const start: number[] = [];
const read: number[] = [];
for (let i = 0; i < N; i++) {
  let t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/emergency-states',
    headers: { ...deskHeaders, 'idempotency-key': `bench-roster-${process.pid}-${i}` },
    payload: { kind: 'Evacuate', drill: true, confirmation: 'EVACUATE' },
  });
  start.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`start: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  t0 = performance.now();
  const roster = await app.inject({ method: 'GET', url: `/api/emergency-states/${id}/roster`, headers: deskHeaders });
  read.push(performance.now() - t0);
  if (roster.json().counts.total !== STUDENTS) throw new Error(`roster of ${roster.json().counts.total}`);
  await app.inject({
    method: 'POST',
    url: `/api/emergency-states/${id}/end`,
    headers: adminHeaders,
    payload: { notes: 'Bench over.' },
  });
}

// the snapshot statements alone, in a transaction of their own (rolled back)
const snapshot: number[] = [];
const repo = createEmergencyRosterRepository(database.db);
for (let i = 0; i < N; i++) {
  const t0 = performance.now();
  await database.db
    .transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [s] = await tx
        .insert(emergencyStates)
        .values({ clientId, kind: 'Evacuate', drill: true, startedBy: desk.id, startedAt: new Date() })
        .returning({ id: emergencyStates.id });
      await repo.snapshot(tx, s.id, [building.id], new Date());
      snapshot.push(performance.now() - t0);
      throw new Error('rollback');
    })
    .catch(() => {});
}
report(`emergency start incl. snapshot of ${STUDENTS} students (API)`, start);
report(`snapshot statements alone (${STUDENTS} students)`, snapshot);
report(`roster read with counts (${STUDENTS} entries)`, read);
console.log(
  `machine load average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await app.close();
await database.close();
