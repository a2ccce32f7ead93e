import type { TImportResult } from '@sv/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegistrationType } from '../../../db/seed/factories';
import { auditEvents, outboundMessages, registrationInvitations } from '../../db/schema/index';
import { sha256 } from '../../platform/auth/tokens';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { DATE_IN_PAST, INVITATION_OPEN, TYPE_INACTIVE } from './invitee';

// 05:30 UTC on 24 Nov is still 23 Nov in the district (America/Chicago): "today" is the 23rd
const clock = new Date('2026-11-24T05:30:00Z');
let t: TestApp;
let north: Session;
let south: Session;
let desk: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ overrides: { now: () => clock } });
  [admin, north, south, desk] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('admin.south@demo.test'),
    t.login('desk.northhigh@demo.test'),
  ]);
});

const typeOfNorth = (over: Parameters<typeof createRegistrationType>[2] = {}) =>
  createRegistrationType(t.deps.db, t.world.north.clientId, over);
const sendUrl = (typeId: number) => `/api/registration-types/${typeId}/invitations`;
const person = (over: Record<string, unknown> = {}) => ({
  firstname: 'Maria',
  lastname: 'Lopez',
  email: 'maria.lopez@example.test',
  phoneNumber: '',
  requestedExpirationDate: '2027-06-30',
  ...over,
});

async function messagesSince(id: number) {
  return t.deps.db.select().from(outboundMessages).where(gt(outboundMessages.id, id)).orderBy(outboundMessages.id);
}
async function lastMessageId() {
  const [row] = await t.deps.db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .orderBy(desc(outboundMessages.id))
    .limit(1);
  return row?.id ?? 0;
}
const tokenIn = (body: string) => /\?invitation=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';

function multipart(name: string, content: string) {
  const boundary = '----svinvitetest';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
function upload(session: Session, typeId: number, csv: string) {
  const m = multipart('invitations.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `${sendUrl(typeId)}/import`,
    payload: m.payload,
    headers: { ...m.headers, cookie: session.cookie, 'x-csrf-token': session.csrfToken },
  });
}

