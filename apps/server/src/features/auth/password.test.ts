import { MESSAGES, ROLE } from '@sv/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../db/seed/factories';
import { auditEvents, outboundMessages, passwordTokens } from '../../db/schema/index';
import { createSmtpTransport } from '../../integrations/email/email-transport';
import { startSmtpServer, type SmtpPeer } from '../../test/peers/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A clock the tests move forward (tokens expire by deps.now). */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://visitors.example.test' },
    // createDeps builds this same transport from SMTP_URL; passed explicitly so the test does not
    // depend on the harness defaulting email to null
    overrides: { email: createSmtpTransport(smtp.url, 'SafeVisitor <no-reply@safevisitor.local>'), now },
  });
});
afterAll(() => smtp.close());

const tokenFrom = (text: string) => {
  const m = /\/Account\/SetPassword#token=([\w-]+)/.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[1];
};

async function requestReset(email: string, ip = '10.1.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/auth/password-emails', payload: { email }, remoteAddress: ip });
}

describe('password e-mails', () => {
  it('delivers a reset link through SMTP and the link sets the password once, ending every session', async () => {
    const user = await createUser(t.deps.db, {
      email: 'reset.me@demo.test',
      name: 'Reset Me',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
    });
    const before = await t.login('reset.me@demo.test');

    const res = await requestReset('Reset.Me@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.passwordEmailRequested });

    const mail = await smtp.waitFor((m) => m.to.includes('reset.me@demo.test'));
    expect(mail.subject).toBe('Reset your SafeVisitor password');
    expect(mail.text).toContain('https://visitors.example.test/Account/SetPassword#token=');
    expect(mail.text).toContain('within 1 hour');
    const token = tokenFrom(mail.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32); // 256 bits

    // only the hash is stored
    const stored = await t.deps.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].purpose).toBe('reset');

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'Granite-Harbor-77' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe(MESSAGES.passwordSet);

    // sessions of the user ended; the new password works, the old one does not
    expect((await t.as(before).get('/api/auth/session')).statusCode).toBe(401);
    await expect(t.login('reset.me@demo.test', 'Granite-Harbor-77')).resolves.toMatchObject({ userId: user.id });
    await expect(t.login('reset.me@demo.test')).rejects.toThrow(/401/);

    // single use
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'Another-Granite-88' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.passwordLinkInvalid);

    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.password.set'), eq(auditEvents.targetId, String(user.id))));
    expect(audit).toHaveLength(1);
    const sent = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, 'reset.me@demo.test'));
    expect(sent[0]).toMatchObject({ status: 'sent', kind: 'password', clientId: t.world.north.clientId });
  });

  it('answers known and unknown addresses with the same status and body, and sends nothing for unknown ones', async () => {
    const known = await requestReset('desk.lincoln@demo.test', '10.1.0.2');
    const unknown = await requestReset('nobody-here@demo.test', '10.1.0.2');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.waitFor((m) => m.to.includes('desk.lincoln@demo.test'));
    const toUnknown = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, 'nobody-here@demo.test'));
    expect(toUnknown).toHaveLength(0);
  });

  it('refuses a common password and a short one, without spending the token', async () => {
    await createUser(t.deps.db, {
      email: 'weak.pass@demo.test',
      name: 'Weak Pass',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
    });
    await requestReset('weak.pass@demo.test', '10.1.0.3');
    const token = tokenFrom((await smtp.waitFor((m) => m.to.includes('weak.pass@demo.test'))).text);

    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors.password).toEqual(['This password is too common. Choose another.']);

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'Ab1-x' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.password).toBeDefined();

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'Quiet-Meadow-2041' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('expires a reset link after 1 hour', async () => {
    await createUser(t.deps.db, {
      email: 'slow.reader@demo.test',
      name: 'Slow Reader',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
    });
    await requestReset('slow.reader@demo.test', '10.1.0.4');
    const token = tokenFrom((await smtp.waitFor((m) => m.to.includes('slow.reader@demo.test'))).text);
    offsetMs = 61 * 60_000;
    try {
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { token, password: 'Quiet-Meadow-2041' },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(MESSAGES.passwordLinkInvalid);
    } finally {
      offsetMs = 0;
    }
  });

  it('quietly stops sending after 3 requests an hour for one account', async () => {
    const user = await createUser(t.deps.db, {
      email: 'many.requests@demo.test',
      name: 'Many Requests',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
    });
    for (let i = 0; i < 5; i++) {
      const res = await requestReset('many.requests@demo.test', `10.1.1.${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MESSAGES.passwordEmailRequested);
    }
    const tokens = await t.deps.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(tokens).toHaveLength(3);
  });

  it('sends nothing to a disabled account', async () => {
    await createUser(t.deps.db, {
      email: 'gone.away@demo.test',
      name: 'Gone Away',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
      active: false,
    });
    expect((await requestReset('gone.away@demo.test', '10.1.0.5')).statusCode).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, 'gone.away@demo.test'));
    expect(rows).toHaveLength(0);
  });
});

describe('users screen: send activation or reset e-mail', () => {
  it('sends an activation link (7 days) to a user without a password, within the client admin scope', async () => {
    const fresh = await createUser(t.deps.db, {
      email: 'new.hire@demo.test',
      name: 'New Hire',
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      password: null,
    });
    const clientAdmin = await t.login('admin.north@demo.test');
    const res = await t.as(clientAdmin).post(`/api/users/${fresh.id}/password-email`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.emailSent });
    const mail = await smtp.waitFor((m) => m.to.includes('new.hire@demo.test'));
    expect(mail.subject).toBe('Activate your SafeVisitor account');
    expect(mail.text).toContain('within 7 days');
    const [tok] = await t.deps.db.select().from(passwordTokens).where(eq(passwordTokens.userId, fresh.id));
    expect(tok.purpose).toBe('activation');
    expect(tok.expiresAt.getTime() - tok.createdAt.getTime()).toBe(7 * 24 * 3600_000);

    // activation link still works six days later
    offsetMs = 6 * 24 * 3600_000;
    try {
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { token: tokenFrom(mail.text), password: 'Copper-Lantern-31' },
      });
      expect(set.statusCode).toBe(200);
    } finally {
      offsetMs = 0;
    }
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'user.password_email.sent'))
      .orderBy(desc(auditEvents.id));
    expect(audit[0]).toMatchObject({ actorUserId: clientAdmin.userId, targetId: String(fresh.id) });
  });

  it('answers 404 for a user of another district and 403 for attendants', async () => {
    const southAdmin = await t.login('admin.south@demo.test');
    const northDesk = t.world.users['desk.northhigh@demo.test'];
    expect((await t.as(southAdmin).post(`/api/users/${northDesk}/password-email`)).statusCode).toBe(404);
    const desk = await t.login('desk.lincoln@demo.test');
    expect((await t.as(desk).post(`/api/users/${northDesk}/password-email`)).statusCode).toBe(403);
    const admin = await t.login('admin@demo.test');
    expect((await t.as(admin).post('/api/users/999999/password-email')).statusCode).toBe(404);
  });
});
