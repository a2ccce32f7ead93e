import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { redactPasswordLinks } from './outbox.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // one message per district, one with no district, and a password link for North County
  await t.deps.messenger.send([
    {
      clientId: t.world.north.clientId,
      channel: 'email',
      recipient: 'n@north.test',
      subject: 'North',
      body: 'north body',
      kind: 'test',
    },
    { clientId: t.world.south.clientId, channel: 'sms', recipient: '5550001', body: 'south canary text', kind: 'test' },
    {
      clientId: null,
      channel: 'email',
      recipient: 'platform@test.example',
      subject: 'Platform',
      body: 'p',
      kind: 'test',
    },
    {
      clientId: t.world.north.clientId,
      channel: 'email',
      recipient: 'reset@north.test',
      subject: 'Reset your SafeVisitor password',
      body: 'Link: http://localhost:3000/Account/SetPassword#token=abcDEF123_-xyz\nbye',
      kind: 'password',
    },
  ]);
});

type Row = { recipient: string; body: string; status: string; channel: string; createdAt: string };

describe('outbox', () => {
  it('shows admins every message, newest first, with paging', async () => {
    const admin = await t.login('admin@demo.test');
    const res = await t.as(admin).get('/api/outbox?sort=createdAt&dir=desc&perPage=2');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ currentPage: 1, perPage: 2, count: 4, totalPages: 2 });
    expect(page.data[0].recipient).toBe('reset@north.test');
    const all = (await t.as(admin).get('/api/outbox?perPage=100')).json().data as Row[];
    expect(all.map((r) => r.recipient).sort()).toEqual(
      ['5550001', 'n@north.test', 'platform@test.example', 'reset@north.test'].sort(),
    );
    expect(all.every((r) => r.status === 'outbox')).toBe(true);
    // admins see password links as sent
    expect(all.find((r) => r.recipient === 'reset@north.test')!.body).toContain('#token=abcDEF123_-xyz');
  });

  it("shows a client admin only their district's messages, with password links hidden", async () => {
    const north = await t.login('admin.north@demo.test');
    const rows = (await t.as(north).get('/api/outbox')).json().data as Row[];
    expect(rows.map((r) => r.recipient).sort()).toEqual(['n@north.test', 'reset@north.test']);
    expect(JSON.stringify(rows)).not.toContain('south canary');
    expect(rows.find((r) => r.recipient === 'reset@north.test')!.body).toBe(
      'Link: http://localhost:3000/Account/SetPassword#token=[hidden]\nbye',
    );
    const south = await t.login('admin.south@demo.test');
    const southRows = (await t.as(south).get('/api/outbox')).json().data as Row[];
    expect(southRows.map((r) => r.recipient)).toEqual(['5550001']);
  });

  it('filters by channel and refuses unknown sort keys', async () => {
    const admin = await t.login('admin@demo.test');
    const sms = (await t.as(admin).get('/api/outbox?channel=sms')).json().data as Row[];
    expect(sms.map((r) => r.channel)).toEqual(['sms']);
    expect((await t.as(admin).get('/api/outbox?sort=body')).statusCode).toBe(400);
    expect((await t.as(admin).get('/api/outbox?perPage=101')).statusCode).toBe(400);
  });

  it('is not for attendants or kiosks', async () => {
    expect((await t.as(await t.login('desk.northhigh@demo.test')).get('/api/outbox')).statusCode).toBe(403);
    expect((await t.as(await t.login('kiosk.northhigh@demo.test')).get('/api/outbox')).statusCode).toBe(403);
    expect((await t.as(null).get('/api/outbox')).statusCode).toBe(401);
  });

  it('hides every set-password token in a body', () => {
    expect(redactPasswordLinks('a /Account/SetPassword#token=x-1 b /Account/SetPassword#token=y_2')).toBe(
      'a /Account/SetPassword#token=[hidden] b /Account/SetPassword#token=[hidden]',
    );
  });
});

describe('the dead letter (issue 23 §3)', () => {
  it('an administrator of the district sends a failed message again; another district cannot', async () => {
    const { outboundMessages } = await import('../../db/schema/index');
    const [m] = await t.deps.db
      .insert(outboundMessages)
      .values({
        clientId: t.world.north.clientId,
        channel: 'email',
        recipient: 'dead@north.test',
        body: 'dead letter',
        kind: 'test',
        status: 'failed',
        attempts: 5,
        lastError: 'mail server down',
      })
      .returning({ id: outboundMessages.id });
    const southAdmin = await t.login('admin.south@demo.test');
    expect((await t.as(southAdmin).post(`/api/outbox/${m.id}/retry`)).statusCode).toBe(404);
    const northAdmin = await t.login('admin.north@demo.test');
    const listed = (await t.as(northAdmin).get('/api/outbox?perPage=100')).json().data as {
      id: number;
      attempts: number;
      lastError: string | null;
    }[];
    expect(listed.find((r) => r.id === m.id)).toMatchObject({ attempts: 5, lastError: 'mail server down' });
    const res = await t.as(northAdmin).post(`/api/outbox/${m.id}/retry`);
    expect(res.statusCode).toBe(200);
    // the test app has no mail transport: queued again with fresh attempts, due after its back-off
    const after = (await t.as(northAdmin).get('/api/outbox?perPage=100'))
      .json()
      .data.find((r: { id: number }) => r.id === m.id);
    expect(after).toMatchObject({ status: 'queued', attempts: 1 });
    // a message that is not failed cannot be "retried"
    expect((await t.as(northAdmin).post(`/api/outbox/${m.id}/retry`)).statusCode).toBe(404);
  });
});
