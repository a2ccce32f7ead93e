import { MESSAGES } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index';
import { startFakeSis, type FakeSis } from '../../test/peers/fake-sis';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { createRegistrationType } from '../../../db/seed/factories';
import { REENTER_BG_PASSWORD, REENTER_SIS_SECRET } from './clients.service';

let t: TestApp;
let sis: FakeSis;
let admin: Session;
let north: Session;
let south: Session;
let desk: Session;
let kiosk: Session;
let northId: number;
let southId: number;

beforeAll(async () => {
  t = await createTestApp();
  sis = await startFakeSis();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
  kiosk = await t.login('kiosk.northhigh@demo.test');
  northId = t.world.north.clientId;
  southId = t.world.south.clientId;
});
afterAll(() => sis.close());

const newClient = async () =>
  (await t.as(admin).post('/api/clients', { name: `Settings District ${Date.now()}` })).json().id as number;

describe('general settings (spec 000 §3, 002 §3)', () => {
  it('answers every setting with its default for a new client', async () => {
    const id = await newClient();
    const res = await t.as(admin).get(`/api/clients/${id}/settings`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: expect.any(Number),
      clientId: id,
      clientName: expect.stringMatching(/^Settings District/),
      visitorBtn: '',
      checkinBtn: '',
      checkoutBtn: '',
      pickupBtn: '',
      badgeByDate: false,
      strExpDate: '',
      months: 12,
      skyward: false,
      sisBaseUrl: '',
      sisTokenUrl: '',
      sisClientId: '',
      clientsStudentInfoSystemId: null,
      sisStudentDropoffDetected: false,
      sisStudentPickupDetected: false,
      disableAutoLogoutVisitors: false,
      enableCheckForVisitorsMoreOften: false,
      successScreenDelay: 0,
      visitorUrl: '',
      volunteerUrl: '',
      backgroundCheck: false,
      registryGating: 'dob-agrees',
      hasSisClientSecret: false,
      registrationLinks: [],
    });
  });

  it('saves every setting; a positive number means success', async () => {
    const body = {
      visitorBtn: 'VISITOR',
      checkinBtn: 'N/A',
      checkoutBtn: 'SIGN OUT',
      pickupBtn: 'PICK UP A STUDENT',
      badgeByDate: true,
      strExpDate: '2027-06-30',
      months: 6,
      skyward: true,
      sisBaseUrl: 'local',
      sisTokenUrl: '',
      sisClientId: 'north-county',
      clientsStudentInfoSystemId: 0,
      sisStudentDropoffDetected: true,
      sisStudentPickupDetected: true,
      disableAutoLogoutVisitors: true,
      enableCheckForVisitorsMoreOften: true,
      successScreenDelay: 5,
      visitorUrl: 'https://visit.northcounty.example/',
      volunteerUrl: 'https://volunteer.northcounty.example/',
      backgroundCheck: true,
      registryGating: 'all-matches',
    };
    const res = await t.as(north).edit('PATCH', `/api/clients/${northId}/settings`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: northId, version: expect.any(Number) });
    expect((await t.as(north).get(`/api/clients/${northId}/settings`)).json()).toEqual({
      ...body,
      version: expect.any(Number),
      clientId: northId,
      clientName: 'North County Schools',
      hasSisClientSecret: false,
      registrationLinks: [
        { registrationTypeId: expect.any(Number), name: 'Volunteer', path: `/register/${northId}/volunteer` },
      ],
    });
  });

  it('answers the first message when a save is refused', async () => {
    const res = await t
      .as(north)
      .edit('PATCH', `/api/clients/${northId}/settings`, { badgeByDate: true, strExpDate: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('strExpDate: Choose the date badges expire');
    const months = await t.as(north).edit('PATCH', `/api/clients/${northId}/settings`, { months: 0 });
    expect(months.json().fieldErrors.months).toEqual(['At least 1 month']);
    const url = await t
      .as(north)
      .edit('PATCH', `/api/clients/${northId}/settings`, { visitorUrl: 'javascript:alert(1)' });
    expect(url.statusCode).toBe(400);
  });

  it('keeps a client admin to their own client: another district answers 404, attendants and kiosks 403', async () => {
    expect((await t.as(north).get(`/api/clients/${southId}/settings`)).statusCode).toBe(404);
    expect((await t.as(north).edit('PATCH', `/api/clients/${southId}/settings`, { months: 3 })).statusCode).toBe(404);
    expect((await t.as(north).get(`/api/clients/${southId}/kiosk-settings`)).statusCode).toBe(404);
    expect((await t.as(north).get(`/api/clients/${southId}/background-settings`)).statusCode).toBe(404);
    expect((await t.as(north).post(`/api/clients/${southId}/sis/test`, {})).statusCode).toBe(404);
    expect((await t.as(desk).get(`/api/clients/${northId}/settings`)).statusCode).toBe(403);
    expect((await t.as(desk).get(`/api/clients/${northId}/kiosk-settings`)).statusCode).toBe(403);
    expect((await t.as(desk).get(`/api/clients/${northId}/background-settings`)).statusCode).toBe(403);
    expect((await t.as(kiosk).get(`/api/clients/${northId}/kiosk-settings`)).statusCode).toBe(403);
    // South's settings are untouched
    expect((await t.as(south).get(`/api/clients/${southId}/settings`)).json().months).toBe(12);
  });
});

