import { randomUUID } from 'node:crypto';
import { buildAamvaPayload, PERSON_NAME_MESSAGES } from '@sv/domain';
import { and, desc, eq, like } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createRegistrationType } from '../../../db/seed/factories';
import {
  authThrottle,
  exclusions,
  guardians,
  outboundMessages,
  preRegistrations,
  registrationInvitations,
  registrations,
  students,
  users,
} from '../../db/schema/index';
import { insertPhoto, multipartBody } from '../../features/exclusions/exclusions.fixtures';
import { syncRosterWith } from '../../features/students/roster-sync';
import { createRosterSyncRepository } from '../../features/students/roster-sync.repository';
import type { RosterUser, SisClient } from '../../integrations/sis/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * Issue 22 "Input hygiene at every entry point" and issue 23 §5: one person-name rule at every
 * place a person's name comes in. Invisible characters are removed before the name is stored;
 * digits, links, symbols and line breaks are refused with the rule's sentence; letters of any
 * script, combining marks, apostrophes, hyphens and periods are accepted.
 */
let t: TestApp;
let admin: Session;
let north: Session;
let desk: Session;
let kiosk: Session;

beforeAll(async () => {
  t = await createTestApp();
  [admin, north, desk, kiosk] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('admin.north@demo.test'),
    t.login('desk.northhigh@demo.test'),
    t.login('kiosk.northhigh@demo.test'),
  ]);
});
// the kiosk's and the public form's per-minute limits are not what this file tests
beforeEach(async () => {
  await t.deps.db.delete(authThrottle).where(like(authThrottle.key, 'kiosk:%'));
  await t.deps.db.delete(authThrottle).where(like(authThrottle.key, 'pubreg:%'));
});

const CHARACTERS = PERSON_NAME_MESSAGES.characters;
/** typed → stored */
const ACCEPTED: [string, string][] = [
  ['Za\u200Bra', 'Zara'],
  ['Zoë O\u2019Brien-Núñez Jr.', 'Zoë O\u2019Brien-Núñez Jr.'],
  ["Zoë O'Brien-Núñez Jr.", "Zoë O'Brien-Núñez Jr."],
  ['Иван', 'Иван'],
  ['李', '李'],
];
const REFUSED = ['123', 'http://x.y', 'Ann\nLee', 'Ann\r\nLee', 'Pat 2'];

let n = 0;
const tag = () => {
  n++;
  return `Hygiene${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`;
};

function post(s: Session, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') {
  return t.app.inject({
    method,
    url,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'idempotency-key': randomUUID() },
    payload,
  });
}

function expectRefused(res: InjectResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().fieldErrors?.[field] ?? res.json().fieldErrors?.[`person.${field}`], res.body).toContain(
    CHARACTERS,
  );
}

interface EntryPoint {
  name: string;
  /** the field the name goes in (as the error body names it) */
  field: string;
  send(name: string): Promise<InjectResponse>;
  /** the first name (or name) as stored, after a successful send */
  stored(res: InjectResponse): Promise<string>;
}

