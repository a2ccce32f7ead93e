import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalName } from '@sv/domain';
import { auditEvents, exclusions, preRegistrations } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertExclusion } from './exclusions.fixtures';

/** Activate / deactivate many exclusions at once (issue 26 §4): the actor's scope only, audited. */
let t: TestApp;
let north: Session;
let south: Session;

beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
});

const activeOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await t.deps.db
        .select({ id: exclusions.id, active: exclusions.active })
        .from(exclusions)
        .where(inArray(exclusions.id, ids))
    ).map((r) => [r.id, r.active]),
  );

describe('bulk activate / deactivate exclusions', () => {
  it('changes the district’s own, counts the rest, and writes one audit row', async () => {
    const a = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId });
    const b = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId });
    const inactive = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId, active: false });
    const other = await insertExclusion(t.deps.db, { clientId: t.world.south.clientId });

    const res = await t.as(north).post('/api/exclusions/bulk-active', { ids: [a, b, inactive, other], active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2, unchanged: 1, notFound: 1 });
    expect(await activeOf([a, b, inactive, other])).toEqual({
      [a]: false,
      [b]: false,
      [inactive]: false,
      [other]: true,
    });
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'exclusion.bulkDeactivate'));
    expect(audit.map((r) => r.details)).toContainEqual({ ids: [a, b] });

    // another district's administrator changes nothing of North's
    const theirs = await t.as(south).post('/api/exclusions/bulk-active', { ids: [a, b], active: true });
    expect(theirs.json()).toEqual({ changed: 0, unchanged: 0, notFound: 2 });
    expect(await activeOf([a, b])).toEqual({ [a]: false, [b]: false });

    const back = await t.as(north).post('/api/exclusions/bulk-active', { ids: [a, b], active: true });
    expect(back.json()).toEqual({ changed: 2, unchanged: 0, notFound: 0 });
  });

  it('refuses an empty or oversized selection with a sentence', async () => {
    const empty = await t.as(north).post('/api/exclusions/bulk-active', { ids: [], active: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Choose at least one exclusion.');
    const desk = await t.login('desk.northhigh@demo.test');
    expect((await t.as(desk).post('/api/exclusions/bulk-active', { ids: [1], active: false })).statusCode).toBe(403);
  });

  it('screens the district’s waiting cards again: activating flags a look-alike card, deactivating clears it', async () => {
    // the admission gate reads the card's flag (issue 22): a bulk change must move it like an edit does
    const ex = await insertExclusion(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Bulkflag',
      lastname: 'Cardperson',
      dob: '1979-04-05',
      active: false,
    });
    const [card] = await t.deps.db
      .insert(preRegistrations)
      .values({
        clientId: t.world.north.clientId,
        buildingId: t.world.north.northHighId,
        // an invisible character and a Cyrillic look-alike: the canonical keys still match
        firstname: 'Bulk\u200bflag',
        lastname: 'C\u0430rdperson',
        firstKey: canonicalName('Bulk\u200bflag'),
        lastKey: canonicalName('C\u0430rdperson'),
        dob: '1979-04-05',
        visitDate: '2099-01-01',
        flagged: false,
      })
      .returning({ id: preRegistrations.id });
    const flagged = async () =>
      (
        await t.deps.db
          .select({ f: preRegistrations.flagged })
          .from(preRegistrations)
          .where(eq(preRegistrations.id, card!.id))
      )[0]!.f;
    await t.as(north).post('/api/exclusions/bulk-active', { ids: [ex], active: true });
    expect(await flagged()).toBe(true);
    await t.as(north).post('/api/exclusions/bulk-active', { ids: [ex], active: false });
    expect(await flagged()).toBe(false);
  });
});
