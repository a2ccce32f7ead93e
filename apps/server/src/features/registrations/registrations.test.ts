import {
  MESSAGES,
  STALE_EDIT_MESSAGE,
  REGISTRATION_ACTIONS,
  type TRegistration,
  type TRegistrationListItem,
  type TRegistrationListResponse,
} from '@sv/contracts';
import { addMonths, addYears, localDateOf } from '@sv/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createRegistration, createRegistrationType } from '../../../db/seed/factories';
import {
  exclusions,
  outboundMessages,
  registrationInvitations,
  registrations,
  visitors,
  visits,
} from '../../db/schema/index';
import { createSmtpTransport } from '../../integrations/email/email-transport';
import { startFakePrinter } from '../../test/peers/fake-printer';
import { type SmtpPeer, startSmtpServer } from '../../test/peers/smtp-server';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { multipartBody, pngImage } from '../exclusions/exclusions.fixtures';
import { insertRegistration, insertRegistrationPhoto, isoInDays } from './registrations.fixtures';
import { REGISTRATION_MESSAGES } from './registrations.service';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let desk: Session;
let lincolnDesk: Session;

beforeAll(async () => {
  t = await createTestApp();
  [admin, north, south, desk, lincolnDesk] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('desk.northhigh@demo.test'),
    t.login('desk.lincoln@demo.test'),
  ]);
});

const today = () => localDateOf(new Date(), 'America/Chicago');
const search = async (s: Session, body: Record<string, unknown> = {}) => {
  const res = await t.as(s).post('/api/registrations/search', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TRegistrationListResponse;
};
const reg = (over: Parameters<typeof insertRegistration>[2] = {}) =>
  insertRegistration(t.deps.db, t.world.north.clientId, over);
const upload = (s: Session, file: Buffer, fields: Record<string, string> = {}) => {
  const m = multipartBody(file, { fields });
  return t.app.inject({
    method: 'POST',
    url: '/api/registrations/photos',
    headers: { ...m.headers, cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    payload: m.body,
  });
};
const exclusionCount = async (firstname: string) => {
  const [{ n }] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(exclusions)
    .where(eq(exclusions.firstname, firstname));
  return n;
};

describe('POST /api/registrations/search (spec 001 §2 list, §9 defaults)', () => {
  it('defaults to Pending, sorted by name (last, first) ascending, 100 a page', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    await createRegistration(t.deps.db, type, { firstname: 'Zed', lastname: 'Aardvark' });
    await createRegistration(t.deps.db, type, { firstname: 'Amy', lastname: 'Zimmer' });
    await createRegistration(t.deps.db, type, { firstname: 'Bob', lastname: 'Aardvark', approved: true });
    const page = await search(north, { registrationTypeId: type.id });
    expect(page.perPage).toBe(100);
    expect(page.data.map((r) => `${r.firstname} ${r.lastname}`)).toEqual(['Zed Aardvark', 'Amy Zimmer']);
    expect(page.data.every((r) => r.display.status === 'pending' && r.display.label === 'Pending')).toBe(true);
    expect(page.data[0].display.backgroundCheck).toBe('Pending');
    expect(page.data[0].actions).toEqual(
      expect.arrayContaining(['approve', 'deny', 'denyAndExclude', 'buildings', 'uploadPhoto', 'information', 'edit']),
    );
  });

  it('filters by first/last name prefix (case-insensitive), id, e-mail and type', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const a = await createRegistration(t.deps.db, type, {
      firstname: 'Prefixina',
      lastname: 'Quarrington',
      email: 'prefix.q@example.org',
    });
    await createRegistration(t.deps.db, type, { firstname: 'Other', lastname: 'Quarrington' });
    expect((await search(north, { firstname: 'PREFIX' })).data.map((r) => r.id)).toEqual([a.id]);
    expect((await search(north, { lastname: 'quarr', registrationTypeId: type.id })).count).toBe(2);
    expect((await search(north, { id: String(a.id) })).data.map((r) => r.id)).toEqual([a.id]);
    expect((await search(north, { id: '99999999999' })).count).toBe(0);
    expect((await search(north, { email: 'Prefix.Q@' })).data.map((r) => r.id)).toEqual([a.id]);
    // LIKE wildcards in the text are literal
    expect((await search(north, { firstname: '%' })).count).toBe(0);
  });

  it('statuses: approved, denied, expired, under review; includeExpired adds expired to All and Approved', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const ok = await createRegistration(t.deps.db, type, { approved: true, expDate: isoInDays(100) });
    const expired = await createRegistration(t.deps.db, type, { approved: true, expDate: isoInDays(-10) });
    const denied = await createRegistration(t.deps.db, type, { approved: false });
    const review = await createRegistration(t.deps.db, type, { underReview: true });
    const ids = async (body: Record<string, unknown>) =>
      (await search(north, { registrationTypeId: type.id, ...body })).data.map((r) => r.id).sort();
    expect(await ids({ status: 'approved' })).toEqual([ok.id]);
    expect(await ids({ status: 'approved', includeExpired: true })).toEqual([ok.id, expired.id].sort());
    expect(await ids({ status: 'denied' })).toEqual([denied.id]);
    expect(await ids({ status: 'expired' })).toEqual([expired.id]);
    expect(await ids({ status: 'underReview' })).toEqual([review.id]);
    expect(await ids({ status: 'all' })).toEqual([ok.id, denied.id, review.id].sort());
    expect(await ids({ status: 'all', includeExpired: true })).toEqual(
      [ok.id, expired.id, denied.id, review.id].sort(),
    );
    const rows = (await search(north, { registrationTypeId: type.id, status: 'all', includeExpired: true })).data;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(expired.id)?.display).toMatchObject({ status: 'expired', label: 'Expired' });
    expect(byId.get(review.id)?.display).toMatchObject({ label: 'Under Review', showExpiration: false });
  });

  it('attendants see the list without actions; scoped to their building; kiosks 403', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const everywhere = await createRegistration(t.deps.db, type, {});
    const lincolnOnly = await createRegistration(t.deps.db, type, { buildingIds: [t.world.north.lincolnId] });
    const deskPage = await search(desk, { registrationTypeId: type.id });
    expect(deskPage.data.map((r) => r.id)).toEqual([everywhere.id]);
    expect(deskPage.data.every((r: TRegistrationListItem) => r.actions.length === 0)).toBe(true);
    const lincolnPage = await search(lincolnDesk, { registrationTypeId: type.id });
    expect(lincolnPage.data.map((r) => r.id).sort()).toEqual([everywhere.id, lincolnOnly.id].sort());
    expect((await t.as(desk).get(`/api/registrations/${lincolnOnly.id}`)).statusCode).toBe(404);
    const kiosk = await t.login('kiosk.northhigh@demo.test');
    expect((await t.as(kiosk).post('/api/registrations/search', {})).statusCode).toBe(403);
  });

  it('another district sees none of them (admins may narrow by client)', async () => {
    const r = await reg();
    expect((await search(south, { id: String(r.id) })).count).toBe(0);
    expect((await t.as(south).get(`/api/registrations/${r.id}`)).statusCode).toBe(404);
    expect((await search(admin, { id: String(r.id), clientId: t.world.north.clientId })).count).toBe(1);
    expect((await search(admin, { id: String(r.id), clientId: t.world.south.clientId })).count).toBe(0);
  });

  it('search help and types', async () => {
    const help = (await t.as(desk).get('/api/registrations/search-help')).json();
    expect(help.text).toMatch(/first name/i);
    const types = (await t.as(north).get('/api/registrations/types')).json().types;
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((ty: { clientId: number }) => ty.clientId === t.world.north.clientId)).toBe(true);
  });
});

