import type { AuthzEntry, Expected, Principal } from '../../test/authz/types';
import { everyone, idempotencyKeyHeader } from '../../test/authz/types';
import { demoGuardian, demoStudent } from '../students/students.fixtures';
import {
  freeBuilding,
  openEventAtNewBuilding,
  openEventAtNorthHigh,
  quietStateAtNorthHigh,
  requestForAvery,
} from './reunification.fixtures';

/**
 * Reunification (issue 27 §3, ADR 0050). Every row acts on a reunification of North High
 * (building 1 of A), made fresh per principal; the public page's rows use its token.
 */
const staffOfA1: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 404,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 404,
  adminAsAttendantA1: 'ok',
};
const station = 'Table 1';

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/reunification/events',
    note: 'from an emergency state covering North High',
    request: async (f) => {
      const stateId = await quietStateAtNorthHigh(f);
      await freeBuilding(f, f.world.north.northHighId);
      return { headers: idempotencyKeyHeader(), body: { stateId, buildingId: f.world.north.northHighId } };
    },
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/reunification/events',
    note: 'on its own (no state): administrators only',
    request: async (f) => {
      await freeBuilding(f, f.world.north.northHighId);
      return { headers: idempotencyKeyHeader(), body: { buildingId: f.world.north.northHighId } };
    },
    expect: { ...staffOfA1, attendantA1: 403, adminAsAttendantA1: 403 },
  },
  {
    method: 'GET',
    route: '/api/reunification/events',
    note: 'each principal its own scope (the district view for district administrators)',
    expect: { ...everyone('ok'), anonymous: 401, kioskA: 403 },
  },
  {
    method: 'GET',
    route: '/api/reunification/events/:id',
    request: async (f) => ({ url: `/api/reunification/events/${(await openEventAtNorthHigh(f)).eventId}` }),
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/reunification/events/:id/end',
    note: 'administrators only',
    request: async (f) => ({ url: `/api/reunification/events/${(await openEventAtNorthHigh(f)).eventId}/end` }),
    expect: { ...staffOfA1, attendantA1: 403, attendantA2: 403, attendantB: 403, adminAsAttendantA1: 403 },
  },
  {
    method: 'POST',
    route: '/api/reunification/events/:id/link',
    request: async (f) => ({ url: `/api/reunification/events/${(await openEventAtNorthHigh(f)).eventId}/link` }),
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/reunification/events/:id/requests',
    request: async (f) => {
      const { eventId } = await openEventAtNorthHigh(f);
      const avery = await demoStudent(f.deps.db, f.world.north.clientId, 'stu-n1');
      return {
        url: `/api/reunification/events/${eventId}/requests`,
        headers: idempotencyKeyHeader(),
        body: { adultFirst: 'Jordan', adultLast: 'Testwood', studentIds: [avery.id], station },
      };
    },
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/reunification/events/:id/requests/:requestId/verify',
    note: 'an adult who is none of the child’s people: every child refused, nothing offered',
    request: async (f) => {
      const { eventId } = await openEventAtNorthHigh(f);
      const { requestId } = await requestForAvery(f, eventId);
      const blake = await demoGuardian(f.deps.db, f.world.north.clientId, 'rel-n4');
      return {
        url: `/api/reunification/events/${eventId}/requests/${requestId}/verify`,
        body: { guardianId: blake.id, station, verification: { method: 'known_visitor' } },
      };
    },
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/reunification/events/:id/children/:childId/sent',
    request: async (f) => {
      const { eventId } = await openEventAtNorthHigh(f);
      const { childId } = await requestForAvery(f, eventId, 'offered');
      return { url: `/api/reunification/events/${eventId}/children/${childId}/sent`, body: { station } };
    },
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/reunification/events/:id/children/:childId/arrived',
    request: async (f) => {
      const { eventId } = await openEventAtNorthHigh(f);
      const { childId } = await requestForAvery(f, eventId, 'sent');
      return { url: `/api/reunification/events/${eventId}/children/${childId}/arrived`, body: { station } };
    },
    expect: staffOfA1,
  },
  {
    method: 'POST',
    route: '/api/reunification/events/:id/children/:childId/release',
    note: 'a child not yet at the station: 409 for the station, nothing released (the release itself: reunification.test.ts)',
    request: async (f) => {
      const { eventId } = await openEventAtNorthHigh(f);
      const jordan = await demoGuardian(f.deps.db, f.world.north.clientId, 'par-n1');
      const { childId } = await requestForAvery(f, eventId, 'sent', jordan.id);
      return {
        url: `/api/reunification/events/${eventId}/children/${childId}/release`,
        body: {
          station,
          photoFileId: '00000000-0000-4000-8000-000000000000',
          screeningId: '00000000-0000-4000-8000-000000000000',
          verification: { method: 'known_visitor' },
        },
      };
    },
    expect: { ...staffOfA1, admin: 409, clientAdminA: 409, attendantA1: 409, adminAsAttendantA1: 409 },
  },
  {
    method: 'GET',
    route: '/api/reunification/events/:id/report.pdf',
    request: async (f) => ({ url: `/api/reunification/events/${(await openEventAtNorthHigh(f)).eventId}/report.pdf` }),
    expect: staffOfA1,
  },
  {
    method: 'GET',
    route: '/api/public/reunification/:token',
    note: 'anyone with the link (no session needed)',
    request: async (f) => ({ url: `/api/public/reunification/${(await openEventAtNewBuilding(f)).token}` }),
    expect: everyone('ok'),
  },
  {
    method: 'POST',
    route: '/api/public/reunification/:token/requests',
    note: 'anyone with the link; rate limited per address (reunification.test.ts)',
    request: async (f) => ({
      url: `/api/public/reunification/${(await openEventAtNewBuilding(f)).token}/requests`,
      body: {
        language: 'en',
        adultFirst: 'Jordan',
        adultLast: 'Testwood',
        children: [{ firstName: 'Avery', lastName: 'Testwood' }],
      },
    }),
    expect: everyone('ok'),
  },
];
