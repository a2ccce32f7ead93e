import { KIOSK_MESSAGES, MESSAGES } from '@sv/contracts';
import { DEFAULT_HEALTH_QUESTIONS_ES } from '@sv/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badges,
  buildings,
  clients,
  dropoffEvents,
  preRegistrations,
  sessions,
  students,
  visitors,
  visits,
} from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../../db/seed/demo';
import { demoStudent } from '../students/students.fixtures';
import { startFakePrinter } from '../../test/peers/fake-printer';
import { PDFDocument } from 'pdf-lib';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { insertExclusion, insertVisitor } from '../screening/screening.fixtures';

/**
 * The kiosk (issue 14): the server screens every sign-in as the desk does; only a screening with
 * nothing to decide is checked in (through the admission gate), anything else is a pending card
 * for the desk and "see the office" at the kiosk.
 */
let t: TestApp;
let kiosk: Session;
let desk: Session;
let printer: Awaited<ReturnType<typeof startFakePrinter>>;
let seq = 0;
const key = () => `kiosk-test-${Date.now().toString(36)}-${++seq}`;
const uniq = () => `${'abcdefghij'[seq % 10]}${(++seq).toString(36).replace(/\d/g, (d) => 'klmnopqrst'[+d])}`;

beforeAll(async () => {
  t = await createTestApp();
  [kiosk, desk] = await Promise.all([t.login('kiosk.northhigh@demo.test'), t.login('desk.northhigh@demo.test')]);
  printer = await startFakePrinter();
});
afterAll(() => printer.close());

const building = () => t.world.north.northHighId;

function send(s: Session, url: string, body: unknown, k: string | null = key()) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, ...(k ? { 'idempotency-key': k } : {}) },
    payload: body as object,
  });
}

async function setKiosk(over: Record<string, unknown>) {
  const [row] = await t.deps.db
    .select({ k: clients.kioskSettings })
    .from(clients)
    .where(eq(clients.id, t.world.north.clientId));
  await t.deps.db
    .update(clients)
    .set({ kioskSettings: { ...(row.k as object), ...over } })
    .where(eq(clients.id, t.world.north.clientId));
}

const photo = () => insertPhoto(t.deps.db, t.world.north.clientId);

async function openVisitsOf(visitorId: number) {
  return t.deps.db
    .select()
    .from(visits)
    .where(and(eq(visits.visitorId, visitorId), isNull(visits.checkOut)));
}

/** The kiosk's whole sign-in: submit, then auto-validate once. */
async function signInAndValidate(body: object, lang = '') {
  const res = await send(kiosk, '/api/kiosk/sign-ins', body);
  expect(res.statusCode, res.body).toBe(200);
  const { signInId, next } = res.json();
  const polled = await send(
    kiosk,
    `/api/kiosk/sign-ins/${signInId}/auto-validate${lang ? `?lang=${lang}` : ''}`,
    {},
    null,
  );
  expect(polled.statusCode, polled.body).toBe(200);
  return { signInId, next, result: polled.json() };
}

describe('main screen', () => {
  it('shows the kiosk settings’ buttons, hides N/A and follows the building’s student flags', async () => {
    const res = await t.as(kiosk).get('/api/kiosk/config');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().buttons.map((b: { label: string }) => b.label)).toEqual([
      'KIOSK TEMPORARY VISITOR',
      'KIOSK SAFEVISITOR ID BADGE CHECK IN',
      'Visitor / Volunteer Checkout',
      'STUDENT PICKUP',
      'KIOSK STUDENT CHECK IN',
      'KIOSK STUDENT CHECK OUT',
    ]);
    // issue 25 (audit 002 U5): the default health questions come with their Spanish
    expect(res.json().banner.questionsEs).toEqual([...DEFAULT_HEALTH_QUESTIONS_ES]);
    await setKiosk({ pickupBtn: 'n/a', kioskvisitorBtn: 'Visitors' });
    await t.deps.db.update(buildings).set({ showKioskStudentCheckOut: false }).where(eq(buildings.id, building()));
    try {
      const keys = (await t.as(kiosk).get('/api/kiosk/config')).json().buttons;
      expect(keys.map((b: { key: string }) => b.key)).toEqual(['visitor', 'checkIn', 'checkOut', 'studentCheckIn']);
      expect(keys[0].label).toBe('Visitors');
    } finally {
      await setKiosk({ pickupBtn: '', kioskvisitorBtn: '' });
      await t.deps.db.update(buildings).set({ showKioskStudentCheckOut: true }).where(eq(buildings.id, building()));
    }
  });
});

