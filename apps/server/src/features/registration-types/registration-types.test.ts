import type { TRegTypeListItem, TRegTypeRow } from '@sv/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegistrationType } from '../../../db/seed/factories';
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

const listUrl = (clientId: number, q = '') => `/api/clients/${clientId}/registration-types${q}`;

describe('registration types CRUD (spec 001 §2, §3)', () => {
  it('adds a type with every field of §3 and reads it back; edits it', async () => {
    const res = await t.as(north).post(listUrl(t.world.north.clientId), {
      name: 'Volunteers',
      code: 'Volunteers-2026',
      ddUsername: 'north-volunteers',
      extraUrls: ['https://north.example.org/volunteer'],
      attributes: [{ name: 'Shirt size', value: 'L' }],
      awContacts: [
        {
          name: 'Safety Office',
          email: 'Safety@North.example',
          mobile: '(555) 555-0100',
          notificationLevels: [6, 1, 1],
          badgeLevels: [3],
        },
      ],
      language: 'es',
      arrestWatchApprovalDate: '2001-05-01',
      badgeByDate: true,
      strExpDate: '2030-06-30',
      months: 12,
      reminderDays: 3,
    });
    expect(res.statusCode).toBe(200);
    const created: TRegTypeRow = res.json();
    expect(created).toMatchObject({
      clientId: t.world.north.clientId,
      name: 'Volunteers',
      code: 'volunteers-2026',
      isActive: true,
      ddUsername: 'north-volunteers',
      extraUrls: ['https://north.example.org/volunteer'],
      attributes: [{ name: 'Shirt size', value: 'L' }],
      awContacts: [
        {
          name: 'Safety Office',
          email: 'safety@north.example',
          mobile: '5555550100',
          notificationLevels: [1, 6],
          badgeLevels: [3],
        },
      ],
      language: 'es',
      inArrestWatch: false,
      scheduledArrestWatchAll: false,
      arrestWatchApprovalDate: '2001-05-01',
      badgeByDate: true,
      strExpDate: '2030-06-30',
      months: 12,
      reminderDays: 3,
    });
    expect((await t.as(north).get(`/api/registration-types/${created.id}`)).json()).toEqual(created);

    const edited = await t.as(admin).edit('PUT', `/api/registration-types/${created.id}`, {
      ...created,
      name: 'Volunteers (edited)',
      attributes: [],
      isActive: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Volunteers (edited)',
      attributes: [],
      isActive: false,
      code: 'volunteers-2026',
    });
  });

  it('rejects an invalid URL code and an approval date before 01/01/2000 with field errors', async () => {
    const bad = await t.as(north).post(listUrl(t.world.north.clientId), {
      name: 'Bad',
      code: 'no spaces!',
      arrestWatchApprovalDate: '1999-12-31',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['code', 'arrestWatchApprovalDate']),
    );
  });
});

describe('the list: paging, sort by name, active-only toggle', () => {
  it('is sorted by name, active-only by default, and pages', async () => {
    const { db } = t.deps;
    const clientId = t.world.south.clientId;
    await createRegistrationType(db, clientId, { name: 'zeta', code: 'zeta' });
    await createRegistrationType(db, clientId, { name: 'Alpha', code: 'alpha' });
    await createRegistrationType(db, clientId, { name: 'mid', code: 'mid', isActive: false, ddUsername: 'dd-mid' });

    const active = (await t.as(south).get(listUrl(clientId))).json();
    const names = active.data.map((r: TRegTypeListItem) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('Alpha');
    expect(names).not.toContain('mid');
    expect(active.perPage).toBe(100);

    const all = (await t.as(south).get(listUrl(clientId, '?activeOnly=false'))).json();
    expect(all.data.map((r: TRegTypeListItem) => r.name)).toContain('mid');
    expect(all.data.find((r: TRegTypeListItem) => r.name === 'mid')).toMatchObject({
      code: 'mid',
      ddUsername: 'dd-mid',
      isActive: false,
    });

    const page2 = (await t.as(south).get(listUrl(clientId, '?activeOnly=false&perPage=1&page=2'))).json();
    expect(page2).toMatchObject({ currentPage: 2, perPage: 1, count: all.count, totalPages: all.count });
    expect(page2.data[0].name).toBe(all.data[1].name);
  });
});

describe('arrest-watch rules on save (spec 001 §4)', () => {
  it("'scheduled arrest watch for all' clears the approval date", async () => {
    const res = await t.as(north).post(listUrl(t.world.north.clientId), {
      name: 'Scheduled',
      code: 'scheduled',
      scheduledArrestWatchAll: true,
      arrestWatchApprovalDate: '2020-01-01',
    });
    expect(res.json()).toMatchObject({ scheduledArrestWatchAll: true, arrestWatchApprovalDate: null });
  });

  it('setting inArrestWatch clears the scheduled flag and the date', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, {
      scheduledArrestWatchAll: true,
      arrestWatchApprovalDate: '2020-01-01',
    });
    const res = await t.as(north).edit('PUT', `/api/registration-types/${type.id}`, {
      name: type.name,
      code: type.code,
      inArrestWatch: true,
      scheduledArrestWatchAll: true,
      arrestWatchApprovalDate: '2020-01-01',
    });
    expect(res.json()).toMatchObject({
      inArrestWatch: true,
      scheduledArrestWatchAll: false,
      arrestWatchApprovalDate: null,
    });
  });
});

describe('URL code uniqueness (ADR 0012: unique within the client)', () => {
  it('answers 409 with a field error when another type of the client has the code; other clients may reuse it', async () => {
    await createRegistrationType(t.deps.db, t.world.north.clientId, { code: 'visitors' });
    const clash = await t.as(north).post(listUrl(t.world.north.clientId), { name: 'Visitors again', code: 'Visitors' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ code: ['This URL code is already in use'] });

    const other = await createRegistrationType(t.deps.db, t.world.north.clientId, { code: 'other-code' });
    const renamed = await t
      .as(north)
      .edit('PUT', `/api/registration-types/${other.id}`, { name: other.name, code: 'visitors' });
    expect(renamed.statusCode).toBe(409);
    const keep = await t
      .as(north)
      .edit('PUT', `/api/registration-types/${other.id}`, { name: other.name, code: 'other-code' });
    expect(keep.statusCode).toBe(200);

    const south1 = await t.as(south).post(listUrl(t.world.south.clientId), { name: 'Visitors', code: 'visitors' });
    expect(south1.statusCode).toBe(200);
  });
});

describe('scope', () => {
  it("another district's client admin gets 404 for the list, a type and a save; an attendant 403", async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    expect((await t.as(south).get(listUrl(t.world.north.clientId))).statusCode).toBe(404);
    expect((await t.as(south).get(`/api/registration-types/${type.id}`)).statusCode).toBe(404);
    expect(
      (await t.as(south).edit('PUT', `/api/registration-types/${type.id}`, { name: 'stolen', code: 'stolen' }))
        .statusCode,
    ).toBe(404);
    expect((await t.as(south).post(listUrl(t.world.north.clientId), { name: 'x', code: 'x' })).statusCode).toBe(404);
    expect((await t.as(desk).get(listUrl(t.world.north.clientId))).statusCode).toBe(403);
    expect((await t.as(desk).get(`/api/registration-types/${type.id}`)).statusCode).toBe(403);
    expect((await t.as(admin).get(listUrl(t.world.south.clientId))).statusCode).toBe(200);
  });
});