describe('GET /api/registrations/:id', () => {
  it('has buildings, volunteer hours and visit count of closed visits, and arrest alerts', async () => {
    const r = await reg({ approved: true, expDate: isoInDays(60), buildingIds: [t.world.north.northHighId] });
    const [visitor] = await t.deps.db
      .insert(visitors)
      .values({ clientId: r.clientId, firstname: r.firstname, lastname: r.lastname, searchName: 'x' })
      .returning();
    const base = {
      clientId: r.clientId,
      buildingId: t.world.north.northHighId,
      visitorId: visitor.id,
      registrationId: r.id,
    };
    await t.deps.db.insert(visits).values([
      { ...base, checkIn: new Date('2026-01-05T14:00:00Z'), checkOut: new Date('2026-01-05T16:30:00Z') },
      { ...base, checkIn: new Date('2026-01-06T14:00:00Z'), checkOut: new Date('2026-01-06T14:45:00Z') },
      { ...base, checkIn: new Date('2026-01-07T14:00:00Z') }, // open: not counted
    ]);
    await t.deps.db.execute(
      sql`insert into arrest_alerts (client_id, registration_id, match_ref, level, suspends) values (${r.clientId}, ${r.id}, 'registry:1', 3, true)`,
    );
    const res = await t.as(north).get(`/api/registrations/${r.id}`);
    expect(res.statusCode).toBe(200);
    const body: TRegistration = res.json();
    expect(body).toMatchObject({ buildingIds: [t.world.north.northHighId], volunteerMinutes: 195, visitCount: 2 });
    expect(body.arrestAlerts).toEqual([
      expect.objectContaining({ level: 3, levelLabel: 'Exact Very Strong', status: 'open', suspends: true }),
    ]);
  });
});