describe('health questions in Spanish (issue 25, ADR 0034)', () => {
  it('a district’s own question has its Spanish text when the district gave one, else none', async () => {
    await setKiosk({
      bannerQuestion1: 'Do you have a fever?',
      bannerQuestion1Es: '¿Tiene fiebre?',
      bannerQuestion2: 'Have you been abroad?',
      bannerQuestion2Es: '',
    });
    try {
      const banner = (await t.as(kiosk).get('/api/kiosk/config')).json().banner;
      expect(banner.questions).toEqual(['Do you have a fever?', 'Have you been abroad?']);
      expect(banner.questionsEs).toEqual(['¿Tiene fiebre?', '']);
    } finally {
      await setKiosk({ bannerQuestion1: '', bannerQuestion1Es: '', bannerQuestion2: '', bannerQuestion2Es: '' });
    }
  });
});

describe('sign-in with auto badge', () => {
  beforeAll(async () => {
    await setKiosk({ enableAutoCheckInKioskMode: true });
    await t.deps.db.update(buildings).set({ printerIpAddress: printer.address }).where(eq(buildings.id, building()));
  });
  afterAll(async () => {
    await setKiosk({ enableAutoCheckInKioskMode: false });
    await t.deps.db.update(buildings).set({ printerIpAddress: '' }).where(eq(buildings.id, building()));
  });

  it('a badge printed from a kiosk used in Spanish carries its fixed words in Spanish (issue 29 §1)', async () => {
    const before = printer.jobs.length;
    const person = { firstName: `Lia${uniq()}`, lastName: `Clara${uniq()}`, dob: '1981-03-04' };
    const { result } = await signInAndValidate(
      { person, photoFileId: await photo(), reason: 'Meeting', personVisiting: 'Ms Rivera' },
      'es',
    );
    expect(result).toMatchObject({ state: 'checked_in', badge: { printed: true } });
    await printer.waitForJobs(before + 1);
    expect(printer.jobs.at(-1)).toContain('Visita a: Ms Rivera');
    expect(printer.jobs.at(-1)).toContain('^FDVISITANTE^FS');
  });

  it('a clear first-time visitor is checked in and the badge goes to the building’s printer', async () => {
    const before = printer.jobs.length;
    const person = { firstName: `Kia${uniq()}`, lastName: `Clear${uniq()}`, dob: '1980-02-03' };
    const { next, result, signInId } = await signInAndValidate({
      person,
      photoFileId: await photo(),
      reason: 'Meeting',
      personVisiting: 'Ms Rivera',
    });
    expect(next).toBe('poll');
    expect(result).toMatchObject({ state: 'checked_in', badge: { printed: true } });
    await printer.waitForJobs(before + 1);
    expect(printer.jobs.at(-1)).toContain('Ms Rivera');
    const [card] = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, signInId));
    expect(card.status).toBe('checked_in');
    expect(await openVisitsOf(card.visitorId!)).toHaveLength(1);
    // asking again answers the same visit, and checks in no one twice
    const again = await send(kiosk, `/api/kiosk/sign-ins/${signInId}/auto-validate`, {}, null);
    expect(again.json()).toMatchObject({ state: 'checked_in', visitId: result.visitId });
    expect(await openVisitsOf(card.visitorId!)).toHaveLength(1);
  });

  it('a registry hit is never checked in: a pending card for the desk with the finding, and "see the office"', async () => {
    const { result, signInId } = await signInAndValidate({
      person: { firstName: 'Jordan', lastName: 'Samplewick', dob: '1972-05-06' },
      photoFileId: await photo(),
    });
    expect(result).toEqual({ state: 'see_office', visitId: null, badge: null });
    const cards = (await t.as(desk).get(`/api/buildings/${building()}/preregistrations`)).json();
    const card = cards.data.find((c: { id: number }) => c.id === signInId);
    expect(card).toMatchObject({ status: 'pending', bgResults: false });
    expect(card.issues.findings.some((f: { source: string }) => f.source === 'registry')).toBe(true);
    expect(await openVisitsOf(card.visitorId)).toHaveLength(0);
  });

  it('a person linked to an exclusion is never checked in', async () => {
    const p = { firstname: `Ex${uniq()}`, lastname: `Cluded${uniq()}`, dob: '1975-01-01' };
    const id = await insertVisitor(t.deps.db, { clientId: t.world.north.clientId, ...p });
    await insertExclusion(t.deps.db, { clientId: t.world.north.clientId, visitorId: id, ...p });
    const { result, signInId } = await signInAndValidate({ visitorId: id, photoFileId: await photo() });
    expect(result.state).toBe('see_office');
    const [card] = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, signInId));
    expect((card.issues as { summary: string[] }).summary).toContain('On the exclusion list');
    expect(await openVisitsOf(id)).toHaveLength(0);
  });

  it('an exclusion added between the sign-in and the poll is caught by the admission gate', async () => {
    const p = { firstname: `La${uniq()}`, lastname: `Te${uniq()}`, dob: '1979-09-09' };
    const id = await insertVisitor(t.deps.db, { clientId: t.world.north.clientId, ...p });
    const res = await send(kiosk, '/api/kiosk/sign-ins', { visitorId: id, photoFileId: await photo() });
    await insertExclusion(t.deps.db, { clientId: t.world.north.clientId, visitorId: id, ...p });
    const polled = await send(kiosk, `/api/kiosk/sign-ins/${res.json().signInId}/auto-validate`, {}, null);
    expect(polled.json().state).toBe('see_office');
    expect(await openVisitsOf(id)).toHaveLength(0);
    const [card] = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, res.json().signInId));
    expect(card).toMatchObject({ status: 'pending', bgResults: false });
  });

  it('a retry of the same submission (same Idempotency-Key) makes one card', async () => {
    const k = key();
    const body = {
      person: { firstName: `Re${uniq()}`, lastName: `Try${uniq()}`, dob: '1990-01-01' },
      photoFileId: await photo(),
    };
    const a = await send(kiosk, '/api/kiosk/sign-ins', body, k);
    const b = await send(kiosk, '/api/kiosk/sign-ins', body, k);
    expect(b.json().signInId).toBe(a.json().signInId);
    const rows = await t.deps.db
      .select()
      .from(preRegistrations)
      .where(eq(preRegistrations.firstname, body.person.firstName));
    expect(rows).toHaveLength(1);
  });
});

