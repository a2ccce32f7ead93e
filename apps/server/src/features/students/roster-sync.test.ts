import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilding } from '../../../db/seed/factories';
import { guardians, hosts, sisSyncState, studentGuardians, students } from '../../db/schema/index';
import { startFakeSis, type FakeSis, type OneRosterUser } from '../../test/peers/fake-sis';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { syncRoster } from './roster-sync';

let t: TestApp;
let sis: FakeSis;
let admin: Session;
let clientId: number;
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp();
  sis = await startFakeSis();
  admin = await t.login('admin@demo.test');
  clientId = (await t.as(admin).post('/api/clients', { name: 'Fictional Unified District' })).json().id;
  buildingId = (await createBuilding(t.deps.db, clientId, { name: 'North High School' })).id;
  const res = await t.as(admin).edit('PATCH', `/api/clients/${clientId}/settings`, {
    sisBaseUrl: sis.url,
    sisClientId: sis.clientId,
    sisClientSecret: sis.clientSecret,
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => sis.close());

const studentsOf = () =>
  t.deps.db
    .select({
      sourcedId: students.sourcedId,
      buildingId: students.buildingId,
      active: students.active,
      firstname: students.firstname,
    })
    .from(students)
    .where(eq(students.clientId, clientId))
    .orderBy(students.sourcedId);
const stateOf = async () => (await t.deps.db.select().from(sisSyncState).where(eq(sisSyncState.clientId, clientId)))[0];
const listRequests = () =>
  sis.requests.filter((r) => /\/(users|students)$/.test(r.path)).map((r) => r.path.split('/').pop());

describe('roster sync against a OneRoster server (issue 12)', () => {
  it('pages through users then students, maps the school to the building and links guardians', async () => {
    const r = await syncRoster(t.deps, t.services.repositories.rosterSync, clientId, { pageSize: 2 });
    expect(r).toMatchObject({ status: 'complete', students: 3, guardians: 3 });
    // 6 users = 3 full pages + an empty last page; 3 students = 1 full page + 1 short
    expect(r.pages).toBe(6);
    expect(await studentsOf()).toEqual([
      { sourcedId: 'stu-1001', buildingId, active: true, firstname: 'Avery' },
      { sourcedId: 'stu-1002', buildingId, active: true, firstname: 'Blake' },
      { sourcedId: 'stu-1003', buildingId, active: false, firstname: 'Casey' },
    ]);
    const links = await t.deps.db
      .select({ student: students.sourcedId, guardian: guardians.sourcedId })
      .from(studentGuardians)
      .innerJoin(students, eq(students.id, studentGuardians.studentId))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(students.clientId, clientId))
      .orderBy(guardians.sourcedId);
    expect(links).toEqual([
      { student: 'stu-1001', guardian: 'gua-2002' },
      { student: 'stu-1001', guardian: 'par-2001' },
      { student: 'stu-1002', guardian: 'par-2003' },
    ]);
    // the feed's grade, when it has one, is kept: the accountability roster's group (issue 27 §2)
    const grades = await t.deps.db
      .select({ sourcedId: students.sourcedId, grade: students.grade })
      .from(students)
      .where(eq(students.clientId, clientId))
      .orderBy(students.sourcedId);
    expect(grades.slice(0, 2)).toEqual([
      { sourcedId: 'stu-1001', grade: '10' },
      { sourcedId: 'stu-1002', grade: null },
    ]);
    const state = await stateOf();
    expect(state.cursor?.toISOString()).toBe('2026-01-05T12:00:00.000Z');
    expect(state).toMatchObject({ status: 'idle', passOffset: 0, passSince: null, studentsSynced: 2 });
  });

  it('asks only for changes after the cursor (dateLastModified deltas)', async () => {
    sis.requests.length = 0;
    const avery = sis.users.find((u) => u.sourcedId === 'stu-1001')!;
    avery.givenName = 'Avery-Jo';
    avery.dateLastModified = '2026-02-01T08:00:00.000Z';
    const r = await syncRoster(t.deps, t.services.repositories.rosterSync, clientId, { pageSize: 2 });
    expect(r).toMatchObject({ status: 'complete', students: 1, guardians: 0 });
    expect((await studentsOf())[0].firstname).toBe('Avery-Jo');
    expect((await stateOf()).cursor?.toISOString()).toBe('2026-02-01T08:00:00.000Z');
    // the links of the changed student are kept (replaced by what its agents say now)
    const links = await t.deps.db
      .select({ g: studentGuardians.guardianId })
      .from(studentGuardians)
      .innerJoin(students, eq(students.id, studentGuardians.studentId))
      .where(and(eq(students.clientId, clientId), eq(students.sourcedId, 'stu-1001')));
    expect(links).toHaveLength(2);
  });

  it('a failed page leaves the cursor where it was, and the next run resumes at that page', async () => {
    for (const u of sis.users) u.dateLastModified = '2026-03-01T00:00:00.000Z';
    sis.failPageOnce('students', 2);
    sis.requests.length = 0;
    const failed = await syncRoster(t.deps, t.services.repositories.rosterSync, clientId, { pageSize: 2 });
    expect(failed).toMatchObject({ status: 'failed', error: 'unreachable' });
    const after = await stateOf();
    expect(after.cursor?.toISOString()).toBe('2026-02-01T08:00:00.000Z');
    expect(after).toMatchObject({ status: 'failed', passResource: 'students', passOffset: 2 });
    sis.requests.length = 0;
    const resumed = await syncRoster(t.deps, t.services.repositories.rosterSync, clientId, { pageSize: 2 });
    expect(resumed).toMatchObject({ status: 'complete', students: 1, guardians: 0, pages: 1 });
    // resumed at the failed students page: no users page asked again
    expect(listRequests()).toEqual(['students']);
    expect((await stateOf()).cursor?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('an unreachable SIS is a failed run, not an exception', async () => {
    sis.setDown(true);
    try {
      expect(await syncRoster(t.deps, t.services.repositories.rosterSync, clientId)).toMatchObject({
        status: 'failed',
        error: 'unreachable',
      });
    } finally {
      sis.setDown(false);
    }
  });
  it("keeps the staff of the feed as the district's hosts: at their school, in step, never a guardian (issue 28 §1)", async () => {
    const staff = (over: Partial<OneRosterUser>): OneRosterUser => ({
      sourcedId: 'tea-3001',
      status: 'active',
      dateLastModified: '2026-04-01T00:00:00.000Z',
      role: 'teacher',
      givenName: 'Dana',
      familyName: 'Chen-Example',
      identifier: '',
      email: 'Dana.Chen@Staff.Example',
      phone: '+1 (555) 555-0401',
      agents: [],
      orgs: [{ sourcedId: 'org-north-high', type: 'org' }],
      ...over,
    });
    sis.users.push(
      staff({}),
      // an office administrator with only a phone: told by text
      staff({
        sourcedId: 'adm-3002',
        role: 'administrator',
        givenName: 'Sam',
        familyName: 'Principal',
        email: '',
        phone: '555-555-0402',
        orgs: [{ sourcedId: 'org-district', type: 'org' }],
      }),
      // a name the person-name rule refuses is left out (issue 22)
      staff({ sourcedId: 'aid-3003', role: 'aide', givenName: 'https://x.example', familyName: 'Spam' }),
    );
    const r = await syncRoster(t.deps, t.services.repositories.rosterSync, clientId, { pageSize: 2 });
    expect(r).toMatchObject({ status: 'complete', hosts: 2, refused: 1 });
    const ofFeed = () =>
      t.deps.db
        .select({
          sourceRef: hosts.sourceRef,
          name: hosts.name,
          email: hosts.email,
          mobile: hosts.mobile,
          channel: hosts.channel,
          buildingId: hosts.buildingId,
          active: hosts.active,
        })
        .from(hosts)
        .where(and(eq(hosts.clientId, clientId), eq(hosts.source, 'roster')))
        .orderBy(hosts.sourceRef);
    expect(await ofFeed()).toEqual([
      {
        sourceRef: 'adm-3002',
        name: 'Sam Principal',
        email: '',
        mobile: '5555550402',
        channel: 'sms',
        buildingId: null,
        active: true,
      },
      {
        sourceRef: 'tea-3001',
        name: 'Dana Chen-Example',
        email: 'dana.chen@staff.example',
        mobile: '5555550401',
        channel: 'email',
        buildingId,
        active: true,
      },
    ]);
    // the feed's guardians are never hosts
    expect((await ofFeed()).map((h) => h.sourceRef)).not.toContain('par-2001');

    // the administrator's choice of channel stays; the feed's changes follow; a leaver is set inactive
    await t.deps.db.update(hosts).set({ channel: 'teams' }).where(eq(hosts.sourceRef, 'tea-3001'));
    const dana = sis.users.find((u) => u.sourcedId === 'tea-3001')!;
    dana.familyName = 'Chen-Rivera';
    dana.dateLastModified = '2026-04-02T00:00:00.000Z';
    const sam = sis.users.find((u) => u.sourcedId === 'adm-3002')!;
    sam.status = 'tobedeleted';
    sam.dateLastModified = '2026-04-02T00:00:00.000Z';
    await syncRoster(t.deps, t.services.repositories.rosterSync, clientId, { pageSize: 2 });
    const after = await ofFeed();
    expect(after.find((h) => h.sourceRef === 'tea-3001')).toMatchObject({
      name: 'Dana Chen-Rivera',
      channel: 'teams',
      active: true,
    });
    expect(after.find((h) => h.sourceRef === 'adm-3002')).toMatchObject({ active: false });

    // the desk's "Person visiting" finds the teacher; no other district sees them
    const found = await t.as(admin).post('/api/hosts/search', { q: 'chen', clientId: String(clientId) });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((h: { name: string }) => h.name)).toContain('Dana Chen-Rivera');
    const south = await t.login('admin.south@demo.test');
    const foreign = await t.as(south).post('/api/hosts/search', { q: 'chen' });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json().data.map((h: { name: string }) => h.name)).not.toContain('Dana Chen-Rivera');
  });
});
