import type { TSvRegistration, TSvRegistrationListResponse, TVendorCompanyListResponse } from '@sv/contracts';
import { MESSAGES } from '@sv/contracts';
import { addYears, localDateOf } from '@sv/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegistrationType, createVendorCompany, createVendorRegistration } from '../../../db/seed/factories';
import { buildings, outboundMessages, registrations, vendorCompanies } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { startFakePrinter } from '../../test/peers/fake-printer';
import { insertRegistration, isoInDays } from '../registrations/registrations.fixtures';
import { REGISTRATION_MESSAGES } from '../registrations/registrations.service';
import { createVendorCompaniesRepository } from './safevendor.repository';

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

const today = () => localDateOf(new Date(), 'America/Chicago');
const company = (over: Parameters<typeof createVendorCompany>[2] = {}) =>
  createVendorCompany(t.deps.db, t.world.north.clientId, over);
const vendor = async (over: Parameters<typeof createVendorRegistration>[2] = {}) =>
  createVendorRegistration(t.deps.db, await company(), over);
const search = async (s: Session, body: Record<string, unknown> = {}) => {
  const res = await t.as(s).post('/api/sv-registrations/search', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSvRegistrationListResponse;
};

describe('vendor companies (spec 001 §2 SafeVendor Companies, §3 Vendor company)', () => {
  it('adds and edits a company; the list is by name, active only by default, 100 a page', async () => {
    const add = await t.as(north).post('/api/vendor-companies', {
      name: 'Zebra Plumbing',
      code: ' Zebra-Plumbing ',
      ddUsername: 'zp-user',
    });
    expect(add.statusCode, add.body).toBe(200);
    const zebra = add.json();
    expect(zebra).toMatchObject({ clientId: t.world.north.clientId, code: 'zebra-plumbing', isActive: true });
    await t.as(north).post('/api/vendor-companies', { name: 'Acme Catering', code: 'acme-catering-two' });
    const off = await t.as(north).post('/api/vendor-companies', {
      name: 'Old Supplies',
      code: 'old-supplies',
      isActive: false,
    });
    expect(off.statusCode).toBe(200);

    const list = (await t.as(north).get('/api/vendor-companies')).json() as TVendorCompanyListResponse;
    expect(list.perPage).toBe(100);
    const names = list.data.map((c) => c.name);
    expect(names.indexOf('Acme Catering')).toBeLessThan(names.indexOf('Zebra Plumbing'));
    expect(names).not.toContain('Old Supplies');
    const all = (await t.as(north).get('/api/vendor-companies?activeOnly=false')).json() as TVendorCompanyListResponse;
    expect(all.data.map((c) => c.name)).toContain('Old Supplies');

    const edit = await t.as(north).edit('PUT', `/api/vendor-companies/${zebra.id}`, {
      name: 'Zebra Plumbing Inc',
      code: 'zebra',
      ddUsername: '',
      isActive: true,
      inArrestWatch: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Zebra Plumbing Inc', code: 'zebra', inArrestWatch: true });
  });

  it('keeps a URL code unique within the district, types included (409 with the field); another district may reuse it', async () => {
    await createRegistrationType(t.deps.db, t.world.north.clientId, { code: 'shared-code' });
    const clash = await t.as(north).post('/api/vendor-companies', { name: 'Clash', code: 'shared-code' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors.code).toEqual(['This URL code is already in use']);
    const first = await t.as(north).post('/api/vendor-companies', { name: 'First', code: 'only-once' });
    expect(first.statusCode).toBe(200);
    expect((await t.as(north).post('/api/vendor-companies', { name: 'Again', code: 'only-once' })).statusCode).toBe(
      409,
    );
    expect((await t.as(south).post('/api/vendor-companies', { name: 'South', code: 'only-once' })).statusCode).toBe(
      200,
    );
    // and the other way: a registration type cannot take a company's code
    const type = await t.as(north).post(`/api/clients/${t.world.north.clientId}/registration-types`, {
      name: 'Clashing type',
      code: 'only-once',
    });
    expect(type.statusCode).toBe(409);
  });

  it('admins choose the district; a client admin cannot see or edit another district’s company (404)', async () => {
    const none = await t.as(admin).post('/api/vendor-companies', { name: 'No district', code: 'no-district' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.clientId).toBeDefined();
    const ok = await t.as(admin).post('/api/vendor-companies', {
      clientId: t.world.south.clientId,
      name: 'South Vendor',
      code: 'south-vendor',
    });
    expect(ok.json()).toMatchObject({ clientId: t.world.south.clientId, clientName: expect.any(String) });
    expect((await t.as(north).get(`/api/vendor-companies/${ok.json().id}`)).statusCode).toBe(404);
    const put = await t
      .as(north)
      .edit('PUT', `/api/vendor-companies/${ok.json().id}`, { name: 'Taken', code: 'taken' });
    expect(put.statusCode).toBe(404);
    // a client admin's clientId is ignored: the company is theirs
    const mine = await t.as(north).post('/api/vendor-companies', {
      clientId: t.world.south.clientId,
      name: 'Mine',
      code: 'mine-only',
    });
    expect(mine.json().clientId).toBe(t.world.north.clientId);
    expect((await t.as(desk).get('/api/vendor-companies')).statusCode).toBe(403);
  });

  it('resolves an active company’s URL code as the public form’s target (the hook for the public form)', async () => {
    const c = await company({ code: 'form-target', name: 'Form Target Co' });
    const inactive = await company({ code: 'form-off', isActive: false });
    const repo = createVendorCompaniesRepository(t.deps.db);
    expect(await repo.findFormTarget(t.world.north.clientId, 'FORM-TARGET')).toEqual({
      kind: 'vendor',
      clientId: t.world.north.clientId,
      vendorCompanyId: c.id,
      companyName: 'Form Target Co',
    });
    expect(await repo.findFormTarget(t.world.north.clientId, inactive.code)).toBeNull();
    expect(await repo.findFormTarget(t.world.south.clientId, 'form-target')).toBeNull();
  });
});

describe('POST /api/sv-registrations/search (spec 001 §2 list, §3 status ids, §9 defaults)', () => {
  it('defaults to Pending by name; filters by company and search; never lists volunteers', async () => {
    const c = await company();
    await createVendorRegistration(t.deps.db, c, { firstname: 'Zed', lastname: 'Aaron' });
    await createVendorRegistration(t.deps.db, c, { firstname: 'Amy', lastname: 'Young' });
    await createVendorRegistration(t.deps.db, c, { firstname: 'Bob', lastname: 'Aaron', approved: true });
    await insertRegistration(t.deps.db, t.world.north.clientId, { firstname: 'Vol', lastname: 'Unteer' });
    const page = await search(north, { vendorCompanyId: c.id });
    expect(page.perPage).toBe(100);
    expect(page.data.map((r) => `${r.firstname} ${r.lastname}`)).toEqual(['Zed Aaron', 'Amy Young']);
    expect(page.data[0]).toMatchObject({ company: c.name, displayState: 'Pending', generated: false });
    expect(page.data[0].actions).toEqual(['approve', 'deny', 'information', 'edit']);
    expect((await search(north, { vendorCompanyId: c.id, search: 'amy' })).data.map((r) => r.firstname)).toEqual([
      'Amy',
    ]);
    expect((await search(north, { vendorCompanyId: c.id, search: 'zed aa' })).count).toBe(1);
    expect((await search(north, { status: 'all', search: 'vol' })).count).toBe(0);
    // the volunteer list does not see vendors
    const volunteers = (
      await t.as(north).post('/api/registrations/search', { status: 'all', lastname: 'aaron' })
    ).json();
    expect(volunteers.count).toBe(0);
  });

  it('status filter: All (0), Pending (1), Approved (2), Denied (3), Expired (5); the status icon per state', async () => {
    const c = await company();
    const mk = (firstname: string, over: Parameters<typeof createVendorRegistration>[2]) =>
      createVendorRegistration(t.deps.db, c, { firstname, ...over });
    await mk('Pend', { ddStatus: 1 });
    await mk('Appr', { approved: true, expDate: isoInDays(60) });
    await mk('Print', { approved: true, expDate: isoInDays(60), badgePrintedAt: new Date() });
    await mk('Deny', { approved: false });
    await mk('Expi', { approved: true, expDate: isoInDays(-7) });
    const names = async (status: string) =>
      (await search(north, { vendorCompanyId: c.id, status })).data
        .map((r) => `${r.firstname}:${r.displayState}`)
        .sort();
    expect(await names('pending')).toEqual(['Pend:Submitted']);
    expect(await names('approved')).toEqual(['Appr:Approved', 'Print:Printed']);
    expect(await names('denied')).toEqual(['Deny:Denied']);
    expect(await names('expired')).toEqual(['Expi:Expired']);
    expect((await names('all')).length).toBe(5);
  });

  it('a pending vendor whose background check came back clean is still pending, never "Approved" (issue 25, audit 001 B1)', async () => {
    const c = await company();
    const walter = await createVendorRegistration(t.deps.db, c, { firstname: 'Walter', ddStatus: 2 });
    const row = (await search(north, { vendorCompanyId: c.id, status: 'pending' })).data[0];
    expect(row).toMatchObject({ id: walter.id, approved: null, displayState: 'Check Approved' });
    expect(row.actions).toContain('approve');
    expect((await t.as(north).get(`/api/sv-registrations/${walter.id}`)).json().displayState).toBe('Check Approved');
  });

  it('attendants read the list without the Actions menu; another district sees none of it', async () => {
    const r = await vendor();
    const mine = await search(desk, { status: 'all', vendorCompanyId: r.vendorCompanyId });
    expect(mine.data.map((x) => x.id)).toEqual([r.id]);
    expect(mine.data[0].actions).toEqual([]);
    expect((await search(south, { status: 'all', vendorCompanyId: r.vendorCompanyId })).count).toBe(0);
    // the badge code is the badge's credential: managers read it, attendants do not
    expect((await t.as(desk).get(`/api/sv-registrations/${r.id}`)).json().badgeCode).toBe('');
    expect((await t.as(north).get(`/api/sv-registrations/${r.id}`)).json().badgeCode).toBe(r.badgeCode);
    expect((await t.as(south).get(`/api/sv-registrations/${r.id}`)).statusCode).toBe(404);
  });
});

describe('add and edit (spec 001 §2 add/edit, §5 "saves nothing if no date is given")', () => {
  it('adds a pending vendor with a company and date of birth; edits it; nothing is saved without a date', async () => {
    const c = await company();
    const body = {
      vendorCompanyId: c.id,
      firstname: 'Vera',
      lastname: 'Vendor',
      dob: '1980-02-03',
      street1: '1 Main St',
      city: 'Springfield',
      state: 'il',
      zipcode: '62701',
      note: 'Delivers on Mondays',
    };
    const noDob = await t.as(north).post('/api/sv-registrations', { ...body, dob: undefined });
    expect(noDob.statusCode).toBe(400);
    expect(noDob.json().fieldErrors.dob).toBeDefined();
    expect((await search(north, { status: 'all', vendorCompanyId: c.id })).count).toBe(0);

    const add = await t.as(north).post('/api/sv-registrations', body);
    expect(add.statusCode, add.body).toBe(200);
    const saved = add.json() as TSvRegistration;
    expect(saved).toMatchObject({ approved: null, company: c.name, state: 'IL', displayState: 'Pending' });
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, saved.id));
    expect(row).toMatchObject({ vendor: true, vendorCompanyId: c.id, registrationTypeId: null });

    const other = await company();
    const edit = await t.as(north).put(`/api/sv-registrations/${saved.id}`, {
      ...body,
      vendorCompanyId: other.id,
      note: 'x',
      version: saved.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ vendorCompanyId: other.id, note: 'x' });
    const noDobEdit = await t
      .as(north)
      .put(`/api/sv-registrations/${saved.id}`, { ...body, dob: '', version: edit.json().version });
    expect(noDobEdit.statusCode).toBe(400);
  });

  it('refuses a company of another district, an inactive new company, and a volunteer id (404)', async () => {
    const south1 = await createVendorCompany(t.deps.db, t.world.south.clientId);
    const base = { firstname: 'A', lastname: 'B', dob: '1980-01-01' };
    const res = await t.as(north).post('/api/sv-registrations', { ...base, vendorCompanyId: south1.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.vendorCompanyId).toBeDefined();
    const off = await company({ isActive: false });
    expect((await t.as(north).post('/api/sv-registrations', { ...base, vendorCompanyId: off.id })).statusCode).toBe(
      400,
    );
    const volunteer = await insertRegistration(t.deps.db, t.world.north.clientId);
    expect((await t.as(north).get(`/api/sv-registrations/${volunteer.id}`)).statusCode).toBe(404);
    expect((await t.as(north).get(`/api/registrations/${(await vendor()).id}`)).statusCode).toBe(404);
  });
});

describe('state machine (spec 001 §4 SafeVendor registration)', () => {
  type State = 'pending' | 'approved' | 'denied' | 'expired';
  const over: Record<State, Parameters<typeof createVendorRegistration>[2]> = {
    pending: { approved: null },
    approved: { approved: true, expDate: isoInDays(90) },
    denied: { approved: false },
    expired: { approved: true, expDate: isoInDays(-14) },
  };
  const run: Record<string, (id: number) => Promise<{ statusCode: number; body: string }>> = {
    approve: (id) => t.as(north).post('/api/sv-registrations/approve', { ids: [id], expDate: isoInDays(30) }),
    deny: (id) => t.as(north).post(`/api/sv-registrations/${id}/deny`, {}),
    makePending: (id) => t.as(north).post(`/api/sv-registrations/${id}/make-pending`, {}),
    print: (id) => t.as(north).get(`/api/sv-registrations/${id}/badge.pdf`),
  };
  // [state, action, allowed, approved afterwards]
  const table: [State, string, boolean, boolean | null][] = [
    ['pending', 'approve', true, true],
    ['pending', 'deny', true, false],
    ['pending', 'makePending', false, null],
    ['pending', 'print', false, null],
    ['approved', 'approve', false, true],
    ['approved', 'deny', true, false],
    ['approved', 'makePending', true, null],
    ['approved', 'print', true, true],
    ['denied', 'approve', true, true],
    ['denied', 'deny', false, false],
    ['denied', 'makePending', true, null],
    ['denied', 'print', false, false],
    ['expired', 'approve', false, true],
    ['expired', 'deny', false, true],
    ['expired', 'makePending', true, null],
    ['expired', 'print', false, true],
  ];
  it.each(table)('%s → %s: allowed %s, then approved = %s', async (state, action, allowed, after) => {
    const r = await vendor(over[state]);
    const res = await run[action](r.id);
    expect(res.statusCode, res.body).toBe(allowed ? 200 : 409);
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, r.id));
    expect(row.approved).toBe(after);
  });

  it('a client admin of another district gets 404; an attendant 403', async () => {
    const r = await vendor();
    expect((await t.as(south).post(`/api/sv-registrations/${r.id}/deny`, {})).statusCode).toBe(404);
    expect((await t.as(desk).post(`/api/sv-registrations/${r.id}/deny`, {})).statusCode).toBe(403);
  });
});

describe('approve, print, e-mail, photo (spec 001 §3 approval details, §4 bulk, §9)', () => {
  it('single approval defaults to one year; bulk approve changes only pending ones', async () => {
    const a = await vendor();
    const def = (await t.as(north).get(`/api/sv-registrations/${a.id}/approval-default`)).json();
    expect(def.expDate).toBe(addYears(today(), 1));
    const one = await t.as(north).post('/api/sv-registrations/approve', { ids: [a.id] });
    expect(one.json()).toMatchObject({ approvedIds: [a.id] });
    const [stored] = await t.deps.db.select().from(registrations).where(eq(registrations.id, a.id));
    expect(stored.expDate).toBe(addYears(today(), 1));
    expect(stored.visitorId).not.toBeNull();

    const p = await vendor();
    const d = await vendor({ approved: false });
    const bulk = await t.as(north).post('/api/sv-registrations/approve', { ids: [p.id, d.id], expDate: isoInDays(40) });
    expect(bulk.json()).toMatchObject({ approvedIds: [p.id], skippedIds: [d.id] });
  });

  it('printing records the badge as printed (generated) and the icon shows Printed', async () => {
    const r = await vendor({ approved: true, expDate: isoInDays(60) });
    const pdf = await t.as(north).get(`/api/sv-registrations/${r.id}/badge.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const window = await t.as(north).get(`/Badge/printsvregistration/${r.id}`);
    expect(window.statusCode).toBe(200);
    expect(window.body).toContain(`/api/sv-registrations/${r.id}/badge.pdf`);
    expect((await t.as(north).get(`/api/sv-registrations/${r.id}`)).json().generated).toBe(false);
    const printed = await t.as(north).post('/api/sv-registrations/print', { ids: [r.id] });
    expect(printed.json()).toEqual({ printedIds: [r.id] });
    const after = (await t.as(north).get(`/api/sv-registrations/${r.id}`)).json() as TSvRegistration;
    expect(after).toMatchObject({ generated: true, displayState: 'Printed' });
    const many = await t.as(north).get(`/Badge/PrintSVRegistrations/?ids=${r.id},${r.id}`);
    expect(many.statusCode).toBe(200);
    const pending = await vendor();
    expect((await t.as(north).post('/api/sv-registrations/print', { ids: [pending.id] })).statusCode).toBe(409);
  });

  it('sends approved badges as ZPL to a building’s network printer and records them as printed', async () => {
    const printer = await startFakePrinter();
    const { northHighId, lincolnId } = t.world.north;
    try {
      const r = await vendor({ approved: true, expDate: isoInDays(60), firstname: 'Zelda' });
      const send = (ids: number[], buildingId: number, s = north) =>
        t.as(s).post('/api/sv-registrations/print-to-building', { ids, buildingId });
      // no printer at Lincoln: a 409 saying so, nothing printed
      await t.deps.db.update(buildings).set({ printerIpAddress: '' }).where(eq(buildings.id, lincolnId));
      const none = await send([r.id], lincolnId);
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(REGISTRATION_MESSAGES.noPrinter);
      // another district's building: 404
      expect((await send([r.id], t.world.south.southElemId)).statusCode).toBe(404);
      await t.deps.db.update(buildings).set({ printerIpAddress: printer.address }).where(eq(buildings.id, northHighId));
      const ok = await send([r.id], northHighId);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ printedIds: [r.id] });
      await printer.waitForJobs(1);
      expect(printer.jobs[0]).toContain(`^FD${r.badgeCode}^FS`);
      expect(printer.jobs[0]).toContain('Zelda');
      expect((await t.as(north).get(`/api/sv-registrations/${r.id}`)).json().displayState).toBe('Printed');
      // a pending vendor has no badge to print
      expect((await send([(await vendor()).id], northHighId)).statusCode).toBe(409);
    } finally {
      await t.deps.db.update(buildings).set({ printerIpAddress: '' }).where(eq(buildings.id, northHighId));
      await printer.close();
    }
  });

  it('clear photo, cancel e-mail warnings and the expiration e-mail follow the offered actions', async () => {
    const r = await vendor({ emailWarnings: true, approved: true, expDate: isoInDays(10) });
    const listed = (await search(north, { status: 'approved', vendorCompanyId: r.vendorCompanyId })).data[0];
    expect(listed.actions).toEqual(
      expect.arrayContaining(['cancelEmailWarnings', 'sendExpirationEmail', 'print', 'deny', 'makePending']),
    );
    expect(listed.actions).not.toContain('clearPhoto');
    expect((await t.as(north).delete(`/api/sv-registrations/${r.id}/photo`)).statusCode).toBe(409);
    const cancel = await t.as(north).post(`/api/sv-registrations/${r.id}/cancel-email-warnings`, {});
    expect(cancel.json().emailWarnings).toBe(false);
    const mail = await t.as(north).post(`/api/sv-registrations/${r.id}/expiration-email`, {});
    expect(mail.statusCode, mail.body).toBe(200);
    const [sent] = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(
        and(eq(outboundMessages.recipient, r.email), eq(outboundMessages.kind, 'registration-renewal-invitation')),
      );
    // the e-mail is the vendor's renewal link to the company's form (issue 25, audit 001 B4; ADR 0038),
    // named by the company (ADR 0014), not a registration type
    const [co] = await t.deps.db.select().from(vendorCompanies).where(eq(vendorCompanies.id, r.vendorCompanyId));
    expect(sent.subject).toContain(`Renew your ${co.name} registration`);
    expect(sent.body).toContain(`/register/${co.clientId}/${co.code}?invitation=`);
  });

  it('information and its download page name the company; the download is an attachment', async () => {
    const r = await vendor();
    const info = (await t.as(north).get(`/api/sv-registrations/${r.id}/information`)).json();
    expect(info).toMatchObject({ id: r.id, signature: null, disclosureText: null });
    const page = await t.as(north).get(`/SVRegistration/Info/${r.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-disposition']).toContain('attachment');
    expect(page.body).toContain(info.registrationType);
  });

  it('the export window /SVRegistration/Export?status&companyId&search opens the list’s export dialog with that status and company, without the search text (issue 25, audit 001 B2)', async () => {
    const res = await t.as(north).get('/SVRegistration/Export?status=0&companyId=12&search=walter');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/svregistration?export=1&status=all&companyId=12');
    expect((await t.as(north).get('/svregistration/export?status=5')).headers.location).toBe(
      '/svregistration?export=1&status=expired',
    );
    expect((await t.as(north).get('/SVRegistration/Export?status=bogus')).headers.location).toBe(
      '/svregistration?export=1',
    );
    expect((await t.as(desk).get('/SVRegistration/Export')).statusCode).toBe(403);
  });

  it('exports the filtered vendors through the export pipeline; no columns → 400', async () => {
    const c = await company({ name: 'Export Co' });
    await createVendorRegistration(t.deps.db, c, { firstname: 'Exp', lastname: 'Orter' });
    const res = await t.as(north).post('/api/sv-registrations/export', {
      vendorCompanyId: c.id,
      columns: [1, 2, 4, 5],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Company,Status,First Name,Last Name');
    expect(res.body).toContain('Export Co,Pending,Exp,Orter');
    const none = await t.as(north).post('/api/sv-registrations/export', { columns: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.exportNeedsColumn);
  });
});
