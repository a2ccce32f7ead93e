import type { TImportBatch, TImportResult } from '@sv/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, buildings, exclusions, importBatches, preRegistrations, users } from '../../db/schema/index';
import { auditRow } from '../../platform/audit/audit-log';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { multipartBody } from '../exclusions/exclusions.fixtures';

/**
 * Undoing an import (issue 26 §4, ADR 0049): the batch's rows go and the district's data is exactly
 * as before the import; a row already in use stays and is counted; 7 days; once; the district only.
 */
let t: TestApp;
let north: Session;

beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('admin.north@demo.test');
});

async function upload(kind: string, csv: string, fields: Record<string, string> = {}) {
  const m = multipartBody(Buffer.from(csv, 'utf8'), { fileName: `${kind}.csv`, contentType: 'text/csv', fields });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}`,
    payload: m.body,
    headers: { ...m.headers, cookie: north.cookie, 'x-csrf-token': north.csrfToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TImportResult;
}

const districtExclusions = async () =>
  (
    await t.deps.db
      .select()
      .from(exclusions)
      .where(eq(exclusions.clientId, t.world.north.clientId))
      .orderBy(exclusions.id)
  ).map(({ updatedAt: _u, ...rest }) => rest);

describe('undoing an import', () => {
  it('removes exactly what an exclusion import created: the district is as before', async () => {
    const before = await districtExclusions();
    const result = await upload(
      'exclusions',
      'First Name,Last Name,Date of Birth,Type,Reason\r\nUndo,Mistake,01/02/1980,Trespassed,Wrong file\r\nUndo,Blunder,03/04/1981,Other,Wrong file\r\n',
    );
    expect(result.results?.imported).toBe(2);
    expect(result.batchId).toEqual(expect.any(Number));
    expect((await districtExclusions()).length).toBe(before.length + 2);

    const list = await t.as(north).get('/api/imports/batches?kind=exclusions');
    expect(list.statusCode).toBe(200);
    expect((list.json().data as TImportBatch[])[0]).toMatchObject({ id: result.batchId, rowCount: 2, undoneAt: null });

    const undo = await t.as(north).post(`/api/imports/batches/${result.batchId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ removed: 2, kept: 0, message: 'The import was undone: 2 removed.' });
    expect(await districtExclusions()).toEqual(before);

    const again = await t.as(north).post(`/api/imports/batches/${result.batchId}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This import was already undone.');
  });

  it('keeps a pre-registration card someone was already checked in on, and says so', async () => {
    const result = await upload(
      'preregistrations',
      'First Name,Last Name,Date of Birth,Visit Date,Visiting\r\nUndoable,Cardone,01/02/1980,12/01/2026,Room 1\r\nUndoable,Cardtwo,01/02/1980,12/01/2026,Room 2\r\n',
      { buildingId: String(t.world.north.northHighId) },
    );
    expect(result.results?.imported).toBe(2);
    const cards = await t.deps.db
      .select({ id: preRegistrations.id, lastname: preRegistrations.lastname })
      .from(preRegistrations)
      .where(
        and(
          eq(preRegistrations.clientId, t.world.north.clientId),
          inArray(preRegistrations.lastname, ['Cardone', 'Cardtwo']),
        ),
      );
    const used = cards.find((c) => c.lastname === 'Cardone')!;
    await t.deps.db.update(preRegistrations).set({ status: 'checked_in' }).where(eq(preRegistrations.id, used.id));
    const undo = await t.as(north).post(`/api/imports/batches/${result.batchId}/undo`);
    expect(undo.json()).toEqual({
      removed: 1,
      kept: 1,
      message: 'The import was undone: 1 removed; 1 kept because they are already in use.',
    });
    const left = await t.deps.db
      .select({ id: preRegistrations.id })
      .from(preRegistrations)
      .where(
        inArray(
          preRegistrations.id,
          cards.map((c) => c.id),
        ),
      );
    expect(left).toEqual([{ id: used.id }]);
  });

  it('can be undone for 7 days, and only in its district', async () => {
    const result = await upload(
      'exclusions',
      'First Name,Last Name,Date of Birth,Type,Reason\r\nUndo,Later,05/06/1982,Trespassed,Old\r\n',
    );
    const south = await t.login('admin.south@demo.test');
    expect((await t.as(south).post(`/api/imports/batches/${result.batchId}/undo`)).statusCode).toBe(404);
    await t.deps.db
      .update(importBatches)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(importBatches.id, result.batchId!));
    const late = await t.as(north).post(`/api/imports/batches/${result.batchId}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('An import can be undone for 7 days; this one is older.');
    // and it is no longer listed
    const list = (await t.as(north).get('/api/imports/batches?kind=exclusions')).json().data as TImportBatch[];
    expect(list.map((b) => b.id)).not.toContain(result.batchId);
  });

  it('buildings and user accounts: what something refers to, or that has signed in, stays', async () => {
    /** the kind's sample file, its example row copied with other names (so every required cell is right) */
    const fromSample = async (kind: string, rows: Record<string, string>[]) => {
      const sample = (await t.as(north).get(`/api/imports/${kind}/sample?format=csv`)).body.replace(/^\uFEFF/, '');
      const [header, example] = sample.split(/\r?\n/);
      const headers = header!.split(',');
      const cells = example!.split(',');
      const lines = rows.map((r) => headers.map((h, i) => r[h] ?? cells[i]).join(','));
      return [header, ...lines].join('\r\n');
    };
    const b = await upload(
      'buildings',
      await fromSample('buildings', [{ Name: 'Undo Annex One' }, { Name: 'Undo Annex Two' }]),
    );
    expect(b.results?.imported).toBe(2);
    const annexes = await t.deps.db
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .where(inArray(buildings.name, ['Undo Annex One', 'Undo Annex Two']));
    const used = annexes.find((a) => a.name === 'Undo Annex One')!;
    await t.deps.db.insert(users).values({
      name: 'Annex Desk',
      email: 'annex.desk@example.test',
      roleId: 3,
      clientId: t.world.north.clientId,
      buildingId: used.id,
    });
    const undoBuildings = await t.as(north).post(`/api/imports/batches/${b.batchId}/undo`);
    expect(undoBuildings.json()).toMatchObject({ removed: 1, kept: 1 });
    expect(
      (
        await t.deps.db
          .select({ id: buildings.id })
          .from(buildings)
          .where(
            inArray(
              buildings.id,
              annexes.map((a) => a.id),
            ),
          )
      ).map((r) => r.id),
    ).toEqual([used.id]);

    const u = await upload(
      'users',
      await fromSample('users', [
        { Name: 'Undo Userone', Email: 'undo.userone@example.test' },
        { Name: 'Undo Usertwo', Email: 'undo.usertwo@example.test' },
      ]),
    );
    expect(u.results?.imported).toBe(2);
    const accounts = await t.deps.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['undo.userone@example.test', 'undo.usertwo@example.test']));
    const signedIn = accounts.find((a) => a.email === 'undo.userone@example.test')!;
    await t.deps.db
      .insert(auditEvents)
      .values(auditRow({ actor: null }, { action: 'auth.login.succeeded', targetType: 'user', targetId: signedIn.id }));
    const undoUsers = await t.as(north).post(`/api/imports/batches/${u.batchId}/undo`);
    expect(undoUsers.json()).toMatchObject({ removed: 1, kept: 1 });
    expect(
      (
        await t.deps.db
          .select({ id: users.id })
          .from(users)
          .where(
            inArray(
              users.id,
              accounts.map((a) => a.id),
            ),
          )
      ).map((r) => r.id),
    ).toEqual([signedIn.id]);
  });
});
