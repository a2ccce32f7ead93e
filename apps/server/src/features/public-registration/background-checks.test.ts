import { CHECKS_NOT_CONFIGURED_NOTE, DEMO_CHECK_NOTE } from '@sv/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRegistration, createRegistrationType } from '../../../db/seed/factories';
import { clients, registrations } from '../../db/schema/index';
import { type FakeAgency, startFakeAgency } from '../../test/peers/fake-background-agency';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { BACKGROUND_TEST_MESSAGES } from '../clients/clients.service';
import { runBackgroundChecks } from './background-checks';

/**
 * Issue 23 §2 "Integrations that tell the truth": each district's checks go to the provider its
 * own Background Settings choose; the demo provider's results say so; a district with no provider
 * keeps its checks waiting and says why. Issue 25: the state-check and conviction flags come from
 * the provider's answer.
 */
let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let agency: FakeAgency;
const NORTH_ACCOUNT = { username: 'north-county', password: 'Agency-Pa55word!north' };

beforeAll(async () => {
  t = await createTestApp();
  [admin, north, south] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
  ]);
  agency = await startFakeAgency(NORTH_ACCOUNT);
});
afterAll(async () => {
  await agency.close();
});

const settingsUrl = (clientId: number) => `/api/clients/${clientId}/background-settings`;
const rowOf = async (id: number) => (await t.deps.db.select().from(registrations).where(eq(registrations.id, id)))[0];

async function sweepUntilSettled(times = 3) {
  for (let i = 0; i < times; i++) await runBackgroundChecks(t.deps);
}

