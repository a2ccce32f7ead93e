import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import {
  addDropoff,
  addRule,
  demoGuardian,
  demoReason,
  demoStudent,
  photoMultipart,
  pickupInputs,
} from './students.fixtures';
import { idempotencyKeyHeader } from '../../test/authz/types';

/**
 * Students (issue 12). The object is Avery Testwood of North High (tenant A, building 1): the desk
 * of building 1 and the district's administrators act on it; Lincoln's attendant and tenant B get
 * 404; kiosks 403 (their student modal comes later).
 */
const atBuilding1: Record<Principal, Expected> = {
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

/** Administrators of tenant A only (pickup authorisations, sync). */
const adminsOfA: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 403,
  adminAsAttendantA1: 403,
};

const avery = (f: AuthzFixture) => demoStudent(f.deps.db, f.world.north.clientId, 'stu-n1');
const jordan = (f: AuthzFixture) => demoGuardian(f.deps.db, f.world.north.clientId, 'par-n1');
let keys = 0;
const key = () => `authz-students-${Date.now()}-${++keys}`;

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/students/search',
    readOnly: true,
    request: ({ world }) => ({ body: { buildingId: world.north.northHighId, text: 'Testwood' } }),
    expect: atBuilding1,
  },
  {
    method: 'GET',
    route: '/api/students/:id/guardians',
    request: async (f) => ({
      url: `/api/students/${(await avery(f)).id}/guardians?buildingId=${f.world.north.northHighId}&mode=general`,
    }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/students/:id/pickup-checks',
    request: async (f) => ({
      url: `/api/students/${(await avery(f)).id}/pickup-checks`,
      body: { buildingId: f.world.north.northHighId, guardianId: (await jordan(f)).id },
    }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/students/:id/pickup-photo',
    request: async (f) => ({ url: `/api/students/${(await avery(f)).id}/pickup-photo`, ...photoMultipart() }),
    // the photo is stored for a student of the district: Lincoln's desk cannot see North High's students
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/students/:id/pickups',
    request: async (f) => {
      const { clientId, northHighId } = f.world.north;
      const g = await jordan(f);
      const inputs = await pickupInputs(f.deps.db, { clientId, buildingId: northHighId, guardianId: g.id });
      return {
        url: `/api/students/${(await avery(f)).id}/pickups`,
        body: {
          buildingId: northHighId,
          guardianId: g.id,
          reasonId: (await demoReason(f.deps.db, clientId, 'pickup')).id,
          photoFileId: inputs.photoFileId,
          screeningId: inputs.screeningId,
          // issue 22: Jordan's date of birth is on file; the attendant knows them
          verification: { method: 'known_visitor' },
        },
        headers: { 'idempotency-key': key() },
      };
    },
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/students/:id/dropoffs',
    request: async (f) => ({
      url: `/api/students/${(await avery(f)).id}/dropoffs`,
      body: {
        buildingId: f.world.north.northHighId,
        reasonId: (await demoReason(f.deps.db, f.world.north.clientId, 'dropoff')).id,
      },
      headers: { 'idempotency-key': key() },
    }),
    expect: atBuilding1,
  },
  {
    method: 'GET',
    route: '/api/students/dropoffs/:eventId/tardy-slip.pdf',
    request: async (f) => {
      const { clientId, northHighId } = f.world.north;
      const eventId = await addDropoff(f.deps.db, {
        clientId,
        buildingId: northHighId,
        studentId: (await avery(f)).id,
        reasonId: (await demoReason(f.deps.db, clientId, 'dropoff')).id,
      });
      return { url: `/api/students/dropoffs/${eventId}/tardy-slip.pdf` };
    },
    expect: atBuilding1,
  },
  {
    method: 'GET',
    route: '/api/students/dropoffs/:eventId/tardy-slip.zpl',
    request: async (f) => {
      const { clientId, northHighId } = f.world.north;
      const eventId = await addDropoff(f.deps.db, {
        clientId,
        buildingId: northHighId,
        studentId: (await avery(f)).id,
        reasonId: (await demoReason(f.deps.db, clientId, 'dropoff')).id,
      });
      return { url: `/api/students/dropoffs/${eventId}/tardy-slip.zpl` };
    },
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/students/dropoffs/:eventId/tardy-slip/print',
    request: async (f) => {
      const { clientId, northHighId } = f.world.north;
      const eventId = await addDropoff(f.deps.db, {
        clientId,
        buildingId: northHighId,
        studentId: (await avery(f)).id,
        reasonId: (await demoReason(f.deps.db, clientId, 'dropoff')).id,
      });
      return { url: `/api/students/dropoffs/${eventId}/tardy-slip/print` };
    },
    expect: atBuilding1,
  },
  {
    method: 'GET',
    route: '/GenerateAndPrint/GenerateTardySlipForEvent/:eventId/:tzOffset',
    request: async (f) => {
      const { clientId, northHighId } = f.world.north;
      const eventId = await addDropoff(f.deps.db, {
        clientId,
        buildingId: northHighId,
        studentId: (await avery(f)).id,
        reasonId: (await demoReason(f.deps.db, clientId, 'dropoff')).id,
      });
      return { url: `/GenerateAndPrint/GenerateTardySlipForEvent/${eventId}/-360` };
    },
    // a browser window: signed out → redirected to sign in
    expect: { ...atBuilding1, anonymous: 302 },
  },
  {
    method: 'GET',
    route: '/api/students/:id/authorizations',
    request: async (f) => ({ url: `/api/students/${(await avery(f)).id}/authorizations` }),
    expect: adminsOfA,
  },
  {
    method: 'POST',
    route: '/api/students/:id/authorizations',
    request: async (f) => ({
      headers: idempotencyKeyHeader(),
      url: `/api/students/${(await avery(f)).id}/authorizations`,
      body: { firstname: 'Matrix', lastname: 'Aunt', kind: 'allow', validFrom: '2026-03-13', validTo: '2026-03-13' },
    }),
    expect: adminsOfA,
  },
  {
    method: 'POST',
    route: '/api/students/:id/authorizations/:ruleId/revoke',
    request: async (f) => {
      const s = await avery(f);
      const ruleId = await addRule(f.deps.db, {
        clientId: f.world.north.clientId,
        studentId: s.id,
        guardianId: (await jordan(f)).id,
        kind: 'allow',
        note: 'matrix',
      });
      return { url: `/api/students/${s.id}/authorizations/${ruleId}/revoke`, body: { version: 1 } };
    },
    expect: adminsOfA,
  },
  {
    method: 'POST',
    route: '/api/students/sync',
    request: ({ world }) => ({ body: { clientId: world.north.clientId } }),
    expect: adminsOfA,
  },
  {
    method: 'GET',
    route: '/api/students/sync-status',
    request: ({ world }) => ({ url: `/api/students/sync-status?clientId=${world.north.clientId}` }),
    expect: adminsOfA,
  },
];