describe('add and edit (spec 001 §2 Add/edit, §4 defaults, §5 date of birth)', () => {
  it('refuses a date of birth today or later with fieldErrors.dob', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const res = await t.as(north).post('/api/registrations', {
      registrationTypeId: type.id,
      firstname: 'Future',
      lastname: 'Born',
      dob: isoInDays(3),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.dob).toEqual([REGISTRATION_MESSAGES.dobFuture]);
  });

  it('refuses the same person’s second live registration of the same type, and says which one exists (ADR 0035, issue 25 audit 001 U3)', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 12 });
    const other = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 12 });
    const body = { registrationTypeId: type.id, firstname: 'Adam', lastname: 'Addedby', dob: '1970-03-03' };
    const first = await t.as(north).post('/api/registrations', body);
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json().id;
    // the same person, written with other capitals, accents and spaces: refused with the existing id
    const again = await t.as(north).post('/api/registrations', { ...body, firstname: ' ADAM', lastname: 'Addédby' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REGISTRATION_MESSAGES.duplicate('Adam Addedby', 'an approved', 'type', firstId));
    // another type, another date of birth, or another district: a different registration
    expect((await t.as(north).post('/api/registrations', { ...body, registrationTypeId: other.id })).statusCode).toBe(
      200,
    );
    expect((await t.as(north).post('/api/registrations', { ...body, dob: '1970-03-04' })).statusCode).toBe(200);
    // editing another registration into the same person and type is refused too; editing the
    // existing one is not
    const twin = (
      await t.as(north).post('/api/registrations', { ...body, registrationTypeId: other.id, dob: '1971-01-01' })
    ).json();
    const edit = await t.as(north).edit('PUT', `/api/registrations/${twin.id}`, body);
    expect(edit.statusCode).toBe(409);
    const self = await t.as(north).edit('PUT', `/api/registrations/${firstId}`, { ...body, note: 'kept' });
    expect(self.statusCode, self.body).toBe(200);
    // once the first is denied, a new application is accepted
    await t.as(north).post(`/api/registrations/${firstId}/deny`, { exclude: false, underReview: false });
    expect((await t.as(north).post('/api/registrations', body)).statusCode).toBe(200);
  });

  it('adds an approved registration with a random badge code and a district visitor; edits it', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 12 });
    const res = await t.as(north).post('/api/registrations', {
      registrationTypeId: type.id,
      firstname: ' Added ',
      lastname: 'Person',
      email: 'Added.Person@Example.org',
      dob: '1979-02-03',
      zipcode: '60093',
      state: 'il',
    });
    expect(res.statusCode, res.body).toBe(200);
    const created: TRegistration = res.json();
    expect(created).toMatchObject({
      firstname: 'Added',
      approved: true,
      email: 'added.person@example.org',
      state: 'IL',
    });
    // an approved new registration without a date gets the type's default expiry (§9)
    expect(created.expDate).toBe(addMonths(today(), 12));
    expect(created.visitorId).not.toBeNull();
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, created.id));
    expect(row.badgeCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const [v] = await t.deps.db.select().from(visitors).where(eq(visitors.id, created.visitorId!));
    expect(v.searchName).toBe('added person');

    const edit = await t.as(north).put(`/api/registrations/${created.id}`, {
      registrationTypeId: type.id,
      firstname: 'Added',
      lastname: 'Renamed',
      dob: '1979-02-03',
      note: 'Tuesdays',
      approved: null,
      version: created.version,
    });
    expect(edit.statusCode).toBe(200);
    // the decision is not changed by the form
    expect(edit.json()).toMatchObject({ lastname: 'Renamed', note: 'Tuesdays', approved: true });
  });

  it('refuses a stale edit (issue 23 §4): an approval made after the form opened is never erased', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const reg = await createRegistration(t.deps.db, type, { approved: null });
    const opened = (await t.as(north).get(`/api/registrations/${reg.id}`)).json();
    const form = {
      registrationTypeId: type.id,
      firstname: opened.firstname,
      lastname: opened.lastname,
      dob: opened.dob,
      expDate: opened.expDate,
      version: opened.version,
    };
    // meanwhile an administrator approves it, with an expiry
    const approve = await t.as(north).post('/api/registrations/approve', { ids: [reg.id], expDate: '2027-06-30' });
    expect(approve.statusCode, approve.body).toBe(200);
    const stale = await t.as(north).put(`/api/registrations/${reg.id}`, { ...form, note: 'typed in the old form' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE_EDIT_MESSAGE);
    const now = (await t.as(north).get(`/api/registrations/${reg.id}`)).json();
    expect(now).toMatchObject({ approved: true, expDate: '2027-06-30', note: opened.note });
    expect(now.version).toBeGreaterThan(opened.version);
    // an edit without a version is refused too; the fresh version saves
    expect((await t.as(north).put(`/api/registrations/${reg.id}`, { ...form, version: undefined })).statusCode).toBe(
      400,
    );
    const fresh = await t
      .as(north)
      .put(`/api/registrations/${reg.id}`, { ...form, expDate: now.expDate, version: now.version });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ approved: true, expDate: '2027-06-30' });
    // bookkeeping (printing the badge) is not a change of the record
    const printedVersion = fresh.json().version;
    await t.deps.db.update(registrations).set({ badgePrintedAt: new Date() }).where(eq(registrations.id, reg.id));
    expect((await t.as(north).get(`/api/registrations/${reg.id}`)).json().version).toBe(printedVersion);
  });

  it('refuses a type of another district and an inactive type for a new registration', async () => {
    const southType = await createRegistrationType(t.deps.db, t.world.south.clientId);
    const inactive = await createRegistrationType(t.deps.db, t.world.north.clientId, { isActive: false });
    const body = { firstname: 'A', lastname: 'B', dob: '1990-01-01' };
    const other = await t.as(north).post('/api/registrations', { ...body, registrationTypeId: southType.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors.registrationTypeId).toBeDefined();
    const off = await t.as(north).post('/api/registrations', { ...body, registrationTypeId: inactive.id });
    expect(off.json().message).toBe(REGISTRATION_MESSAGES.typeInactive);
    // an existing registration keeps its deactivated type on edit
    const r = await createRegistration(t.deps.db, inactive, {});
    const keep = await t
      .as(north)
      .put(`/api/registrations/${r.id}`, { ...body, registrationTypeId: inactive.id, version: 1 });
    expect(keep.statusCode).toBe(200);
  });

  it('attendants may not add (403)', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const res = await t.as(desk).post('/api/registrations', {
      registrationTypeId: type.id,
      firstname: 'A',
      lastname: 'B',
      dob: '1990-01-01',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('approve (spec 001 §4 bulk, §9 default expiry)', () => {
  it('single approval defaults the expiry from the type (months; fixed date) and links a visitor', async () => {
    const months = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 6 });
    const a = await createRegistration(t.deps.db, months, {});
    const def = (await t.as(north).get(`/api/registrations/${a.id}/approval-default`)).json();
    expect(def.expDate).toBe(addMonths(today(), 6));
    expect(def.approveAllExpDate).toBe(addYears(today(), 1));
    const res = await t.as(north).post('/api/registrations/approve', { ids: [a.id] });
    expect(res.json()).toEqual({ approvedIds: [a.id], skippedIds: [], emailed: 0 });
    const got: TRegistration = (await t.as(north).get(`/api/registrations/${a.id}`)).json();
    expect(got).toMatchObject({ approved: true, expDate: addMonths(today(), 6) });
    expect(got.visitorId).not.toBeNull();

    const fixed = await createRegistrationType(t.deps.db, t.world.north.clientId, {
      badgeByDate: true,
      strExpDate: isoInDays(200),
      months: 3,
    });
    const b = await createRegistration(t.deps.db, fixed, {});
    await t.as(north).post('/api/registrations/approve', { ids: [b.id] });
    expect((await t.as(north).get(`/api/registrations/${b.id}`)).json().expDate).toBe(isoInDays(200));
  });

  it('an invitation’s requested expiration date (still ahead) is the default over the type’s', async () => {
    const months = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 6 });
    const requested = isoInDays(90);
    const a = await createRegistration(t.deps.db, months, { expDate: requested });
    expect((await t.as(north).get(`/api/registrations/${a.id}/approval-default`)).json().expDate).toBe(requested);
    await t.as(north).post('/api/registrations/approve', { ids: [a.id] });
    expect((await t.as(north).get(`/api/registrations/${a.id}`)).json().expDate).toBe(requested);
    // a requested date already past falls back to the type's default
    const b = await createRegistration(t.deps.db, months, { expDate: isoInDays(-1) });
    expect((await t.as(north).get(`/api/registrations/${b.id}/approval-default`)).json().expDate).toBe(
      addMonths(today(), 6),
    );
  });

  it('the approval’s visitor record carries the registration’s photo, for the desk (issue 25, audit 001 U2)', async () => {
    const photoFileId = await insertRegistrationPhoto(t.deps.db, t.world.north.clientId);
    const r = await reg({
      firstname: 'Photolena',
      lastname: `Deskcheck${Date.now().toString(36).replace(/\d/g, '')}`,
      photoFileId,
    });
    expect(
      (await t.as(north).post('/api/registrations/approve', { ids: [r.id], expDate: isoInDays(30) })).statusCode,
    ).toBe(200);
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, r.id));
    const [visitor] = await t.deps.db.select().from(visitors).where(eq(visitors.id, row.visitorId!));
    expect(visitor.photoFileId).toBe(photoFileId);
  });

  it('asks for a date when the type gives none; refuses a past date; under review stores none', async () => {
    const none = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: null });
    const a = await createRegistration(t.deps.db, none, {});
    const res = await t.as(north).post('/api/registrations/approve', { ids: [a.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.expDate).toEqual([REGISTRATION_MESSAGES.expDateRequired]);
    const past = await t.as(north).post('/api/registrations/approve', { ids: [a.id], expDate: isoInDays(-3) });
    expect(past.statusCode).toBe(400);
    const review = await t.as(north).post('/api/registrations/approve', { ids: [a.id], underReview: true });
    expect(review.statusCode).toBe(200);
    const got = (await t.as(north).get(`/api/registrations/${a.id}`)).json();
    expect(got).toMatchObject({ underReview: true, expDate: null });
    expect(got.display.label).toBe('Under Review');
  });

  it('bulk approve changes only pending ones, one year by default, and skips other districts', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 2 });
    const p1 = await createRegistration(t.deps.db, type, {});
    const p2 = await createRegistration(t.deps.db, type, {});
    const denied = await createRegistration(t.deps.db, type, { approved: false });
    const southReg = await insertRegistration(t.deps.db, t.world.south.clientId);
    const res = await t.as(north).post('/api/registrations/approve', {
      ids: [p1.id, p2.id, denied.id, southReg.id],
      doPrintOrEmail: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.approvedIds.sort()).toEqual([p1.id, p2.id].sort());
    expect(body.skippedIds.sort()).toEqual([denied.id, southReg.id].sort());
    expect(body.emailed).toBe(2);
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, p1.id));
    expect(row.expDate).toBe(addYears(today(), 1));
    const [d] = await t.deps.db.select().from(registrations).where(eq(registrations.id, denied.id));
    expect(d.approved).toBe(false);
    const mail = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.recipient, p1.email), eq(outboundMessages.kind, 'registration.approved')));
    expect(mail).toHaveLength(1);
  });
});

