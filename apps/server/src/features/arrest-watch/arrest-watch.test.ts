import type { TArrestAlert } from '@sv/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrestAlerts, arrestWatchRuns, auditEvents, outboundMessages, registrations } from '../../db/schema/index';
import type { AppDeps } from '../../platform/deps';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { createVendorCompany, createVendorRegistration } from '../../../db/seed/factories';
import { registryMultipart } from '../registry/registry.fixtures';
import { createWatchedType, insertRegistrations } from './arrest-watch.fixtures';
import { createArrestWatchRepository } from './arrest-watch.repository';
import { ARREST_WATCH_BATCH, createArrestWatchService } from './arrest-watch.service';
import { nameTag } from '../../test/names';

let t: TestApp;
let north: Session;
let south: Session;
let admin: Session;
let desk: Session;

/** planted in the demo registry (docs/domain/confidence-levels.md) */
const SAMPLEWICK = { firstname: 'Jordan', lastname: 'Samplewick', dob: '1972-05-06' };

beforeAll(async () => {
  t = await createTestApp();
  [north, south, admin, desk] = await Promise.all([
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('admin@demo.test'),
    t.login('desk.northhigh@demo.test'),
  ]);
});

const alertsOf = (registrationId: number) =>
  t.deps.db.select().from(arrestAlerts).where(eq(arrestAlerts.registrationId, registrationId));
const regRow = async (id: number) => (await t.deps.db.select().from(registrations).where(eq(registrations.id, id)))[0];
const messagesAbout = (since: Date) =>
  t.deps.db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.kind, 'arrest-watch.alert'), sql`${outboundMessages.createdAt} >= ${since}`));

/** Finishes whatever run is open, so each test starts from a clean scheduler state. */
async function runToEnd() {
  return t.services.arrestWatch.run('manual');
}

/** A second arrest-watch service (its own in-process run guard), as another instance would have. */
const watchOn = (deps: AppDeps) => createArrestWatchService(deps, { repo: createArrestWatchRepository(deps.db) });