let editId = 0;
const ENTRY_POINTS: EntryPoint[] = [
  {
    name: 'desk: Create a New Visitor',
    field: 'firstname',
    send: (v) =>
      post(desk, '/api/visitors', {
        firstname: v,
        lastname: tag(),
        dob: '1980-01-02',
        buildingId: t.world.north.northHighId,
      }),
    stored: async (res) => res.json().firstname,
  },
  {
    name: 'desk: edit a visitor',
    field: 'lastname',
    async send(v) {
      if (!editId) editId = (await post(desk, '/api/visitors', { firstname: 'Edith', lastname: 'Editable' })).json().id;
      // an edit carries the version the screen loaded (issue 23 §4)
      return t.as(desk).edit('PUT', `/api/visitors/${editId}`, { firstname: 'Edith', lastname: v });
    },
    stored: async (res) => res.json().lastname,
  },
  {
    name: 'kiosk: sign-in by name',
    field: 'firstName',
    send: async (v) =>
      post(kiosk, '/api/kiosk/sign-ins', {
        person: { firstName: v, lastName: tag(), dob: '1981-02-03' },
        photoFileId: await insertPhoto(t.deps.db, t.world.north.clientId),
      }),
    async stored(res) {
      const [card] = await t.deps.db
        .select({ firstname: preRegistrations.firstname })
        .from(preRegistrations)
        .where(eq(preRegistrations.id, res.json().signInId));
      return card.firstname;
    },
  },
  {
    name: 'exclusions: add',
    field: 'firstname',
    send: (v) =>
      post(north, '/api/exclusions', {
        isGlobal: true,
        firstname: v,
        lastname: tag(),
        dob: '1984-06-07',
        exclusionType: 'Trespassed',
      }),
    stored: async (res) => res.json().exclusion.firstname,
  },
  {
    name: 'registrations: add',
    field: 'firstname',
    async send(v) {
      const type = await createRegistrationType(t.deps.db, t.world.north.clientId, { months: 12 });
      return post(north, '/api/registrations', {
        registrationTypeId: type.id,
        firstname: v,
        lastname: tag(),
        dob: '1979-02-03',
      });
    },
    stored: async (res) => res.json().firstname,
  },
  {
    name: 'registration types: send an invitation',
    field: 'firstname',
    async send(v) {
      const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
      return post(north, `/api/registration-types/${type.id}/invitations`, {
        firstname: v,
        lastname: tag(),
        email: `${tag().toLowerCase()}@example.test`,
        requestedExpirationDate: '2099-06-30',
      });
    },
    async stored(res) {
      const [row] = await t.deps.db
        .select({ firstname: registrationInvitations.firstname })
        .from(registrationInvitations)
        .where(eq(registrationInvitations.id, res.json().id));
      return row.firstname;
    },
  },
  {
    name: 'the public registration form',
    field: 'firstname',
    async send(v) {
      const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
      return post(admin, `/api/public/registration-forms/${t.world.north.clientId}/${type.code}/submissions`, {
        firstname: v,
        lastname: tag(),
        dob: '1985-07-14',
        street1: '12 Oak Ave',
        city: 'Springfield',
        state: 'IL',
        zipcode: '62701',
        email: `${tag().toLowerCase()}@example.test`,
        phone: '555-555-0123',
        signature: { kind: 'typed', value: 'Signed' },
        agreed: true,
      });
    },
    async stored(res) {
      const id = Number(String(res.json().reference).replace(/^R-/, ''));
      const [row] = await t.deps.db
        .select({ firstname: registrations.firstname })
        .from(registrations)
        .where(eq(registrations.id, id));
      return row.firstname;
    },
  },
  {
    name: 'users: add an attendant',
    field: 'name',
    send: (v) =>
      post(north, '/api/users', {
        name: v,
        email: `${tag().toLowerCase()}.${Date.now()}@users-test.example`,
        roleId: 3,
        clientId: t.world.north.clientId,
        buildingId: t.world.north.northHighId,
      }),
    stored: async (res) => res.json().user.name,
  },
  {
    name: 'contacts: add',
    field: 'name',
    send: (v) =>
      post(admin, '/api/contacts', {
        contactType: 'Global',
        clientId: t.world.north.clientId,
        name: v,
        email: `${tag().toLowerCase()}@example.org`,
      }),
    stored: async (res) => res.json().name,
  },
];

describe('every JSON entry point: one person-name rule (issue 22, issue 23 §5)', () => {
  describe.each(ENTRY_POINTS.map((e) => [e.name, e] as const))('%s', (_, entry) => {
    it.each(ACCEPTED)('accepts %j and stores %j', async (typed, stored) => {
      const res = await entry.send(typed);
      expect(res.statusCode, res.body).toBe(200);
      expect(await entry.stored(res)).toBe(stored);
    });
    it.each(REFUSED)('refuses %j with the rule’s sentence', async (typed) => {
      expectRefused(await entry.send(typed), entry.field);
    });
  });

  it('a name with no letter is refused with its own sentence', async () => {
    const res = await ENTRY_POINTS[0]!.send(".-'");
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.firstname).toContain(PERSON_NAME_MESSAGES.noLetters);
  });

  it('the public form’s confirmation carries the cleaned name and nothing else typed (issue 23 §5)', async () => {
    const entry = ENTRY_POINTS.find((e) => e.name === 'the public registration form')!;
    const res = await entry.send('Lu\u200Bcia');
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.deps.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'registration-confirmation'))
      .orderBy(desc(outboundMessages.id))
      .limit(1);
    expect(mail.body).toContain('Hello Lucia,');
    expect(mail.body).not.toContain('\u200B');
  });
});