describe('the offering rules (spec 001 §2 actions menu): offered → 2xx, not offered → 409', () => {
  type State = 'pending' | 'approved' | 'denied' | 'expired' | 'underReview';
  const stateValues: Record<State, Parameters<typeof reg>[0]> = {
    pending: {},
    approved: { approved: true, expDate: isoInDays(120) },
    denied: { approved: false },
    expired: { approved: true, expDate: isoInDays(-60) },
    underReview: { underReview: true },
  };
  const call: Record<string, (id: number) => Promise<{ statusCode: number; body: string }>> = {
    approve: (id) => t.as(north).post('/api/registrations/approve', { ids: [id], expDate: isoInDays(90) }),
    deny: (id) => t.as(north).post(`/api/registrations/${id}/deny`, {}),
    makePending: (id) => t.as(north).post(`/api/registrations/${id}/make-pending`, {}),
    print: (id) => t.as(north).get(`/api/registrations/${id}/badge.pdf`),
    buildings: (id) =>
      t.as(north).put(`/api/registrations/${id}/buildings`, { buildingIds: [t.world.north.northHighId] }),
    cancelEmailWarnings: (id) => t.as(north).post(`/api/registrations/${id}/cancel-email-warnings`, {}),
  };
  const table: [State, keyof typeof call, boolean][] = [
    ['pending', 'approve', true],
    ['pending', 'deny', true],
    ['pending', 'makePending', false],
    ['pending', 'print', false],
    ['pending', 'buildings', true],
    ['pending', 'cancelEmailWarnings', false],
    ['approved', 'approve', false],
    ['approved', 'deny', true],
    ['approved', 'makePending', true],
    ['approved', 'print', true],
    ['approved', 'buildings', true],
    ['denied', 'approve', true],
    ['denied', 'deny', false],
    ['denied', 'makePending', true],
    ['denied', 'print', false],
    ['denied', 'buildings', false],
    ['expired', 'approve', false],
    ['expired', 'deny', false],
    ['expired', 'makePending', true],
    ['expired', 'print', false],
    ['expired', 'buildings', false],
    ['underReview', 'approve', true],
    ['underReview', 'deny', true],
    ['underReview', 'makePending', true],
  ];
  it.each(table)('%s × %s → offered %s', async (state, action, offered) => {
    const r = await reg(stateValues[state]);
    const listed = (await search(north, { id: String(r.id), status: 'all', includeExpired: true })).data[0];
    expect(listed.actions.includes(action as (typeof REGISTRATION_ACTIONS)[number])).toBe(offered);
    const res = await call[action](r.id);
    if (offered) expect(res.statusCode, res.body).toBeLessThan(300);
    else expect(res.statusCode, res.body).toBe(409);
  });

  it('photo actions: upload only without a photo, clear only with one; e-mail warnings only with a chain', async () => {
    const r = await reg();
    expect((await t.as(north).delete(`/api/registrations/${r.id}/photo`)).statusCode).toBe(409);
    const withWarnings = await reg({ emailWarnings: true });
    expect((await t.as(north).post(`/api/registrations/${withWarnings.id}/cancel-email-warnings`, {})).statusCode).toBe(
      200,
    );
  });
});

