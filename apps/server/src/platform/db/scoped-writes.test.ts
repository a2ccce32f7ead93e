import { ROLE, type TActor } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRegistration, createRegistrationType, createUser } from '../../../db/seed/factories';
import { deniedEntries, exclusions, preRegistrations, registrations, users, visitors } from '../../db/schema/index';
import { createDenialsRepository } from '../../features/denials/denials.repository';
import { insertExclusion, insertPhoto } from '../../features/exclusions/exclusions.fixtures';
import { createExclusionsRepository } from '../../features/exclusions/exclusions.repository';
import { createPreRegistrationsRepository } from '../../features/preregistrations/preregistrations.repository';
import { createRegistrationsRepository } from '../../features/registrations/registrations.repository';
import { createUsersRepository } from '../../features/users/users.repository';
import { createVisitorsRepository } from '../../features/visitors/visitors.repository';
import { createTestApp, type TestApp } from '../../test/test-app';
import { districtScope } from './scope';

/**
 * Issue 24 §1 "writes by id take the actor's scope like reads do": every service reads a record
 * in the actor's scope before it writes it, so a write by id was safe only as long as that read
 * came first. These tests call the repositories directly — as a service that skipped its read
 * would — and show that a write by id of another district's (or, for a building's actor, another
 * building's) record changes nothing, while the same write in scope does.
 */
let t: TestApp;
let clientAdminA: TActor;
let attendantA1: TActor;

beforeAll(async () => {
  t = await createTestApp();
  const { north, users: ids } = t.world;
  clientAdminA = {
    userId: ids['admin.north@demo.test'],
    roleId: ROLE.ClientAdmin,
    clientId: north.clientId,
    buildingId: null,
    impersonatorId: null,
  };
  attendantA1 = {
    userId: ids['desk.northhigh@demo.test'],
    roleId: ROLE.Attendant,
    clientId: north.clientId,
    buildingId: north.northHighId,
    impersonatorId: null,
  };
});

async function insertVisitor(clientId: number, firstname: string) {
  const [row] = await t.deps.db
    .insert(visitors)
    .values({ clientId, firstname, lastname: 'Scopewrite' })
    .returning({ id: visitors.id });
  return row.id;
}

async function insertCard(clientId: number, buildingId: number) {
  const [row] = await t.deps.db
    .insert(preRegistrations)
    .values({ clientId, buildingId, firstname: 'Card', lastname: 'Scopewrite', visitDate: '2030-01-02' })
    .returning({ id: preRegistrations.id, status: preRegistrations.status });
  return row;
}