describe('kiosk settings (spec 002 §3, §9)', () => {
  it('answers the defaults, saves and reads back', async () => {
    const id = await newClient();
    const defaults = (await t.as(admin).get(`/api/clients/${id}/kiosk-settings`)).json();
    expect(defaults).toEqual({
      version: expect.any(Number),
      clientId: id,
      clientName: expect.any(String),
      kioskvisitorBtn: '',
      kioskcheckinBtn: '',
      kioskCheckoutBtn: '',
      pickupBtn: '',
      kioskStudentCheckInBtn: '',
      kioskStudentCheckOutBtn: '',
      enableAutoCheckInKioskMode: false,
      enableCovidBanner: false,
      bannerQuestion1: '',
      bannerQuestion2: '',
      // issue 25 (ADR 0034): the district's own Spanish for its health questions, none by default
      bannerQuestion1Es: '',
      bannerQuestion2Es: '',
      clientsStudentInfoSystemId: null,
      sisStudentDropoffDetected: false,
      sisStudentPickupDetected: false,
    });
    const body = {
      kioskvisitorBtn: 'VISITORS',
      kioskcheckinBtn: 'N/A',
      kioskCheckoutBtn: 'Leaving? Tap here',
      pickupBtn: 'STUDENT PICKUP',
      kioskStudentCheckInBtn: 'LATE ARRIVAL',
      kioskStudentCheckOutBtn: 'EARLY DISMISSAL',
      enableAutoCheckInKioskMode: true,
      enableCovidBanner: true,
      bannerQuestion1: 'Do you have a fever today?',
      bannerQuestion2: '',
      clientsStudentInfoSystemId: 7,
      sisStudentDropoffDetected: true,
      sisStudentPickupDetected: false,
    };
    expect((await t.as(admin).edit('PATCH', `/api/clients/${id}/kiosk-settings`, body)).json()).toEqual({
      id,
      version: expect.any(Number),
    });
    expect((await t.as(admin).get(`/api/clients/${id}/kiosk-settings`)).json()).toMatchObject(body);
    const long = await t
      .as(admin)
      .edit('PATCH', `/api/clients/${id}/kiosk-settings`, { kioskvisitorBtn: 'x'.repeat(61) });
    expect(long.json().message).toBe('kioskvisitorBtn: Use at most 60 characters');
  });
});

