import type { TRetentionPreview, TRetentionRun } from '@sv/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  badges,
  deniedEntries,
  dropoffEvents,
  files,
  outboundMessages,
  screenings,
  studentReasons,
  students,
  visitors,
  visits,
} from '../../db/schema/index';
import { auditRow } from '../../platform/audit/audit-log';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * Retention (issue 26 §2, ADR 0047): the run removes exactly the records past their period, in the
 * actor's district only, keeps what a legal hold covers, never an open visit or a queued message,
 * and the preview counts what the run removes.
 */
let t: TestApp;
let admin: Session;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const ids = {} as Record<string, number>;
let photoFileId: string;
let oldScreeningId: string;

async function visitor(clientId: number, name: string, extra: Partial<typeof visitors.$inferInsert> = {}) {
  const [v] = await t.deps.db
    .insert(visitors)
    .values({ clientId, firstname: 'Retained', lastname: name, createdAt: ago(2000), ...extra })
    .returning({ id: visitors.id });
  return v!.id;
}
async function visit(clientId: number, buildingId: number, visitorId: number, inDaysAgo: number, open = false) {
  const [b] = await t.deps.db
    .insert(badges)
    .values({ clientId, buildingId, visitorId, code: `ret-${crypto.randomUUID()}`, createdAt: ago(inDaysAgo) })
    .returning({ id: badges.id });
  const [v] = await t.deps.db
    .insert(visits)
    .values({
      clientId,
      buildingId,
      visitorId,
      badgeId: b!.id,
      checkIn: ago(inDaysAgo),
      checkOut: open ? null : new Date(ago(inDaysAgo).getTime() + 3_600_000),
    })
    .returning({ id: visits.id });
  return { visitId: v!.id, badgeId: b!.id };
}
const preview = async () =>
  (await t.as(admin).get(`/api/retention/preview?clientId=${t.world.north.clientId}`)).json() as TRetentionPreview;
const countOf = (p: TRetentionPreview, category: string) => p.categories.find((c) => c.category === category)!.count;

let before: TRetentionPreview;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.north@demo.test');
  const { clientId, northHighId } = t.world.north;
  const south = t.world.south;
  before = await preview();

  const [file] = await t.deps.db
    .insert(files)
    .values({ clientId, kind: 'visitor-photo', contentType: 'image/jpeg', bytes: Buffer.from('jpeg'), size: 4 })
    .returning({ id: files.id });
  photoFileId = file!.id;
  // not seen for 4 years: visit, ID data and photo go
  ids.gone = await visitor(clientId, 'Gone', {
    photoFileId,
    currentDriversLicenseNumber: 'D1234567',
    licenseState: 'IL',
    street1: '1 Old Road',
    height: '5-10',
  });
  Object.assign(
    ids,
    Object.fromEntries(
      Object.entries(await visit(clientId, northHighId, ids.gone, 1500)).map(([k, v]) => [`gone_${k}`, v]),
    ),
  );
  // seen last week: the old visit goes, the recent visit and the ID data stay
  ids.recent = await visitor(clientId, 'Recent', { currentDriversLicenseNumber: 'R7654321' });
  ids.recentOld = (await visit(clientId, northHighId, ids.recent, 1400)).visitId;
  ids.recentNew = (await visit(clientId, northHighId, ids.recent, 7)).visitId;
  // a visit left open for years is never removed
  ids.open = await visitor(clientId, 'Open');
  ids.openVisit = (await visit(clientId, northHighId, ids.open, 1300, true)).visitId;
  // held: nothing about this person goes while the hold is open
  ids.held = await visitor(clientId, 'Held', { currentDriversLicenseNumber: 'H1111111' });
  ids.heldVisit = (await visit(clientId, northHighId, ids.held, 1600)).visitId;
  // another district's old visit is not this district's run's business
  ids.south = await visitor(south.clientId, 'South');
  ids.southVisit = (await visit(south.clientId, south.southElemId, ids.south, 1600)).visitId;

  const [d] = await t.deps.db
    .insert(deniedEntries)
    .values({ clientId, buildingId: northHighId, visitorId: ids.gone, deniedAt: ago(1200) })
    .returning({ id: deniedEntries.id });
  ids.denied = d!.id;
  const [s] = await t.deps.db
    .insert(screenings)
    .values({
      clientId,
      buildingId: northHighId,
      visitorId: ids.gone,
      screenedAt: ago(400),
      registryStatus: 'ok',
      findings: [],
    })
    .returning({ id: screenings.id });
  oldScreeningId = s!.id;
  const [student] = await t.deps.db.select().from(students).where(eq(students.clientId, clientId)).limit(1);
  const [reason] = await t.deps.db.select().from(studentReasons).where(eq(studentReasons.clientId, clientId)).limit(1);
  const [drop] = await t.deps.db
    .insert(dropoffEvents)
    .values({
      clientId,
      buildingId: student!.buildingId ?? northHighId,
      studentId: student!.id,
      studentName: 'Student',
      reasonId: reason!.id,
      reason: 'Late',
      isExcused: false,
      droppedOffAt: ago(1500),
    })
    .returning({ id: dropoffEvents.id });
  ids.dropoff = drop!.id;
  const msgs = await t.deps.db
    .insert(outboundMessages)
    .values([
      { clientId, channel: 'email', recipient: 'a@b.test', body: 'sent long ago', status: 'sent', createdAt: ago(300) },
      {
        clientId,
        channel: 'email',
        recipient: 'a@b.test',
        body: 'still queued',
        status: 'queued',
        createdAt: ago(300),
      },
    ])
    .returning({ id: outboundMessages.id });
  ids.sentMsg = msgs[0]!.id;
  ids.queuedMsg = msgs[1]!.id;
  const [a] = await t.deps.db
    .insert(auditEvents)
    .values({ ...auditRow({ actor: null }, { action: 'test.ancient', clientId }), at: ago(3000) })
    .returning({ id: auditEvents.id });
  ids.audit = a!.id;

  const hold = await t.as(admin).post('/api/retention/holds', {
    subjectType: 'visitor',
    subjectId: ids.held,
    reason: 'Records request 2026-114',
  });
  expect(hold.statusCode).toBe(200);
  ids.hold = hold.json().id;
});

