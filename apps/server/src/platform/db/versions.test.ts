import { ROLE, STALE_EDIT_MESSAGE } from '@sv/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBuilding,
  createClient,
  createContact,
  createRegistration,
  createRegistrationType,
  createUser,
  createVendorCompany,
  createVendorRegistration,
} from '../../../db/seed/factories';
import { arrestAlerts, pickupAuthorizations, studentReasons, visitors } from '../../db/schema/index';
import { createWatchedType, insertRegistrations } from '../../features/arrest-watch/arrest-watch.fixtures';
import { insertExclusion } from '../../features/exclusions/exclusions.fixtures';
import { addRule, demoGuardian, demoStudent } from '../../features/students/students.fixtures';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { withNameKeys } from './identity-keys';

/**
 * Issue 23 §4: every edit of a stored record carries a version. One table over every edit route:
 * the record is read, edited once with its version (saved, the version goes up), then edited again
 * with the version first read: 409 with the stale message, and the record reads back unchanged.
 */
let t: TestApp;
let admin: Session;
let north: Session;
let n = 0;
const tag = () => `${Date.now().toString(36)}${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
});

interface EditCase {
  /** who edits: the platform administrator (clients) or the district's administrator */
  as: () => Session;
  method: 'PUT' | 'PATCH' | 'POST';
  url: string;
  /** the record as a screen reads it (GET answer) or as stored, with its version */
  read: () => Promise<{ version: number } & Record<string, unknown>>;
  /** the first (fresh) edit and the second (stale) one, without the version */
  first: Record<string, unknown>;
  second: Record<string, unknown>;
}

const getJson = async (url: string, who: () => Session = () => north) => {
  const res = await t.as(who()).get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const json = res.json();
  // the user and exclusion answers wrap the record ({ user: … }, { exclusion: … })
  return (json.user ?? json.exclusion ?? json) as { version: number } & Record<string, unknown>;
};

const CASES: Record<string, () => Promise<EditCase>> = {
  'PUT /api/buildings/:id': async () => {
    const b = await createBuilding(t.deps.db, t.world.north.clientId);
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/buildings/${b.id}`,
      read: () => getJson(`/api/buildings/${b.id}`),
      first: { name: `Annex ${tag()}`, city: 'Northfield' },
      second: { name: `Stale annex ${tag()}`, city: 'Elsewhere' },
    };
  },
  'PUT /api/contacts/:id': async () => {
    const c = await createContact(t.deps.db, t.world.north.clientId, { contactType: 'Global', email: 'c@x.test' });
    const body = { contactType: 'Global', email: 'c@x.test' };
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/contacts/${c.id}`,
      read: () => getJson(`/api/contacts/${c.id}`),
      first: { ...body, name: 'Pat Fresh' },
      second: { ...body, name: 'Pat Stale' },
    };
  },
  'PUT /api/exclusions/:id': async () => {
    const id = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId, buildingId: null });
    const body = { isGlobal: true, firstname: 'Casey', exclusionType: 'Trespassed', dob: '1981-02-03' };
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/exclusions/${id}`,
      read: () => getJson(`/api/exclusions/${id}`),
      first: { ...body, lastname: 'Fresh', reason: 'first' },
      second: { ...body, lastname: 'Stale', reason: 'second', active: false },
    };
  },
  'PUT /api/visitors/:id': async () => {
    const [v] = await t.deps.db
      .insert(visitors)
      .values(withNameKeys({ clientId: t.world.north.clientId, firstname: 'Robin', lastname: 'Versioned' }))
      .returning({ id: visitors.id });
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/visitors/${v.id}`,
      read: () => getJson(`/api/visitors/${v.id}`),
      first: { firstname: 'Robin', lastname: 'Fresh', phone: '5551230000' },
      second: { firstname: 'Robin', lastname: 'Stale', phone: '' },
    };
  },
  'PUT /api/users/:id': async () => {
    const u = await createUser(t.deps.db, {
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      password: null,
    });
    const body = {
      email: `versioned.${tag()}@demo.test`,
      roleId: ROLE.Attendant,
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
    };
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/users/${u.id}`,
      read: () => getJson(`/api/users/${u.id}`),
      first: { ...body, name: 'Sam Fresh' },
      second: { ...body, name: 'Sam Stale', active: false },
    };
  },
  'PUT /api/clients/:id': async () => {
    const c = await createClient(t.deps.db);
    return {
      as: () => admin,
      method: 'PUT',
      url: `/api/clients/${c.id}`,
      read: () => getJson(`/api/clients/${c.id}`, () => admin),
      first: { name: `Fresh District ${tag()}`, note: 'first' },
      second: { name: `Stale District ${tag()}`, note: 'second', active: false },
    };
  },
  'PATCH /api/clients/:id/settings': async () => {
    const c = await createClient(t.deps.db);
    return {
      as: () => admin,
      method: 'PATCH',
      url: `/api/clients/${c.id}/settings`,
      read: () => getJson(`/api/clients/${c.id}/settings`, () => admin),
      first: { backgroundCheck: true, visitorBtn: 'Guests' },
      // the stale screen would turn background checks off
      second: { backgroundCheck: false },
    };
  },
  'PATCH /api/clients/:id/kiosk-settings': async () => {
    const c = await createClient(t.deps.db);
    return {
      as: () => admin,
      method: 'PATCH',
      url: `/api/clients/${c.id}/kiosk-settings`,
      read: () => getJson(`/api/clients/${c.id}/kiosk-settings`, () => admin),
      first: { enableCovidBanner: true },
      second: { enableCovidBanner: false, kioskvisitorBtn: 'STALE' },
    };
  },
  'PATCH /api/clients/:id/background-settings': async () => {
    const c = await createClient(t.deps.db);
    return {
      as: () => admin,
      method: 'PATCH',
      url: `/api/clients/${c.id}/background-settings`,
      read: () => getJson(`/api/clients/${c.id}/background-settings`, () => admin),
      first: { provider: 'demo', username: 'fresh' },
      second: { provider: 'none', username: 'stale' },
    };
  },
  'PUT /api/system-settings': async () => {
    const c = await createClient(t.deps.db);
    return {
      as: () => admin,
      method: 'PUT',
      url: '/api/system-settings',
      read: () => getJson(`/api/system-settings?clientId=${c.id}`, () => admin),
      first: { clientId: c.id, visitorUrl: 'https://fresh.example/', volunteerUrl: '' },
      second: { clientId: c.id, visitorUrl: 'https://stale.example/', volunteerUrl: '' },
    };
  },
  'PUT /api/registration-types/:id': async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/registration-types/${type.id}`,
      read: () => getJson(`/api/registration-types/${type.id}`),
      first: { name: 'Fresh volunteers', code: type.code, months: 6 },
      second: { name: 'Stale volunteers', code: type.code },
    };
  },
  'PUT /api/vendor-companies/:id': async () => {
    const company = await createVendorCompany(t.deps.db, t.world.north.clientId);
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/vendor-companies/${company.id}`,
      read: () => getJson(`/api/vendor-companies/${company.id}`),
      first: { name: 'Fresh Catering', code: company.code, inArrestWatch: true },
      second: { name: 'Stale Catering', code: company.code },
    };
  },
  'PUT /api/student-reasons/:id': async () => {
    const [r] = await t.deps.db
      .insert(studentReasons)
      .values({ clientId: t.world.north.clientId, kind: 'dropoff', name: 'Dentist' })
      .returning({ id: studentReasons.id });
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/student-reasons/${r.id}`,
      read: async () => {
        const [row] = await t.deps.db.select().from(studentReasons).where(eq(studentReasons.id, r.id));
        return row;
      },
      first: { kind: 'dropoff', name: 'Dentist (fresh)', isExcused: true },
      second: { kind: 'dropoff', name: 'Dentist (stale)', isExcused: false },
    };
  },
  'PUT /api/registrations/:id': async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const reg = await createRegistration(t.deps.db, type, { approved: null });
    const body = { registrationTypeId: type.id, firstname: 'Lee', dob: '1980-01-02' };
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/registrations/${reg.id}`,
      read: () => getJson(`/api/registrations/${reg.id}`),
      first: { ...body, lastname: 'Fresh', note: 'first' },
      second: { ...body, lastname: 'Stale', note: 'second' },
    };
  },
  'PUT /api/sv-registrations/:id': async () => {
    const company = await createVendorCompany(t.deps.db, t.world.north.clientId);
    const reg = await createVendorRegistration(t.deps.db, company, { approved: null });
    const body = { vendorCompanyId: company.id, firstname: 'Val', dob: '1980-05-06' };
    return {
      as: () => north,
      method: 'PUT',
      url: `/api/sv-registrations/${reg.id}`,
      read: () => getJson(`/api/sv-registrations/${reg.id}`),
      first: { ...body, lastname: 'Fresh', note: 'first' },
      second: { ...body, lastname: 'Stale', note: 'second' },
    };
  },
  'POST /api/arrest-alerts/:id/review ("confirmed", then a stale "cleared")': async () => {
    const clientId = t.world.north.clientId;
    const type = await createWatchedType(t.deps.db, clientId);
    const [registrationId] = await insertRegistrations(t.deps.db, [
      { clientId, registrationTypeId: type.id, firstname: 'Versioned', lastname: 'Alerted', dob: '1970-01-02' },
    ]);
    const [alert] = await t.deps.db
      .insert(arrestAlerts)
      .values({ clientId, registrationId, matchRef: `registry:ZZ:${tag()}`, level: 3, reasons: ['v'], suspends: true })
      .returning({ id: arrestAlerts.id });
    return {
      as: () => north,
      method: 'POST',
      url: `/api/arrest-alerts/${alert.id}/review`,
      read: () => getJson(`/api/arrest-alerts/${alert.id}`),
      first: { decision: 'confirmed', note: 'It is the volunteer' },
      second: { decision: 'cleared', note: 'Different person' },
    };
  },
  'POST /api/students/:id/authorizations/:ruleId/revoke': async () => {
    const clientId = t.world.north.clientId;
    const student = await demoStudent(t.deps.db, clientId, 'stu-n1');
    const guardian = await demoGuardian(t.deps.db, clientId, 'par-n1');
    const ruleId = await addRule(t.deps.db, {
      clientId,
      studentId: student.id,
      guardianId: guardian.id,
      kind: 'allow',
      note: 'versions',
    });
    return {
      as: () => north,
      method: 'POST',
      url: `/api/students/${student.id}/authorizations/${ruleId}/revoke`,
      read: async () => {
        const [row] = await t.deps.db
          .select()
          .from(pickupAuthorizations)
          .where(and(eq(pickupAuthorizations.id, ruleId), eq(pickupAuthorizations.studentId, student.id)));
        return row;
      },
      first: {},
      second: {},
    };
  },
};