describe('write-only secrets (security guide: the stored password is never sent back)', () => {
  const SIS_CANARY = 'sis-Secret-Canary-7f3a';
  const BG_CANARY = 'bg-Password-Canary-91c2';

  it('stores the secrets encrypted, never answers them, keeps them when blank and removes them on request', async () => {
    const id = await newClient();
    const save = await t.as(admin).edit('PATCH', `/api/clients/${id}/settings`, {
      sisBaseUrl: sis.url,
      sisClientId: sis.clientId,
      sisClientSecret: SIS_CANARY,
    });
    expect(save.json()).toEqual({ id, version: expect.any(Number) });
    const bg = await t.as(admin).edit('PATCH', `/api/clients/${id}/background-settings`, {
      provider: 'http',
      username: 'district-42',
      endpointUrl: 'https://screening.example/api',
      password: BG_CANARY,
    });
    expect(bg.json()).toEqual({ id, version: expect.any(Number) });

    const [stored] = await t.deps.db.select().from(clients).where(eq(clients.id, id));
    const storedText = JSON.stringify(stored);
    expect(storedText).not.toContain(SIS_CANARY);
    expect(storedText).not.toContain(BG_CANARY);
    const sealedSis = (stored.settings as Record<string, string>).sisClientSecretSealed;
    expect(sealedSis).toMatch(/^v1\./);
    expect(stored.backgroundSecret).toMatch(/^v1\./);

    const responses = await Promise.all(
      [
        `/api/clients/${id}/settings`,
        `/api/clients/${id}/kiosk-settings`,
        `/api/clients/${id}/background-settings`,
        `/api/clients/${id}`,
        '/api/clients?activeOnly=false',
        '/api/clients/lookup',
        `/api/system-settings?clientId=${id}`,
      ].map((url) => t.as(admin).get(url)),
    );
    for (const r of responses) {
      expect(r.statusCode).toBe(200);
      for (const secret of [SIS_CANARY, BG_CANARY, sealedSis, stored.backgroundSecret!])
        expect(r.body).not.toContain(secret);
    }
    expect(responses[0].json().hasSisClientSecret).toBe(true);
    expect(responses[2].json()).toEqual({
      version: expect.any(Number),
      clientId: id,
      clientName: expect.any(String),
      provider: 'http',
      username: 'district-42',
      endpointUrl: 'https://screening.example/api',
      hasPassword: true,
    });
    const audits = await t.deps.database.query<{ details: unknown }>(
      `select details from audit_events where target_type = 'client' and target_id = $1`,
      [String(id)],
    );
    expect(JSON.stringify(audits)).not.toContain(SIS_CANARY);
    expect(JSON.stringify(audits)).not.toContain(BG_CANARY);

    // blank keeps the saved secrets
    await t
      .as(admin)
      .edit('PATCH', `/api/clients/${id}/settings`, { sisBaseUrl: sis.url, sisClientId: sis.clientId, months: 3 });
    await t.as(admin).edit('PATCH', `/api/clients/${id}/background-settings`, {
      provider: 'http',
      username: 'district-43',
      endpointUrl: 'https://screening.example/api',
    });
    expect((await t.as(admin).get(`/api/clients/${id}/settings`)).json().hasSisClientSecret).toBe(true);
    expect((await t.as(admin).get(`/api/clients/${id}/background-settings`)).json()).toMatchObject({
      provider: 'http',
      username: 'district-43',
      hasPassword: true,
    });

    // a saved secret is never sent to a new address without being typed again
    const moved = await t.as(admin).edit('PATCH', `/api/clients/${id}/settings`, {
      sisBaseUrl: 'https://elsewhere.example',
      sisClientId: sis.clientId,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(REENTER_SIS_SECRET);
    const bgMoved = await t.as(admin).edit('PATCH', `/api/clients/${id}/background-settings`, {
      endpointUrl: 'https://elsewhere.example/api',
    });
    expect(bgMoved.json()).toMatchObject({
      message: REENTER_BG_PASSWORD,
      fieldErrors: { password: [REENTER_BG_PASSWORD] },
    });

    // removal
    await t.as(admin).edit('PATCH', `/api/clients/${id}/settings`, {
      sisBaseUrl: sis.url,
      sisClientId: sis.clientId,
      clearSisClientSecret: true,
    });
    await t.as(admin).edit('PATCH', `/api/clients/${id}/background-settings`, { clearPassword: true });
    expect((await t.as(admin).get(`/api/clients/${id}/settings`)).json().hasSisClientSecret).toBe(false);
    expect((await t.as(admin).get(`/api/clients/${id}/background-settings`)).json().hasPassword).toBe(false);
    const [after] = await t.deps.db.select().from(clients).where(eq(clients.id, id));
    expect(after.backgroundSecret).toBeNull();
    expect(after.settings).not.toHaveProperty('sisClientSecretSealed');
  });
});

describe('Skyward connection test against a OneRoster SIS (spec 000 §8)', () => {
  const test = (s: Session, id: number, body: object = {}) => t.as(s).post(`/api/clients/${id}/sis/test`, body);

  it('connects with the saved settings: token, then an authenticated OneRoster call', async () => {
    const id = await newClient();
    const saved = await t.as(admin).edit('PATCH', `/api/clients/${id}/settings`, {
      skyward: true,
      sisBaseUrl: sis.url,
      sisClientId: sis.clientId,
      sisClientSecret: sis.clientSecret,
    });
    expect(saved.json()).toEqual({ id, version: expect.any(Number) });
    const before = sis.tokensIssued;
    const res = await test(admin, id);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.skywardOk });
    expect(res.json().message).toBe('Connection successful.');
    expect(sis.tokensIssued).toBe(before + 1);
    expect(sis.requests.at(-1)).toEqual({ method: 'GET', path: '/ims/oneroster/v1p1/orgs', authorized: true });
  });

  it('fails with the spec message on a wrong secret, an outage or an unreachable server', async () => {
    const id = await newClient();
    await t.as(admin).edit('PATCH', `/api/clients/${id}/settings`, {
      sisBaseUrl: sis.url,
      sisClientId: sis.clientId,
      sisClientSecret: 'not-the-secret',
    });
    const failed = {
      ok: false,
      message: 'Could not connect to Skyward server. Please try after sometime or contact your administrator.',
    };
    expect((await test(admin, id)).json()).toEqual(failed);
    expect(sis.requests.at(-1)).toEqual({ method: 'POST', path: '/oauth/token', authorized: false });

    sis.setDown(true);
    try {
      expect((await test(admin, id, { sisClientSecret: sis.clientSecret })).json()).toEqual(failed);
    } finally {
      sis.setDown(false);
    }
    expect((await test(admin, id, { sisBaseUrl: 'http://127.0.0.1:9', sisClientSecret: 'x' })).json()).toEqual(failed);
  });

  it('tests unsaved settings from the form without saving them', async () => {
    const id = await newClient();
    const res = await test(admin, id, {
      sisBaseUrl: sis.url,
      sisClientId: sis.clientId,
      sisClientSecret: sis.clientSecret,
    });
    expect(res.json().ok).toBe(true);
    expect((await t.as(admin).get(`/api/clients/${id}/settings`)).json().sisBaseUrl).toBe('');
  });

  it('never sends the saved secret to an unsaved address', async () => {
    const id = await newClient();
    await t.as(admin).edit('PATCH', `/api/clients/${id}/settings`, {
      sisBaseUrl: 'https://sis.district.example',
      sisClientId: sis.clientId,
      sisClientSecret: sis.clientSecret,
    });
    const before = sis.tokensIssued;
    const res = await test(admin, id, { sisBaseUrl: sis.url });
    expect(res.json().ok).toBe(false);
    expect(sis.tokensIssued).toBe(before);
  });

  it("uses the built-in provider for 'local' and fails when nothing is configured", async () => {
    const id = await newClient();
    // the answer says it was the built-in system, not a district server (audit 000 U12)
    expect((await test(admin, id, { sisBaseUrl: 'local' })).json()).toEqual({
      ok: true,
      message: MESSAGES.skywardOk,
      builtIn: true,
    });
    expect((await test(admin, id)).json()).toEqual({ ok: false, message: MESSAGES.skywardFailed });
  });
});

