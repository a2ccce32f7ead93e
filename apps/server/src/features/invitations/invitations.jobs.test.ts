import { eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegistrationType } from '../../../db/seed/factories';
import { outboundMessages, registrationInvitations, registrations } from '../../db/schema/index';
import { scheduledJobs } from '../../scheduled-jobs';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { sendExpiryWarnings, sendInvitationReminders } from './invitations.jobs';

let clock = new Date('2026-03-02T15:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
let t: TestApp;
let north: Session;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  north = await t.login('admin.north@demo.test');
});

const messagesAfter = (id: number) => t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, id));
async function lastId() {
  const rows = await t.deps.db.select({ id: outboundMessages.id }).from(outboundMessages);
  return Math.max(0, ...rows.map((r) => r.id));
}
const tokenIn = (body: string) => /\?invitation=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
const formUrl = (code: string, token: string) =>
  `/api/public/registration-forms/${t.world.north.clientId}/${code}?invitation=${token}`;

async function invite(reminderDays: number, email: string) {
  const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { reminderDays });
  // the fake clock jumps weeks: sign in again at the current time (sessions time out)
  north = await t.login('admin.north@demo.test');
  const before = await lastId();
  const res = await t.as(north).post(`/api/registration-types/${type.id}/invitations`, {
    firstname: 'Rita',
    lastname: 'Reminder',
    email,
    requestedExpirationDate: '2027-01-31',
  });
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await messagesAfter(before);
  return { type, id: res.json().id as number, token: tokenIn(mail.body) };
}

describe('reminder chain of unanswered invitations (issue 11)', () => {
  it('reminds every reminderDays, at most 3 times, with a new link that replaces the old one', async () => {
    at('2026-03-02T15:00:00Z');
    const inv = await invite(2, 'rita.chain@example.test');
    const start = await lastId();

    at('2026-03-03T15:00:00Z'); // 1 day: not yet
    await sendInvitationReminders(t.deps, t.services.repositories.invitations);
    expect(await messagesAfter(start)).toHaveLength(0);

    at('2026-03-04T15:00:01Z'); // 2 days: the first reminder
    await sendInvitationReminders(t.deps, t.services.repositories.invitations);
    await sendInvitationReminders(t.deps, t.services.repositories.invitations); // the same sweep again sends nothing more
    const first = await messagesAfter(start);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ recipient: 'rita.chain@example.test', kind: 'registration-invitation-reminder' });
    expect(first[0].body).toContain('replaces the one in our earlier messages');
    const newToken = tokenIn(first[0].body);
    expect(newToken).not.toBe(inv.token);
    expect((await t.as(null).get(formUrl(inv.type.code, newToken))).statusCode).toBe(200);
    expect((await t.as(null).get(formUrl(inv.type.code, inv.token))).statusCode).toBe(404);

    at('2026-03-05T15:00:00Z'); // 1 day after the reminder: not yet
    await sendInvitationReminders(t.deps, t.services.repositories.invitations);
    expect(await messagesAfter(start)).toHaveLength(1);
    for (const day of [
      '2026-03-06T15:00:02Z',
      '2026-03-08T15:00:03Z',
      '2026-03-10T15:00:04Z',
      '2026-03-20T15:00:00Z',
    ]) {
      at(day);
      await sendInvitationReminders(t.deps, t.services.repositories.invitations);
    }
    expect(await messagesAfter(start)).toHaveLength(3);
    const [row] = await t.deps.db.select().from(registrationInvitations).where(eq(registrationInvitations.id, inv.id));
    expect(row.remindersSent).toBe(3);
  });

  it('sends none when the type does not remind, when warnings are cancelled, or once answered', async () => {
    at('2026-04-01T15:00:00Z');
    const none = await invite(0, 'rita.none@example.test');
    const cancelled = await invite(1, 'rita.cancelled@example.test');
    const answered = await invite(1, 'rita.answered@example.test');
    await t.deps.db
      .update(registrationInvitations)
      .set({ warningsCancelledAt: clock })
      .where(eq(registrationInvitations.id, cancelled.id));
    await t.deps.db
      .update(registrationInvitations)
      .set({ answeredAt: clock })
      .where(eq(registrationInvitations.id, answered.id));
    const start = await lastId();
    at('2026-04-10T15:00:00Z');
    await sendInvitationReminders(t.deps, t.services.repositories.invitations);
    const sent = await messagesAfter(start);
    expect(sent.filter((m) => /rita\.(none|cancelled|answered)@/.test(m.recipient))).toEqual([]);
    const [row] = await t.deps.db.select().from(registrationInvitations).where(eq(registrationInvitations.id, none.id));
    expect(row.remindersSent).toBe(0);
    // cancelled warnings stop the reminders, not the link
    expect((await t.as(null).get(formUrl(cancelled.type.code, cancelled.token))).statusCode).toBe(200);
  });

  it('is registered as a scheduled job with the expiry warnings and background checks', () => {
    const names = scheduledJobs.map((j) => j.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'invitations.reminders',
        'registrations.expiryWarnings',
        'registrations.backgroundChecks',
      ]),
    );
  });
});

describe('expiry warnings of approved registrations (issue 11)', () => {
  let n = 0;
  async function registration(over: Partial<typeof registrations.$inferInsert>) {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { name: 'Chaperones' });
    const [row] = await t.deps.db
      .insert(registrations)
      .values({
        clientId: t.world.north.clientId,
        registrationTypeId: type.id,
        firstname: 'Eva',
        lastname: 'Expiry',
        email: `eva${++n}@example.test`,
        approved: true,
        emailWarnings: true,
        badgeCode: `EXPIRYTEST${n}`,
        ...over,
      })
      .returning();
    return row;
  }

  it('warns once within 30 days of expiry (district day), never without warnings, never twice', async () => {
    at('2026-05-01T04:00:00Z'); // 23:00 on 30 April in Chicago
    const soon = await registration({ expDate: '2026-05-30' }); // 30 days after 30 April
    const far = await registration({ expDate: '2026-06-15' });
    const off = await registration({ expDate: '2026-05-10', emailWarnings: false });
    const pending = await registration({ expDate: '2026-05-10', approved: null });
    const expired = await registration({ expDate: '2026-04-29' });
    const start = await lastId();
    expect(await sendExpiryWarnings(t.deps, t.services.repositories.invitations)).toBe(1);
    expect(await sendExpiryWarnings(t.deps, t.services.repositories.invitations)).toBe(0);
    const sent = await messagesAfter(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: soon.email, kind: 'registration-expiry-warning' });
    expect(sent[0].subject).toContain('05/30/2026');
    const rows = await t.deps.db.select().from(registrations);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(soon.id)?.expirationEmailSentAt).not.toBeNull();
    for (const r of [far, off, pending, expired]) expect(byId.get(r.id)?.expirationEmailSentAt).toBeNull();
  });
});
