import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBuilding } from '../../../db/seed/factories';
import { studentGuardians, students } from '../../db/schema/index';
import { type OneRosterUser, startFakeSis, type FakeSis } from '../../test/peers/fake-sis';
import { createTestApp, type TestApp } from '../../test/test-app';
import { syncRoster } from './roster-sync';
import { nameTag } from '../../test/names';

/**
 * Roster sync at scale (issue 12: "50,000 students sync in minutes"): a generated district on the
 * fake OneRoster server, synced through the real client (HTTP, OAuth, paging) into the embedded
 * database. Every run syncs ROSTER_SCALE_STUDENTS (default 2,000, so the suite stays quick) and
 * checks every student and link arrived; `ROSTER_SCALE_STUDENTS=50000` gives the figure.
 */
const N = Number(process.env.ROSTER_SCALE_STUDENTS ?? 2000);
let t: TestApp;
let sis: FakeSis;

function roster(n: number): OneRosterUser[] {
  const at = '2026-01-05T12:00:00.000Z';
  const users: OneRosterUser[] = [];
  for (let i = 0; i < n; i++) {
    // every student has a parent; every other one a second guardian
    const agents = i % 2 === 0 ? [`p-${i}`, `g-${i}`] : [`p-${i}`];
    users.push({
      sourcedId: `s-${i}`,
      status: 'active',
      dateLastModified: at,
      role: 'student',
      givenName: `Student${nameTag(i)}`,
      familyName: `Scale${nameTag(i % 997)}`,
      identifier: String(500000 + i),
      email: '',
      agents: agents.map((sourcedId) => ({ sourcedId, type: 'user' as const })),
      orgs: [{ sourcedId: 'org-north-high', type: 'org' as const }],
    });
    for (const a of agents)
      users.push({
        sourcedId: a,
        status: 'active',
        dateLastModified: at,
        role: a.startsWith('p') ? 'parent' : 'guardian',
        givenName: `Guardian${nameTag(i)}`,
        familyName: `Scale${nameTag(i % 997)}`,
        identifier: '',
        email: '',
        agents: [{ sourcedId: `s-${i}`, type: 'user' as const }],
        orgs: [{ sourcedId: 'org-district', type: 'org' as const }],
      });
  }
  return users;
}

beforeAll(async () => {
  t = await createTestApp();
  sis = await startFakeSis({ users: roster(N) });
});
afterAll(() => sis.close());

it(`syncs ${N} students and their guardians through OneRoster paging`, { timeout: 30 * 60_000 }, async () => {
  const admin = await t.login('admin@demo.test');
  const clientId = (await t.as(admin).post('/api/clients', { name: 'Scale District' })).json().id as number;
  await createBuilding(t.deps.db, clientId, { name: 'North High School' });
  await t.as(admin).edit('PATCH', `/api/clients/${clientId}/settings`, {
    sisBaseUrl: sis.url,
    sisClientId: sis.clientId,
    sisClientSecret: sis.clientSecret,
  });
  const started = performance.now();
  const r = await syncRoster(t.deps, t.services.repositories.rosterSync, clientId);
  const seconds = (performance.now() - started) / 1000;
  expect(r).toMatchObject({ status: 'complete', students: N, guardians: N + Math.ceil(N / 2) });
  const [{ n }] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(eq(students.clientId, clientId));
  expect(n).toBe(N + Math.ceil(N / 2));
  console.log(
    `roster sync: ${N} students + ${N + Math.ceil(N / 2)} guardians in ${seconds.toFixed(1)} s (${Math.round(N / seconds)} students/s, ${r.pages} pages, ${t.deps.database.kind})`,
  );
  // a second run is a delta: nothing changed, so nothing is applied
  const again = await syncRoster(t.deps, t.services.repositories.rosterSync, clientId);
  expect(again).toMatchObject({ status: 'complete', students: 0, guardians: 0 });
});