describe('deny (spec 001 §2 Deny, Deny/Exclude)', () => {
  it('deny/exclude denies and adds exactly one district-wide exclusion', async () => {
    const r = await reg({ firstname: 'Excludeme', visitorId: null });
    const res = await t.as(north).post(`/api/registrations/${r.id}/deny`, { exclude: true, reason: 'Failed check' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.registration).toMatchObject({ approved: false });
    expect(body.exclusionId).toEqual(expect.any(Number));
    expect(await exclusionCount('Excludeme')).toBe(1);
    const [ex] = await t.deps.db.select().from(exclusions).where(eq(exclusions.id, body.exclusionId));
    expect(ex).toMatchObject({
      clientId: t.world.north.clientId,
      isGlobal: true,
      buildingId: null,
      active: true,
      dob: r.dob,
      exclusionType: 'Other',
      reason: 'Failed check',
    });
    // denying again is not offered: 409 and no second exclusion
    const again = await t.as(north).post(`/api/registrations/${r.id}/deny`, { exclude: true });
    expect(again.statusCode).toBe(409);
    expect(await exclusionCount('Excludeme')).toBe(1);
    // the exclusion shows in the district's exclusion list
    const list = (await t.as(north).get('/api/exclusions?perPage=100')).json();
    expect(list.count).toBeGreaterThan(0);
  });

  it('is atomic: when the exclusion cannot be stored the registration stays pending', async () => {
    const r = await reg({ firstname: 'Atomic' });
    // a visitor id that does not exist breaks the exclusion insert (foreign key) inside the transaction
    await t.deps.db.execute(
      sql`alter table registrations drop constraint if exists registrations_visitor_id_visitors_id_fk`,
    );
    await t.deps.db.update(registrations).set({ visitorId: 2_000_000_000 }).where(eq(registrations.id, r.id));
    const res = await t.as(north).post(`/api/registrations/${r.id}/deny`, { exclude: true });
    expect(res.statusCode).toBe(500);
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, r.id));
    expect(row.approved).toBeNull();
    expect(await exclusionCount('Atomic')).toBe(0);
    await t.deps.db.update(registrations).set({ visitorId: null }).where(eq(registrations.id, r.id));
  });

  it('plain deny adds no exclusion; make pending brings it back', async () => {
    const r = await reg({ firstname: 'Plaindeny' });
    expect((await t.as(north).post(`/api/registrations/${r.id}/deny`, {})).json().exclusionId).toBeNull();
    expect(await exclusionCount('Plaindeny')).toBe(0);
    const back = await t.as(north).post(`/api/registrations/${r.id}/make-pending`, {});
    expect(back.json()).toMatchObject({ approved: null });
  });

  it('attendants get 403; another district 404', async () => {
    const r = await reg();
    expect((await t.as(desk).post(`/api/registrations/${r.id}/deny`, {})).statusCode).toBe(403);
    expect((await t.as(south).post(`/api/registrations/${r.id}/deny`, {})).statusCode).toBe(404);
  });
});