describe('licence scans: the names read from the card are cleaned', () => {
  it('a zero-width space inside a licence name is removed before the desk sees it', async () => {
    const raw = buildAamvaPayload({
      firstName: 'TAM\u200BSIN',
      lastName: 'OKA\u00ADFOR',
      dateOfBirth: '1988-09-14',
      licenseNumber: 'H123-4567-8901',
      state: 'IL',
    });
    const res = await post(desk, '/api/scans', { raw, buildingId: t.world.north.northHighId, action: 'new' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().license).toMatchObject({ firstName: 'TAMSIN', lastName: 'OKAFOR' });
  });
});

describe('imports: a bad name sends the row to the error file with the sentence', () => {
  const csvUpload = (s: Session, url: string, csv: string, fields: Record<string, string> = {}) => {
    const m = multipartBody(Buffer.from(csv), { fileName: 'names.csv', contentType: 'text/csv', fields });
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...m.headers, cookie: s.cookie, 'x-csrf-token': s.csrfToken },
      payload: m.body,
    });
  };
  // one row per case: the accepted names, then the refused ones (a CSV cell can hold a line break)
  const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lastOf = (i: number) => `Importrow${String.fromCharCode(97 + i)}${String.fromCharCode(97 + (n++ % 26))}`;

  async function expectImport(res: InjectResponse, s: Session, rowsLast: string[]) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ imported: ACCEPTED.length, rejected: REFUSED.length });
    const errors = await t.as(s).get(`/api/imports/error-files/${res.json().errorFile}`);
    expect(errors.body.split(CHARACTERS).length - 1).toBe(REFUSED.length);
    return rowsLast;
  }

  it('exclusions', async () => {
    const lasts = [...ACCEPTED.map(([v]) => v), ...REFUSED].map((_, i) => lastOf(i));
    const rows = [...ACCEPTED.map(([v]) => v), ...REFUSED].map(
      (v, i) => `${cell(v)},${lasts[i]},04/15/1980,Trespassed,,,Yes`,
    );
    const csv = ['First Name,Last Name,Date of Birth,Type,Reason,Building,Active', ...rows].join('\r\n');
    await expectImport(await csvUpload(north, '/api/imports/exclusions', csv), north, lasts);
    const [zara] = await t.deps.db
      .select({ firstname: exclusions.firstname })
      .from(exclusions)
      .where(eq(exclusions.lastname, lasts[0]!));
    expect(zara.firstname).toBe('Zara');
  });

  it('pre-registrations', async () => {
    const values = [...ACCEPTED.map(([v]) => v), ...REFUSED];
    const lasts = values.map((_, i) => lastOf(i));
    const rows = values.map((v, i) => `${cell(v)},${lasts[i]},04/12/1985,12/01/2099,,,visitor,`);
    const csv = ['First Name,Last Name,Date of Birth,Visit Date,Visiting,Reason,Visitor Type,Email', ...rows].join(
      '\n',
    );
    const res = await csvUpload(north, '/api/imports/preregistrations', csv, {
      buildingId: String(t.world.north.northHighId),
    });
    await expectImport(res, north, lasts);
    const [zara] = await t.deps.db
      .select({ firstname: preRegistrations.firstname })
      .from(preRegistrations)
      .where(eq(preRegistrations.lastname, lasts[0]!));
    expect(zara.firstname).toBe('Zara');
  });

  it('registration invitations', async () => {
    const type = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const values = [...ACCEPTED.map(([v]) => v), ...REFUSED];
    const lasts = values.map((_, i) => lastOf(i));
    const rows = values.map((v, i) => `${cell(v)},${lasts[i]},${lasts[i]!.toLowerCase()}@example.test,,12/31/2099`);
    const csv = ['FirstName,LastName,Email,Phone,ExpDate', ...rows].join('\n');
    const res = await csvUpload(north, `/api/registration-types/${type.id}/invitations/import`, csv);
    await expectImport(res, north, lasts);
    const [zara] = await t.deps.db
      .select({ firstname: registrationInvitations.firstname })
      .from(registrationInvitations)
      .where(eq(registrationInvitations.lastname, lasts[0]!));
    expect(zara.firstname).toBe('Zara');
  });

  it('users (a kiosk account keeps a device name)', async () => {
    const values = [...ACCEPTED.map(([v]) => v), ...REFUSED];
    const emails = values.map((_, i) => `${lastOf(i).toLowerCase()}.${Date.now()}@import.example`);
    const rows = values.map((v, i) => `${cell(v)},${emails[i]},Attendant,North High School,Yes`);
    const kioskEmail = `kiosk.${Date.now()}@import.example`;
    rows.push(`Lobby Kiosk 2,${kioskEmail},Kiosk,North High School,Yes`);
    const csv = ['Name,Email,Role,Building,Active', ...rows].join('\n');
    const res = await csvUpload(north, '/api/imports/users', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ imported: ACCEPTED.length + 1, rejected: REFUSED.length });
    const [zara] = await t.deps.db.select({ name: users.name }).from(users).where(eq(users.email, emails[0]!));
    expect(zara.name).toBe('Zara');
    const [device] = await t.deps.db.select({ name: users.name }).from(users).where(eq(users.email, kioskEmail));
    expect(device.name).toBe('Lobby Kiosk 2');
  });
});

