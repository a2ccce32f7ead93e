import { MESSAGES } from '@sv/contracts';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, deniedEntries, outboundMessages, visitors } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { contactsForLevel } from './denials.service';

let t: TestApp;
let desk: Session;
beforeAll(async () => {
  t = await createTestApp();
  desk = await t.login('desk.northhigh@demo.test');
});

async function visitorOfNorth(first = 'Denied', last = 'Person') {
  const [v] = await t.deps.db
    .insert(visitors)
    .values({ clientId: t.world.north.clientId, firstname: first, lastname: last, dob: '1979-04-04' })
    .returning();
  return v.id;
}
let keySeq = 0;
const newKey = () => `denials-test-${++keySeq}-${Date.now().toString(36)}`;
/** POST as a session with an Idempotency-Key (a fresh one unless given). */
const post = (session: Session, url: string, body: object, key = newKey()) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'idempotency-key': key },
  });

const recipientsSince = async (id: number) =>
  (await t.deps.db.select().from(outboundMessages).orderBy(desc(outboundMessages.id))).filter((m) => m.id > id);
const lastMessageId = async () =>
  (
    await t.deps.db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .orderBy(desc(outboundMessages.id))
      .limit(1)
  )[0]?.id ?? 0;

describe('contact selection by confidence level', () => {
  it('picks contacts whose notification levels include the level; any level when none is given', () => {
    const all = [{ levels: '1,2,3' }, { levels: '4,5,6' }, { levels: null }];
    expect(contactsForLevel(all, 2)).toEqual([all[0]]);
    expect(contactsForLevel(all, 6)).toEqual([all[1]]);
    expect(contactsForLevel(all, null)).toEqual([all[0], all[1]]);
  });
});

describe('deny entry (spec 002 §4 DENY)', () => {
  it('records the denial with its counts and notifies the building’s and district’s security contacts only', async () => {
    const visitorId = await visitorOfNorth();
    const before = await lastMessageId();
    const res = await post(desk, `/api/visitors/${visitorId}/denials`, {
      buildingId: t.world.north.northHighId,
      exclusionCount: 1,
      potentialCount: 2,
      watchdogCount: 1,
      level: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      securityNotified: true,
      message: MESSAGES.securityNotified,
      offerAddExclusion: false,
    });
    const [row] = await t.deps.db.select().from(deniedEntries).where(eq(deniedEntries.id, res.json().deniedEntryId));
    expect(row).toMatchObject({
      visitorId,
      buildingId: t.world.north.northHighId,
      attendantId: desk.userId,
      exclusionCount: 1,
      potentialCount: 2,
      watchdogCount: 1,
      securityNotified: true,
    });
    const sent = await recipientsSince(before);
    const to = sent.map((m) => m.recipient).sort();
    // demo contacts: North County global (levels 1-6) and North High office (2,3,5,6); never South Valley
    expect(to).toEqual(['5555550100', '5555550101', 'office@northhigh.demo.test', 'security@northcounty.demo.test']);
    expect(sent.every((m) => m.clientId === t.world.north.clientId)).toBe(true);
    expect(sent.find((m) => m.channel === 'email')!.body).toContain('Entry was DENIED');
  });

  it('offers an admin the add-exclusion step only when the visitor has no active exclusion', async () => {
    const admin = await t.login('admin@demo.test');
    const visitorId = await visitorOfNorth('Admin', 'Denied');
    const res = await post(admin, `/api/visitors/${visitorId}/denials`, { buildingId: t.world.north.northHighId });
    expect(res.json().offerAddExclusion).toBe(true);
  });

  it('refuses other buildings and districts', async () => {
    const visitorId = await visitorOfNorth();
    const lincoln = await t.login('desk.lincoln@demo.test');
    expect(
      (await post(lincoln, `/api/visitors/${visitorId}/denials`, { buildingId: t.world.north.northHighId })).statusCode,
    ).toBe(404);
    const south = await t.login('desk.southelem@demo.test');
    expect(
      (await post(south, `/api/visitors/${visitorId}/denials`, { buildingId: t.world.south.southElemId })).statusCode,
    ).toBe(404);
  });
});

