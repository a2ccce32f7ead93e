import { EMERGENCY_CHOOSE_BUILDING, MESSAGES, ROLE } from '@sv/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createClient, createContact, createUser } from '../../../db/seed/factories';
import { auditEvents, outboundMessages } from '../../db/schema/index';
import { createSmtpTransport } from '../../integrations/email/email-transport';
import type { SmsTransport } from '../../integrations/sms/sms-transport';
import { startSmtpServer, type SmtpPeer } from '../../test/peers/smtp-server';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { formatWhen } from './emergency.service';

/** Fixed instant: 2026-03-14 15:32 UTC = 10:32 CDT in Chicago. */
const NOW = new Date('2026-03-14T15:32:00Z');

let pressSeq = 0;
/** Presses the emergency button: a POST with a fresh Idempotency-Key unless one is given (issue 10 §5). */
function press(
  app: TestApp,
  session: Session | null,
  key = `press-${++pressSeq}-${Date.now().toString(36)}`,
  payload: { buildingId?: number } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/emergency',
    payload,
    headers: {
      'idempotency-key': key,
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken } : {}),
    },
  });
}

async function newMessagesSince(t: TestApp, id: number) {
  return t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, id)).orderBy(outboundMessages.id);
}
async function lastMessageId(t: TestApp) {
  const [row] = await t.deps.db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .orderBy(desc(outboundMessages.id))
    .limit(1);
  return row?.id ?? 0;
}

describe('emergency button (outbox: no transports configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { now: () => NOW } });
  });

  it("notifies North County's district contacts and North High's building contacts, never South Valley's", async () => {
    const before = await lastMessageId(t);
    const desk = await t.login('desk.northhigh@demo.test');
    const res = await press(t, desk);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      notified: 2,
      contacts: 2,
      delivered: 0,
      inOutbox: 4,
      notConfigured: ['email', 'sms'],
    });
    const sent = await newMessagesSince(t, before);
    expect(sent.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([
      'email:office@northhigh.demo.test',
      'email:security@northcounty.demo.test',
      'sms:5555550100',
      'sms:5555550101',
    ]);
    expect(
      sent.every((m) => m.status === 'outbox' && m.kind === 'emergency' && m.clientId === t.world.north.clientId),
    ).toBe(true);
    expect(sent.some((m) => m.recipient.includes('southvalley'))).toBe(false);
    const email = sent.find((m) => m.channel === 'email')!;
    expect(email.subject).toBe('EMERGENCY at North High School');
    expect(email.body).toContain('Sent by: Hank Desk (Attendant)');
    expect(email.body).toContain(
      'From: North High School, 2300 Shermer Rd, Northbrook, IL 60062 (North County Schools)',
    );
    expect(email.body).toContain('When: 03/14/2026, 10:32 AM CDT');
    const sms = sent.find((m) => m.channel === 'sms')!;
    expect(sms.body).toContain('Hank Desk (Attendant) at North High School');

    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'emergency.sent'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ actorUserId: desk.userId, buildingId: t.world.north.northHighId });
    expect(audit.details).toMatchObject({ contacts: 2, notified: 2 });
  });

  it("sends a Lincoln attendant's message to the district only (North High's contact is another building)", async () => {
    const before = await lastMessageId(t);
    const desk = await t.login('desk.lincoln@demo.test');
    expect((await press(t, desk)).json()).toMatchObject({ notified: 1 });
    const sent = await newMessagesSince(t, before);
    expect(sent.map((m) => m.recipient).sort()).toEqual(['5555550100', 'security@northcounty.demo.test']);
  });

  it("sends a South Valley client admin's message to South Valley's contacts only", async () => {
    const before = await lastMessageId(t);
    const southAdmin = await t.login('admin.south@demo.test');
    expect((await press(t, southAdmin)).json()).toMatchObject({ notified: 1 });
    const sent = await newMessagesSince(t, before);
    expect(sent.map((m) => m.recipient).sort()).toEqual(['5555550200', 'safety@southvalley.demo.test']);
    expect(sent[0].body).toContain('South Valley District (no building)');
  });

  it('names the administrator when sent while impersonating', async () => {
    const before = await lastMessageId(t);
    const admin = await t.login('admin@demo.test');
    const start = await t.as(admin).post('/api/impersonation', { userId: t.world.users['desk.northhigh@demo.test'] });
    const cookie = start.cookies.find((c) => c.name === 'sv_session')!;
    const as = { cookie: `sv_session=${cookie.value}`, csrfToken: start.json().csrfToken, userId: 0 };
    expect((await press(t, as)).statusCode).toBe(200);
    const [first] = await newMessagesSince(t, before);
    expect(first.body).toContain('Hank Desk (Attendant), acting through administrator Alex Admin');
  });

  // issue 23 §2: "the platform admin's Emergency button either works (choose a district/building) or is not shown"
  it('lets the platform administrator press it for a building they choose; a building outside the sender’s scope is 404', async () => {
    const admin = await t.login('admin@demo.test');
    const none = await press(t, admin);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(EMERGENCY_CHOOSE_BUILDING);

    const before = await lastMessageId(t);
    const res = await press(t, admin, undefined, { buildingId: t.world.north.northHighId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notified: 2, contacts: 2 });
    const sent = await newMessagesSince(t, before);
    expect(sent.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([
      'email:office@northhigh.demo.test',
      'email:security@northcounty.demo.test',
      'sms:5555550100',
      'sms:5555550101',
    ]);
    expect(sent.every((m) => m.clientId === t.world.north.clientId)).toBe(true);
    const mail = sent.find((m) => m.channel === 'email')!;
    expect(mail.subject).toBe('EMERGENCY at North High School');
    expect(mail.body).toContain('Sent by: Alex Admin (Admin)');
    expect(mail.body).toContain('From: North High School, 2300 Shermer Rd');
    expect(mail.body).toContain('(North County Schools)');

    expect((await press(t, admin, undefined, { buildingId: 2_000_000 })).statusCode).toBe(404);
    // a building id in the request is checked against the sender's scope, never trusted
    const southAdmin = await t.login('admin.south@demo.test');
    expect((await press(t, southAdmin, undefined, { buildingId: t.world.north.northHighId })).statusCode).toBe(404);
    const desk = await t.login('desk.northhigh@demo.test');
    expect((await press(t, desk, undefined, { buildingId: t.world.north.lincolnId })).statusCode).toBe(404);
  });

  it('answers the spec message when nobody can be notified, 400 for an admin without a building, 403 for kiosks', async () => {
    const lonely = await createClient(t.deps.db, { name: 'Lonely District' });
    const building = await createBuilding(t.deps.db, lonely.id, { name: 'Lonely School', timeZone: 'America/Denver' });
    await createContact(t.deps.db, lonely.id, { name: 'Opted out', contactType: 'Global', receivesEmergency: false });
    await createContact(t.deps.db, lonely.id, { name: 'Inactive', contactType: 'Global', active: false });
    await createUser(t.deps.db, {
      email: 'lonely.desk@demo.test',
      name: 'Lonely Desk',
      roleId: ROLE.Attendant,
      clientId: lonely.id,
      buildingId: building.id,
    });
    const desk = await t.login('lonely.desk@demo.test');
    const res = await press(t, desk, 'lonely-press-1');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.emergencyFailed);
    expect(res.json().requestId).toBeTruthy();
    // a press that reached nobody is not stored: retrying the same press tries again
    const failures = () =>
      t.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'emergency.failed'), eq(auditEvents.actorUserId, desk.userId)));
    expect((await press(t, desk, 'lonely-press-1')).statusCode).toBe(422);
    expect(await failures()).toHaveLength(2);

    const admin = await t.login('admin@demo.test');
    const adminRes = await press(t, admin);
    expect(adminRes.statusCode).toBe(400);
    expect(adminRes.json().message).toBe(EMERGENCY_CHOOSE_BUILDING);
    // the admin's press for a building whose district has nobody to notify: the spec message
    const adminLonely = await press(t, admin, undefined, { buildingId: building.id });
    expect(adminLonely.statusCode).toBe(422);
    expect(adminLonely.json().message).toBe(MESSAGES.emergencyFailed);

    const kiosk = await t.login('kiosk.northhigh@demo.test');
    expect((await press(t, kiosk)).statusCode).toBe(403);
    expect((await press(t, null)).statusCode).toBe(401);
  });

  // issue 10 §5: repeated identical requests must not multiply the messages
  it('requires an Idempotency-Key; 20 concurrent presses of one action send one set of messages', async () => {
    const desk = await t.login('desk.northhigh@demo.test');
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/emergency',
      payload: {},
      headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken },
    });
    expect(noKey.statusCode).toBe(400);
    const before = await lastMessageId(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => press(t, desk, 'one-emergency-press')));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(answers.filter((r) => r.statusCode === 200).map((r) => r.json())).toContainEqual(
      expect.objectContaining({ notified: 2 }),
    );
    expect(await newMessagesSince(t, before)).toHaveLength(4);
    // a new press (a new key) is a new alert
    expect((await press(t, desk)).json()).toMatchObject({ notified: 2 });
    expect(await newMessagesSince(t, before)).toHaveLength(8);
  });

  it('formats the time in the building zone', () => {
    expect(formatWhen(NOW, 'America/Denver')).toBe('03/14/2026, 9:32 AM MDT');
    expect(formatWhen(NOW, 'America/Chicago')).toBe('03/14/2026, 10:32 AM CDT');
  });
});

