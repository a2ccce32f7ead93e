import { and, eq, isNull } from 'drizzle-orm';
import {
  emergencyStateBuildings,
  emergencyStateEvents,
  emergencyStates,
  reunificationChildren,
  reunificationEvents,
  reunificationRequests,
} from '../../db/schema/index';
import type { DemoWorld } from '../../../db/seed/demo';
import { createBuilding } from '../../../db/seed/factories';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { demoStudent } from '../students/students.fixtures';
import { newToken, tokenHash } from './reunification.core';

type F = { world: DemoWorld; deps: AppDeps };

/** An emergency state covering North High that no kiosk sees (its building row inactive, as emergency-states.authz does). */
export async function quietStateAtNorthHigh(f: F) {
  const now = f.deps.now();
  const [s] = await f.deps.db
    .insert(emergencyStates)
    .values({
      clientId: f.world.north.clientId,
      kind: 'Evacuate',
      drill: true,
      startedBy: f.world.users['desk.northhigh@demo.test'],
      startedAt: now,
    })
    .returning({ id: emergencyStates.id });
  await f.deps.db
    .insert(emergencyStateBuildings)
    .values({ stateId: s.id, buildingId: f.world.north.northHighId, active: false });
  await f.deps.db.insert(emergencyStateEvents).values({ stateId: s.id, kind: 'start', at: now });
  return s.id;
}

/** Ends every open reunification of a building (one open event per building). */
export async function freeBuilding(f: Pick<F, 'deps'>, buildingId: number) {
  await f.deps.db
    .update(reunificationEvents)
    .set({ endedAt: f.deps.now() })
    .where(and(eq(reunificationEvents.buildingId, buildingId), isNull(reunificationEvents.endedAt)));
}

/** An open reunification at North High (a fresh one: earlier ones are ended); its public token. */
export const openEventAtNorthHigh = (f: F, stateId: number | null = null) =>
  openEventAt(f, { clientId: f.world.north.clientId, buildingId: f.world.north.northHighId, stateId });

/**
 * An open reunification at a new building of district A: its public token stays open whatever
 * other rows start or end (the sessions test builds every principal's request before sending them).
 */
export async function openEventAtNewBuilding(f: F) {
  const b = await createBuilding(f.deps.db, f.world.north.clientId, { name: 'Authz Reunification School' });
  return openEventAt(f, { clientId: f.world.north.clientId, buildingId: b.id });
}

/** An open reunification at a building (earlier open ones there are ended); its public token. */
export async function openEventAt(f: F, o: { clientId: number; buildingId: number; stateId?: number | null }) {
  await freeBuilding(f, o.buildingId);
  const token = newToken();
  const [e] = await f.deps.db
    .insert(reunificationEvents)
    .values({
      clientId: o.clientId,
      buildingId: o.buildingId,
      stateId: o.stateId ?? null,
      tokenHash: tokenHash(token),
      tokenSealed: createSecretBox(f.deps.config.APP_SECRET).seal(token, `client:${o.clientId}:reunification-link`),
      startedBy: f.world.users['desk.northhigh@demo.test'],
      startedAt: f.deps.now(),
    })
    .returning({ id: reunificationEvents.id });
  return { eventId: e.id, token };
}

/** A request at a station for Avery Testwood (stu-n1) with one child row in `status`. */
export async function requestForAvery(f: F, eventId: number, status = 'requested', guardianId: number | null = null) {
  const avery = await demoStudent(f.deps.db, f.world.north.clientId, 'stu-n1');
  return requestFor(f, {
    eventId,
    clientId: f.world.north.clientId,
    buildingId: f.world.north.northHighId,
    studentId: avery.id,
    status,
    guardianId,
  });
}

/** A station's request for one student in an event, its child row in `status`. */
export async function requestFor(
  f: Pick<F, 'deps'>,
  o: {
    eventId: number;
    clientId: number;
    buildingId: number;
    studentId: number;
    status?: string;
    guardianId?: number | null;
  },
) {
  const { eventId, studentId } = o;
  const status = o.status ?? 'requested';
  const guardianId = o.guardianId ?? null;
  const now = f.deps.now();
  const [r] = await f.deps.db
    .insert(reunificationRequests)
    .values({
      eventId,
      clientId: o.clientId,
      buildingId: o.buildingId,
      source: 'station',
      adultFirst: 'Jordan',
      adultLast: 'Testwood',
      guardianId,
      status: guardianId ? 'verified' : 'open',
      createdAt: now,
    })
    .returning({ id: reunificationRequests.id });
  const [c] = await f.deps.db
    .insert(reunificationChildren)
    .values({
      requestId: r.id,
      eventId,
      clientId: o.clientId,
      buildingId: o.buildingId,
      studentId,
      status,
      createdAt: now,
    })
    .returning({ id: reunificationChildren.id });
  return { requestId: r.id, childId: c.id, studentId };
}