describe('notify security about a person', () => {
  it('answers the spec message, and the failure message when nobody can be reached', async () => {
    const visitorId = await visitorOfNorth('Loiter', 'Ing');
    const ok = await post(desk, `/api/visitors/${visitorId}/security-notifications`, {
      buildingId: t.world.north.northHighId,
      issues: 'Seen near the playground',
    });
    expect(ok.json()).toMatchObject({ message: MESSAGES.securityNotified });
    expect(ok.json().notified).toBeGreaterThan(0);
    await t.deps.db.update(contacts).set({ active: false }).where(eq(contacts.clientId, t.world.north.clientId));
    const none = await post(desk, `/api/visitors/${visitorId}/security-notifications`, {
      buildingId: t.world.north.northHighId,
    });
    expect(none.statusCode).toBe(503);
    expect(none.json().message).toBe(MESSAGES.securityNotifyFailed);
    await t.deps.db.update(contacts).set({ active: true }).where(eq(contacts.clientId, t.world.north.clientId));
  });
});

// issue 10 §5: "20 concurrent identical denials create 20 denials and 80 messages"
describe('Idempotency-Key on denials and security notifications', () => {
  const body = { buildingId: 0, exclusionCount: 1, potentialCount: 0, watchdogCount: 0 };

  it('is required', async () => {
    const visitorId = await visitorOfNorth();
    for (const path of ['denials', 'security-notifications']) {
      const res = await t
        .as(desk, { idempotencyKey: false })
        .post(`/api/visitors/${visitorId}/${path}`, { ...body, buildingId: t.world.north.northHighId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Idempotency-Key');
    }
    expect(await t.deps.db.select().from(deniedEntries).where(eq(deniedEntries.visitorId, visitorId))).toEqual([]);
  });

  it('20 concurrent identical denials record one denial and send one set of messages', async () => {
    const visitorId = await visitorOfNorth('Twenty', 'Clicks');
    const before = await lastMessageId();
    const key = newKey();
    const url = `/api/visitors/${visitorId}/denials`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(desk, url, { ...body, buildingId: t.world.north.northHighId }, key)),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // the others were refused while the first ran (409) or answered its stored result
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const rows = await t.deps.db.select().from(deniedEntries).where(eq(deniedEntries.visitorId, visitorId));
    expect(rows).toHaveLength(1);
    expect(new Set(ok.map((r) => r.json().deniedEntryId))).toEqual(new Set([rows[0].id]));
    expect(await recipientsSince(before)).toHaveLength(4);

    // a retry after the first finished answers the same result and sends nothing
    const retry = await post(desk, url, { ...body, buildingId: t.world.north.northHighId }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().deniedEntryId).toBe(rows[0].id);
    expect(await recipientsSince(before)).toHaveLength(4);
    // the same key for a different request is refused
    const other = await post(desk, url, { ...body, exclusionCount: 2, buildingId: t.world.north.northHighId }, key);
    expect(other.statusCode).toBe(409);
  });

  it('20 concurrent identical security notifications send one set of messages; a failed one can be retried', async () => {
    const visitorId = await visitorOfNorth('Twenty', 'Alerts');
    const before = await lastMessageId();
    const key = newKey();
    const url = `/api/visitors/${visitorId}/security-notifications`;
    const request = { buildingId: t.world.north.northHighId, issues: 'At the gate' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(desk, url, request, key)));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect(await recipientsSince(before)).toHaveLength(4);

    // nobody reachable: the failure is not stored, so the same key works once contacts are back
    const failing = newKey();
    await t.deps.db.update(contacts).set({ active: false }).where(eq(contacts.clientId, t.world.north.clientId));
    try {
      expect((await post(desk, url, request, failing)).statusCode).toBe(503);
    } finally {
      await t.deps.db.update(contacts).set({ active: true }).where(eq(contacts.clientId, t.world.north.clientId));
    }
    expect((await post(desk, url, request, failing)).statusCode).toBe(200);
    expect(await recipientsSince(before)).toHaveLength(8);
  });
});
