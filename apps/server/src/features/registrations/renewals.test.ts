import { randomUUID } from 'node:crypto';
import type { TPublicForm } from '@sv/contracts';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRegistration,
  createRegistrationType,
  createVendorCompany,
  createVendorRegistration,
} from '../../../db/seed/factories';
import {
  auditEvents,
  outboundMessages,
  registrationBuildings,
  registrationInvitations,
  registrations,
} from '../../db/schema/index';
import { runJobOnce } from '../../platform/jobs/jobs';
import { scheduledJobs } from '../../scheduled-jobs';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { sendRenewalInvitations } from '../invitations/invitations.jobs';
import { insertRegistrationPhoto, isoInDays } from './registrations.fixtures';
import { REGISTRATION_MESSAGES } from './registrations.rules';

/**
 * Renewals (issue 25, audit 001 N1/ST3/B4; ADR 0038): an expiring registration invites its person
 * to renew once, the form opened from the invitation is filled in from the registration, the
 * renewal is approved like a new one and supersedes the original, and the screens say
 * "Renewal of X; Currently: Y" (spec 001 §4).
 */
let t: TestApp;
let north: Session;

beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('admin.north@demo.test');
});

/** A unique tail for a person's name (names are letters only: the person-name rule). */
let serial = 0;
const letters = () =>
  [...String(++serial * 7919 + (Date.now() % 100000))].map((d) => String.fromCharCode(97 + Number(d))).join('');
const sweep = () => sendRenewalInvitations(t.deps, t.services.repositories.invitations);
const invitationsOf = (ids: number[]) =>
  t.deps.db.select().from(registrationInvitations).where(inArray(registrationInvitations.renewalOfId, ids));
const tokenIn = (body: string) => /\?invitation=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
async function lastMessageId() {
  const rows = await t.deps.db.select({ id: outboundMessages.id }).from(outboundMessages);
  return Math.max(0, ...rows.map((r) => r.id));
}
const formUrl = (code: string, token?: string) =>
  `/api/public/registration-forms/${t.world.north.clientId}/${code}${token ? `?invitation=${token}` : ''}`;
function submit(code: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `${formUrl(code)}/submissions`,
    payload: body,
    headers: { 'user-agent': 'TestPhone/1.0', 'idempotency-key': `test-${randomUUID()}` },
  });
}

/** An approved registration of a fresh type with questions, expiring in `days`, limited to a building, with a photo. */
async function expiring(days: number, over: Partial<typeof registrations.$inferInsert> = {}) {
  const type = await createRegistrationType(t.deps.db, t.world.north.clientId, {
    months: 12,
    attributes: [{ name: 'T-shirt size', value: 'S, M, L' }],
  });
  const photoFileId = await insertRegistrationPhoto(t.deps.db, t.world.north.clientId);
  const reg = await createRegistration(t.deps.db, type, {
    firstname: 'Renata',
    middlename: 'Q',
    lastname: `Renewer${letters()}`,
    email: `renata.${randomUUID().slice(0, 8)}@example.test`,
    dob: '1981-05-06',
    street1: '9 Elm St',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62704',
    approved: true,
    expDate: isoInDays(days),
    photoFileId,
    answers: [{ name: 'T-shirt size', value: 'M' }],
    buildingIds: [t.world.north.northHighId],
    ...over,
  });
  return { type, reg };
}

/** Runs the sweep and answers the renewal link of `regId` from the message it sent. */
async function inviteToRenew(regId: number) {
  const before = await lastMessageId();
  await sweep();
  const [mail] = await t.deps.db
    .select()
    .from(outboundMessages)
    .where(and(gt(outboundMessages.id, before), eq(outboundMessages.kind, 'registration-renewal-invitation')));
  const [inv] = await invitationsOf([regId]);
  expect(inv, 'a renewal invitation').toBeTruthy();
  return { token: tokenIn(mail?.body ?? ''), mail };
}

const renewalBody = (
  reg: { firstname: string; lastname: string; dob: string | null; email: string },
  token: string,
) => ({
  invitation: token,
  firstname: reg.firstname,
  middlename: 'Q',
  lastname: reg.lastname,
  dob: reg.dob,
  street1: '10 New Rd',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62704',
  email: reg.email,
  phone: '555-555-0199',
  answers: [{ name: 'T-shirt size', value: 'L' }],
  signature: { kind: 'typed', value: `${reg.firstname} ${reg.lastname}` },
  agreed: true,
});

