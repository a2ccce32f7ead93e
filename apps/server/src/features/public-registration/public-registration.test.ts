import { randomUUID } from 'node:crypto';
import type { TPublicForm } from '@sv/contracts';
import { and, desc, eq, gt, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRegistrationType, createVendorCompany } from '../../../db/seed/factories';
import {
  authThrottle,
  clients,
  files,
  outboundMessages,
  registrationInvitations,
  registrations,
} from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { runBackgroundChecks } from './background-checks';
import { CONFIRMATION_LIMIT, PUBLIC_LIMITS, RATE_LIMITED_MESSAGE } from '../../platform/http/public-rate-limit';
import { DOB_INVALID, FORM_NOT_FOUND, INVITATION_INVALID, PHOTO_INVALID } from './public-registration.service';

let clock = new Date('2026-11-24T18:00:00Z');
let t: TestApp;
let north: Session;
let south: Session;
let desk: Session;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  [north, south, desk] = await Promise.all([
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('desk.northhigh@demo.test'),
  ]);
});
// every request of this file comes from one address: start each test with fresh counters
beforeEach(async () => {
  await t.deps.db.delete(authThrottle).where(like(authThrottle.key, 'pubreg:%'));
});

const northType = (over: Parameters<typeof createRegistrationType>[2] = {}) =>
  createRegistrationType(t.deps.db, t.world.north.clientId, over);
const formUrl = (clientId: number, code: string, token?: string) =>
  `/api/public/registration-forms/${clientId}/${code}${token ? `?invitation=${token}` : ''}`;
const submitUrl = (clientId: number, code: string) => `${formUrl(clientId, code)}/submissions`;

const submission = (over: Record<string, unknown> = {}) => ({
  firstname: 'Lucia',
  middlename: 'M',
  lastname: 'Fernandez',
  dob: '1985-07-14',
  street1: '12 Oak Ave',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  email: 'lucia.fernandez@example.test',
  phone: '555-555-0123',
  signature: { kind: 'typed', value: 'Lucia Fernandez' },
  agreed: true,
  ...over,
});

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    // the form sends an Idempotency-Key with every submission (issue 23 §4)
    headers: { 'user-agent': 'TestPhone/1.0', 'idempotency-key': `test-${randomUUID()}`, ...headers },
  });
}

async function lastMessageId() {
  const [row] = await t.deps.db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .orderBy(desc(outboundMessages.id))
    .limit(1);
  return row?.id ?? 0;
}

async function invitationToken(typeId: number, email: string) {
  const before = await lastMessageId();
  const res = await t.as(north).post(`/api/registration-types/${typeId}/invitations`, {
    firstname: 'Lucia',
    lastname: 'Fernandez',
    email,
    phoneNumber: '555-555-0123',
    requestedExpirationDate: '2027-08-31',
  });
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, before));
  return /\?invitation=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';
}

const registrationsOf = (typeId: number) =>
  // in submission order (an UPDATE moves rows, so without an order the sequence is arbitrary)
  t.deps.db.select().from(registrations).where(eq(registrations.registrationTypeId, typeId)).orderBy(registrations.id);