describe('desk settings (what the front desk and kiosk run on)', () => {
  it('are readable by the district’s attendants and kiosks, never carry secrets, and stay inside the district', async () => {
    const { createTestApp } = await import('../../test/test-app');
    const t2 = await createTestApp();
    const desk = await t2.login('desk.northhigh@demo.test');
    const res = await t2.as(desk).get(`/api/clients/${t2.world.north.clientId}/desk-settings`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().desk)).toContain('checkinBtn');
    expect(res.body).not.toMatch(/sisClientSecret|sisBaseUrl|visitorUrl|password/i);
    const kiosk = await t2.login('kiosk.northhigh@demo.test');
    expect((await t2.as(kiosk).get(`/api/clients/${t2.world.north.clientId}/desk-settings`)).statusCode).toBe(200);
    const south = await t2.login('desk.southelem@demo.test');
    expect((await t2.as(south).get(`/api/clients/${t2.world.north.clientId}/desk-settings`)).statusCode).toBe(404);
  });
});

describe('registration links (issue 25, audit 000 U5; ADR 0039)', () => {
  it('are derived from the active registration types, on District Settings, System Settings and Edit District', async () => {
    const id = await newClient();
    await createRegistrationType(t.deps.db, id, { name: 'Volunteer', code: 'volunteer' });
    await createRegistrationType(t.deps.db, id, { name: 'Chaperone & Coach', code: 'chaperone coach' });
    await createRegistrationType(t.deps.db, id, { name: 'Retired', code: 'retired', isActive: false });
    const settings = (await t.as(admin).get(`/api/clients/${id}/settings`)).json();
    expect(settings.registrationLinks).toEqual([
      { registrationTypeId: expect.any(Number), name: 'Chaperone & Coach', path: `/register/${id}/chaperone%20coach` },
      { registrationTypeId: expect.any(Number), name: 'Volunteer', path: `/register/${id}/volunteer` },
    ]);
    const system = (await t.as(admin).get(`/api/system-settings?clientId=${id}`)).json();
    expect(system.registrationLinks).toEqual(settings.registrationLinks);
    const detail = (await t.as(admin).get(`/api/clients/${id}`)).json();
    expect(detail.registrationLinks).toEqual(settings.registrationLinks);
  });

  it("a district admin sees only their own district's links", async () => {
    const res = await t.as(north).get(`/api/clients/${northId}/settings`);
    expect(res.statusCode).toBe(200);
    for (const link of res.json().registrationLinks as { path: string }[]) {
      expect(link.path.startsWith(`/register/${northId}/`)).toBe(true);
    }
    expect((await t.as(north).get(`/api/clients/${southId}/settings`)).statusCode).toBe(404);
  });
});