describe('the SIS roster feed: names cleaned, bad names not stored', () => {
  it('stores the cleaned names and skips (and counts) people whose name breaks the rule', async () => {
    const district = await createClient(t.deps.db, { name: 'Roster Hygiene District' });
    const person = (sourcedId: string, role: string, givenName: string, agents: string[] = []): RosterUser => ({
      sourcedId,
      status: 'active',
      dateLastModified: '2026-01-05T12:00:00.000Z',
      role,
      givenName,
      familyName: 'Rosterson',
      identifier: sourcedId,
      email: '',
      phone: '',
      agentSourcedIds: agents,
      orgSourcedIds: [],
    });
    const people = {
      users: [person('g-ok', 'guardian', 'Ma\u200Bria'), person('g-bad', 'guardian', 'http://x.y')],
      students: [
        person('s-ok', 'student', 'Zoë O\u2019Brien-Núñez', ['g-ok']),
        person('s-bad', 'student', 'Ann\nLee'),
        person('s-digits', 'student', '123'),
      ],
    };
    const client: SisClient = {
      name: 'in-memory roster',
      async testConnection() {
        return true;
      },
      async rosterPage(resource, { offset }) {
        return offset > 0 ? [] : people[resource];
      },
      async schools() {
        return [];
      },
      async studentWithAgents() {
        return null;
      },
      async writeEvent() {
        return 'unsupported';
      },
    };
    const result = await syncRosterWith(
      { db: t.deps.db, now: () => new Date() },
      createRosterSyncRepository(t.deps.db),
      district.id,
      client,
      50,
    );
    expect(result).toMatchObject({ status: 'complete', students: 1, guardians: 1, refused: 3 });
    const kids = await t.deps.db
      .select({ sourcedId: students.sourcedId, firstname: students.firstname })
      .from(students)
      .where(eq(students.clientId, district.id));
    expect(kids).toEqual([{ sourcedId: 's-ok', firstname: 'Zoë O\u2019Brien-Núñez' }]);
    const adults = await t.deps.db
      .select({ firstname: guardians.firstname })
      .from(guardians)
      .where(and(eq(guardians.clientId, district.id)));
    expect(adults).toEqual([{ firstname: 'Maria' }]);
  });
});
