import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let desk: Session;
let kiosk: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
  kiosk = await t.login('kiosk.northhigh@demo.test');
});

describe('client list (spec 000 §2: server-side, 100 a page, sorted by Id, active-only toggle)', () => {
  it('answers a page sorted by id with the full address text', async () => {
    const res = await t.as(admin).get('/api/clients');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ currentPage: 1, perPage: 100, totalPages: 1 });
    const ids = page.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(page.data[0]).toEqual({
      id: t.world.north.clientId,
      name: 'North County Schools',
      street1: '100 Administration Way',
      street2: '',
      city: 'Northfield',
      state: 'IL',
      zipcode: '60093',
      address: '100 Administration Way, Northfield, IL 60093',
      note: 'Demo district',
      active: true,
    });
  });

  it('hides inactive clients unless the toggle is off, sorts by name on request and refuses a page over 100', async () => {
    const created = await t.as(admin).post('/api/clients', { name: 'Aardvark Closed District', active: false });
    const id = created.json().id;
    const active = (await t.as(admin).get('/api/clients')).json();
    expect(active.data.some((c: { id: number }) => c.id === id)).toBe(false);
    const all = (await t.as(admin).get('/api/clients?activeOnly=false&sort=name&dir=asc')).json();
    expect(all.data[0]).toMatchObject({ id, name: 'Aardvark Closed District', active: false });
    expect((await t.as(admin).get('/api/clients?perPage=101')).statusCode).toBe(400);
    expect((await t.as(admin).get('/api/clients?sort=note')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.as(north).get('/api/clients')).statusCode).toBe(403);
    expect((await t.as(desk).get('/api/clients')).statusCode).toBe(403);
    expect((await t.as(null).get('/api/clients')).statusCode).toBe(401);
  });
});

describe('client lookup', () => {
  it('lists every client for admins and only the own client for others', async () => {
    const all = (await t.as(admin).get('/api/clients/lookup')).json().data;
    expect(all.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['North County Schools', 'South Valley District']),
    );
    const own = (await t.as(north).get('/api/clients/lookup')).json().data;
    expect(own).toEqual([{ id: t.world.north.clientId, name: 'North County Schools', active: true }]);
    expect((await t.as(desk).get('/api/clients/lookup')).json().data).toHaveLength(1);
    expect((await t.as(kiosk).get('/api/clients/lookup')).statusCode).toBe(403);
  });
});

describe('create and edit a client (spec 000 §4: new clients are active with an empty address)', () => {
  it('creates with the defaults, reads back, edits, and audits', async () => {
    const res = await t.as(admin).post('/api/clients', { name: '  Lakeside Schools  ' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(id).toBeGreaterThan(0);
    const detail = (await t.as(admin).get(`/api/clients/${id}`)).json();
    expect(detail).toEqual({
      id,
      version: 1,
      name: 'Lakeside Schools',
      street1: '',
      street2: '',
      city: '',
      state: '',
      zipcode: '',
      address: '',
      note: '',
      active: true,
      volunteerUrl: '',
      visitorUrl: '',
      registrationLinks: [],
    });
    const put = await t.as(admin).edit('PUT', `/api/clients/${id}`, {
      name: 'Lakeside Schools',
      street1: '1 Shore Dr',
      street2: 'Suite 2',
      city: 'Lakeside',
      state: 'MI',
      zipcode: '49116',
      note: 'Pilot',
      active: true,
    });
    expect(put.json()).toEqual({ id, version: expect.any(Number) });
    expect((await t.as(admin).get(`/api/clients/${id}`)).json().address).toBe(
      '1 Shore Dr, Suite 2, Lakeside, MI 49116',
    );
    const audits = await t.deps.database.query<{ action: string }>(
      `select action from audit_events where target_type = 'client' and target_id = $1 order by id`,
      [String(id)],
    );
    expect(audits.map((a) => a.action)).toEqual(['client.create', 'client.update']);
  });

  it('validates the name, the state and the 5-digit zip code', async () => {
    const res = await t.as(admin).post('/api/clients', { name: ' ', zipcode: '1234', state: 'Illinois' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['name', 'state', 'zipcode']);
    expect(res.json().fieldErrors.zipcode[0]).toBe('Enter a 5-digit zip code');
  });

  it('answers 404 for a missing client and 403 to client admins', async () => {
    expect((await t.as(admin).get('/api/clients/999999')).statusCode).toBe(404);
    expect((await t.as(admin).edit('PUT', '/api/clients/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await t.as(north).get(`/api/clients/${t.world.north.clientId}`)).statusCode).toBe(403);
    expect((await t.as(north).edit('PUT', `/api/clients/${t.world.north.clientId}`, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await t.as(north).post('/api/clients', { name: 'Mine too' })).statusCode).toBe(403);
  });

  it('shows the volunteer URL saved in the settings on the edit screen', async () => {
    const id = t.world.south.clientId;
    await t.as(south).edit('PUT', '/api/system-settings', {
      visitorUrl: 'https://visit.southvalley.example/',
      volunteerUrl: 'https://volunteer.southvalley.example/',
    });
    expect((await t.as(admin).get(`/api/clients/${id}`)).json()).toMatchObject({
      volunteerUrl: 'https://volunteer.southvalley.example/',
      visitorUrl: 'https://visit.southvalley.example/',
    });
  });
});