describe('renewal invitations (registrations.renewalInvitations, ADR 0038)', () => {
  it('invites an approved registration expiring within 30 days once, by e-mail, with a link to its form', async () => {
    const { reg, type } = await expiring(10);
    const noEmail = (await expiring(10, { email: '' })).reg;
    const later = (await expiring(45)).reg;
    const pending = (await expiring(10, { approved: null })).reg;
    const before = await lastMessageId();
    await sweep();
    const invs = await invitationsOf([reg.id, noEmail.id, later.id, pending.id]);
    expect(invs.map((i) => i.renewalOfId)).toEqual([reg.id]);
    expect(invs[0]).toMatchObject({ registrationTypeId: type.id, email: reg.email, answeredAt: null });
    const mails = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(and(gt(outboundMessages.id, before), eq(outboundMessages.recipient, reg.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', kind: 'registration-renewal-invitation' });
    expect(mails[0].subject).toContain('Renew your');
    expect(mails[0].body).toContain(`/register/${t.world.north.clientId}/${type.code}?invitation=`);

    // an already invited registration is not invited again on the next run
    const again = await lastMessageId();
    await sweep();
    expect(await invitationsOf([reg.id])).toHaveLength(1);
    expect(
      await t.deps.db
        .select()
        .from(outboundMessages)
        .where(and(gt(outboundMessages.id, again), eq(outboundMessages.recipient, reg.email))),
    ).toHaveLength(0);
  });

  it('sends one invitation when two servers sweep at once, and the job runs once across instances', async () => {
    const { reg } = await expiring(12);
    const before = await lastMessageId();
    // instance B read its candidates before instance A's invitation committed: B's insert meets
    // the unique renewal_of_id (migration 0030) and B queues nothing
    const repo = t.services.repositories.invitations;
    const seenByB = await repo.renewalCandidates(isoInDays(-2), isoInDays(40), 10_000);
    expect(seenByB.some((c) => c.id === reg.id)).toBe(true);
    await sweep();
    await sendRenewalInvitations(t.deps, { ...repo, renewalCandidates: async () => seenByB });
    await Promise.all([sweep(), sweep()]);
    expect(await invitationsOf([reg.id])).toHaveLength(1);
    const mails = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(and(gt(outboundMessages.id, before), eq(outboundMessages.recipient, reg.email)));
    expect(mails).toHaveLength(1);
    // registered with the one job queue: a second instance does not run it in the same period
    const job = scheduledJobs.find((j) => j.name === 'registrations.renewalInvitations');
    expect(job?.everyMs).toBe(60 * 60_000);
    const other = (await expiring(14)).reg;
    expect(await runJobOnce(t.deps, t.services, job!, 'instance-a')).toBe(true);
    expect(await runJobOnce(t.deps, t.services, job!, 'instance-b')).toBe(false);
    expect(await invitationsOf([other.id])).toHaveLength(1);
  });
});

describe('the renewal (ADR 0038)', () => {
  it('opens the form filled in from the registration, without its date of birth', async () => {
    const { reg, type } = await expiring(8);
    const { token } = await inviteToRenew(reg.id);
    const res = await t.as(null).get(formUrl(type.code, token));
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json() as TPublicForm;
    expect(form.prefill).toEqual({
      firstname: 'Renata',
      lastname: reg.lastname,
      email: reg.email,
      phone: '',
      middlename: 'Q',
      street1: '9 Elm St',
      street2: '',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62704',
      answers: [{ name: 'T-shirt size', value: 'M' }],
    });
    expect(form.renewal).toEqual({ expDate: reg.expDate, hasPhoto: true });
    expect(JSON.stringify(form)).not.toContain('1981-05-06');
    // an ordinary form has no renewal
    expect((await t.as(null).get(formUrl(type.code))).json().renewal).toBeNull();
  });

  it('is saved as a pending renewal that keeps photo and buildings; the duplicate rule lets the pair through, not a third', async () => {
    const { reg, type } = await expiring(9);
    const { token } = await inviteToRenew(reg.id);
    const res = await submit(type.code, renewalBody(reg, token));
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(res.json().reference.slice(2));
    const [renewal] = await t.deps.db.select().from(registrations).where(eq(registrations.id, id));
    expect(renewal).toMatchObject({
      renewalOfId: reg.id,
      approved: null,
      source: 'invitation',
      photoFileId: reg.photoFileId,
      street1: '10 New Rd',
    });
    const buildings = await t.deps.db
      .select()
      .from(registrationBuildings)
      .where(eq(registrationBuildings.registrationId, id));
    expect(buildings.map((b) => b.buildingId)).toEqual([t.world.north.northHighId]);

    // the detail says what it renews
    const detail = (await t.as(north).get(`/api/registrations/${id}`)).json();
    expect(detail.display.renewal).toBe('Renewal of Approved; Currently: Pending');
    expect(detail.renewalOfId).toBe(reg.id);
    expect((await t.as(north).get(`/api/registrations/${reg.id}`)).json().renewedById).toBe(id);

    // ADR 0035 + 0038: editing the renewal, or the original, is not a duplicate of the other …
    const person = { registrationTypeId: type.id, firstname: reg.firstname, lastname: reg.lastname, dob: reg.dob };
    const editRenewal = await t.as(north).edit('PUT', `/api/registrations/${id}`, { ...person, note: 'checked' });
    expect(editRenewal.statusCode, editRenewal.body).toBe(200);
    const editOriginal = await t.as(north).edit('PUT', `/api/registrations/${reg.id}`, { ...person, note: 'old' });
    expect(editOriginal.statusCode, editOriginal.body).toBe(200);
    // … but a third live registration of the same person and type is still refused
    const third = await t.as(north).post('/api/registrations', person);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      REGISTRATION_MESSAGES.duplicate(`${reg.firstname} ${reg.lastname}`, 'an approved', 'type', reg.id),
    );
    // and so is editing someone else's registration into the same person
    const stranger = (await expiring(200, { firstname: 'Stan', lastname: `Stranger${letters()}` })).reg;
    const into = await t.as(north).edit('PUT', `/api/registrations/${stranger.id}`, person);
    expect(into.statusCode).toBe(409);
  });

  it('approved like a new one, supersedes the original: its expiry becomes yesterday, audited', async () => {
    const { reg, type } = await expiring(7);
    const { token } = await inviteToRenew(reg.id);
    const id = Number((await submit(type.code, renewalBody(reg, token))).json().reference.slice(2));
    const approve = await t.as(north).post('/api/registrations/approve', { ids: [id] });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().approvedIds).toEqual([id]);

    const [original] = await t.deps.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(original.expDate).toBe(isoInDays(-1));
    const [renewal] = await t.deps.db.select().from(registrations).where(eq(registrations.id, id));
    expect(renewal.approved).toBe(true);
    // the type's default expiry (12 months), as for a new registration
    expect(renewal.expDate! > isoInDays(300)).toBe(true);
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'registration.renewal.supersede'), eq(auditEvents.targetId, String(reg.id))));
    expect(audit).toHaveLength(1);

    const detail = (await t.as(north).get(`/api/registrations/${id}`)).json();
    expect(detail.display.renewal).toBe('Renewal of Expired; Currently: Approved');
    const old = (await t.as(north).get(`/api/registrations/${reg.id}`)).json();
    expect(old.display.label).toBe('Expired');
    // a superseded registration is not invited to renew again
    await sweep();
    expect(await invitationsOf([reg.id])).toHaveLength(1);
  });

  it('a renewal link filled in for another person is an ordinary application that supersedes nothing', async () => {
    const { reg, type } = await expiring(11);
    const { token } = await inviteToRenew(reg.id);
    const res = await submit(type.code, { ...renewalBody(reg, token), firstname: 'Otto', dob: '1990-01-01' });
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(res.json().reference.slice(2));
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, id));
    expect(row).toMatchObject({ renewalOfId: null, source: 'invitation', photoFileId: null });
    await t.as(north).post('/api/registrations/approve', { ids: [id] });
    const [original] = await t.deps.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(original.expDate).toBe(reg.expDate);
  });
});

