import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_HOST_SEARCH, KIOSK_LIMITS, KIOSK_MESSAGES } from '@sv/contracts';
import {
  authThrottle,
  clients,
  hostNotifications,
  hostWebhooks,
  hosts,
  outboundMessages,
  preRegistrations,
  visits,
} from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { multipartBody } from '../exclusions/exclusions.fixtures';
import { createHost, createPass } from '../visitor-passes/visitor-passes.fixtures';

/**
 * Hosts (issue 28 §1) and the host told on arrival (§4, ADR 0053): the list and its autocomplete,
 * the district's users, the import (undoable), Teams / Slack through a local peer speaking the
 * incoming-webhook protocol, honest delivery status, one notice per check-in.
 */
let t: TestApp;
let north: Session;
let south: Session;
let desk: Session;
let kiosk: Session;
let peer: Server;
let peerUrl = '';
const received: { path: string; body: unknown }[] = [];
let failNext = 0;

beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end('down');
        return;
      }
      received.push({ path: req.url ?? '', body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { CHAT_WEBHOOK_ALLOW_LOOPBACK: 'true' } });
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
  kiosk = await t.login('kiosk.northhigh@demo.test');
});
afterAll(() => new Promise<void>((r) => peer.close(() => r())));

/**
 * The visit's notice once the kiosk's own nudge has had its go: the check-in starts a delivery it
 * does not await, so a test waits until a sender has tried the row (attempts > 0) and let it go —
 * waiting only for "not claimed" raced the nudge before it claimed (seen on PostgreSQL in CI).
 */