describe('retention', () => {
  it('starts from the defaults and refuses a period shorter than the minimum, in a sentence', async () => {
    const res = await t.as(admin).get('/api/retention/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().rules).toContainEqual({ category: 'visits', days: 1095, isDefault: true });
    const short = await t.as(admin).put('/api/retention/settings', { rules: [{ category: 'auditEvents', days: 30 }] });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Keep these records at least 365 days.');
  });

  it('previews what the run removes, and counts what holds keep', async () => {
    const p = await preview();
    expect(countOf(p, 'visits') - countOf(before, 'visits')).toBe(2); // gone's and recent's old visits
    expect(countOf(p, 'visitorIdData') - countOf(before, 'visitorIdData')).toBe(1); // gone only
    expect(countOf(p, 'deniedEntries') - countOf(before, 'deniedEntries')).toBe(1);
    expect(countOf(p, 'studentEvents') - countOf(before, 'studentEvents')).toBe(1);
    expect(countOf(p, 'backgroundResults') - countOf(before, 'backgroundResults')).toBe(1);
    expect(countOf(p, 'outboundMessages') - countOf(before, 'outboundMessages')).toBe(1);
    expect(countOf(p, 'auditEvents') - countOf(before, 'auditEvents')).toBe(1);
    // the held person's old visit and their ID data
    expect(p.held - before.held).toBe(2);
  });

  it('finds a hold’s subject by the words of its name, in the district only', async () => {
    const res = await t
      .as(admin)
      .post('/api/retention/hold-subjects/search', { subjectType: 'visitor', q: 'retained hel' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: ids.held, name: 'Retained Held', detail: 'No date of birth' }]);
    const south = await t
      .as(admin)
      .post('/api/retention/hold-subjects/search', { subjectType: 'visitor', q: 'retained south' });
    expect(south.json().data).toEqual([]);
    const short = await t.as(admin).post('/api/retention/hold-subjects/search', { subjectType: 'visitor', q: 'r' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Type at least two letters of the name.');
  });

  it('a hold names a record of the district only', async () => {
    const res = await t.as(admin).post('/api/retention/holds', {
      subjectType: 'visitor',
      subjectId: ids.south,
      reason: 'Not ours',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('There is no such record in this district.');
  });

  it('the run removes exactly what is past its period, and records what it did', async () => {
    const res = await t.as(admin).post('/api/retention/runs', {});
    expect(res.statusCode).toBe(200);
    const run = res.json() as TRetentionRun;
    expect(run.status).toBe('done');
    expect(run.trigger).toBe('manual');
    expect(run.counts.visits).toBeGreaterThanOrEqual(2);

    const db = t.deps.db;
    const visitIds = (
      await db
        .select({ id: visits.id })
        .from(visits)
        .where(
          inArray(visits.id, [
            ids.gone_visitId!,
            ids.recentOld!,
            ids.recentNew!,
            ids.openVisit!,
            ids.heldVisit!,
            ids.southVisit!,
          ]),
        )
    ).map((r) => r.id);
    expect(visitIds.sort()).toEqual([ids.recentNew, ids.openVisit, ids.heldVisit, ids.southVisit].sort());
    expect(await db.select().from(badges).where(eq(badges.id, ids.gone_badgeId!))).toEqual([]);

    const [gone] = await db.select().from(visitors).where(eq(visitors.id, ids.gone!));
    // the name stays (the logs and the exclusion list still name people); the ID data and photo go
    expect(gone).toMatchObject({
      lastname: 'Gone',
      photoFileId: null,
      currentDriversLicenseNumber: '',
      licenseState: '',
      street1: '',
      height: '',
    });
    expect(await db.select({ id: files.id }).from(files).where(eq(files.id, photoFileId))).toEqual([]);
    const [recent] = await db.select().from(visitors).where(eq(visitors.id, ids.recent!));
    expect(recent!.currentDriversLicenseNumber).toBe('R7654321');
    const [held] = await db.select().from(visitors).where(eq(visitors.id, ids.held!));
    expect(held!.currentDriversLicenseNumber).toBe('H1111111');

    expect(await db.select().from(deniedEntries).where(eq(deniedEntries.id, ids.denied!))).toEqual([]);
    expect(await db.select().from(dropoffEvents).where(eq(dropoffEvents.id, ids.dropoff!))).toEqual([]);
    expect(await db.select().from(screenings).where(eq(screenings.id, oldScreeningId))).toEqual([]);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.id, ids.audit!))).toEqual([]);
    const msgs = (
      await db
        .select({ id: outboundMessages.id })
        .from(outboundMessages)
        .where(inArray(outboundMessages.id, [ids.sentMsg!, ids.queuedMsg!]))
    ).map((r) => r.id);
    expect(msgs).toEqual([ids.queuedMsg]);

    // the preview now has nothing more of those to remove
    const after = await preview();
    expect(countOf(after, 'visits')).toBe(0);
    // and the run is in the history and the audit log
    const runs = (await t.as(admin).get('/api/retention/runs')).json().data as TRetentionRun[];
    expect(runs[0]!.id).toBe(run.id);
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'retention.run'), eq(auditEvents.targetId, String(run.id))));
    expect(audited).toHaveLength(1);
  });

  it('released, a hold no longer keeps its records', async () => {
    const release = await t.as(admin).post(`/api/retention/holds/${ids.hold}/release`, {});
    expect(release.statusCode).toBe(200);
    const again = await t.as(admin).post(`/api/retention/holds/${ids.hold}/release`, {});
    expect(again.statusCode).toBe(409);
    await t.as(admin).post('/api/retention/runs', {});
    expect(await t.deps.db.select().from(visits).where(eq(visits.id, ids.heldVisit!))).toEqual([]);
    const holds = (await t.as(admin).get('/api/retention/holds?all=true')).json().data;
    expect(holds.find((h: { id: number }) => h.id === ids.hold)).toMatchObject({
      subjectName: 'Retained Held',
      releasedByName: expect.any(String),
    });
  });

  it('"keep for ever" keeps a kind of record out of the run', async () => {
    const [a] = await t.deps.db
      .insert(auditEvents)
      .values({
        ...auditRow({ actor: null }, { action: 'test.ancient2', clientId: t.world.north.clientId }),
        at: ago(4000),
      })
      .returning({ id: auditEvents.id });
    const put = await t.as(admin).put('/api/retention/settings', { rules: [{ category: 'auditEvents', days: null }] });
    expect(put.statusCode).toBe(200);
    expect(put.json().rules).toContainEqual({ category: 'auditEvents', days: null, isDefault: false });
    const p = await preview();
    expect(p.categories.find((c) => c.category === 'auditEvents')).toMatchObject({ cutoff: null, count: 0 });
    await t.as(admin).post('/api/retention/runs', {});
    expect(await t.deps.db.select().from(auditEvents).where(eq(auditEvents.id, a!.id))).toHaveLength(1);
  });

  it('the nightly job runs each district once a day', async () => {
    const first = await t.services.retention.runDue();
    // North ran by hand minutes ago: not due; South never ran
    expect(first).toContain(t.world.south.clientId);
    expect(first).not.toContain(t.world.north.clientId);
    expect(await t.services.retention.runDue()).toEqual([]);
    // the south run left North's visits alone and removed South's old one
    expect(await t.deps.db.select().from(visits).where(eq(visits.id, ids.southVisit!))).toEqual([]);
  });
});