describe('emergency button with real delivery', () => {
  let smtp: SmtpPeer;
  const texts: { to: string; body: string }[] = [];
  const sms: SmsTransport = {
    async send(m) {
      texts.push(m);
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      overrides: { email: createSmtpTransport(smtp.url, 'SafeVisitor <sv@test.example>'), sms },
    });
  });
  afterAll(() => smtp.close());

  it('e-mails through SMTP and texts through the SMS transport', async () => {
    const desk = await t.login('desk.northhigh@demo.test');
    expect((await press(t, desk)).json()).toMatchObject({ notified: 2 });
    const mail = await smtp.waitFor((m) => m.to.includes('office@northhigh.demo.test'));
    expect(mail.subject).toBe('EMERGENCY at North High School');
    expect(mail.text).toContain('Sent by: Hank Desk (Attendant)');
    expect(texts.map((x) => x.to).sort()).toEqual(['5555550100', '5555550101']);
  });
});

describe('emergency button when every delivery fails', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // an SMTP port nobody listens on any more, and an SMS gateway that is down
    const gone = await startSmtpServer();
    await gone.close();
    const failing: SmsTransport = {
      async send() {
        throw new Error('gateway down');
      },
    };
    broken = await createTestApp({
      overrides: { email: createSmtpTransport(gone.url, 'SafeVisitor <sv@test.example>'), sms: failing },
    });
  });

  it('answers 422 with the spec message (the messages stay queued for the retry job)', async () => {
    const desk = await broken.login('desk.lincoln@demo.test');
    const res = await press(broken, desk);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.emergencyFailed);
    const queued = await broken.deps.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.kind, 'emergency'), eq(outboundMessages.status, 'queued')));
    expect(queued).toHaveLength(2);
    const [failed] = await broken.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'emergency.failed'));
    expect(failed.details).toMatchObject({ contacts: 1, notified: 0 });
  });
});