describe('the office renews now: Send Expiration Email (issue 25, audit 001 B4)', () => {
  const mailsTo = (email: string, after: number) =>
    t.deps.db
      .select()
      .from(outboundMessages)
      .where(and(gt(outboundMessages.id, after), eq(outboundMessages.recipient, email)));

  it('sends the renewal link instead of "contact the district office"; the link renews the registration', async () => {
    const { reg, type } = await expiring(20);
    const before = await lastMessageId();
    const res = await t.as(north).post(`/api/registrations/${reg.id}/expiration-email`, {});
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(reg.email, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'registration-renewal-invitation' });
    expect(mails[0].body).not.toContain('contact the district office');
    const [inv] = await invitationsOf([reg.id]);
    expect(inv.createdBy).not.toBeNull();
    const [row] = await t.deps.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.expirationEmailSentAt).not.toBeNull();
    // the sweep later finds it invited and sends nothing more
    await sweep();
    expect(await mailsTo(reg.email, before)).toHaveLength(1);
    const form = (await t.as(null).get(formUrl(type.code, tokenIn(mails[0].body)))).json() as TPublicForm;
    expect(form.renewal).toEqual({ expDate: reg.expDate, hasPhoto: true });
  });

  it('sent again while unanswered: a new link replaces the old one; once renewed, the plain expiration e-mail', async () => {
    const { reg, type } = await expiring(15);
    const { token: first } = await inviteToRenew(reg.id);
    const before = await lastMessageId();
    expect((await t.as(north).post(`/api/registrations/${reg.id}/expiration-email`, {})).statusCode).toBe(200);
    const [again] = await mailsTo(reg.email, before);
    expect(again).toMatchObject({ kind: 'registration-renewal-reminder' });
    const second = tokenIn(again.body);
    expect(second).not.toBe(first);
    expect(await invitationsOf([reg.id])).toHaveLength(1);
    expect((await t.as(null).get(formUrl(type.code, first))).statusCode).toBe(404);
    const renewed = await submit(type.code, renewalBody(reg, second));
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await t.deps.db.select().from(registrations).where(eq(registrations.renewalOfId, reg.id))).length).toBe(1);
    // renewed: nothing to invite to, so the spec's expiration e-mail
    const after = await lastMessageId();
    expect((await t.as(north).post(`/api/registrations/${reg.id}/expiration-email`, {})).statusCode).toBe(200);
    const [plain] = await mailsTo(reg.email, after);
    expect(plain).toMatchObject({ kind: 'registration.expiration' });
  });
});

