import type { TContactRow } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, users } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let desk: Session;

beforeAll(async () => {
  t = await createTestApp();
  [admin, north, south, desk] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('desk.northhigh@demo.test'),
  ]);
});

const stored = async (id: number) => (await t.deps.db.select().from(contacts).where(eq(contacts.id, id)))[0];

describe('contact rules (spec 000 §4, §5)', () => {
  it('a Global contact has its building cleared on save', async () => {
    const res = await t.as(admin).post('/api/contacts', {
      contactType: 'Global',
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      name: 'District Safety Officer',
      email: 'Safety@Example.org',
    });
    expect(res.statusCode).toBe(200);
    const c: TContactRow = res.json();
    expect(c).toMatchObject({
      contactType: 'Global',
      buildingId: null,
      buildingName: null,
      email: 'safety@example.org',
    });
    expect((await stored(c.id)).buildingId).toBeNull();

    const asBuilding = await t.as(admin).edit('PUT', `/api/contacts/${c.id}`, {
      contactType: 'Building',
      buildingId: t.world.north.lincolnId,
      name: c.name,
      email: c.email,
    });
    expect(asBuilding.json()).toMatchObject({
      contactType: 'Building',
      buildingId: t.world.north.lincolnId,
      buildingName: 'Lincoln Elementary',
    });
    const backToGlobal = await t.as(admin).edit('PUT', `/api/contacts/${c.id}`, {
      contactType: 'Global',
      buildingId: t.world.north.lincolnId,
      name: c.name,
      email: c.email,
    });
    expect(backToGlobal.json().buildingId).toBeNull();
    expect((await stored(c.id)).buildingId).toBeNull();
  });

  it('confidence levels round-trip: arrays in, comma-separated stored, null when empty', async () => {
    const res = await t.as(admin).post('/api/contacts', {
      contactType: 'Building',
      buildingId: t.world.north.northHighId,
      name: 'Assistant Principal',
      mobile: '(555) 555-0142',
      confidenceLevelNotification: [6, 2, 3, 2],
      confidenceLevelBadge: [],
    });
    expect(res.statusCode).toBe(200);
    const c: TContactRow = res.json();
    expect(c).toMatchObject({
      clientId: t.world.north.clientId,
      mobile: '5555550142',
      confidenceLevelNotification: [2, 3, 6],
      confidenceLevelBadge: [],
    });
    expect(await stored(c.id)).toMatchObject({ confidenceLevelNotification: '2,3,6', confidenceLevelBadge: null });

    const edited = await t.as(admin).edit('PUT', `/api/contacts/${c.id}`, {
      contactType: 'Building',
      buildingId: t.world.north.northHighId,
      name: c.name,
      mobile: c.mobile,
      confidenceLevelNotification: [],
      confidenceLevelBadge: [1, 4],
    });
    expect(edited.json()).toMatchObject({ confidenceLevelNotification: [], confidenceLevelBadge: [1, 4] });
    expect(await stored(c.id)).toMatchObject({ confidenceLevelNotification: null, confidenceLevelBadge: '1,4' });
    const reread = await t.as(admin).get(`/api/contacts/${c.id}`);
    expect(reread.json().confidenceLevelBadge).toEqual([1, 4]);
  });

  it('validates: level ids 1..6, a building for Building contacts, an e-mail or a mobile', async () => {
    const bad = await t.as(admin).post('/api/contacts', {
      contactType: 'Building',
      name: 'Nobody',
      confidenceLevelNotification: [7],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual([
      'buildingId',
      'confidenceLevelNotification.0',
      'email',
    ]);
    const phone = await t.as(admin).post('/api/contacts', {
      contactType: 'Global',
      clientId: t.world.north.clientId,
      name: 'Short phone',
      mobile: '555-0100',
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fieldErrors.mobile).toBeDefined();
    const noClient = await t
      .as(admin)
      .post('/api/contacts', { contactType: 'Global', name: 'Floating', email: 'f@example.org' });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().fieldErrors.clientId).toBeDefined();
  });
});

describe('elevatedReports and the confidence levels (field-level rule)', () => {
  it('a client admin without elevatedReports neither sees nor changes the levels', async () => {
    const id = (await t.deps.db.select().from(contacts).where(eq(contacts.name, 'North County Security Office')))[0].id;
    const seen = await t.as(north).get(`/api/contacts/${id}`);
    expect(seen.json()).toMatchObject({ confidenceLevelNotification: null, confidenceLevelBadge: null });
    const list = (await t.as(north).get('/api/contacts')).json().data as TContactRow[];
    expect(list.every((c) => c.confidenceLevelNotification === null && c.confidenceLevelBadge === null)).toBe(true);

    const put = await t.as(north).edit('PUT', `/api/contacts/${id}`, {
      contactType: 'Global',
      name: 'North County Security Office',
      email: 'security@northcounty.demo.test',
      mobile: '5555550100',
      confidenceLevelNotification: [1],
      confidenceLevelBadge: [],
    });
    expect(put.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      confidenceLevelNotification: '1,2,3,4,5,6',
      confidenceLevelBadge: '2,3,5,6',
    });

    const created = await t.as(north).post('/api/contacts', {
      contactType: 'Global',
      name: 'Night Custodian',
      email: 'night@example.org',
      confidenceLevelNotification: [3],
    });
    expect(created.json().clientId).toBe(t.world.north.clientId);
    expect(await stored(created.json().id)).toMatchObject({ confidenceLevelNotification: null });
  });

  it('with elevatedReports the same client admin sees and changes them', async () => {
    await t.deps.db.update(users).set({ elevatedReports: true }).where(eq(users.id, north.userId));
    try {
      const id = (await t.deps.db.select().from(contacts).where(eq(contacts.name, 'North High Front Office')))[0].id;
      expect((await t.as(north).get(`/api/contacts/${id}`)).json().confidenceLevelNotification).toEqual([2, 3, 5, 6]);
      const put = await t.as(north).edit('PUT', `/api/contacts/${id}`, {
        contactType: 'Building',
        buildingId: t.world.north.northHighId,
        name: 'North High Front Office',
        email: 'office@northhigh.demo.test',
        confidenceLevelNotification: [3, 6],
        confidenceLevelBadge: [6],
      });
      expect(put.json()).toMatchObject({ confidenceLevelNotification: [3, 6], confidenceLevelBadge: [6] });
      expect(await stored(id)).toMatchObject({ confidenceLevelNotification: '3,6', confidenceLevelBadge: '6' });
    } finally {
      await t.deps.db.update(users).set({ elevatedReports: false }).where(eq(users.id, north.userId));
    }
  });
});

describe('contacts list and scope', () => {
  it('lists with the active-only toggle, the building filter and (admins only) the client filter', async () => {
    const inactive = await t.as(north).post('/api/contacts', {
      contactType: 'Global',
      name: 'Retired Officer',
      email: 'retired@example.org',
      active: false,
    });
    expect(inactive.statusCode).toBe(200);
    const all = (await t.as(north).get('/api/contacts')).json();
    const active = (await t.as(north).get('/api/contacts?activeOnly=true')).json();
    expect(all.data.map((c: TContactRow) => c.name)).toContain('Retired Officer');
    expect(active.data.map((c: TContactRow) => c.name)).not.toContain('Retired Officer');
    expect(all.data.every((c: TContactRow) => c.clientId === t.world.north.clientId)).toBe(true);

    const building = (await t.as(north).get(`/api/contacts?buildingId=${t.world.north.northHighId}`)).json();
    expect(building.data.every((c: TContactRow) => c.buildingId === t.world.north.northHighId)).toBe(true);

    const southOnly = (await t.as(admin).get(`/api/contacts?clientId=${t.world.south.clientId}`)).json();
    expect(southOnly.data.map((c: TContactRow) => c.name)).toEqual(['South Valley Safety Desk']);
    const forced = (await t.as(north).get(`/api/contacts?clientId=${t.world.south.clientId}`)).json();
    expect(forced.data.every((c: TContactRow) => c.clientId === t.world.north.clientId)).toBe(true);

    const sorted = (await t.as(north).get('/api/contacts?sort=name&dir=desc'))
      .json()
      .data.map((c: TContactRow) => c.name.toLowerCase());
    expect(sorted).toEqual([...sorted].sort().reverse());
  });

  it("a client admin cannot see, create in or edit another district's contacts (404)", async () => {
    const southContact = (
      await t.deps.db.select().from(contacts).where(eq(contacts.clientId, t.world.south.clientId))
    )[0];
    expect((await t.as(north).get(`/api/contacts/${southContact.id}`)).statusCode).toBe(404);
    const put = await t.as(north).edit('PUT', `/api/contacts/${southContact.id}`, {
      contactType: 'Global',
      name: 'Hijacked',
      email: 'x@example.org',
    });
    expect(put.statusCode).toBe(404);
    expect((await stored(southContact.id)).name).toBe('South Valley Safety Desk');
    const intoSouth = await t.as(north).post('/api/contacts', {
      contactType: 'Global',
      clientId: t.world.south.clientId,
      name: 'Planted',
      email: 'p@example.org',
    });
    expect(intoSouth.statusCode).toBe(404);
    const southBuilding = await t.as(north).post('/api/contacts', {
      contactType: 'Building',
      buildingId: t.world.south.southElemId,
      name: 'Planted',
      email: 'p@example.org',
    });
    expect(southBuilding.statusCode).toBe(404);
    expect((await t.as(north).get(`/api/contacts?buildingId=${t.world.south.southElemId}`)).statusCode).toBe(404);
    const southList = (await t.as(south).get('/api/contacts')).json().data as TContactRow[];
    expect(southList.some((c) => c.clientId !== t.world.south.clientId)).toBe(false);
  });

  it('an admin cannot attach a building of another district; a contact stays with its district', async () => {
    const mixed = await t.as(admin).post('/api/contacts', {
      contactType: 'Building',
      clientId: t.world.north.clientId,
      buildingId: t.world.south.southElemId,
      name: 'Mixed',
      email: 'm@example.org',
    });
    expect(mixed.statusCode).toBe(400);
    const northContact = (
      await t.deps.db.select().from(contacts).where(eq(contacts.name, 'North High Front Office'))
    )[0];
    const move = await t.as(admin).edit('PUT', `/api/contacts/${northContact.id}`, {
      contactType: 'Global',
      clientId: t.world.south.clientId,
      name: northContact.name,
      email: northContact.email,
    });
    expect(move.statusCode).toBe(400);
  });

  it('an attendant cannot reach contact administration (403)', async () => {
    expect((await t.as(desk).get('/api/contacts')).statusCode).toBe(403);
    expect(
      (await t.as(desk).post('/api/contacts', { contactType: 'Global', name: 'x', email: 'x@example.org' })).statusCode,
    ).toBe(403);
    expect((await t.as(desk).get(`/api/buildings/${t.world.north.northHighId}/contacts`)).statusCode).toBe(403);
  });
});