describe('e-mail actions', () => {
  it('cancel e-mail warnings clears the flag and stops the invitation chain', async () => {
    const r = await reg({ emailWarnings: true });
    const [inv] = await t.deps.db
      .insert(registrationInvitations)
      .values({
        clientId: r.clientId,
        registrationTypeId: r.registrationTypeId,
        firstname: r.firstname,
        lastname: r.lastname,
        tokenHash: `hash-${r.id}`,
        dedupeKey: `key-${r.id}`,
        registrationId: r.id,
      })
      .returning();
    const res = await t.as(north).post(`/api/registrations/${r.id}/cancel-email-warnings`, {});
    expect(res.json().emailWarnings).toBe(false);
    expect(res.json().actions).not.toContain('cancelEmailWarnings');
    const [after] = await t.deps.db
      .select()
      .from(registrationInvitations)
      .where(eq(registrationInvitations.id, inv.id));
    expect(after.warningsCancelledAt).not.toBeNull();
  });

  it('sends the expiration e-mail within 30 days of expiry, else 409', async () => {
    const soon = await reg({ approved: true, expDate: isoInDays(10), email: 'soon.expiring@example.org' });
    const res = await t.as(north).post(`/api/registrations/${soon.id}/expiration-email`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, soon.id));
    expect(row.expirationEmailSentAt).not.toBeNull();
    const mail = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, 'soon.expiring@example.org'));
    expect(mail).toHaveLength(1);
    const later = await reg({ approved: true, expDate: isoInDays(200) });
    expect((await t.as(north).post(`/api/registrations/${later.id}/expiration-email`, {})).statusCode).toBe(409);
  });
});

describe('photos (spec 001 §5: ≤ 10485760 bytes)', () => {
  it('uploads, attaches (readable through /api/files/:id), clears', async () => {
    const r = await reg();
    const up = await upload(north, await pngImage());
    expect(up.statusCode, up.body).toBe(200);
    const fileId = up.json().results[0].id;
    const set = await t.as(north).put(`/api/registrations/${r.id}/photo`, { photoFileId: fileId });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ hasPhoto: true, photoFileId: fileId });
    expect(set.json().actions).toContain('clearPhoto');
    const file = await t.as(desk).get(`/api/files/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await t.as(south).get(`/api/files/${fileId}`)).statusCode).toBe(404);
    // a second upload while a photo exists is not offered
    expect((await t.as(north).put(`/api/registrations/${r.id}/photo`, { photoFileId: fileId })).statusCode).toBe(409);
    const cleared = await t.as(north).delete(`/api/registrations/${r.id}/photo`);
    expect(cleared.json()).toMatchObject({ hasPhoto: false, photoFileId: null });
  });

  it('refuses non-images and other districts’ files', async () => {
    const bad = await upload(north, Buffer.from('not an image at all'));
    expect(bad.statusCode).toBe(415);
    const r = await reg();
    const southFile = await insertRegistrationPhoto(t.deps.db, t.world.south.clientId);
    const res = await t.as(north).put(`/api/registrations/${r.id}/photo`, { photoFileId: southFile });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REGISTRATION_MESSAGES.photoNotFound);
  });
});

describe('buildings and information', () => {
  it('sets buildings of the same district only', async () => {
    const r = await reg();
    const got = (await t.as(north).get(`/api/registrations/${r.id}/buildings`)).json();
    expect(got.buildingIds).toEqual([]);
    expect(got.buildings.map((b: { id: number }) => b.id)).toEqual(
      expect.arrayContaining([t.world.north.northHighId, t.world.north.lincolnId]),
    );
    const set = await t.as(north).put(`/api/registrations/${r.id}/buildings`, {
      buildingIds: [t.world.north.lincolnId],
    });
    expect(set.json().buildingIds).toEqual([t.world.north.lincolnId]);
    const other = await t.as(north).put(`/api/registrations/${r.id}/buildings`, {
      buildingIds: [t.world.south.southElemId],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(REGISTRATION_MESSAGES.buildingsOfClient);
    const newBuilding = await createBuilding(t.deps.db, t.world.south.clientId);
    expect(
      (await t.as(admin).put(`/api/registrations/${r.id}/buildings`, { buildingIds: [newBuilding.id] })).statusCode,
    ).toBe(400);
  });

  it('information: null signature for an admin-added registration; the stored one for a public one', async () => {
    const plain = await reg();
    const info = (await t.as(north).get(`/api/registrations/${plain.id}/information`)).json();
    expect(info).toMatchObject({ source: 'admin', signature: null, disclosureText: null });
    const signed = await reg({
      source: 'public',
      answers: [{ name: 'Shirt size', value: 'M' }],
      signature: {
        kind: 'typed',
        value: 'Pat Signer',
        signedAt: '2026-03-01T10:00:00.000Z',
        ip: '203.0.113.5',
        userAgent: 'Browser',
        disclosureText: 'We check the registry.',
        authorizationText: 'I authorize the check.',
        language: 'en',
      },
    });
    const sInfo = (await t.as(desk).get(`/api/registrations/${signed.id}/information`)).json();
    expect(sInfo).toMatchObject({
      source: 'public',
      disclosureText: 'We check the registry.',
      authorizationText: 'I authorize the check.',
      signature: { kind: 'typed', value: 'Pat Signer', ip: '203.0.113.5' },
      answers: [{ name: 'Shirt size', value: 'M' }],
    });
  });
});

describe('the spec’s windows /Registration/Info/{id} and /Registration/Export (issue 25, audit 001 B2, P8, P9)', () => {
  it('Info downloads the registration’s information page; Export opens the list’s export dialog', async () => {
    const r = await reg({ firstname: 'Infoella', answers: [{ name: 'T-shirt size', value: 'M' }] });
    const page = await t.as(north).get(`/Registration/Info/${r.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-disposition']).toBe(`attachment; filename="registration-information-${r.id}.html"`);
    expect(page.body).toContain(`Registration ${r.id}: Infoella`);
    expect(page.body).toContain('T-shirt size');
    expect((await t.as(south).get(`/Registration/Info/${r.id}`)).statusCode).toBe(404);
    const exported = await t.as(north).get('/Registration/Export');
    expect(exported.statusCode).toBe(302);
    expect(exported.headers.location).toBe('/registration?export=1');
    expect((await t.as(north).get('/registration/export')).headers.location).toBe('/registration?export=1');
    expect((await t.as(desk).get('/Registration/Export')).statusCode).toBe(403);
  });
});