async function settled(visitId: number) {
  for (let i = 0; i < 100; i++) {
    const [n] = await t.deps.db.select().from(hostNotifications).where(eq(hostNotifications.visitId, visitId));
    if (n && n.claimedBy === null && n.attempts > 0) return n;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the notice is still being delivered');
}

/** A pass checked in at the kiosk for a host: the visit id. */
async function arriveFor(hostId: number) {
  const { token } = await createPass(
    t.deps,
    { clientId: t.world.north.clientId, buildingId: t.world.north.northHighId },
    { hostId, firstname: 'Arriving', lastname: `Guest${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x')}` },
  );
  const res = await t
    .as(kiosk)
    .post('/api/kiosk/passes/check-in', { token, photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().state).toBe('checked_in');
  return res.json().visitId as number;
}

describe('hosts (issue 28 §1)', () => {
  it('adds a host; the autocomplete finds a name however it is typed, only in the district', async () => {
    const res = await t
      .as(north)
      .post('/api/hosts', { name: 'Margaret Oduya', email: 'm.oduya@example.test', channel: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    // an e-mail channel needs the address
    const bad = await t.as(north).post('/api/hosts', { name: 'No Mail', channel: 'email' });
    expect(bad.statusCode).toBe(400);
    const found = await t.as(desk).post('/api/hosts/search', { q: 'ODU\u200Bya' });
    expect(found.json().data.map((h: { name: string }) => h.name)).toContain('Margaret Oduya');
    const other = await t.as(south).post('/api/hosts/search', { q: 'oduya' });
    expect(other.json().data).toHaveLength(0);
  });

  it("brings in the district's administrators and attendants once, and keeps them in step", async () => {
    const first = (await t.as(north).post('/api/hosts/sync-users', {})).json();
    expect(first.added).toBeGreaterThan(0);
    const again = (await t.as(north).post('/api/hosts/sync-users', {})).json();
    expect(again).toEqual({ added: 0, updated: 0 });
    const rows = await t.deps.db
      .select()
      .from(hosts)
      .where(and(eq(hosts.clientId, t.world.north.clientId), eq(hosts.source, 'user')));
    expect(rows.map((r) => r.email)).toContain('desk.northhigh@demo.test');
    expect(rows.every((r) => r.clientId === t.world.north.clientId)).toBe(true);
  });

  it('imports hosts through the import pipeline, and the import can be undone', async () => {
    const csv =
      'Name,Email,Mobile,Notify By\r\nImport Hostone,hostone@example.test,,email\r\nImport Hosttwo,,5555550111,sms\r\n';
    const m = multipartBody(Buffer.from(csv), { fileName: 'hosts.csv', contentType: 'text/csv', fields: {} });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/imports/hosts',
      payload: m.body,
      headers: { ...m.headers, cookie: north.cookie, 'x-csrf-token': north.csrfToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ imported: 2, rejected: 0 });
    const undo = await t.as(north).post(`/api/imports/batches/${res.json().batchId}/undo`);
    expect(undo.json()).toMatchObject({ removed: 2, kept: 0 });
    expect(await t.deps.db.select().from(hosts).where(eq(hosts.name, 'Import Hostone'))).toHaveLength(0);
  });
});

describe('the host told on arrival (issue 28 §4)', () => {
  it("refuses a webhook URL that is not the service's, and never sends one back", async () => {
    const bad = await t.as(north).put('/api/hosts/webhooks', { slackUrl: 'https://example.com/hook' });
    expect(bad.statusCode).toBe(400);
    const ok = await t.as(north).put('/api/hosts/webhooks', { slackUrl: 'https://hooks.slack.com/services/T1/B1/abc' });
    expect(ok.json()).toEqual({ teams: false, slack: true });
    expect(ok.body).not.toContain('hooks.slack.com');
    const [stored] = await t.deps.db
      .select()
      .from(hostWebhooks)
      .where(eq(hostWebhooks.clientId, t.world.north.clientId));
    expect(stored!.urlSealed).not.toContain('hooks.slack.com');
  });

  it('posts to the district’s Slack webhook once, with the name, building and a photo link', async () => {
    await t.as(north).put('/api/hosts/webhooks', { slackUrl: `${peerUrl}/slack` });
    const hostId = await createHost(t.deps.db, t.world.north.clientId, { channel: 'slack', name: 'Slack Host' });
    received.length = 0;
    const visitId = await arriveFor(hostId);
    await settled(visitId);
    await t.services.hosts.deliverNotifications();
    await settled(visitId);
    const mine = received.filter((r) => r.path === '/slack');
    expect(mine).toHaveLength(1);
    const text = (mine[0]!.body as { text: string }).text;
    expect(text).toMatch(/Arriving Guest\w+ has arrived at North High School to see you\./);
    expect(text).toContain('/api/files/');
    const [n] = await t.deps.db.select().from(hostNotifications).where(eq(hostNotifications.visitId, visitId));
    expect(n).toMatchObject({ status: 'sent', channel: 'slack', attempts: 1 });
  });

  it('a Teams receiver that is down gets the notice later, once; after the last attempt it says failed', async () => {
    await t.as(north).put('/api/hosts/webhooks', { teamsUrl: `${peerUrl}/teams` });
    const hostId = await createHost(t.deps.db, t.world.north.clientId, { channel: 'teams' });
    received.length = 0;
    failNext = 1;
    const visitId = await arriveFor(hostId);
    await settled(visitId);
    await t.services.hosts.deliverNotifications();
    let n = await settled(visitId);
    expect(n).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Teams answered 500' });
    // the back-off has passed
    await t.deps.db
      .update(hostNotifications)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(hostNotifications.id, n!.id));
    await t.services.hosts.deliverNotifications();
    n = await settled(visitId);
    expect(n).toMatchObject({ status: 'sent', attempts: 2 });
    const teams = received.filter((r) => r.path === '/teams');
    expect(teams).toHaveLength(1);
    expect(JSON.stringify(teams[0]!.body)).toContain('AdaptiveCard');

    // always down: five attempts, then 'failed' (the honest status)
    failNext = 100;
    const other = await arriveFor(await createHost(t.deps.db, t.world.north.clientId, { channel: 'teams' }));
    await settled(other);
    for (let i = 0; i < 5; i++) {
      await t.deps.db
        .update(hostNotifications)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(hostNotifications.visitId, other));
      await t.services.hosts.deliverNotifications();
      await settled(other);
    }
    failNext = 0;
    const [last] = await t.deps.db.select().from(hostNotifications).where(eq(hostNotifications.visitId, other));
    expect(last).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('a host on a chat the district has not set up is told by e-mail instead', async () => {
    await t.as(north).put('/api/hosts/webhooks', { teamsUrl: '' });
    const hostId = await createHost(t.deps.db, t.world.north.clientId, {
      channel: 'teams',
      email: 'teams.fallback@example.test',
    });
    const visitId = await arriveFor(hostId);
    await settled(visitId);
    await t.services.hosts.deliverNotifications();
    const mail = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, 'teams.fallback@example.test'));
    expect(mail).toHaveLength(1);
    const [n] = await t.deps.db.select().from(hostNotifications).where(eq(hostNotifications.visitId, visitId));
    expect(n).toMatchObject({ status: 'message', messageId: mail[0]!.id });
  });

  it('a desk check-out and check-in again of the same person within minutes does not tell the host twice', async () => {
    const hostId = await createHost(t.deps.db, t.world.north.clientId, { email: 'twice@example.test' });
    const visitId = await arriveFor(hostId);
    const [v] = await t.deps.db.select().from(visits).where(eq(visits.id, visitId));
    const out = await t.as(desk).post(`/api/visits/${visitId}/check-out`);
    expect(out.statusCode, out.body).toBe(200);
    const screening = (
      await t.as(desk).post(`/api/visitors/${v!.visitorId}/screening`, { buildingId: t.world.north.northHighId })
    ).json();
    const again = await t.as(desk).post('/api/visits', {
      screeningId: screening.id,
      visitorId: v!.visitorId,
      buildingId: t.world.north.northHighId,
      hostId,
      photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.services.hosts.deliverNotifications();
    expect(await t.deps.db.select().from(hostNotifications).where(eq(hostNotifications.hostId, hostId))).toHaveLength(
      1,
    );
  });
  it('a desk check-in with a host tells the host at once, without waiting for the job', async () => {
    const first = await arriveFor(await createHost(t.deps.db, t.world.north.clientId, { email: 'first@example.test' }));
    const [v] = await t.deps.db.select().from(visits).where(eq(visits.id, first));
    expect((await t.as(desk).post(`/api/visits/${first}/check-out`)).statusCode).toBe(200);
    const hostId = await createHost(t.deps.db, t.world.north.clientId, { email: 'at.once@example.test' });
    const screening = (
      await t.as(desk).post(`/api/visitors/${v!.visitorId}/screening`, { buildingId: t.world.north.northHighId })
    ).json();
    const res = await t.as(desk).post('/api/visits', {
      screeningId: screening.id,
      visitorId: v!.visitorId,
      buildingId: t.world.north.northHighId,
      hostId,
      photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
    });
    expect(res.statusCode, res.body).toBe(200);
    // nobody runs the hosts.notify job here: the check-in's own nudge delivers it
    const n = await settled(res.json().visit.id);
    expect(n).toMatchObject({ hostId, status: 'message', attempts: 1 });
    const mail = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, 'at.once@example.test'));
    expect(mail).toHaveLength(1);
  });
});

describe('the kiosk\'s "Person visiting" picks a host (issue 28 §1)', () => {
  const tag = () =>
    Math.random()
      .toString(36)
      .slice(2, 8)
      .replace(/\d/g, (d) => 'klmnopqrst'[+d]!);
  const search = (q: string) => t.as(kiosk).post('/api/kiosk/hosts/search', { q });
  const signIn = (body: object, key = `host-kiosk-${tag()}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/kiosk/sign-ins',
      headers: { cookie: kiosk.cookie, 'x-csrf-token': kiosk.csrfToken, 'idempotency-key': key },
      payload: body,
    });
  const resetLimit = () => t.deps.db.delete(authThrottle).where(sql`${authThrottle.key} like 'kiosk:hostSearch:%'`);

  it("suggests only ids and names of the kiosk's building's and district-wide active hosts, by name", async () => {
    await resetLimit();
    const family = `Zq${tag()}`;
    const n = t.world.north;
    const districtWide = await createHost(t.deps.db, n.clientId, {
      name: `Ada ${family}`,
      email: `ada.${family.toLowerCase()}@example.test`,
      mobile: '5555550123',
    });
    const here = await createHost(t.deps.db, n.clientId, { name: `Ben ${family}`, buildingId: n.northHighId });
    await createHost(t.deps.db, n.clientId, { name: `Cy ${family}`, buildingId: n.lincolnId });
    const inactive = await createHost(t.deps.db, n.clientId, { name: `Di ${family}` });
    await t.deps.db.update(hosts).set({ active: false }).where(eq(hosts.id, inactive));
    await createHost(t.deps.db, t.world.south.clientId, { name: `Eve ${family}` });

    const res = await search(family.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    // another building's, an inactive and another district's host are never suggested
    expect(res.json()).toEqual({
      data: [
        { id: districtWide, name: `Ada ${family}` },
        { id: here, name: `Ben ${family}` },
      ],
    });
    // no e-mail or phone in the answer, and an address typed finds nobody
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('5555550123');
    expect((await search(`ada.${family.toLowerCase()}@example`)).json().data).toEqual([]);
    // fewer than two letters is refused; at most eight answers
    expect((await search('a')).statusCode).toBe(400);
    expect((await search(' a ')).statusCode).toBe(400);
    const many = `Zm${tag()}`;
    for (let i = 0; i < 10; i++) await createHost(t.deps.db, n.clientId, { name: `Host${i} ${many}` });
    expect((await search(many)).json().data).toHaveLength(KIOSK_HOST_SEARCH.max);
  });

  it('is for kiosk accounts only', async () => {
    expect((await t.as(desk).post('/api/kiosk/hosts/search', { q: 'host' })).statusCode).toBe(403);
    expect((await t.as(north).post('/api/kiosk/hosts/search', { q: 'host' })).statusCode).toBe(403);
  });

  it('is limited per kiosk account like its other floods (429, nothing found past it)', async () => {
    await resetLimit();
    for (let i = 0; i < KIOSK_LIMITS.hostSearch.max; i++) expect((await search('ho')).statusCode).toBe(200);
    const over = await search('ho');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(KIOSK_MESSAGES.tooManyHostSearches);
    await resetLimit();
  });

  it('a sign-in naming one of its hosts keeps it on the card, and the check-in tells that host', async () => {
    const [row] = await t.deps.db
      .select({ k: clients.kioskSettings })
      .from(clients)
      .where(eq(clients.id, t.world.north.clientId));
    const settings = row!.k as object;
    await t.deps.db
      .update(clients)
      .set({ kioskSettings: { ...settings, enableAutoCheckInKioskMode: true } })
      .where(eq(clients.id, t.world.north.clientId));
    try {
      const hostId = await createHost(t.deps.db, t.world.north.clientId, { name: `Kiosk Host ${tag()}` });
      const res = await signIn({
        person: { firstName: `Kia${tag()}`, lastName: `Hosted${tag()}`, dob: '1981-03-04' },
        photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
        personVisiting: 'Kiosk Host',
        hostId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { signInId } = res.json();
      const [card] = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, signInId));
      expect(card!.hostId).toBe(hostId);
      const polled = await t.as(kiosk).post(`/api/kiosk/sign-ins/${signInId}/auto-validate`, {});
      expect(polled.json(), polled.body).toMatchObject({ state: 'checked_in' });
      const visitId = polled.json().visitId as number;
      const [v] = await t.deps.db.select().from(visits).where(eq(visits.id, visitId));
      expect(v!.hostId).toBe(hostId);
      // queued for the hosts.notify job with the check-in (one per visit)
      const [notice] = await t.deps.db.select().from(hostNotifications).where(eq(hostNotifications.visitId, visitId));
      expect(notice).toMatchObject({ hostId, clientId: t.world.north.clientId });
    } finally {
      await t.deps.db.update(clients).set({ kioskSettings: settings }).where(eq(clients.id, t.world.north.clientId));
    }
  });

  it("another district's host, another building's or an unknown one is refused (400) and nothing is written", async () => {
    const foreign = await createHost(t.deps.db, t.world.south.clientId, { name: `South Host ${tag()}` });
    const lincoln = await createHost(t.deps.db, t.world.north.clientId, {
      name: `Lincoln Host ${tag()}`,
      buildingId: t.world.north.lincolnId,
    });
    for (const hostId of [foreign, lincoln, 2_000_000_000]) {
      const lastName = `Refused${tag()}`;
      const res = await signIn({
        person: { firstName: 'Kia', lastName, dob: '1982-04-05' },
        photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
        hostId,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: KIOSK_MESSAGES.hostNotFound,
        fieldErrors: { hostId: expect.any(Array) },
      });
      expect(await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.lastname, lastName))).toEqual(
        [],
      );
    }
  });
});

describe('the desk names the host (issue 28 §1)', () => {
  it('a check-in of a card with a host tells it, unless the desk said "no host" (hostId null)', async () => {
    const hostId = await createHost(t.deps.db, t.world.north.clientId, { name: 'Card Host' });
    const checkInCard = async (over: object) => {
      const { id } = await createPass(
        t.deps,
        { clientId: t.world.north.clientId, buildingId: t.world.north.northHighId },
        { hostId, firstname: 'Card', lastname: `Guest${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x')}` },
      );
      const scan = await t.as(desk).post(`/api/preregistrations/${id}/visitor`, {});
      expect(scan.statusCode, scan.body).toBe(200);
      const visitorId = scan.json().visitorId as number;
      const screening = (
        await t.as(desk).post(`/api/visitors/${visitorId}/screening`, { buildingId: t.world.north.northHighId })
      ).json();
      const res = await t.as(desk).post('/api/visits', {
        screeningId: screening.id,
        visitorId,
        buildingId: t.world.north.northHighId,
        preRegistrationId: id,
        photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
        ...over,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [v] = await t.deps.db.select().from(visits).where(eq(visits.id, res.json().visit.id));
      return v!.hostId;
    };
    expect(await checkInCard({})).toBe(hostId);
    expect(await checkInCard({ hostId: null, personVisiting: 'Someone else' })).toBeNull();
  });
});