describe('per-district background-check providers (issue 23 §2)', () => {
  it('each district’s checks go to its own provider: the agency with the district’s account, the demo one labelled', async () => {
    const northId = t.world.north.clientId;
    const southId = t.world.south.clientId;
    // North chooses its agency; South (a demo district) keeps the demo provider
    const put = await t.as(north).edit('PATCH', settingsUrl(northId), {
      provider: 'http',
      endpointUrl: agency.url,
      ...NORTH_ACCOUNT,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.as(south).get(settingsUrl(southId))).json().provider).toBe('demo');

    const northType = await createRegistrationType(t.deps.db, northId);
    const southType = await createRegistrationType(t.deps.db, southId);
    const n1 = await createRegistration(t.deps.db, northType, { lastname: 'Agencyclear', ddStatus: 4 });
    const n2 = await createRegistration(t.deps.db, northType, { lastname: 'Conviction', ddStatus: 4 });
    const n3 = await createRegistration(t.deps.db, northType, { lastname: 'Review', ddStatus: 4 });
    const s1 = await createRegistration(t.deps.db, southType, { lastname: 'Democlear', ddStatus: 4 });
    await sweepUntilSettled();

    // the agency saw North's three people, with North's account, and never South's
    const posts = agency.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => (r.body as { lastName: string }).lastName).sort()).toEqual([
      'Agencyclear',
      'Conviction',
      'Review',
    ]);
    expect(new Set(agency.requests.map((r) => r.account))).toEqual(new Set([NORTH_ACCOUNT.username]));

    const [a, conv, rev, demo] = await Promise.all([n1, n2, n3, s1].map((r) => rowOf(r.id)));
    expect(a).toMatchObject({ ddStatus: 2, ddProvider: 'http', hasStateCheck: true, hasStateIssues: false });
    expect(a.ddReference).toMatch(/^chk_/);
    // issue 25: the state-check and conviction flags come from the agency's answer
    expect(conv).toMatchObject({ ddStatus: 3, ddProvider: 'http', hasConviction: true, hasStateIssues: false });
    expect(rev).toMatchObject({ ddStatus: 3, ddProvider: 'http', hasStateCheck: true, hasStateIssues: true });
    expect(demo).toMatchObject({ ddStatus: 2, ddProvider: 'demo', hasStateCheck: true });
    expect(demo.ddReference).toMatch(/^local-c-/);

    // the API says which result is not a real check; an agency's result carries no label
    const demoView = (await t.as(south).get(`/api/registrations/${s1.id}`)).json();
    expect(demoView.display).toMatchObject({ backgroundCheck: 'Approved', backgroundCheckNote: DEMO_CHECK_NOTE });
    const agencyView = (await t.as(north).get(`/api/registrations/${n1.id}`)).json();
    expect(agencyView.display).toMatchObject({ backgroundCheck: 'Approved', backgroundCheckNote: null });
    const list = await t.as(south).post('/api/registrations/search', { status: 'pending', lastname: 'Democlear' });
    expect(list.json().data[0].display.backgroundCheckNote).toBe(DEMO_CHECK_NOTE);

    // …and so does the export
    const csv = await t.as(south).post('/api/registrations/export', {
      registrationTypeId: southType.id,
      columns: [5, 13],
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Last Name,Background Check');
    expect(lines[1]).toBe(`Democlear,Approved (${DEMO_CHECK_NOTE})`);
    const northCsv = await t.as(north).post('/api/registrations/export', {
      registrationTypeId: northType.id,
      columns: [5, 13],
    });
    expect(northCsv.body).toContain('Agencyclear,Approved');
    expect(northCsv.body).not.toContain(DEMO_CHECK_NOTE);
  });

  it('keeps the password sealed at rest and never answers it; the connection test uses the saved account', async () => {
    const northId = t.world.north.clientId;
    const [row] = await t.deps.db.select().from(clients).where(eq(clients.id, northId));
    expect(row.backgroundSecret).toBeTruthy();
    expect(row.backgroundSecret).not.toContain(NORTH_ACCOUNT.password);
    expect(row.backgroundSecret?.startsWith('v1.')).toBe(true);
    expect(JSON.stringify(row.backgroundSettings)).not.toContain(NORTH_ACCOUNT.password);
    const got = await t.as(north).get(settingsUrl(northId));
    expect(got.json()).toMatchObject({ provider: 'http', username: NORTH_ACCOUNT.username, hasPassword: true });
    expect(got.body).not.toContain(NORTH_ACCOUNT.password);

    const ok = await t.as(north).post(`${settingsUrl(northId)}/test`, {});
    expect(ok.json()).toEqual({ ok: true, message: BACKGROUND_TEST_MESSAGES.ok });
    // a wrong password is refused by the agency, and the screen says so
    await t.as(north).edit('PATCH', settingsUrl(northId), {
      provider: 'http',
      endpointUrl: agency.url,
      username: NORTH_ACCOUNT.username,
      password: 'not-the-password',
    });
    const refused = await t.as(north).post(`${settingsUrl(northId)}/test`, {});
    expect(refused.json()).toEqual({ ok: false, message: BACKGROUND_TEST_MESSAGES.refused });
    // an agency needs its address
    const noUrl = await t
      .as(north)
      .edit('PATCH', settingsUrl(northId), { provider: 'http', endpointUrl: '', username: 'x' });
    expect(noUrl.statusCode).toBe(400);
    // a district cannot read or test another's settings
    expect((await t.as(south).post(`${settingsUrl(northId)}/test`, {})).statusCode).toBe(404);
  });

  it('a new district starts "not configured": its checks wait In Queue and the screens say why', async () => {
    const fresh = await createClient(t.deps.db, { name: 'Fresh District' });
    const got = await t.as(admin).get(settingsUrl(fresh.id));
    expect(got.json()).toMatchObject({ provider: 'none', hasPassword: false });
    const type = await createRegistrationType(t.deps.db, fresh.id);
    const reg = await createRegistration(t.deps.db, type, { lastname: 'Waiting', ddStatus: 4 });
    const before = agency.requests.length;
    await sweepUntilSettled(2);
    expect(await rowOf(reg.id)).toMatchObject({ ddStatus: 4, ddProvider: null, approved: null });
    expect(agency.requests.length).toBe(before);
    const view = (await t.as(admin).get(`/api/registrations/${reg.id}`)).json();
    expect(view.display).toMatchObject({
      label: 'Pending',
      backgroundCheck: 'In Queue',
      backgroundCheckNote: CHECKS_NOT_CONFIGURED_NOTE,
    });
    const test = await t.as(admin).post(`${settingsUrl(fresh.id)}/test`, {});
    expect(test.json()).toEqual({ ok: false, message: BACKGROUND_TEST_MESSAGES.none });

    // once the district chooses a provider, the waiting check runs
    expect((await t.as(admin).edit('PATCH', settingsUrl(fresh.id), { provider: 'demo' })).statusCode).toBe(200);
    await sweepUntilSettled(2);
    expect(await rowOf(reg.id)).toMatchObject({ ddStatus: 2, ddProvider: 'demo' });
  });
});