describe('badges (issue 11 Printing)', () => {
  it('prints an approved registration’s badge as a PDF and records it; pending → 409', async () => {
    const photoFileId = await insertRegistrationPhoto(t.deps.db, t.world.north.clientId);
    const r = await reg({ approved: true, expDate: isoInDays(90), photoFileId });
    const res = await t.as(north).get(`/api/registrations/${r.id}/badge.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // a GET changes no data; the POST records the print
    const [before] = await t.deps.db.select().from(registrations).where(eq(registrations.id, r.id));
    expect(before.badgePrintedAt).toBeNull();
    const posted = await t.as(north).post('/api/registrations/badges.pdf', { ids: [r.id] });
    expect(posted.headers['content-type']).toBe('application/pdf');
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, r.id));
    expect(row.badgePrintedAt).not.toBeNull();
    const p = await reg();
    expect((await t.as(north).get(`/api/registrations/${p.id}/badge.pdf`)).statusCode).toBe(409);
    // several: the printable ones; the print windows frame the PDF
    const many = await t.as(north).post('/api/registrations/badges.pdf', { ids: [r.id, p.id] });
    expect(many.statusCode).toBe(200);
    expect((await t.as(north).post('/api/registrations/badges.pdf', { ids: [p.id] })).statusCode).toBe(409);
    const win = await t.as(north).get(`/Badge/PrintRegistration/${r.id}`);
    expect(win.statusCode).toBe(200);
    expect(win.body).toContain(`/api/registrations/${r.id}/badge.pdf`);
    const winMany = await t.as(north).get(`/Badge/PrintRegistrations/?ids=${r.id},${p.id}`);
    // only the printable one is framed (the pending one has no badge)
    expect(winMany.body).toContain(`/api/registrations/${r.id}/badge.pdf`);
    const framed = await t.as(north).get(`/api/registrations/badges.pdf?ids=${r.id},${p.id}`);
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await t.as(north).get('/api/registrations/badges.pdf?ids=0,99999999999')).statusCode).toBe(400);
    expect((await t.as(south).get(`/Badge/PrintRegistration/${r.id}`)).statusCode).toBe(404);
    expect((await t.as(desk).get(`/api/registrations/${r.id}/badge.pdf`)).statusCode).toBe(403);
  });

  it('a suspended badge is not offered for print nor served; a print window without a badge is a page, not JSON (issue 25, audit 001 U8, B3)', async () => {
    const r = await reg({
      approved: true,
      expDate: isoInDays(90),
      suspendedAt: new Date(),
      suspendedReason: 'Arrest alert under review',
    });
    const row = (await search(north, { status: 'approved', id: String(r.id) })).data[0];
    expect(row.display.suspended).toBe(true);
    expect(row.actions).not.toContain('print');
    const pdf = await t.as(north).get(`/api/registrations/${r.id}/badge.pdf`);
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().message).toBe(REGISTRATION_MESSAGES.printSuspended);
    expect((await t.as(north).post('/api/registrations/badges.pdf', { ids: [r.id] })).statusCode).toBe(409);
    // the print window of a suspended or a pending registration: an HTML page with the message
    const win = await t.as(north).get(`/Badge/PrintRegistration/${r.id}`);
    expect(win.statusCode).toBe(409);
    expect(win.headers['content-type']).toContain('text/html');
    expect(win.body).toContain('suspended pending an arrest-watch review');
    expect(win.body).toContain('href="/registration"');
    const p = await reg();
    const pending = await t.as(north).get(`/Badge/PrintRegistration/${p.id}`);
    expect(pending.headers['content-type']).toContain('text/html');
    expect(pending.body).toContain('Only an approved registration has a badge to print.');
    const many = await t.as(north).get(`/Badge/PrintRegistrations?ids=${r.id},${p.id}`);
    expect(many.statusCode).toBe(409);
    expect(many.headers['content-type']).toContain('text/html');
    // another district's: 404 as a page too; an attendant still gets the one error body (403)
    const other = await t.as(south).get(`/Badge/PrintRegistration/${r.id}`);
    expect([other.statusCode, other.headers['content-type']]).toEqual([404, expect.stringContaining('text/html')]);
    expect((await t.as(desk).get(`/Badge/PrintRegistration/${r.id}`)).statusCode).toBe(403);
    // once the suspension is lifted the badge prints again
    await t.deps.db.update(registrations).set({ suspendedAt: null }).where(eq(registrations.id, r.id));
    expect((await t.as(north).get(`/api/registrations/${r.id}/badge.pdf`)).statusCode).toBe(200);
  });

  it('sends the badge to a building’s label printer as ZPL; without a printer says to print the PDF', async () => {
    const printer = await startFakePrinter();
    try {
      const r = await reg({ approved: true, expDate: isoInDays(120) });
      const building = await createBuilding(t.deps.db, t.world.north.clientId, { printerIpAddress: printer.address });
      const res = await t.as(north).post(`/api/registrations/${r.id}/badge/print`, { buildingId: building.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ printed: true, mode: 'network', message: 'The badge was sent to the printer.' });
      await printer.waitForJobs(1);
      const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, r.id));
      expect(printer.jobs.at(-1)).toContain(`^FD${row.badgeCode}^FS`);
      expect(printer.jobs.at(-1)).toContain('Expires:');
      expect(row.badgePrintedAt).not.toBeNull();

      const bare = await createBuilding(t.deps.db, t.world.north.clientId, { printerIpAddress: '' });
      const none = await t.as(north).post(`/api/registrations/${r.id}/badge/print`, { buildingId: bare.id });
      expect(none.json()).toMatchObject({ printed: false, mode: 'pdf' });
      // a pending registration has no badge; another district's building is not found
      const p = await reg();
      expect(
        (await t.as(north).post(`/api/registrations/${p.id}/badge/print`, { buildingId: building.id })).statusCode,
      ).toBe(409);
      const southBuilding = await createBuilding(t.deps.db, t.world.south.clientId, {
        printerIpAddress: printer.address,
      });
      expect(
        (await t.as(north).post(`/api/registrations/${r.id}/badge/print`, { buildingId: southBuilding.id })).statusCode,
      ).toBe(404);
      expect(printer.jobs).toHaveLength(1);
    } finally {
      await printer.close();
    }
  });
});

describe('export (issue 11 Export with a column chooser)', () => {
  it('streams the filtered rows with the chosen columns; none chosen → the spec message', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { name: 'Export type' });
    await createRegistration(t.deps.db, type, { firstname: 'Exporta', lastname: 'Row', note: '=cmd()' });
    const res = await t.as(north).post('/api/registrations/export', {
      registrationTypeId: type.id,
      columns: [1, 4, 5, 9, 12],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Registration Type,First Name,Last Name,Note,Volunteer Hours');
    expect(lines[1]).toContain('Export type,Exporta,Row');
    expect(lines[1]).toContain("'=cmd()");
    // issue 25: dates as the spec writes them (mm/dd/yyyy), never ISO
    const dated = await t.as(north).post('/api/registrations/export', { registrationTypeId: type.id, columns: [3, 8] });
    const [, row] = dated.body.trim().split(/\r?\n/);
    expect(row).toMatch(/^(\d{2}\/\d{2}\/\d{4})?,(\d{2}\/\d{2}\/\d{4})?$/);
    expect(row).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const none = await t.as(north).post('/api/registrations/export', { columns: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.exportNeedsColumn);
    expect((await t.as(desk).post('/api/registrations/export', { columns: [1] })).statusCode).toBe(403);
  });
});

describe('print-or-email approval through SMTP (spec 001 §7 doPrintOrEmail)', () => {
  let smtp: SmtpPeer;
  let mailApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailApp = await createTestApp({
      overrides: { email: createSmtpTransport(smtp.url, 'SafeVisitor <sv@test.example>') },
    });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('e-mails the volunteer the approval with the badge PDF attached', async () => {
    const admin = await mailApp.login('admin.north@demo.test');
    const type = await createRegistrationType(mailApp.deps.db, mailApp.world.north.clientId, { months: 6 });
    const reg = await createRegistration(mailApp.deps.db, type, {});
    const res = await mailApp.as(admin).post('/api/registrations/approve', { ids: [reg.id], doPrintOrEmail: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().emailed).toBe(1);
    const mail = await smtp.waitFor((m) => m.to.includes(reg.email));
    expect(mail.text).toContain('Your ID badge is attached as a PDF');
    // the attachment: a PDF named badge.pdf
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['badge.pdf', 'application/pdf']]);
    expect(mail.attachments[0].content.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // the stored message keeps only the file's id; the file is the district's, readable as a registration badge
    const [stored] = await mailApp.deps.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.recipient, reg.email), eq(outboundMessages.kind, 'registration.approved')));
    expect(stored.status).toBe('sent');
    expect(stored.attachments).toEqual([{ fileId: expect.any(String), fileName: 'badge.pdf' }]);
    const file = await mailApp.as(admin).get(`/api/files/${stored.attachments![0].fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const south = await mailApp.login('admin.south@demo.test');
    expect((await mailApp.as(south).get(`/api/files/${stored.attachments![0].fileId}`)).statusCode).toBe(404);
  });
});
