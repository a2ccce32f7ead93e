import { ROLE } from '@sv/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { multipartBody } from '../exclusions/exclusions.fixtures';
import { USER_MESSAGES } from './users.service';

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let deskNH: Session;
let seq = 0;
const email = (tag = 'u') => `${tag}${++seq}.${Date.now().toString(36)}@users-test.example`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  deskNH = await t.login('desk.northhigh@demo.test');
});

const attendant = (over: Record<string, unknown> = {}) => ({
  name: 'Avery Attendant',
  email: email(),
  roleId: ROLE.Attendant,
  clientId: t.world.north.clientId,
  buildingId: t.world.north.northHighId,
  ...over,
});

describe('GET /api/users (spec 000 §2 /user/{list?})', () => {
  it('admins see every client, the three lists filter by role, and the client filter applies', async () => {
    const all = (await t.as(admin).get('/api/users?activeOnly=false')).json();
    const clientIds = new Set(all.data.map((u: { clientId: number | null }) => u.clientId));
    expect(clientIds).toEqual(new Set([null, t.world.north.clientId, t.world.south.clientId]));
    const admins = (await t.as(admin).get('/api/users?list=clientadmin')).json();
    expect(admins.data.map((u: { roleId: number }) => u.roleId).sort()).toEqual([1, 2, 2]);
    const attendants = (await t.as(admin).get('/api/users?list=attendant')).json();
    expect(new Set(attendants.data.map((u: { roleId: number }) => u.roleId))).toEqual(new Set([3]));
    const southOnly = (await t.as(admin).get(`/api/users?clientId=${t.world.south.clientId}`)).json();
    expect(southOnly.data.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin.south@demo.test',
      'desk.southelem@demo.test',
    ]);
    expect(southOnly).toMatchObject({ count: 2, currentPage: 1, perPage: 100, totalPages: 1 });
  });

  it('a client admin sees only their district, whatever client filter they send', async () => {
    const res = await t.as(north).get(`/api/users?clientId=${t.world.south.clientId}&activeOnly=false`);
    expect(res.statusCode).toBe(200);
    const emails = res.json().data.map((u: { email: string }) => u.email);
    expect(emails).toContain('desk.northhigh@demo.test');
    expect(emails.some((e: string) => e.includes('south') || e === 'admin@demo.test')).toBe(false);
    expect(res.json().data.every((u: { clientName: string }) => u.clientName === 'North County Schools')).toBe(true);
  });

  it('sorts from the allow-list only', async () => {
    const res = (await t.as(admin).get('/api/users?sort=email&dir=desc')).json();
    const emails = res.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await t.as(admin).get('/api/users?sort=password_hash')).statusCode).toBe(400);
  });

  it('an attendant cannot reach user administration', async () => {
    expect((await t.as(deskNH).get('/api/users')).statusCode).toBe(403);
    expect((await t.as(deskNH).post('/api/users', attendant())).statusCode).toBe(403);
    expect((await t.as(null).get('/api/users')).statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('a client admin creating a user gets their own client; another client answers 404', async () => {
    const res = await t.as(north).post('/api/users', attendant({ clientId: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      clientId: t.world.north.clientId,
      buildingId: t.world.north.northHighId,
      roleName: 'Attendant',
      activated: false,
    });
    const other = await t
      .as(north)
      .post('/api/users', attendant({ clientId: t.world.south.clientId, buildingId: t.world.south.southElemId }));
    expect(other.statusCode).toBe(404);
    const otherBuilding = await t.as(north).post('/api/users', attendant({ buildingId: t.world.south.southElemId }));
    expect(otherBuilding.statusCode).toBe(404);
  });

  it('only admins add administrators (spec 000 §5)', async () => {
    const body = {
      name: 'Casey Chief',
      email: email('ca'),
      roleId: ROLE.ClientAdmin,
      clientId: t.world.north.clientId,
    };
    const refused = await t.as(north).post('/api/users', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(USER_MESSAGES.administratorsOnly);
    expect((await t.as(north).post('/api/users', { ...body, roleId: ROLE.Admin })).statusCode).toBe(403);
    const ok = await t.as(admin).post('/api/users', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ roleId: 2, clientId: t.world.north.clientId, buildingId: null });
    const platform = await t.as(admin).post('/api/users', { ...body, email: email('pa'), roleId: ROLE.Admin });
    expect(platform.json().user).toMatchObject({ roleId: 1, clientId: null, buildingId: null });
  });

  it('attendants and kiosk accounts need a building of that client', async () => {
    const missing = await t.as(admin).post('/api/users', attendant({ buildingId: null }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.buildingId).toEqual([USER_MESSAGES.buildingRequired]);
    const mismatch = await t.as(admin).post('/api/users', attendant({ buildingId: t.world.south.southElemId }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(USER_MESSAGES.buildingOfOtherClient);
    const noClient = await t.as(admin).post('/api/users', attendant({ clientId: null }));
    expect(noClient.statusCode).toBe(400);
    const kiosk = await t.as(admin).post('/api/users', attendant({ roleId: ROLE.Kiosk }));
    expect(kiosk.json().user).toMatchObject({ roleId: 4, homepage: '/safe/kiosk' });
  });

  it('e-mail addresses are unique, case-insensitively (409 with a clear message)', async () => {
    const res = await t.as(admin).post('/api/users', attendant({ email: 'DESK.NorthHigh@demo.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MESSAGES.emailTaken);
  });

  // issue 10 §5: "already exists" about another district's user would disclose their staff
  it("a district admin learns nothing about another district's (or the platform's) users from a taken e-mail", async () => {
    const own = await t.as(north).post('/api/users', attendant({ email: 'Desk.Lincoln@demo.test' }));
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(USER_MESSAGES.emailTaken);

    const answers = [];
    for (const [who, taken] of [
      [north, 'desk.southelem@demo.test'],
      [north, 'ADMIN.SOUTH@demo.test'],
      [north, 'admin@demo.test'],
      [south, 'desk.northhigh@demo.test'],
    ] as const) {
      const res = await t.as(who).post('/api/users', attendant({ email: taken, clientId: null, buildingId: null }));
      answers.push({ status: res.statusCode, code: res.json().code, message: res.json().message });
      expect(res.json().fieldErrors).toEqual({ email: [USER_MESSAGES.emailUnavailable] });
    }
    // the same answer whichever district (or the platform) holds the address
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ status: 409, code: 'CONFLICT', message: USER_MESSAGES.emailUnavailable })]),
    );
    expect(USER_MESSAGES.emailUnavailable).not.toMatch(/exist|already|district|client/i);

    // editing one's own user to another district's address is answered the same way
    const mine = (
      await t.as(south).post('/api/users', attendant({ clientId: null, buildingId: t.world.south.southElemId }))
    ).json().user;
    const edit = await t.as(south).edit('PUT', `/api/users/${mine.id}`, { ...mine, email: 'admin.north@demo.test' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(USER_MESSAGES.emailUnavailable);

    const refusals = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.email_refused'), eq(auditEvents.actorUserId, north.userId)));
    expect(refusals).toHaveLength(3);
  });

  it('audits the creation', async () => {
    const res = await t.as(north).post('/api/users', attendant());
    const id = res.json().user.id;
    const rows = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.create'), eq(auditEvents.targetId, String(id))));
    expect(rows).toHaveLength(1);
    expect(rows[0].actorUserId).toBe(north.userId);
    expect(JSON.stringify(rows[0].details)).not.toContain('@users-test.example');
  });
});

describe('GET/PUT /api/users/:id', () => {
  it("a client admin cannot see or edit another district's users (404)", async () => {
    const id = t.world.users['desk.southelem@demo.test'];
    expect((await t.as(north).get(`/api/users/${id}`)).statusCode).toBe(404);
    const put = await t.as(north).edit('PUT', `/api/users/${id}`, attendant({ email: 'desk.southelem@demo.test' }));
    expect(put.statusCode).toBe(404);
    expect((await t.as(south).get(`/api/users/${id}`)).statusCode).toBe(200);
    expect((await t.as(north).get(`/api/users/${t.world.users['admin@demo.test']}`)).statusCode).toBe(404);
  });

  it('deactivating a user ends their sessions', async () => {
    const created = (await t.as(admin).post('/api/users', attendant())).json().user;
    const session = await t.deps.sessions.create({
      userId: created.id,
      signedInWith: 'password',
      ip: '1',
      userAgent: 'x',
    });
    const cookieName = t.deps.config.COOKIE_SECURE ? '__Host-sv_session' : 'sv_session';
    const theirs = { cookie: `${cookieName}=${session.token}`, csrfToken: session.csrfToken, userId: created.id };
    expect((await t.as(theirs).get('/api/auth/session')).statusCode).toBe(200);
    const res = await t.as(north).edit('PUT', `/api/users/${created.id}`, { ...created, active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.active).toBe(false);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, created.id))).toHaveLength(0);
    expect((await t.as(theirs).get('/api/auth/session')).statusCode).toBe(401);
  });

  it('a role change by an admin ends sessions and is audited as a role change', async () => {
    const created = (await t.as(admin).post('/api/users', attendant())).json().user;
    await t.deps.sessions.create({ userId: created.id, signedInWith: 'password', ip: '1', userAgent: 'x' });
    const res = await t.as(admin).edit('PUT', `/api/users/${created.id}`, { ...created, roleId: ROLE.ClientAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ roleId: 2, buildingId: null });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, created.id))).toHaveLength(0);
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.role.change'), eq(auditEvents.targetId, String(created.id))));
    expect(audit[0].details).toMatchObject({ roleId: { before: 3, after: 2 } });
  });

  it('a client admin cannot promote an attendant to administrator', async () => {
    const created = (await t.as(north).post('/api/users', attendant())).json().user;
    const res = await t.as(north).edit('PUT', `/api/users/${created.id}`, { ...created, roleId: ROLE.ClientAdmin });
    expect(res.statusCode).toBe(403);
    const [row] = await t.deps.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, created.id));
    expect(row.roleId).toBe(ROLE.Attendant);
  });

  it('a user cannot deactivate themselves', async () => {
    const me = (await t.as(north).get(`/api/users/${north.userId}`)).json().user;
    const res = await t.as(north).edit('PUT', `/api/users/${north.userId}`, { ...me, active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MESSAGES.selfDeactivate);
  });

  it('keeps the e-mail unique on edit', async () => {
    const created = (await t.as(north).post('/api/users', attendant())).json().user;
    const res = await t
      .as(north)
      .edit('PUT', `/api/users/${created.id}`, { ...created, email: 'desk.lincoln@demo.test' });
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /api/users/attendants (spec 000 §7 DropDownList)', () => {
  it('lists active attendants in scope, optionally of one building; other buildings 404', async () => {
    const mine = (await t.as(deskNH).get('/api/users/attendants')).json().results;
    expect(mine.every((a: { buildingId: number }) => a.buildingId === t.world.north.northHighId)).toBe(true);
    expect(mine.map((a: { name: string }) => a.name)).toContain('Hank Desk');
    const lincoln = await t.as(north).get(`/api/users/attendants?buildingId=${t.world.north.lincolnId}`);
    expect(lincoln.json().results.map((a: { name: string }) => a.name)).toContain('Lina Desk');
    expect((await t.as(deskNH).get(`/api/users/attendants?buildingId=${t.world.north.lincolnId}`)).statusCode).toBe(
      404,
    );
    expect((await t.as(north).get(`/api/users/attendants?buildingId=${t.world.south.southElemId}`)).statusCode).toBe(
      404,
    );
  });

  it('names everyone who checks people in at the building, so the log filter reaches every row (issue 25, audit 002-ksl U8)', async () => {
    const names = (r: { json(): { results: { name: string }[] } }) => r.json().results.map((a) => a.name);
    const northHigh = await t.as(north).get(`/api/users/attendants?buildingId=${t.world.north.northHighId}`);
    // the kiosk's sign-ins and the district administrator's own check-ins
    expect(names(northHigh)).toEqual(expect.arrayContaining(['Hank Desk', 'North High Kiosk', 'Nora North']));
    expect(names(northHigh)).not.toContain('Lina Desk');
    // never another district's administrators, even for the platform administrator
    const platform = await t.login('admin@demo.test');
    const forNorth = names(await t.as(platform).get(`/api/users/attendants?buildingId=${t.world.north.northHighId}`));
    expect(forNorth).toContain('Nora North');
    const southAdmins = (
      await t.as(platform).get(`/api/users/attendants?buildingId=${t.world.south.southElemId}`)
    ).json().results as { name: string }[];
    expect(southAdmins.map((a) => a.name)).not.toContain('Nora North');
    // an attendant's own list stays its building's people
    const mine = (await t.as(deskNH).get('/api/users/attendants')).json().results as { buildingId: number }[];
    expect(mine.every((a) => a.buildingId === t.world.north.northHighId)).toBe(true);
  });
});

describe('users import and export', () => {
  const csv = (rows: string[]) => Buffer.from(['Name,Email,Role,Building,Active', ...rows].join('\r\n'));
  const upload = (s: Session, file: Buffer, fields: Record<string, string> = {}) => {
    const m = multipartBody(file, { fileName: 'users.csv', contentType: 'text/csv', fields });
    return t.app.inject({
      method: 'POST',
      url: '/api/imports/users',
      headers: { ...m.headers, cookie: s.cookie, 'x-csrf-token': s.csrfToken },
      payload: m.body,
    });
  };

  it('imports the good rows of a mixed file, returns an error file, and a re-upload adds nothing', async () => {
    const tag = Date.now().toString(36);
    const file = csv([
      `Good One,good1.${tag}@import.example,Attendant,North High School,Yes`,
      `Good Two,good2.${tag}@import.example,Kiosk,lincoln elementary,`,
      `No Building,nob.${tag}@import.example,Attendant,,Yes`,
      `Bad Role,badrole.${tag}@import.example,Janitor,North High School,Yes`,
      `Chief,chief.${tag}@import.example,Client Admin,,Yes`,
      `Other District,other.${tag}@import.example,Attendant,South Valley Elementary,Yes`,
      `Taken Elsewhere,desk.southelem@demo.test,Attendant,North High School,Yes`,
      `Already Here,DESK.lincoln@demo.test,Attendant,Lincoln Elementary,Yes`,
    ]);
    const res = await upload(north, file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toMatchObject({ total: 8, imported: 2, rejected: 5, duplicates: 1 });
    expect(body.errorFile).toEqual(expect.any(String));
    const errorFile = await t.as(north).get(`/api/imports/error-files/${body.errorFile}`);
    expect(errorFile.statusCode).toBe(200);
    expect(errorFile.body).toContain(USER_MESSAGES.buildingRequired);
    expect(errorFile.body).toContain('Role: must be Client Admin, Attendant or Kiosk');
    expect(errorFile.body).toContain(USER_MESSAGES.administratorsOnly);
    expect(errorFile.body).toContain('South Valley Elementary');
    // the South attendant's address is refused without saying it exists (issue 10 §5)
    expect(errorFile.body).toContain(USER_MESSAGES.emailUnavailable);
    expect(errorFile.body).not.toContain(USER_MESSAGES.emailTaken);
    expect((await t.as(south).get(`/api/imports/error-files/${body.errorFile}`)).statusCode).toBe(404);

    const imported = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.email, `good2.${tag}@import.example`));
    expect(imported[0]).toMatchObject({
      clientId: t.world.north.clientId,
      buildingId: t.world.north.lincolnId,
      roleId: 4,
    });

    const again = (await upload(north, file)).json();
    expect(again.results).toMatchObject({ imported: 0, duplicates: 3 });
  });

  it('a client admin cannot import into another district', async () => {
    const res = await upload(north, csv([`X,x.${Date.now()}@import.example,Attendant,North High School,Yes`]), {
      clientId: String(t.world.south.clientId),
    });
    expect(res.statusCode).toBe(404);
  });

  it('exports the users of the scope, with formula cells escaped', async () => {
    // issue 22: a person's name cannot be a formula any more; a kiosk account's name (a device's)
    // still can, so the export's escaping is still exercised
    const person = await t.as(north).post('/api/users', attendant({ name: '=HYPERLINK("http://evil.example")' }));
    expect(person.statusCode).toBe(400);
    const kiosk = await t
      .as(north)
      .post('/api/users', attendant({ name: '=HYPERLINK("http://evil.example")', roleId: ROLE.Kiosk }));
    expect(kiosk.statusCode, kiosk.body).toBe(200);
    const res = await t.as(north).get('/api/exports/users?format=csv&activeOnly=false');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toContain('desk.northhigh@demo.test');
    expect(res.body).not.toContain('south');
    expect(res.body).not.toContain('admin@demo.test');
    expect(res.body).toContain(`'=HYPERLINK`);
    const window = await t.as(north).get(`/User/UserExport/true/${t.world.south.clientId}/attendant`);
    expect(window.statusCode).toBe(404);
    const adminExport = await t.as(admin).get(`/User/UserExport/true/${t.world.south.clientId}/attendant`);
    expect(adminExport.statusCode).toBe(200);
    expect(adminExport.body).toContain('desk.southelem@demo.test');
    expect(adminExport.body).not.toContain('admin.south@demo.test');
  });
});