describe('SafeVendor renewals (ADR 0038)', () => {
  it('invites a vendor to its company form, prefilled; the approved renewal supersedes the original', async () => {
    const company = await createVendorCompany(t.deps.db, t.world.north.clientId, { name: 'Zeta Renewals' });
    const reg = await createVendorRegistration(t.deps.db, company, {
      firstname: 'Vera',
      lastname: `Vendor${letters()}`,
      email: `vera.${randomUUID().slice(0, 8)}@example.test`,
      street1: '1 Supply Way',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62704',
      approved: true,
      expDate: isoInDays(6),
    });
    const { token, mail } = await inviteToRenew(reg.id);
    const [inv] = await invitationsOf([reg.id]);
    expect(inv).toMatchObject({ registrationTypeId: null, vendorCompanyId: company.id });
    expect(mail.body).toContain(`/register/${t.world.north.clientId}/${company.code}?invitation=`);

    const form = (await t.as(null).get(formUrl(company.code, token))).json() as TPublicForm;
    expect(form.prefill).toMatchObject({ firstname: 'Vera', street1: '1 Supply Way', zipcode: '62704' });
    expect(form.renewal).toEqual({ expDate: reg.expDate, hasPhoto: false });

    const res = await submit(company.code, { ...renewalBody(reg, token), answers: [] });
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(res.json().reference.slice(2));
    const [renewal] = await t.deps.db.select().from(registrations).where(eq(registrations.id, id));
    expect(renewal).toMatchObject({ renewalOfId: reg.id, vendor: true, vendorCompanyId: company.id, approved: null });
    expect((await t.as(north).get(`/api/sv-registrations/${id}`)).json().renewal).toBe(
      'Renewal of Approved; Currently: Pending',
    );

    const approve = await t.as(north).post('/api/sv-registrations/approve', { ids: [id] });
    expect(approve.statusCode, approve.body).toBe(200);
    const [original] = await t.deps.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(original.expDate).toBe(isoInDays(-1));
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'svregistration.renewal.supersede'), eq(auditEvents.targetId, String(reg.id))));
    expect(audit).toHaveLength(1);
    const detail = (await t.as(north).get(`/api/sv-registrations/${id}`)).json();
    expect(detail.renewal).toBe('Renewal of Expired; Currently: Approved');
    expect((await t.as(north).get(`/api/sv-registrations/${reg.id}`)).json().renewedById).toBe(id);
  });
});