describe('individual invitation (spec 001 §2 Send registration, §5)', () => {
  it('stores only the token hash and e-mails the personal link in the type language; audited', async () => {
    const type = await typeOfNorth({ name: 'Voluntarios', language: 'es' });
    const before = await lastMessageId();
    const res = await t.as(north).post(sendUrl(type.id), person());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), channels: ['email'] });

    const [mail] = await messagesSince(before);
    expect(mail).toMatchObject({
      channel: 'email',
      recipient: 'maria.lopez@example.test',
      kind: 'registration-invitation',
    });
    expect(mail.subject).toContain('Voluntarios');
    expect(mail.body).toContain('Hola Maria');
    expect(mail.body).toContain(`/register/${t.world.north.clientId}/${type.code}?invitation=`);
    const token = tokenIn(mail.body);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const [row] = await t.deps.db
      .select()
      .from(registrationInvitations)
      .where(eq(registrationInvitations.id, res.json().id));
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ requestedExpDate: '2027-06-30', dedupeKey: 'e:maria.lopez@example.test' });

    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'registration.invitation.send'), eq(auditEvents.targetId, String(row.id))));
    expect(audit).toBeTruthy();
  });

  it('texts the link when only a phone is given', async () => {
    const type = await typeOfNorth();
    const before = await lastMessageId();
    const res = await t.as(north).post(sendUrl(type.id), person({ email: '', phoneNumber: '(555) 555-0142' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels).toEqual(['sms']);
    const msgs = await messagesSince(before);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ channel: 'sms', recipient: '(555) 555-0142' });
    expect(msgs[0].body).toContain('?invitation=');
  });

  it('answers 400 with field errors for each §5 rule', async () => {
    const type = await typeOfNorth();
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: '' }, 'firstname'],
      [{ lastname: '  ' }, 'lastname'],
      [{ email: '', phoneNumber: '' }, 'email'],
      [{ requestedExpirationDate: null }, 'requestedExpirationDate'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: '', phoneNumber: '12345' }, 'phoneNumber'],
    ];
    for (const [over, field] of cases) {
      const res = await t.as(north).post(sendUrl(type.id), person(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(over)).toContain(field);
    }
  });

  it("refuses an expiration date before today in the district's time zone, accepts today", async () => {
    const type = await typeOfNorth();
    // the UTC date is already the 24th; the district's today is the 23rd
    const past = await t.as(north).post(sendUrl(type.id), person({ requestedExpirationDate: '2026-11-22' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.requestedExpirationDate).toEqual([DATE_IN_PAST]);
    const today = await t.as(north).post(sendUrl(type.id), person({ requestedExpirationDate: '2026-11-23' }));
    expect(today.statusCode, today.body).toBe(200);
  });

  it('sends no duplicate while an invitation to the same person and type is open (409)', async () => {
    const type = await typeOfNorth();
    expect((await t.as(north).post(sendUrl(type.id), person())).statusCode).toBe(200);
    const before = await lastMessageId();
    const again = await t
      .as(north)
      .post(sendUrl(type.id), person({ email: 'Maria.Lopez@Example.test', firstname: 'M.' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVITATION_OPEN);
    expect(await messagesSince(before)).toHaveLength(0);
    // another type is another invitation
    const other = await typeOfNorth();
    expect((await t.as(north).post(sendUrl(other.id), person())).statusCode).toBe(200);
  });

  it('refuses an inactive type (400), another district (404), attendants (403); admins may invite', async () => {
    const inactive = await typeOfNorth({ isActive: false });
    const res = await t.as(north).post(sendUrl(inactive.id), person());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TYPE_INACTIVE);
    const type = await typeOfNorth();
    expect((await t.as(south).post(sendUrl(type.id), person())).statusCode).toBe(404);
    expect((await t.as(desk).post(sendUrl(type.id), person())).statusCode).toBe(403);
    expect((await t.as(null).post(sendUrl(type.id), person())).statusCode).toBe(401);
    expect((await t.as(admin).post(sendUrl(type.id), person())).statusCode).toBe(200);
    expect((await t.as(north).post(sendUrl(2_000_000_000), person())).statusCode).toBe(404);
  });
});

describe('bulk invitations through the import pipeline (spec 001 §2, §5)', () => {
  const header = 'FirstName,LastName,Email,Phone,ExpirationDate';
  const csv = [
    header,
    'Ana,Diaz,ana.diaz@example.test,,12/31/2027', // e-mail
    'Ben,Cole,,555-555-0199,2027-12-31', // phone only → SMS
    'Cara,,cara@example.test,,12/31/2027', // no last name
    'Dan,Eve,dan@example.test,,11/01/2026', // expired date
    'Fay,Gil,,,12/31/2027', // no e-mail or phone
    'Ana,Diaz,ANA.DIAZ@example.test,,12/31/2027', // same person again in the file
  ].join('\r\n');

  it('refuses a row whose text PostgreSQL cannot store (a NUL past the file sniffing) as a row, not a 500', async () => {
    const type = await typeOfNorth();
    const pad = `${'x'.repeat(60)},Pad,,555-555-${'0'.repeat(4)},12/31/2027`;
    const rows = [
      header,
      ...Array.from({ length: 200 }, (_, i) => pad.replace('0000', String(1000 + i))),
      'Nu\u0000ll,Row,nul@example.test,,12/31/2027',
    ];
    const res = await upload(north, type.id, rows.join('\r\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ imported: 200, rejected: 1 });
  });

  it('sends one message per accepted row; rejected rows go to the error file with a Reason; a re-upload sends nothing', async () => {
    const type = await typeOfNorth();
    const before = await lastMessageId();
    const res = await upload(north, type.id, csv);
    expect(res.statusCode, res.body).toBe(200);
    const result: TImportResult = res.json();
    expect(result.success).toBe(true);
    expect(result.results).toMatchObject({ total: 6, imported: 2, duplicates: 1, rejected: 3 });
    expect(result.results?.messages[0]).toBe('2 invitations sent.');
    const msgs = await messagesSince(before);
    expect(msgs.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'ana.diaz@example.test'],
      ['sms', '555-555-0199'],
    ]);

    const file = await t.as(north).get(`/api/imports/error-files/${result.errorFile}`);
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(`${header},Reason`);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Cara,.*LastName: is required/);
    expect(lines[2]).toMatch(/^Dan,.*ExpirationDate: the expiration date cannot be before today/);
    expect(lines[3]).toMatch(/^Fay,.*Email: an e-mail or a phone is required/);
    // the window path of spec 001 §2 serves the same file
    const win = await t.as(north).get(`/Registration/RegistrationSendErrorFile/${result.errorFile}`);
    expect(win.statusCode).toBe(200);
    // …and so does the spec's other name for it, /Registration/ErrorFile/{file} (issue 25, audit 001 P10)
    const other = await t.as(north).get(`/Registration/ErrorFile/${result.errorFile}`);
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(win.body);
    expect((await t.as(south).get(`/Registration/ErrorFile/${result.errorFile}`)).statusCode).toBe(404);

    const again = await upload(north, type.id, csv);
    expect(again.json().results).toMatchObject({ imported: 0, duplicates: 3, rejected: 3 });
    expect(await messagesSince(before)).toHaveLength(2);
  });

  it('a file missing a required column is refused whole; another district, attendants and inactive types are refused', async () => {
    const type = await typeOfNorth();
    const bad = await upload(north, type.id, 'FirstName,Email\r\nA,a@example.test');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/LastName/);
    expect((await upload(south, type.id, csv)).statusCode).toBe(404);
    expect((await upload(desk, type.id, csv)).statusCode).toBe(403);
    const inactive = await typeOfNorth({ isActive: false });
    expect((await upload(north, inactive.id, csv)).statusCode).toBe(400);
  });

  it('serves the sample file (API and the /Registration/SampleImport window)', async () => {
    const csvRes = await t.as(north).get('/api/registrations/sample-import');
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(header);
    const xlsx = await t.as(north).get('/api/registrations/sample-import?format=xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const win = await t.as(north).get('/Registration/SampleImport');
    expect(win.statusCode).toBe(200);
    expect(win.headers['content-disposition']).toContain('invitations-sample.csv');
    expect((await t.as(desk).get('/api/registrations/sample-import')).statusCode).toBe(403);
  });
});