const send = (c: EditCase, body: Record<string, unknown>) => {
  const as = t.as(c.as());
  return c.method === 'PUT' ? as.put(c.url, body) : c.method === 'PATCH' ? as.patch(c.url, body) : as.post(c.url, body);
};

describe('every edit carries a version: a stale one is refused and changes nothing (issue 23 §4)', () => {
  it.each(Object.keys(CASES))('%s', async (name) => {
    const c = await CASES[name]();
    const opened = await c.read();
    expect(opened.version).toBeGreaterThanOrEqual(1);

    const fresh = await send(c, { ...c.first, version: opened.version });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const saved = await c.read();
    expect(saved.version).toBeGreaterThan(opened.version);

    const stale = await send(c, { ...c.second, version: opened.version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(STALE_EDIT_MESSAGE);
    expect(await c.read()).toEqual(saved);

    // and an edit that names no version is refused too (400), changing nothing
    const unnamed = await send(c, c.second);
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(await c.read()).toEqual(saved);
  });

  it('an arrest alert confirmed meanwhile stays confirmed: the suspension is not lifted by a stale "cleared"', async () => {
    const c = await CASES['POST /api/arrest-alerts/:id/review ("confirmed", then a stale "cleared")']();
    const opened = await c.read();
    expect((await send(c, { ...c.first, version: opened.version })).statusCode).toBe(200);
    expect((await send(c, { ...c.second, version: opened.version })).statusCode).toBe(409);
    expect(await c.read()).toMatchObject({ status: 'confirmed', reviewNote: 'It is the volunteer' });
  });
});

describe('client settings are PATCH: only the fields sent change (issue 23 §4)', () => {
  it('a partial body leaves every other setting as it was (background checks stay on)', async () => {
    const c = await createClient(t.deps.db);
    const url = `/api/clients/${c.id}/settings`;
    const v1 = (await getJson(url, () => admin)).version;
    const on = await t.as(admin).patch(url, { backgroundCheck: true, months: 7, visitorBtn: 'Guests', version: v1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().version).toBeGreaterThan(v1);
    const partial = await t.as(admin).patch(url, { checkinBtn: 'Arrive', version: on.json().version });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(await getJson(url, () => admin)).toMatchObject({
      backgroundCheck: true,
      months: 7,
      visitorBtn: 'Guests',
      checkinBtn: 'Arrive',
    });

    // kiosk and background settings too
    const kioskUrl = `/api/clients/${c.id}/kiosk-settings`;
    const k = await getJson(kioskUrl, () => admin);
    await t.as(admin).patch(kioskUrl, { enableCovidBanner: true, bannerQuestion1: 'Fever?', version: k.version });
    const k2 = await getJson(kioskUrl, () => admin);
    expect((await t.as(admin).patch(kioskUrl, { kioskvisitorBtn: 'HELLO', version: k2.version })).statusCode).toBe(200);
    expect(await getJson(kioskUrl, () => admin)).toMatchObject({
      enableCovidBanner: true,
      bannerQuestion1: 'Fever?',
      kioskvisitorBtn: 'HELLO',
    });
  });

  it('the badge-date rule is checked on the merged settings', async () => {
    const c = await createClient(t.deps.db);
    const url = `/api/clients/${c.id}/settings`;
    const { version } = await getJson(url, () => admin);
    const res = await t.as(admin).patch(url, { badgeByDate: true, version });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('strExpDate');
    expect((await getJson(url, () => admin)).badgeByDate).toBe(false);
  });
});