describe('sign-in without auto badge', () => {
  it('thanks the visitor and leaves the arrival for the desk; auto-validate never checks in', async () => {
    const person = { firstName: `No${uniq()}`, lastName: `Auto${uniq()}`, dob: '1985-05-05' };
    const { next, result, signInId } = await signInAndValidate({ person, photoFileId: await photo() });
    expect(next).toBe('thankyou');
    expect(result.state).toBe('see_office');
    const [card] = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, signInId));
    expect(card).toMatchObject({ status: 'pending', bgResults: true });
    expect(await openVisitsOf(card.visitorId!)).toHaveLength(0);
    // the desk's ALLOW checks the arrival in (it screens again)
    const allowed = await send(desk, `/api/preregistrations/${signInId}/allow`, { confirmedRefs: [] });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('requires the building’s kiosk photo, and refuses bad input with 400', async () => {
    const person = { firstName: 'Pho', lastName: 'Toless', dob: '1985-05-05' };
    const res = await send(kiosk, '/api/kiosk/sign-ins', { person });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.photoFileId).toBeDefined();
    expect((await send(kiosk, '/api/kiosk/sign-ins', {})).statusCode).toBe(400);
    expect((await send(kiosk, '/api/kiosk/sign-ins', { person }, null)).statusCode).toBe(400);
    expect((await send(kiosk, '/api/kiosk/lookup', { person: { ...person, dob: '1985-02-30' } })).statusCode).toBe(400);
  });
});

