import type { TAuditEntry } from '@sv/contracts';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index';
import { auditRow } from '../../platform/audit/audit-log';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The audit console (issue 26 §1): the audit log read back, scoped by district, filtered, paged
 * and exported through the one export pipeline.
 */
let t: TestApp;
let northAdminId: number;
const run = `t${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  const north = await t.login('admin.north@demo.test');
  northAdminId = (await t.as(north).get('/api/auth/session')).json().user.id;
  const n = t.world.north.clientId;
  const s = t.world.south.clientId;
  const row = (clientId: number | null, action: string, at: string, targetId?: string) => ({
    ...auditRow(
      { actor: { userId: northAdminId, roleId: 2, clientId, buildingId: null, impersonatorId: null }, ip: '10.0.0.9' },
      {
        action,
        clientId,
        targetType: targetId ? `${run}-exclusion` : undefined,
        targetId,
        details: { firstName: 'Dana', reason: 'test' },
      },
    ),
    at: new Date(at),
  });
  await t.deps.db.insert(auditEvents).values([
    row(n, `${run}.exclusions.update`, '2026-03-10T15:00:00Z', '41'),
    row(n, `${run}.exclusions.update`, '2026-03-12T15:00:00Z', '42'),
    row(n, `${run}.exclusions.create`, '2026-03-11T15:00:00Z', '41'),
    // 11 PM in Chicago on March 12 (the default zone): a row of March 12, not 13
    row(n, `${run}.visits.checkIn`, '2026-03-13T04:30:00Z'),
    row(s, `${run}.exclusions.update`, '2026-03-10T16:00:00Z', '900'),
    row(null, `${run}.clients.create`, '2026-03-10T17:00:00Z'),
    row(n, `${run}.pickup.refused`, '2026-03-12T16:00:00Z', 'R-77'),
  ]);
});

const actionsOf = (rows: TAuditEntry[]) => rows.map((r) => r.action.slice(run.length + 1));

describe('the audit console', () => {
  it('shows the platform administrator every district’s rows and the platform’s own, newest first', async () => {
    const admin = await t.login('admin@demo.test');
    const res = await t.as(admin).get(`/api/audit?action=${run}.&perPage=50`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as TAuditEntry[];
    expect(actionsOf(rows)).toEqual([
      'visits.checkIn',
      'pickup.refused',
      'exclusions.update',
      'exclusions.create',
      'clients.create',
      'exclusions.update',
      'exclusions.update',
    ]);
    expect(rows[0]).toMatchObject({ actorName: 'Nora North', clientName: 'North County Schools', ip: '10.0.0.9' });
    // personal data was masked when it was written, and stays masked when read
    expect(rows[0].details).toEqual({ firstName: 'D***', reason: 'test' });
    // the district filter
    const south = (await t.as(admin).get(`/api/audit?action=${run}.&clientId=${t.world.south.clientId}`)).json();
    expect(south.data.map((r: TAuditEntry) => r.targetId)).toEqual(['900']);
  });

  it('shows a district administrator their own district only, whatever district they ask for', async () => {
    const north = await t.login('admin.north@demo.test');
    const rows = (await t.as(north).get(`/api/audit?action=${run}.&perPage=50`)).json().data as TAuditEntry[];
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.clientId === t.world.north.clientId)).toBe(true);
    const asked = (
      await t.as(north).get(`/api/audit?action=${run}.&clientId=${t.world.south.clientId}&perPage=50`)
    ).json().data as TAuditEntry[];
    expect(asked.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const southAdmin = await t.login('admin.south@demo.test');
    const theirs = (await t.as(southAdmin).get(`/api/audit?action=${run}.`)).json().data as TAuditEntry[];
    expect(theirs.map((r) => r.targetId)).toEqual(['900']);
  });

  it('filters by action, family of actions, user, record and calendar days of the default zone', async () => {
    const north = await t.login('admin.north@demo.test');
    const get = async (q: string) =>
      actionsOf((await t.as(north).get(`/api/audit?${q}&perPage=50`)).json().data as TAuditEntry[]);
    expect(await get(`action=${run}.exclusions.update`)).toEqual(['exclusions.update', 'exclusions.update']);
    expect(await get(`action=${run}.exclusions.`)).toHaveLength(3);
    // one record's history
    expect(await get(`targetType=${run}-exclusion&targetId=41`)).toEqual(['exclusions.create', 'exclusions.update']);
    expect(await get(`action=${run}.&from=2026-03-12&to=2026-03-12`)).toEqual([
      'visits.checkIn',
      'pickup.refused',
      'exclusions.update',
    ]);
    expect(await get(`action=${run}.&from=2026-03-11&to=2026-03-11`)).toEqual(['exclusions.create']);
    expect(await get(`action=${run}.&actorUserId=${northAdminId}&dir=asc`)).toEqual([
      'exclusions.update',
      'exclusions.create',
      'exclusions.update',
      'pickup.refused',
      'visits.checkIn',
    ]);
  });

  it('filters by outcome (refusals) and by free text over action, record, address and user', async () => {
    const north = await t.login('admin.north@demo.test');
    const list = async (q: string) =>
      (await t.as(north).get(`/api/audit?${q}&perPage=50`)).json().data as TAuditEntry[];
    const refused = await list(`action=${run}.&outcome=refused`);
    expect(actionsOf(refused)).toEqual(['pickup.refused']);
    expect(refused[0].outcome).toBe('refused');
    expect(actionsOf(await list(`action=${run}.&outcome=done`))).toHaveLength(4);
    // free text: in the body of POST /api/audit/search (the console keeps words out of URLs)
    const search = async (q: string) => {
      const res = await t.as(north).post('/api/audit/search', { action: `${run}.`, q, perPage: 50 });
      expect(res.statusCode).toBe(200);
      return res.json().data as TAuditEntry[];
    };
    expect(actionsOf(await search('checkin'))).toEqual(['visits.checkIn']);
    // a record id with a hyphen: the run tag (base 36 of the time) may hold any digits, never '-'
    expect(actionsOf(await search('r-77'))).toEqual(['pickup.refused']);
    expect(await search('nora')).toHaveLength(5);
    // LIKE's wildcards are text, not patterns
    expect(await search('%')).toHaveLength(0);
    // and the search is scoped like the list: South's administrator finds none of North's rows
    const south = await t.login('admin.south@demo.test');
    const theirs = await t.as(south).post('/api/audit/search', { action: `${run}.`, q: 'nora' });
    expect((theirs.json().data as TAuditEntry[]).map((r) => r.targetId)).toEqual(['900']);
    expect((await t.as(north).get('/api/audit?outcome=maybe')).statusCode).toBe(400);
  });

  it('refuses filters that cannot mean anything with a 400 and a sentence', async () => {
    const north = await t.login('admin.north@demo.test');
    const reversed = await t.as(north).get('/api/audit?from=2026-03-12&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('The start date must be on or before the end date.');
    expect((await t.as(north).get('/api/audit?action=drop%20table')).statusCode).toBe(400);
    expect((await t.as(north).get('/api/audit?from=2026-02-30')).statusCode).toBe(400);
  });

  it('offers the actions, record types and people of the actor’s own rows as filter choices', async () => {
    const north = await t.login('admin.north@demo.test');
    const facets = (await t.as(north).get('/api/audit/facets')).json();
    expect(facets.actions).toContain(`${run}.visits.checkIn`);
    expect(facets.actions).not.toContain(`${run}.clients.create`);
    expect(facets.targetTypes).toContain(`${run}-exclusion`);
    expect(facets.actors).toContainEqual({ id: northAdminId, name: 'Nora North' });
  });

  it('exports what the console shows, scoped, and the export is itself an audit row with its filters and count', async () => {
    const north = await t.login('admin.north@demo.test');
    const res = await t.as(north).get(`/api/exports/audit?format=csv&action=${run}.exclusions.`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'When,District,Building,User,User Email,Acting As Administrator,Action,Record Type,Record Id,IP Address,Request Id,Details',
    );
    expect(lines).toHaveLength(4); // the header and North's three exclusion rows, not South's
    expect(res.body).not.toContain(',900,');
    const [exported] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'export.audit'))
      .orderBy(auditEvents.id);
    expect(exported).toBeDefined();
    expect(exported!.clientId).toBe(t.world.north.clientId);
    expect(JSON.stringify(exported!.details)).toContain('3');
  });

  it('records every export with the filters it was asked with and its row count', async () => {
    const north = await t.login('admin.north@demo.test');
    const res = await t
      .as(north)
      .get(`/api/exports/audit?format=csv&action=${run}.exclusions.&from=2026-03-11&to=2026-03-12&q=update`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'export.audit'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row!.details).toMatchObject({
      format: 'csv',
      rows: 1,
      completed: true,
      params: { action: `${run}.exclusions.`, from: '2026-03-11', to: '2026-03-12', q: '[search text]' },
    });
  });

  it('exports with the console’s search words in the body (POST), as the search finds them, scoped', async () => {
    const north = await t.login('admin.north@demo.test');
    const post = (who: typeof north, body: unknown) => t.as(who).post('/api/exports/audit', body);
    const res = await post(north, { format: 'csv', columns: ['7', '9'], params: { action: `${run}.`, q: 'r-77' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // the header of the two chosen columns and the one row the search finds (pickup.refused r-77)
    expect(lines).toEqual(['Action,Record Id', `${run}.pickup.refused,R-77`]);
    // South's administrator finds none of North's rows with the same words
    const south = await t.login('admin.south@demo.test');
    const theirs = await post(south, { format: 'csv', columns: ['9'], params: { action: `${run}.`, q: 'r-77' } });
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Record Id']);
    // the export's own audit row keeps the words out ('[search text]'), with its count
    const [row] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'export.audit'))
      .orderBy(desc(auditEvents.id))
      .limit(2);
    expect(row!.details).toMatchObject({ rows: 0, params: { q: '[search text]' } });
    expect(JSON.stringify(row!.details)).not.toContain('r-77');
    // bad input: a 400 with a sentence, nothing written
    expect((await post(north, { format: 'pdf' })).statusCode).toBe(400);
    expect((await post(north, { params: { 'no such': 'x' } })).statusCode).toBe(400);
    expect((await post(north, { columns: [] })).json().message).toContain('Please select atleast one column');
    // an attendant cannot export the audit log
    const attendant = await t.login('desk.northhigh@demo.test');
    expect((await post(attendant, { format: 'csv' })).statusCode).toBe(403);
  });
});
