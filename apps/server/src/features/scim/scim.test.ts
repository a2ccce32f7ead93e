import { ROLE } from '@sv/contracts';
import { desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { parseScimFilter, ruleFor, SCIM_ERROR, SCIM_PATCH, SCIM_USER } from './scim.service';

/**
 * A SCIM client script against the real API (issue 30 §3), in the shapes Entra ID and Google send:
 * create, filter, update by PATCH and PUT, deactivate (which ends an open session at once), groups
 * mapped to role and building by the district's rules, and a token that never reaches another district.
 */
let t: TestApp;
let adminA: Session;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.login('admin.north@demo.test');
  const adminB = await t.login('admin.south@demo.test');
  const current = (await t.as(adminA).get('/api/sso/settings')).json();
  const saved = await t.as(adminA).put('/api/sso/settings', {
    slug: null,
    kind: 'oidc',
    issuer: '',
    oidcClientId: '',
    enabled: false,
    requireSso: false,
    breakGlassUserId: null,
    provisioning: 'link',
    defaultRoleId: ROLE.Attendant,
    defaultBuildingId: t.world.north.northHighId,
    groupRules: [
      { group: 'Lincoln Front Office', roleId: ROLE.Attendant, buildingId: t.world.north.lincolnId },
      { group: 'District Office', roleId: ROLE.ClientAdmin, buildingId: null },
    ],
    domains: [],
    version: current.version,
  });
  expect(saved.statusCode).toBe(200);
  const a = await t.as(adminA).post('/api/sso/scim-token', {});
  expect(a.statusCode).toBe(200);
  tokenA = a.json().token;
  tokenB = (await t.as(adminB).post('/api/sso/scim-token', {})).json().token;
});