describe('lookup and check-out', () => {
  it('finds a visitor by name and date of birth, naming them by first name and last initial', async () => {
    const p = { firstname: `Lu${uniq()}`, lastname: `Kup${uniq()}`, dob: '1970-07-07' };
    const id = await insertVisitor(t.deps.db, { clientId: t.world.north.clientId, ...p });
    const res = await send(kiosk, '/api/kiosk/lookup', {
      person: { firstName: p.firstname.toUpperCase(), lastName: p.lastname, dob: p.dob },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().matches).toEqual([
      { visitorId: id, displayName: `${p.firstname} ${p.lastname[0]!.toUpperCase()}.`, preRegistrationId: null },
    ]);
  });

  it('checks out by badge scan and by name; a retry checks out nothing twice', async () => {
    const mk = async () => {
      const p = { firstname: `Co${uniq()}`, lastname: `Out${uniq()}`, dob: '1966-06-06' };
      const id = await insertVisitor(t.deps.db, { clientId: t.world.north.clientId, ...p });
      const code = `KO${uniq().toUpperCase()}X1`;
      const [badge] = await t.deps.db
        .insert(badges)
        .values({ clientId: t.world.north.clientId, buildingId: building(), visitorId: id, code })
        .returning();
      await t.deps.db
        .insert(visits)
        .values({ clientId: t.world.north.clientId, buildingId: building(), visitorId: id, badgeId: badge.id });
      return { id, code, ...p };
    };
    const a = await mk();
    const k = key();
    const scanned = await send(kiosk, '/api/kiosk/check-outs', { raw: a.code }, k);
    expect(scanned.json()).toEqual({ checkedOut: 1 });
    expect(await openVisitsOf(a.id)).toHaveLength(0);
    expect((await send(kiosk, '/api/kiosk/check-outs', { raw: a.code }, k)).json()).toEqual({ checkedOut: 1 });
    const [out] = await t.deps.db.select().from(visits).where(eq(visits.visitorId, a.id));
    expect(out.checkOutMethod).toBe('kiosk');
    const b = await mk();
    const byName = await send(kiosk, '/api/kiosk/check-outs', {
      person: { firstName: b.firstname, lastName: b.lastname, dob: b.dob },
    });
    expect(byName.json()).toEqual({ checkedOut: 1 });
    expect((await send(kiosk, '/api/kiosk/check-outs', { raw: 'NOSUCHBADGE1' })).json()).toEqual({ checkedOut: 0 });
  });
});

describe('students at the kiosk (spec 002 §4 Kiosk student sign in/out)', () => {
  it('validates the student ID and last name at this building, and records a drop-off with its tardy slip', async () => {
    const s = await demoStudent(t.deps.db, t.world.north.clientId, 'stu-n1');
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
    const wrong = await send(
      kiosk,
      '/api/kiosk/students/validate',
      { studentId: row.identifier, lastName: 'Nobody', action: 'dropoff' },
      null,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(KIOSK_MESSAGES.studentNotFound);
    const ok = await send(
      kiosk,
      '/api/kiosk/students/validate',
      { studentId: row.identifier, lastName: row.lastname.toUpperCase(), action: 'dropoff' },
      null,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().firstName).toBe(row.firstname);
    const reasonId = ok.json().reasons[0].id;
    // the building requires a photo by default
    const body = { studentId: row.identifier, lastName: row.lastname, reasonId };
    expect((await send(kiosk, '/api/kiosk/students/dropoffs', body)).statusCode).toBe(400);
    const k = key();
    const done = await send(kiosk, '/api/kiosk/students/dropoffs', { ...body, photoFileId: await photo() }, k);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: MESSAGES.dropoffRecorded });
    const { eventId, slipWindowUrl } = done.json();
    const again = await send(kiosk, '/api/kiosk/students/dropoffs', { ...body, photoFileId: null }, k);
    expect(again.statusCode).toBe(400); // without the required photo nothing more is recorded
    const rows = await t.deps.db.select().from(dropoffEvents).where(eq(dropoffEvents.id, eventId));
    expect(rows).toHaveLength(1);
    const pdf = await t.as(kiosk).get(`/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const win = await t.as(kiosk).get(slipWindowUrl);
    expect(win.statusCode).toBe(200);
    expect(win.body).toContain(`/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf`);
    expect(await PDFDocument.load(pdf.rawPayload).then((d) => d.getTitle())).toBe('TARDY SLIP');
    // issue 29 §1: the kiosk used in Chinese asks again (the day's slip answers): the slip in Chinese
    const zh = await send(
      kiosk,
      '/api/kiosk/students/dropoffs',
      { ...body, photoFileId: await photo(), language: 'zh' },
      key(),
    );
    expect(zh.json()).toMatchObject({ eventId, slipWindowUrl: `/KioskPrint/TardySlip/${eventId}?lang=zh` });
    const zhWin = await t.as(kiosk).get(zh.json().slipWindowUrl);
    expect(zhWin.body).toContain(`/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf?lang=zh`);
    const zhPdf = await t.as(kiosk).get(`/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf?lang=zh`);
    expect(await PDFDocument.load(zhPdf.rawPayload).then((d) => d.getTitle())).toBe('迟到单');
    expect((await t.as(kiosk).get(`/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf?lang=xx`)).statusCode).toBe(
      400,
    );
    // the desk's own student routes stay closed to the kiosk
    expect((await t.as(kiosk).get(`/api/students/dropoffs/${eventId}/tardy-slip.pdf`)).statusCode).toBe(403);
  });
});

describe('the tardy slip, the building’s way (audit 002 ksl U6, ADR 0027)', () => {
  it('prints on the building printer from the server, says so when it does not, and leaves Browser Print and PDF to the kiosk', async () => {
    const [before] = await t.deps.db.select().from(buildings).where(eq(buildings.id, building()));
    const setBuilding = (over: Partial<typeof buildings.$inferInsert>) =>
      t.deps.db.update(buildings).set(over).where(eq(buildings.id, building()));
    try {
      const s = await demoStudent(t.deps.db, t.world.north.clientId, 'stu-n3');
      const [row] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
      const ok = await send(
        kiosk,
        '/api/kiosk/students/validate',
        { studentId: row.identifier, lastName: row.lastname, action: 'dropoff' },
        null,
      );
      const body = { studentId: row.identifier, lastName: row.lastname, reasonId: ok.json().reasons[0].id };
      const signIn = async () => {
        const res = await send(kiosk, '/api/kiosk/students/dropoffs', { ...body, photoFileId: await photo() });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };

      // a server-printing building: the slip goes to its printer, nothing for the kiosk to open
      await setBuilding({ printMethod: 'server', printerIpAddress: printer.address, visitorPrinterIpAddress: '' });
      const jobs = printer.jobs.length;
      const first = await signIn();
      expect(first).toMatchObject({ message: MESSAGES.dropoffRecorded, slipPrint: 'printed' });
      await printer.waitForJobs(jobs + 1);
      expect(printer.jobs.at(-1)).toContain('TARDY SLIP');
      expect(printer.jobs.at(-1)).toContain(row.lastname);
      // the day's second sign-in answers the first slip, printed again
      const again = await signIn();
      expect(again).toMatchObject({
        eventId: first.eventId,
        message: KIOSK_MESSAGES.tardyAlreadyRecorded,
        slipPrint: 'printed',
      });
      await printer.waitForJobs(jobs + 2);

      // the printer does not answer: the kiosk is told, and opens the print window instead
      const closed = await startFakePrinter();
      await closed.close();
      await setBuilding({ printerIpAddress: closed.address });
      expect(await signIn()).toMatchObject({
        slipPrint: 'printerDown',
        slipWindowUrl: `/KioskPrint/TardySlip/${first.eventId}`,
      });

      // Browser Print: the kiosk sends the ZPL itself; PDF: the print window
      await setBuilding({ printMethod: 'browser' });
      const browser = await signIn();
      expect(browser).toMatchObject({ slipPrint: 'browser' });
      const zpl = await t.as(kiosk).get(browser.slipZplUrl);
      expect(zpl.statusCode).toBe(200);
      expect(zpl.body).toMatch(/^\^XA/);
      expect(zpl.body).toContain('TARDY SLIP');
      await setBuilding({ printMethod: 'pdf' });
      expect(await signIn()).toMatchObject({ slipPrint: 'window' });
      expect(printer.jobs.length).toBe(jobs + 2);
    } finally {
      await setBuilding({
        printMethod: before.printMethod,
        printerIpAddress: before.printerIpAddress,
        visitorPrinterIpAddress: before.visitorPrinterIpAddress,
      });
    }
  });
});

describe('problem screen', () => {
  it('a health-banner Yes puts a card on the desk’s dashboard', async () => {
    const res = await send(kiosk, '/api/kiosk/problems', { kind: 'health' });
    expect(res.json()).toEqual({ notified: true });
    const cards = (await t.as(desk).get(`/api/buildings/${building()}/preregistrations`)).json();
    expect(
      cards.data.some(
        (c: { status: string; issues: { summary: string[] } }) =>
          c.status === 'pending' && c.issues.summary.some((s) => s.includes('health question')),
      ),
    ).toBe(true);
  });
});

describe('kiosk sessions', () => {
  it('the kiosk login refuses a staff account and starts no session for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.test', password: 'demo-password-1', kiosk: true },
    });
    // wrong demo password or not, no session cookie is set for a non-kiosk account
    expect(res.cookies.find((c) => c.name.endsWith('sv_session'))).toBeUndefined();
  });

  it('an Admin with the right password is refused at the kiosk login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.test', password: DEMO_PASSWORD, kiosk: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.kioskAccountsOnly);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'kiosk.northhigh@demo.test', password: DEMO_PASSWORD, kiosk: true },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a kiosk session does not idle out, but has an absolute lifetime; a staff session idles out', async () => {
    const s = await t.login('kiosk.northhigh@demo.test');
    const staff = await t.login('desk.northhigh@demo.test');
    // a night and a weekend without a request
    const longAgo = new Date(Date.now() - 3 * 24 * 3600_000);
    await t.deps.db.update(sessions).set({ lastSeenAt: longAgo });
    expect((await t.as(s).get('/api/kiosk/config')).statusCode).toBe(200);
    expect((await t.as(staff).get('/api/auth/session')).statusCode).toBe(401);
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, s.userId)).limit(1);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 24 * 3600_000);
    // log-out ends it on the server
    // log-out with the kiosk account's password (issue 25) ends it on the server
    await t.as(s).post('/api/auth/logout', { password: DEMO_PASSWORD });
    expect((await t.as(s).get('/api/kiosk/config')).statusCode).toBe(401);
    // an administrator ends it: deactivating the kiosk account ends its sessions on the server
    const again = await t.login('kiosk.northhigh@demo.test');
    const admin = await t.login('admin@demo.test');
    const account = (await t.as(admin).get(`/api/users/${again.userId}`)).json();
    const off = await t
      .as(admin)
      .edit('PUT', `/api/users/${again.userId}`, { ...(account.user ?? account), active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.as(again).get('/api/kiosk/config')).statusCode).toBe(401);
    const on = await t
      .as(admin)
      .edit('PUT', `/api/users/${again.userId}`, { ...(account.user ?? account), active: true });
    expect(on.statusCode, on.body).toBe(200);
    // the test kiosk and desk sessions of this file idled too: sign in again for later tests
    kiosk = await t.login('kiosk.northhigh@demo.test');
    desk = await t.login('desk.northhigh@demo.test');
    void visitors;
  });
});