describe('arrest watch (spec 001 §3, §4; issue 11)', () => {
  it('a watched approved registration that matches the registry is alerted once, suspended, and its contacts told', async () => {
    const { clientId } = t.world.north;
    const type = await createWatchedType(t.deps.db, clientId);
    const [id] = await insertRegistrations(t.deps.db, [{ clientId, registrationTypeId: type.id, ...SAMPLEWICK }]);
    const since = new Date(Date.now() - 1000);

    const first = await runToEnd();
    expect(first.alerts).toBeGreaterThanOrEqual(1);
    const alerts = await alertsOf(id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ status: 'open', suspends: true, clientId });
    expect(alerts[0].reasons.length).toBeGreaterThan(0);
    expect(alerts[0].notifiedAt).not.toBeNull();
    const reg = await regRow(id);
    expect(reg.suspendedAt).not.toBeNull();
    expect(reg.watchedAt).not.toBeNull();
    // the type's contact: one e-mail (names the person, to the district's own contact), one SMS (does not)
    const sent = (await messagesAbout(since)).filter((m) => m.body.includes(`/registration/${id}`));
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(sent.find((m) => m.channel === 'sms')!.body).not.toContain('Samplewick');

    // the next run finds the same match: nothing new, nobody told twice
    await runToEnd();
    expect(await alertsOf(id)).toHaveLength(1);
    expect((await messagesAbout(since)).filter((m) => m.body.includes(`/registration/${id}`))).toHaveLength(2);
  });

  it('the alert dialog reads it; clearing lifts the suspension, and a cleared match stays cleared (audited)', async () => {
    const { clientId } = t.world.north;
    const type = await createWatchedType(t.deps.db, clientId);
    const [id] = await insertRegistrations(t.deps.db, [{ clientId, registrationTypeId: type.id, ...SAMPLEWICK }]);
    await runToEnd();
    const [alert] = await alertsOf(id);

    const read = await t.as(north).get(`/api/arrest-alerts/${alert.id}`);
    expect(read.statusCode).toBe(200);
    const body: TArrestAlert = read.json();
    expect(body).toMatchObject({
      registrationId: id,
      registrationName: 'Jordan Samplewick',
      registrationType: type.name,
      status: 'open',
      suspends: true,
    });
    expect(body.levelLabel).toMatch(/^(Exact|Mixed) (Moderate|Strong|Very Strong)$/);
    expect(body.details).toMatchObject({ name: expect.stringContaining('Samplewick') });

    // another district, the desk and an unknown id cannot read it
    expect((await t.as(south).get(`/api/arrest-alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await t.as(desk).get(`/api/arrest-alerts/${alert.id}`)).statusCode).toBe(403);
    expect((await t.as(north).get('/api/arrest-alerts/2147483647')).statusCode).toBe(404);
    expect(
      (await t.as(north).post(`/api/arrest-alerts/${alert.id}/review`, { decision: 'maybe', version: alert.version }))
        .statusCode,
    ).toBe(400);

    const cleared = await t.as(north).post(`/api/arrest-alerts/${alert.id}/review`, {
      version: alert.version,
      decision: 'cleared',
      note: 'Different person: the volunteer was born in Ohio',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({
      status: 'cleared',
      reviewNote: 'Different person: the volunteer was born in Ohio',
    });
    expect((await regRow(id)).suspendedAt).toBeNull();

    await runToEnd();
    const after = await alertsOf(id);
    expect(after).toHaveLength(1);
    expect(after[0].status).toBe('cleared');
    expect((await regRow(id)).suspendedAt).toBeNull();

    const [audited] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'arrestAlert.review'), eq(auditEvents.targetId, String(alert.id))));
    expect(audited).toBeDefined();
  });

  it('confirming keeps the registration suspended', async () => {
    const { clientId } = t.world.north;
    const type = await createWatchedType(t.deps.db, clientId);
    const [id] = await insertRegistrations(t.deps.db, [{ clientId, registrationTypeId: type.id, ...SAMPLEWICK }]);
    await runToEnd();
    const [alert] = await alertsOf(id);
    const res = await t
      .as(north)
      .post(`/api/arrest-alerts/${alert.id}/review`, { decision: 'confirmed', version: alert.version });
    expect(res.statusCode).toBe(200);
    expect((await regRow(id)).suspendedAt).not.toBeNull();
  });

  it('watches only approved, unexpired registrations of watched types; a level outside the badge levels alerts without suspending', async () => {
    const { clientId } = t.world.north;
    const watched = await createWatchedType(t.deps.db, clientId, { badgeLevels: [] });
    const unwatched = await createWatchedType(t.deps.db, clientId, { watched: false });
    const [approved, pending, denied, expired, notWatched, noDob] = await insertRegistrations(t.deps.db, [
      { clientId, registrationTypeId: watched.id, ...SAMPLEWICK },
      { clientId, registrationTypeId: watched.id, ...SAMPLEWICK, approved: null },
      { clientId, registrationTypeId: watched.id, ...SAMPLEWICK, approved: false },
      { clientId, registrationTypeId: watched.id, ...SAMPLEWICK, expDate: '2020-01-01' },
      { clientId, registrationTypeId: unwatched.id, ...SAMPLEWICK },
      { clientId, registrationTypeId: watched.id, ...SAMPLEWICK, dob: null },
    ]);
    await runToEnd();
    const rows = await t.deps.db
      .select({ registrationId: arrestAlerts.registrationId, suspends: arrestAlerts.suspends })
      .from(arrestAlerts)
      .where(inArray(arrestAlerts.registrationId, [approved, pending, denied, expired, notWatched, noDob]));
    expect(rows).toEqual([{ registrationId: approved, suspends: false }]);
    expect((await regRow(approved)).suspendedAt).toBeNull();
  });

  it('SafeVendor (ADR 0014): approved vendors of a company in arrest watch are watched, other companies’ are not', async () => {
    const { clientId } = t.world.north;
    const watchedCo = await createVendorCompany(t.deps.db, clientId, { inArrestWatch: true, name: 'Watched Co' });
    const quietCo = await createVendorCompany(t.deps.db, clientId, { inArrestWatch: false });
    const watched = await createVendorRegistration(t.deps.db, watchedCo, { ...SAMPLEWICK, approved: true });
    const pending = await createVendorRegistration(t.deps.db, watchedCo, { ...SAMPLEWICK, approved: null });
    const quiet = await createVendorRegistration(t.deps.db, quietCo, { ...SAMPLEWICK, approved: true });
    await runToEnd();
    // a company has no arrest-watch contacts: the match alerts by the district's desk gating
    // policy (Exact Strong gates at North), notifies nobody and suspends nothing
    const rows = await t.deps.db
      .select({ registrationId: arrestAlerts.registrationId, suspends: arrestAlerts.suspends })
      .from(arrestAlerts)
      .where(inArray(arrestAlerts.registrationId, [watched.id, pending.id, quiet.id]));
    expect(rows).toEqual([{ registrationId: watched.id, suspends: false }]);
    expect((await regRow(watched.id)).watchedAt).not.toBeNull();
    expect((await regRow(quiet.id)).watchedAt).toBeNull();
    const alert = (await t.as(north).get(`/api/arrest-alerts/${(await alertsOf(watched.id))[0].id}`)).json();
    expect(alert.registrationType).toBe('Watched Co');
  });

  it('a registry import that adds an approved volunteer raises the alert right away', async () => {
    const { clientId } = t.world.north;
    const type = await createWatchedType(t.deps.db, clientId);
    const person = { firstname: 'Quillon', lastname: 'Arrestwatchley', dob: '1979-09-14' };
    const [id] = await insertRegistrations(t.deps.db, [{ clientId, registrationTypeId: type.id, ...person }]);
    await runToEnd();
    expect(await alertsOf(id)).toHaveLength(0);

    const upload = registryMultipart(
      [
        { name: 'offenders.csv', content: 'id,dob,gender,url,photo url,absconder\nAW1,1979-09-14,M,,,N' },
        {
          name: 'names.csv',
          content: 'id,prefix,first,middle,last,suffix,is primary\nAW1,,Quillon,,Arrestwatchley,,Y',
        },
      ],
      { source: 'AW' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registry/imports',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, ...upload.headers },
      payload: upload.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    // the import started the run; this call joins it (or runs what it queued)
    await runToEnd();
    await runToEnd();
    const alerts = await alertsOf(id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].matchRef).toContain('AW1');
    expect((await regRow(id)).suspendedAt).not.toBeNull();
  });

  it('a run killed mid-way resumes where it stopped and alerts exactly once (rolled-back batch and committed batch)', async () => {
    const { clientId } = t.world.north;
    await runToEnd();
    const type = await createWatchedType(t.deps.db, clientId);
    // two and a bit batches; the planted person first, in the middle and last
    const count = ARREST_WATCH_BATCH * 2 + 10;
    const ids = await insertRegistrations(
      t.deps.db,
      Array.from({ length: count }, (_, i) =>
        i === 0 || i === ARREST_WATCH_BATCH + 5 || i === count - 1
          ? { clientId, registrationTypeId: type.id, ...SAMPLEWICK }
          : {
              clientId,
              registrationTypeId: type.id,
              firstname: `Vol${nameTag(i)}`,
              lastname: `Unmatchedperson${nameTag(i)}`,
              dob: '1990-01-01',
            },
      ),
    );
    const planted = [ids[0], ids[ARREST_WATCH_BATCH + 5], ids[count - 1]];
    const since = new Date(Date.now() - 1000);

    // crash 1: the second batch's transaction fails part-way (messages cannot be stored): rolled back
    let enqueues = 0;
    const crashing1: AppDeps = {
      ...t.deps,
      messenger: {
        ...t.deps.messenger,
        enqueue: async (m, tx) => {
          if (++enqueues === 2) throw new Error('killed');
          return t.deps.messenger.enqueue(m, tx);
        },
      },
    };
    await expect(watchOn(crashing1).run('manual')).rejects.toThrow('killed');
    const [open] = await t.deps.db.select().from(arrestWatchRuns).where(sql`${arrestWatchRuns.finishedAt} is null`);
    expect(open).toBeDefined();
    // the first batch is done and kept; the rolled-back one is not
    expect(open.cursor).toBeGreaterThan(0);
    expect(open.cursor).toBeLessThan(ids[count - 1]);

    // another process within the heartbeat window leaves the live run alone
    const busy = await watchOn(t.deps).run('manual');
    expect(busy.skipped).toBe('busy');

    // crash 2, after a restart (heartbeat stale): delivery fails after the batch committed
    const later = () => new Date(Date.now() + 5 * 60_000);
    let delivers = 0;
    const crashing2: AppDeps = {
      ...t.deps,
      now: later,
      messenger: {
        ...t.deps.messenger,
        deliver: async (idsToSend) => {
          if (++delivers === 1) throw new Error('killed after commit');
          return t.deps.messenger.deliver(idsToSend);
        },
      },
    };
    await expect(watchOn(crashing2).run('manual')).rejects.toThrow('killed after commit');

    // restart again: resumes and finishes
    const final = await watchOn({ ...t.deps, now: () => new Date(Date.now() + 10 * 60_000) }).run('manual');
    expect(final.skipped).toBeUndefined();
    const [stillOpen] = await t.deps.db
      .select()
      .from(arrestWatchRuns)
      .where(sql`${arrestWatchRuns.finishedAt} is null`);
    expect(stillOpen).toBeUndefined();

    for (const id of planted) expect(await alertsOf(id), `registration ${id}`).toHaveLength(1);
    const told = (await messagesAbout(since)).filter((m) =>
      planted.some((id) => m.body.includes(`/registration/${id}`)),
    );
    expect(told).toHaveLength(planted.length * 2);
    // nobody else was alerted
    const others = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(arrestAlerts)
      .where(
        inArray(
          arrestAlerts.registrationId,
          ids.filter((id) => !planted.includes(id)),
        ),
      );
    expect(others[0].n).toBe(0);
  });

  it('the scheduler starts the nightly run after 02:00 district time and not again that night', async () => {
    await runToEnd();
    // 03:00 in Chicago on a day after every run so far
    const at = new Date('2099-06-01T08:00:00Z');
    const service = watchOn({ ...t.deps, now: () => at });
    const first = await service.runIfDue();
    expect(first?.runId).toBeGreaterThan(0);
    expect(await service.runIfDue()).toBeNull();
    const nextNight = watchOn({ ...t.deps, now: () => new Date('2099-06-02T08:00:00Z') });
    expect((await nextNight.runIfDue())?.runId).toBeGreaterThan(first!.runId!);
    // three nightly runs over the demo registrations: more than 30 s on a loaded 2-core CI machine
  }, 120_000);
});