const scim = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  token = tokenA,
  district?: number,
) =>
  t.app.inject({
    method,
    url: `/scim/v2/${district ?? t.world.north.clientId}${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('SCIM 2.0 per district (issue 30 §3)', () => {
  it('shows the token once and keeps only its hash', async () => {
    expect(tokenA).toMatch(/^scim_/);
    const settings = (await t.as(adminA).get('/api/sso/settings')).json();
    expect(JSON.stringify(settings)).not.toContain(tokenA);
    expect(settings.scimTokenCreatedAt).not.toBeNull();
  });

  it('refuses a missing or wrong token, and another district’s token, in the SCIM error format', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/scim/v2/${t.world.north.clientId}/Users` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect((await scim('GET', '/Users', undefined, `${tokenA}x`)).statusCode).toBe(401);
    // B's token on A's path, and A's token on B's path
    expect((await scim('GET', '/Users', undefined, tokenB)).statusCode).toBe(401);
    expect((await scim('GET', '/Users', undefined, tokenA, t.world.south.clientId)).statusCode).toBe(401);
    // B's user through A's token: not found
    const southUser = t.world.users['desk.southelem@demo.test'];
    const cross = await scim('PATCH', `/Users/${southUser}`, {
      schemas: [SCIM_PATCH],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '404' });
    const [south] = await t.deps.db.select().from(users).where(eq(users.id, southUser));
    expect(south.active).toBe(true);
  });

  let created: string;
  it('creates a staff member, finds it by userName, and refuses a duplicate (uniqueness)', async () => {
    const body = {
      schemas: [SCIM_USER],
      userName: 'Pat.Rivera@north.example',
      externalId: 'entra-0001',
      name: { givenName: 'Pat', familyName: 'Rivera' },
      emails: [{ value: 'Pat.Rivera@north.example', primary: true, type: 'work' }],
      active: true,
    };
    const res = await scim('POST', '/Users', body);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/scim+json');
    expect(res.json()).toMatchObject({
      schemas: [SCIM_USER],
      userName: 'pat.rivera@north.example',
      displayName: 'Pat Rivera',
      externalId: 'entra-0001',
      active: true,
    });
    created = res.json().id;
    const [row] = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, Number(created)));
    expect(row).toMatchObject({
      clientId: t.world.north.clientId,
      roleId: ROLE.Attendant,
      buildingId: t.world.north.northHighId,
      passwordHash: null,
    });

    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "pat.rivera@north.example"')}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: created }] });
    const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "entra-0001"')}`);
    expect(byExternal.json().totalResults).toBe(1);
    const nobody = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@north.example"')}`);
    expect(nobody.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const dup = await scim('POST', '/Users', body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ scimType: 'uniqueness' });
    // an e-mail of another district's user is taken too (never moved across districts)
    const other = await scim('POST', '/Users', { ...body, userName: 'desk.southelem@demo.test', emails: undefined });
    expect(other.statusCode).toBe(409);
    const badFilter = await scim('GET', `/Users?filter=${encodeURIComponent('name co "x"')}`);
    expect(badFilter.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('updates by PATCH (Entra’s shapes) and by PUT; never another district’s or the break-glass administrator', async () => {
    const patched = await scim('PATCH', `/Users/${created}`, {
      schemas: [SCIM_PATCH],
      Operations: [
        { op: 'Replace', path: 'name.familyName', value: 'Rivera-Lopez' },
        { op: 'Replace', path: 'name.givenName', value: 'Pat' },
        { op: 'replace', value: { externalId: 'entra-0001b' } },
      ],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ displayName: 'Pat Rivera-Lopez', externalId: 'entra-0001b' });
    const put = await scim('PUT', `/Users/${created}`, {
      schemas: [SCIM_USER],
      userName: 'pat.rivera-lopez@north.example',
      displayName: 'Pat Rivera-Lopez',
      active: true,
    });
    expect(put.json()).toMatchObject({ userName: 'pat.rivera-lopez@north.example', active: true });
    const audit = await t.deps.db.select().from(auditEvents).where(like(auditEvents.action, 'scim.user.%'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['scim.user.create', 'scim.user.update']));
    // a platform administrator or a kiosk account is not SCIM's to see
    expect((await scim('GET', `/Users/${t.world.users['admin@demo.test']}`)).statusCode).toBe(404);
    expect((await scim('GET', `/Users/${t.world.users['kiosk.northhigh@demo.test']}`)).statusCode).toBe(404);
  });

  it('maps groups to role and building by the district’s rules; membership changes move the user', async () => {
    const group = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Lincoln Front Office',
      members: [{ value: created }],
    });
    expect(group.statusCode).toBe(201);
    const gid = group.json().id;
    let [row] = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, Number(created)));
    expect(row).toMatchObject({ roleId: ROLE.Attendant, buildingId: t.world.north.lincolnId });
    expect(
      (await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "lincoln front office"')}`)).json()
        .totalResults,
    ).toBe(1);

    const office = (await scim('POST', '/Groups', { displayName: 'District Office', members: [] })).json().id;
    // Entra removes then adds: the user leaves Lincoln's group and joins the district office
    await scim('PATCH', `/Groups/${gid}`, {
      schemas: [SCIM_PATCH],
      Operations: [{ op: 'Remove', path: `members[value eq "${created}"]` }],
    });
    const add = await scim('PATCH', `/Groups/${office}`, {
      schemas: [SCIM_PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: created }] }],
    });
    expect(add.json().members).toEqual([expect.objectContaining({ value: created })]);
    [row] = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, Number(created)));
    expect(row).toMatchObject({ roleId: ROLE.ClientAdmin, buildingId: null });
    // B's user cannot be made a member of A's group
    const cross = await scim('PATCH', `/Groups/${office}`, {
      schemas: [SCIM_PATCH],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: String(t.world.users['desk.southelem@demo.test']) }] },
      ],
    });
    expect(cross.json().members).toHaveLength(1);
    // A's group is not B's
    expect((await scim('GET', `/Groups/${gid}`, undefined, tokenB, t.world.south.clientId)).statusCode).toBe(404);
  });

  it('deactivation (PATCH active=false) ends the user’s open session at once, as a manual deactivation does', async () => {
    const session = await t.login('desk.lincoln@demo.test');
    expect((await t.as(session).get('/api/auth/session')).statusCode).toBe(200);
    const id = t.world.users['desk.lincoln@demo.test'];
    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "desk.lincoln@demo.test"')}`);
    expect(found.json().Resources[0].id).toBe(String(id));
    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await t.as(session).get('/api/auth/session')).statusCode).toBe(401);
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'scim.user.deactivate'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ targetId: String(id), clientId: t.world.north.clientId });
    // and the password no longer signs in
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'desk.lincoln@demo.test', password: 'demo-Visitor-2026' },
    });
    expect(login.statusCode).toBe(401);
    // DELETE deactivates too
    expect((await scim('DELETE', `/Users/${created}`)).statusCode).toBe(204);
    expect((await scim('GET', `/Users/${created}`)).json().active).toBe(false);
  });

  it('leaves the break-glass administrator alone', async () => {
    const adminId = t.world.users['admin.north@demo.test'];
    const current = (await t.as(adminA).get('/api/sso/settings')).json();
    await t.as(adminA).put('/api/sso/settings', {
      slug: null,
      kind: 'oidc',
      issuer: '',
      oidcClientId: '',
      enabled: false,
      requireSso: false,
      breakGlassUserId: adminId,
      provisioning: 'link',
      defaultRoleId: current.defaultRoleId,
      defaultBuildingId: current.defaultBuildingId,
      groupRules: current.groupRules,
      domains: [],
      version: current.version,
    });
    const res = await scim('PATCH', `/Users/${adminId}`, {
      schemas: [SCIM_PATCH],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, adminId));
    expect(row.active).toBe(true);
  });

  it('a new token stops the old one at once', async () => {
    const fresh = (await t.as(adminA).post('/api/sso/scim-token', {})).json().token;
    expect((await scim('GET', '/Users', undefined, tokenA)).statusCode).toBe(401);
    expect((await scim('GET', '/Users', undefined, fresh)).statusCode).toBe(200);
    tokenA = fresh;
  });
});

describe('SCIM rules (unit)', () => {
  it('parses the eq filters identity providers send, and nothing else', () => {
    expect(parseScimFilter('userName eq "a\\"b@x.org"', ['userName'])).toEqual({ userName: 'a"b@x.org' });
    expect(parseScimFilter('USERNAME EQ "x"', ['userName'])).toEqual({ userName: 'x' });
    expect(() => parseScimFilter('userName sw "x"', ['userName'])).toThrow();
    expect(() => parseScimFilter('password eq "x"', ['userName'])).toThrow();
  });
  it('takes the first rule, in the administrator’s order, that names one of the user’s groups', () => {
    const rules = [
      { group: 'Office', roleId: 2, buildingId: null },
      { group: 'Desk', roleId: 3, buildingId: 7 },
    ];
    expect(ruleFor(rules, ['desk', 'OFFICE'])?.group).toBe('Office');
    expect(ruleFor(rules, ['Desk'])?.buildingId).toBe(7);
    expect(ruleFor(rules, ['Other'])).toBeNull();
  });
});
