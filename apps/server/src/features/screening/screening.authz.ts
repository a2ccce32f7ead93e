import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { insertScreening, insertVisitor } from './screening.fixtures';

type Row = Record<Principal, Expected>;

/** 'screening.run': admins, client admins, attendants (and an admin acting as one); never kiosks. */
const screenBuilding1: Row = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 404, // Lincoln's attendant asking for North High
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 404,
  adminAsAttendantA1: 'ok',
};

/** A tenant-A visitor at a tenant-B building: nobody screens across districts. */
const crossTenant: Row = {
  anonymous: 401,
  admin: 404,
  clientAdminA: 404,
  attendantA1: 404,
  attendantA2: 404,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 404,
  adminAsAttendantA1: 404,
};

/** A clearing answers a screening made at building 1 (issue 10 §1): that building's desk and admins. */
const clearForScreeningA1: Row = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 404, // Lincoln's attendant answering a North High screening
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 404,
  adminAsAttendantA1: 'ok',
};

const visitorA = ({ deps, world }: AuthzFixture) =>
  insertVisitor(deps.db, {
    clientId: world.north.clientId,
    firstname: 'Matrix',
    lastname: 'Screenee',
    dob: '1979-09-09',
  });

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/visitors/:visitorId/screening',
    readOnly: true,
    note: 'tenant A visitor at building 1',
    request: async (f) => ({
      url: `/api/visitors/${await visitorA(f)}/screening`,
      body: { buildingId: f.world.north.northHighId },
    }),
    expect: screenBuilding1,
  },
  {
    method: 'POST',
    route: '/api/visitors/:visitorId/screening',
    readOnly: true,
    note: 'tenant A visitor at a tenant B building',
    request: async (f) => ({
      url: `/api/visitors/${await visitorA(f)}/screening`,
      body: { buildingId: f.world.south.southElemId },
    }),
    expect: crossTenant,
  },
  {
    method: 'POST',
    route: '/api/visitors/:visitorId/cleared-matches',
    note: 'a registry match shown in a screening of a tenant A visitor at building 1',
    request: async (f) => {
      const visitorId = await visitorA(f);
      const matchRef = 'DEMO:PLANTED-AAMVA-1';
      const screeningId = await insertScreening(f.deps.db, {
        clientId: f.world.north.clientId,
        buildingId: f.world.north.northHighId,
        visitorId,
        at: f.deps.now(),
        findings: [{ source: 'registry', ref: matchRef, kind: 'registry', gating: true, clearedBefore: false }],
      });
      return {
        url: `/api/visitors/${visitorId}/cleared-matches`,
        body: { screeningId, source: 'registry', matchRef, note: 'authorization matrix' },
      };
    },
    expect: clearForScreeningA1,
  },
];