describe('writes by id take the actor’s scope (issue 24 §1)', () => {
  it('exclusions: another district’s exclusion is not updated, the actor’s own is', async () => {
    const repo = createExclusionsRepository(t.deps.db);
    const south = await insertExclusion(t.deps.db, { clientId: t.world.south.clientId, reason: 'South reason' });
    const north = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId, reason: 'North reason' });
    expect(await repo.update(clientAdminA, south, { reason: 'Rewritten' })).toBe(false);
    const [after] = await t.deps.db.select().from(exclusions).where(eq(exclusions.id, south));
    expect(after.reason).toBe('South reason');
    expect(await repo.update(clientAdminA, north, { reason: 'Rewritten' })).toBe(true);
  });

  it('users: another district’s user is not updated', async () => {
    const repo = createUsersRepository(t.deps.db);
    const south = await createUser(t.deps.db, {
      roleId: ROLE.Attendant,
      clientId: t.world.south.clientId,
      name: 'South desk',
    });
    expect(await repo.update(clientAdminA, south.id, { name: 'Rewritten' })).toBe(false);
    const [after] = await t.deps.db.select().from(users).where(eq(users.id, south.id));
    expect(after.name).toBe('South desk');
    const north = await createUser(t.deps.db, { roleId: ROLE.Attendant, clientId: t.world.north.clientId });
    expect(await repo.update(clientAdminA, north.id, { name: 'Renamed' })).toBe(true);
  });

  it('registrations: another district’s registration is not updated', async () => {
    const repo = createRegistrationsRepository(t.deps.db);
    const type = await createRegistrationType(t.deps.db, t.world.south.clientId);
    const south = await createRegistration(t.deps.db, type, { approved: true, expDate: '2031-01-01' });
    expect(await repo.update(clientAdminA, south.id, { expDate: '2020-01-01' })).toBe(false);
    const [after] = await t.deps.db.select().from(registrations).where(eq(registrations.id, south.id));
    expect(after.expDate).toBe('2031-01-01');
    const northType = await createRegistrationType(t.deps.db, t.world.north.clientId);
    const north = await createRegistration(t.deps.db, northType, { approved: true, expDate: '2031-01-01' });
    expect(await repo.update(clientAdminA, north.id, { expDate: '2030-01-01' })).toBe(true);
  });

  it('pre-registration cards: neither another district’s nor another building’s card is updated', async () => {
    const repo = createPreRegistrationsRepository(t.deps.db);
    const south = await insertCard(t.world.south.clientId, t.world.south.southElemId);
    const lincoln = await insertCard(t.world.north.clientId, t.world.north.lincolnId);
    expect(await repo.update(clientAdminA, south.id, { status: 'closed' })).toBe(false);
    expect(await repo.update(attendantA1, lincoln.id, { status: 'closed' })).toBe(false);
    const after = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, south.id));
    const lincolnAfter = await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.id, lincoln.id));
    expect([after[0].status, lincolnAfter[0].status]).toEqual([south.status, lincoln.status]);
    // the district's administrator reaches the Lincoln card; the North High desk its own
    expect(await repo.update(clientAdminA, lincoln.id, { status: 'closed' })).toBe(true);
    const northHigh = await insertCard(t.world.north.clientId, t.world.north.northHighId);
    expect(await repo.update(attendantA1, northHigh.id, { status: 'closed' })).toBe(true);
  });

  it('denials: another building’s denial is not marked notified', async () => {
    const repo = createDenialsRepository(t.deps.db);
    const visitorId = await insertVisitor(t.world.north.clientId, 'Denied');
    const [lincoln] = await t.deps.db
      .insert(deniedEntries)
      .values({ clientId: t.world.north.clientId, buildingId: t.world.north.lincolnId, visitorId })
      .returning({ id: deniedEntries.id });
    await repo.markNotified(attendantA1, lincoln.id);
    const [after] = await t.deps.db.select().from(deniedEntries).where(eq(deniedEntries.id, lincoln.id));
    expect(after.securityNotified).toBe(false);
    await repo.markNotified(clientAdminA, lincoln.id);
    const [told] = await t.deps.db.select().from(deniedEntries).where(eq(deniedEntries.id, lincoln.id));
    expect(told.securityNotified).toBe(true);
  });

  it('visitors: a photo is not set on another district’s visitor, by an actor or on a district’s behalf', async () => {
    const repo = createVisitorsRepository(t.deps.db);
    const south = await insertVisitor(t.world.south.clientId, 'Photo');
    const northPhoto = await insertPhoto(t.deps.db, t.world.north.clientId);
    await repo.setPhoto(clientAdminA, south, northPhoto);
    await repo.setPhoto(districtScope(t.world.north.clientId), south, northPhoto);
    const [after] = await t.deps.db.select().from(visitors).where(eq(visitors.id, south));
    expect(after.photoFileId).toBeNull();
    const north = await insertVisitor(t.world.north.clientId, 'Photo');
    await repo.setPhoto(districtScope(t.world.north.clientId), north, northPhoto);
    const [set] = await t.deps.db.select().from(visitors).where(eq(visitors.id, north));
    expect(set.photoFileId).toBe(northPhoto);
  });
});
