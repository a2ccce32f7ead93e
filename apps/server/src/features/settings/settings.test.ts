import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { CHOOSE_CLIENT } from './client-choice';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let desk: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
});

describe('system settings (spec 000 §2 /settings: visitor and volunteer URLs)', () => {
  it("answers the client admin's own client and saves its URLs", async () => {
    const empty = (await t.as(north).get('/api/system-settings')).json();
    expect(empty).toEqual({
      version: expect.any(Number),
      clientId: t.world.north.clientId,
      clientName: 'North County Schools',
      visitorUrl: '',
      volunteerUrl: '',
      registrationLinks: [
        {
          registrationTypeId: expect.any(Number),
          name: 'Volunteer',
          path: `/register/${t.world.north.clientId}/volunteer`,
        },
      ],
      skyward: false,
      sisConfigured: false,
    });
    const res = await t.as(north).edit('PUT', '/api/system-settings', {
      visitorUrl: 'https://visit.northcounty.example/',
      volunteerUrl: 'https://volunteer.northcounty.example/',
    });
    expect(res.json()).toEqual({ id: t.world.north.clientId, version: expect.any(Number) });
    expect((await t.as(north).get('/api/system-settings')).json()).toMatchObject({
      visitorUrl: 'https://visit.northcounty.example/',
      volunteerUrl: 'https://volunteer.northcounty.example/',
    });
    // the general settings see the same values, other settings untouched
    const settings = (await t.as(north).get(`/api/clients/${t.world.north.clientId}/settings`)).json();
    expect(settings).toMatchObject({ volunteerUrl: 'https://volunteer.northcounty.example/', months: 12 });
  });

  it('keeps a saved SIS secret when the URLs change', async () => {
    const id = t.world.south.clientId;
    await t.as(south).edit('PATCH', `/api/clients/${id}/settings`, {
      sisBaseUrl: 'https://sis.southvalley.example',
      sisClientId: 'south',
      sisClientSecret: 'south-secret',
      skyward: true,
    });
    await t
      .as(south)
      .edit('PUT', '/api/system-settings', { visitorUrl: '', volunteerUrl: 'https://v.southvalley.example/' });
    const after = (await t.as(south).get(`/api/clients/${id}/settings`)).json();
    expect(after).toMatchObject({
      hasSisClientSecret: true,
      skyward: true,
      volunteerUrl: 'https://v.southvalley.example/',
    });
    expect((await t.as(south).get('/api/system-settings')).json()).toMatchObject({
      skyward: true,
      sisConfigured: true,
    });
  });

  it('makes admins choose a client', async () => {
    const res = await t.as(admin).get('/api/system-settings');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHOOSE_CLIENT);
    const south = (await t.as(admin).get(`/api/system-settings?clientId=${t.world.south.clientId}`)).json();
    expect(south.clientName).toBe('South Valley District');
    expect((await t.as(admin).get('/api/system-settings?clientId=999999')).statusCode).toBe(404);
  });

  it("never lets a client admin read or change another district's settings, nor an attendant any", async () => {
    const other = t.world.south.clientId;
    expect((await t.as(north).get(`/api/system-settings?clientId=${other}`)).statusCode).toBe(404);
    const put = await t.as(north).edit('PUT', '/api/system-settings', {
      clientId: other,
      visitorUrl: 'https://evil.example/',
      volunteerUrl: '',
    });
    expect(put.statusCode).toBe(404);
    expect((await t.as(admin).get(`/api/system-settings?clientId=${other}`)).json().visitorUrl).toBe('');
    expect((await t.as(desk).get('/api/system-settings')).statusCode).toBe(403);
    expect(
      (await t.as(desk).edit('PUT', '/api/system-settings', { visitorUrl: '', volunteerUrl: '' })).statusCode,
    ).toBe(403);
  });

  it('accepts only web addresses', async () => {
    const res = await t
      .as(north)
      .edit('PUT', '/api/system-settings', { visitorUrl: 'ftp://files.example/', volunteerUrl: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.visitorUrl).toBeDefined();
  });
});