describe('public form definition (issue 11)', () => {
  it('answers the form of an active type with no sign-in: texts in the type language, questions, states', async () => {
    const type = await northType({
      name: 'Voluntarios',
      language: 'es',
      attributes: [{ name: 'Talla de camiseta', value: 'S, M, L' }],
    });
    const res = await t.as(null).get(formUrl(type.clientId, type.code));
    expect(res.statusCode, res.body).toBe(200);
    const form: TPublicForm = res.json();
    expect(form).toMatchObject({
      clientName: 'North County Schools',
      registrationType: 'Voluntarios',
      language: 'es',
      questions: [{ name: 'Talla de camiseta', hint: 'S, M, L' }],
      prefill: null,
      photoMaxBytes: 10_485_760,
    });
    expect(form.disclosureText).toContain('verificación de antecedentes');
    expect(form.disclosureText).toContain('delincuentes sexuales');
    expect(form.authorizationText).toContain('Autorizo a North County Schools');
    expect(form.states.some((s) => s.abbreviation === 'IL')).toBe(true);
    const en = (await t.as(null).get(formUrl(type.clientId, (await northType()).code))).json() as TPublicForm;
    expect(en.language).toBe('en');
    expect(en.disclosureText).toContain('Summary of your rights');
  });

  it('404 for an inactive type, an unknown code, or another district with this code', async () => {
    const inactive = await northType({ isActive: false });
    const active = await northType();
    for (const url of [
      formUrl(inactive.clientId, inactive.code),
      formUrl(active.clientId, 'no-such-code'),
      formUrl(t.world.south.clientId, active.code),
    ]) {
      const res = await t.as(null).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(FORM_NOT_FOUND);
    }
  });

  it('answers hostile addresses with 400 or 404, never 500', async () => {
    for (const code of [
      '%00abc',
      'a%00',
      '%ED%A0%80',
      '%F0%9F%98%80',
      'x'.repeat(61),
      '..%2F..%2Fetc',
      "a'%20or%201=1",
    ]) {
      const res = await t.as(null).get(`/api/public/registration-forms/${t.world.north.clientId}/${code}`);
      expect([400, 404], `${code} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    for (const id of ['0', '-1', '99999999999', 'abc']) {
      const res = await t.as(null).get(`/api/public/registration-forms/${id}/volunteers`);
      expect([400, 404], `${id} → ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it('prefills from an open invitation of that type; refuses a token of another type or a made-up one', async () => {
    const type = await northType();
    const other = await northType();
    const token = await invitationToken(type.id, 'prefill@example.test');
    const res = await t.as(null).get(formUrl(type.clientId, type.code, token));
    expect(res.statusCode).toBe(200);
    expect(res.json().prefill).toEqual({
      firstname: 'Lucia',
      lastname: 'Fernandez',
      email: 'prefill@example.test',
      phone: '555-555-0123',
      // an ordinary invitation knows no more of the person (a renewal's does: ADR 0038)
      middlename: '',
      street1: '',
      street2: '',
      city: '',
      state: '',
      zipcode: '',
      answers: [],
    });
    expect(res.json().renewal).toBeNull();
    const wrongType = await t.as(null).get(formUrl(other.clientId, other.code, token));
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json().message).toBe(INVITATION_INVALID);
    expect((await t.as(null).get(formUrl(type.clientId, type.code, 'x'.repeat(43)))).statusCode).toBe(404);
    expect((await t.as(null).get(formUrl(type.clientId, type.code, 'bad token!'))).statusCode).toBe(400);
  });

  it(`limits form loads per address (${PUBLIC_LIMITS.load.max} per ${PUBLIC_LIMITS.load.windowMinutes} minutes) with a clear 429`, async () => {
    const type = await northType();
    // a fresh window: the earlier tests of this file loaded forms from the same address
    clock = new Date(clock.getTime() + (PUBLIC_LIMITS.load.windowMinutes * 60 + 1) * 1000);
    for (let i = 0; i < PUBLIC_LIMITS.load.max; i++) {
      expect((await t.as(null).get(formUrl(type.clientId, type.code))).statusCode).toBe(200);
    }
    const limited = await t.as(null).get(formUrl(type.clientId, type.code));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(RATE_LIMITED_MESSAGE);
    clock = new Date(clock.getTime() + (PUBLIC_LIMITS.load.windowMinutes * 60 + 1) * 1000);
    expect((await t.as(null).get(formUrl(type.clientId, type.code))).statusCode).toBe(200);
  });
});

describe('public submission (issue 11)', () => {
  it('creates exactly one pending registration from an invitation, answers the invitation, e-mails a confirmation', async () => {
    const type = await northType({ language: 'es', attributes: [{ name: 'Talla', value: 'S, M, L' }] });
    const token = await invitationToken(type.id, 'lucia.inv@example.test');
    const before = await lastMessageId();
    const res = await post(
      submitUrl(type.clientId, type.code),
      submission({
        invitation: token,
        email: 'lucia.inv@example.test',
        answers: [
          { name: 'Talla', value: 'M' },
          { name: 'Not a question', value: 'dropped' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // nothing the applicant sent is echoed: only the reference
    expect(Object.keys(body).sort()).toEqual(['ok', 'reference']);
    expect(body.reference).toMatch(/^R-\d+$/);

    const rows = await registrationsOf(type.id);
    expect(rows).toHaveLength(1);
    const reg = rows[0];
    expect(body.reference).toBe(`R-${reg.id}`);
    expect(reg).toMatchObject({
      approved: null,
      source: 'invitation',
      firstname: 'Lucia',
      lastname: 'Fernandez',
      dob: '1985-07-14',
      state: 'IL',
      expDate: '2027-08-31',
      answers: [{ name: 'Talla', value: 'M' }],
      // the demo district has background checks on (settings.backgroundCheck): 4 In Queue
      ddStatus: 4,
      emailWarnings: true,
    });
    expect(reg.badgeCode).toMatch(/^[0-9A-Z]{10}$/);
    expect(reg.signature).toMatchObject({
      kind: 'typed',
      value: 'Lucia Fernandez',
      ip: '127.0.0.1',
      userAgent: 'TestPhone/1.0',
      language: 'es',
    });
    expect(reg.signature?.disclosureText).toContain('verificación de antecedentes');
    expect(reg.signature?.authorizationText).toContain('Autorizo');

    const [inv] = await t.deps.db
      .select()
      .from(registrationInvitations)
      .where(eq(registrationInvitations.registrationId, reg.id));
    expect(inv.answeredAt).not.toBeNull();
    const mails = await t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, before));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'lucia.inv@example.test', kind: 'registration-confirmation' });
    expect(mails[0].subject).toContain(body.reference);

    // the link works once
    const again = await post(submitUrl(type.clientId, type.code), submission({ invitation: token }));
    expect(again.statusCode).toBe(404);
    expect(await registrationsOf(type.id)).toHaveLength(1);
  });

  it('without an invitation the source is public; a token of another type is refused and stores nothing', async () => {
    const type = await northType();
    const other = await northType();
    const res = await post(submitUrl(type.clientId, type.code), submission());
    expect(res.statusCode, res.body).toBe(200);
    expect((await registrationsOf(type.id))[0]).toMatchObject({ source: 'public', invitationId: null });
    const token = await invitationToken(other.id, 'other.type@example.test');
    const refused = await post(submitUrl(type.clientId, type.code), submission({ invitation: token }));
    expect(refused.statusCode).toBe(404);
    expect(await registrationsOf(type.id)).toHaveLength(1);
  });

  it('honeypot: a filled "website" answers like a success but stores and sends nothing', async () => {
    const type = await northType();
    const before = await lastMessageId();
    const res = await post(submitUrl(type.clientId, type.code), submission({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, reference: expect.stringMatching(/^R-\d+$/) });
    expect(await registrationsOf(type.id)).toHaveLength(0);
    expect(await lastMessageId()).toBe(before);
  });

  it('answers 400 with field errors, never 500, and stores nothing for bad input', async () => {
    const type = await northType();
    const today = '2026-11-24';
    const cases: [Record<string, unknown>, string][] = [
      [{ dob: today }, 'dob'],
      [{ dob: '2030-01-01' }, 'dob'],
      [{ dob: '1850-01-01' }, 'dob'],
      [{ dob: '2001-02-30' }, 'dob'],
      [{ state: 'ZZ' }, 'state'],
      [{ zipcode: '1234' }, 'zipcode'],
      [{ email: 'nope' }, 'email'],
      [{ firstname: '' }, 'firstname'],
      [{ agreed: false }, 'agreed'],
      [{ photo: 'data:image/png;base64,aGVsbG8=' }, 'photo'],
      [{ photo: 'not a data url' }, 'photo'],
      [{ signature: { kind: 'drawn', value: 'data:image/png;base64,aGVsbG8=' } }, 'signature'],
      [{ signature: { kind: 'typed', value: ' ' } }, 'signature'],
      [{ signature: { kind: 'typed', value: 'Lucia\u0000' } }, 'signature'],
      [{ middlename: 'a\u0000b' }, 'middlename'],
    ];
    for (const [over, field] of cases) {
      await t.deps.db.delete(authThrottle).where(like(authThrottle.key, 'pubreg:%'));
      const res = await post(submitUrl(type.clientId, type.code), submission(over));
      expect(res.statusCode, `${JSON.stringify(over)} ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}).join(','), JSON.stringify(over)).toContain(field);
    }
    const dob = await post(submitUrl(type.clientId, type.code), submission({ dob: today }));
    expect(dob.json().fieldErrors.dob).toEqual([DOB_INVALID]);
    expect(await registrationsOf(type.id)).toHaveLength(0);
  });

  it('stores a checked, re-encoded photo the district admins (not another district) can read; a drawn signature as PNG', async () => {
    const type = await northType();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const sig = await sharp({ create: { width: 200, height: 60, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    const res = await post(
      submitUrl(type.clientId, type.code),
      submission({
        photo: `data:image/png;base64,${png.toString('base64')}`,
        signature: { kind: 'drawn', value: `data:image/png;base64,${sig.toString('base64')}` },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [reg] = await registrationsOf(type.id);
    expect(reg.photoFileId).toBeTruthy();
    const [file] = await t.deps.db
      .select()
      .from(files)
      .where(eq(files.id, reg.photoFileId ?? ''));
    expect(file).toMatchObject({
      kind: 'registration-photo',
      contentType: 'image/jpeg',
      clientId: t.world.north.clientId,
    });
    expect(file.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await t.as(north).get(`/api/files/${reg.photoFileId}`)).statusCode).toBe(200);
    expect((await t.as(desk).get(`/api/files/${reg.photoFileId}`)).statusCode).toBe(200);
    expect((await t.as(south).get(`/api/files/${reg.photoFileId}`)).statusCode).toBe(404);
    expect((await t.as(null).get(`/api/files/${reg.photoFileId}`)).statusCode).toBe(401);
    expect(reg.signature?.kind).toBe('drawn');
    expect(reg.signature?.value).toMatch(/^data:image\/png;base64,iVBOR/);

    const jpegAsPng = await post(
      submitUrl(type.clientId, type.code),
      submission({ photo: `data:image/gif;base64,${png.toString('base64')}` }),
    );
    expect(jpegAsPng.statusCode).toBe(400);
    expect(jpegAsPng.json().fieldErrors.photo).toEqual([PHOTO_INVALID]);
  });

  it(`limits submissions per address (${PUBLIC_LIMITS.submit.max} per ${PUBLIC_LIMITS.submit.windowMinutes} minutes) with a clear 429`, async () => {
    const type = await northType();
    for (let i = 0; i < PUBLIC_LIMITS.submit.max; i++) {
      expect((await post(submitUrl(type.clientId, type.code), submission())).statusCode).toBe(200);
    }
    const limited = await post(submitUrl(type.clientId, type.code), submission());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(RATE_LIMITED_MESSAGE);
    expect(await registrationsOf(type.id)).toHaveLength(PUBLIC_LIMITS.submit.max);
  });

  it(`limits confirmations per recipient (${CONFIRMATION_LIMIT.max} an hour), whatever the source address (issue 23 §5)`, async () => {
    const type = await northType();
    const before = await lastMessageId();
    const email = `Flood.Target.${Date.now()}@example.test`;
    // five sources, one target: every registration is saved and answered as usual…
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: submitUrl(type.clientId, type.code),
        payload: submission({ email: i % 2 ? email.toLowerCase() : email, lastname: `Flood${'abcde'[i]}` }),
        headers: { 'user-agent': 'TestPhone/1.0', 'idempotency-key': `flood-recipient-${Date.now()}-${i}` },
        remoteAddress: `198.51.100.${i + 10}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().reference).toMatch(/^R-\d+$/);
    }
    expect(await registrationsOf(type.id)).toHaveLength(5);
    // …but the inbox got only the first three confirmations (the address compared without case)
    const mails = await t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, before));
    expect(mails.filter((m) => m.recipient.toLowerCase() === email.toLowerCase())).toHaveLength(CONFIRMATION_LIMIT.max);
    // the confirmation carries nothing of the submitter's but the cleaned first name
    expect(mails[0].body).toContain('Hello Lucia,');
    expect(mails[0].body).not.toContain('Flood');
    // another recipient is not affected
    const other = await post(submitUrl(type.clientId, type.code), submission({ email: 'someone.else@example.test' }));
    expect(other.statusCode).toBe(200);
    const after = await t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, before));
    expect(after.some((m) => m.recipient === 'someone.else@example.test')).toBe(true);
    // an hour later the address may receive a confirmation again
    clock = new Date(clock.getTime() + (CONFIRMATION_LIMIT.windowMinutes * 60 + 1) * 1000);
    const later = await lastMessageId();
    await post(submitUrl(type.clientId, type.code), submission({ email }));
    const next = await t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, later));
    expect(next.map((m) => m.recipient.toLowerCase())).toEqual([email.toLowerCase()]);
  });

  it('needs no CSRF token even with a session cookie, but refuses cross-site requests', async () => {
    const type = await northType();
    const withCookie = await post(submitUrl(type.clientId, type.code), submission(), { cookie: north.cookie });
    expect(withCookie.statusCode, withCookie.body).toBe(200);
    const cross = await post(submitUrl(type.clientId, type.code), submission(), { 'sec-fetch-site': 'cross-site' });
    expect(cross.statusCode).toBe(403);
    const text = await t.app.inject({
      method: 'POST',
      url: submitUrl(type.clientId, type.code),
      payload: JSON.stringify(submission()),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('a SafeVendor company’s public form (issue 15, ADR 0014)', () => {
  it('answers the company’s form and takes a pending vendor registration of that company', async () => {
    const company = await createVendorCompany(t.deps.db, t.world.north.clientId, { name: 'Acme Plumbing' });
    const form = await t.app.inject({ method: 'GET', url: formUrl(company.clientId, company.code) });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      registrationType: 'Acme Plumbing',
      language: 'en',
      questions: [],
      prefill: null,
    });
    // a company is not a role one serves as (issue 25, audit 001 U14)
    expect(form.json().disclosureText).toContain('people who come to its schools to work for Acme Plumbing');
    expect(form.json().disclosureText).not.toContain('serve as Acme Plumbing');
    expect(form.json().authorizationText).toContain('for my registration as a vendor of Acme Plumbing');

    const res = await post(submitUrl(company.clientId, company.code), submission({ lastname: 'Vendorson' }));
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(String(res.json().reference).replace(/^R-/, ''));
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, id));
    expect(row).toMatchObject({
      vendor: true,
      vendorCompanyId: company.id,
      registrationTypeId: null,
      approved: null,
      source: 'public',
      clientId: t.world.north.clientId,
    });
    // the district's SafeVendor list shows it, the volunteer list does not
    const sv = await t.as(north).post('/api/sv-registrations/search', { status: 'pending' });
    expect(JSON.stringify(sv.json().data)).toContain('Vendorson');
    const vol = await t.as(north).post('/api/registrations/search', { status: 'pending', lastname: 'Vendorson' });
    expect(vol.json().data).toEqual([]);
    // an inactive company has no form
    const closed = await createVendorCompany(t.deps.db, t.world.north.clientId, { isActive: false });
    expect((await t.app.inject({ method: 'GET', url: formUrl(closed.clientId, closed.code) })).statusCode).toBe(404);
  });
});

describe('background checks of public registrations (spec 001 §4 dd_status)', () => {
  async function setBackgroundCheck(on: boolean) {
    const [row] = await t.deps.db.select().from(clients).where(eq(clients.id, t.world.north.clientId));
    await t.deps.db
      .update(clients)
      .set({ settings: { ...(row.settings as object), backgroundCheck: on } })
      .where(eq(clients.id, t.world.north.clientId));
  }
  const ddOf = async (typeId: number) =>
    (await registrationsOf(typeId)).map((r) => [r.lastname, r.ddStatus, r.ddReference]);

  it('queues (4), then in progress (1) with the provider reference, then approved (2) or needs review (3)', async () => {
    await setBackgroundCheck(true);
    try {
      const type = await northType();
      expect((await post(submitUrl(type.clientId, type.code), submission())).statusCode).toBe(200);
      expect((await post(submitUrl(type.clientId, type.code), submission({ lastname: 'Review' }))).statusCode).toBe(
        200,
      );
      expect(await ddOf(type.id)).toEqual([
        ['Fernandez', 4, null],
        ['Review', 4, null],
      ]);
      await runBackgroundChecks(t.deps);
      const progress = await ddOf(type.id);
      expect(progress.map((r) => r[1])).toEqual([1, 1]);
      expect(progress.every((r) => /^local-[cr]-[0-9a-f]{16}$/.test(String(r[2])))).toBe(true);
      await runBackgroundChecks(t.deps);
      expect((await ddOf(type.id)).map((r) => r[1])).toEqual([2, 3]);
      // idempotent: another sweep changes nothing
      await runBackgroundChecks(t.deps);
      expect((await ddOf(type.id)).map((r) => r[1])).toEqual([2, 3]);
    } finally {
      await setBackgroundCheck(false);
    }
  });

  it('an agency that cannot be reached leaves the registration where it was (never fails open)', async () => {
    await setBackgroundCheck(true);
    try {
      const put = await t.as(north).edit('PATCH', `/api/clients/${t.world.north.clientId}/background-settings`, {
        provider: 'http',
        endpointUrl: 'http://127.0.0.1:9/v1',
        username: 'north',
        password: 'pw-unused-0001',
      });
      expect(put.statusCode, put.body).toBe(200);
      const type = await northType();
      expect((await post(submitUrl(type.clientId, type.code), submission())).statusCode).toBe(200);
      const result = await runBackgroundChecks(t.deps);
      expect(result.unavailable).toBeGreaterThanOrEqual(1);
      expect((await ddOf(type.id)).map((r) => r[1])).toEqual([4]);
    } finally {
      await setBackgroundCheck(false);
      await t.as(north).edit('PATCH', `/api/clients/${t.world.north.clientId}/background-settings`, {
        provider: 'demo',
        clearPassword: true,
      });
    }
  });

  it('no background check when the district has it off', async () => {
    await setBackgroundCheck(false);
    const type = await northType();
    expect((await post(submitUrl(type.clientId, type.code), submission())).statusCode).toBe(200);
    const [reg] = await t.deps.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.registrationTypeId, type.id)));
    expect(reg.ddStatus).toBeNull();
  });
});
