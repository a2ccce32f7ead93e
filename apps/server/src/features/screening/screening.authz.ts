import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { insertVisitor } from './screening.fixtures';

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

/** Clearing a match is about a visitor of the client (visitors are client-wide). */
const clearForVisitorA: Row = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 'ok',
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
    note: 'tenant A visitor',
    request: async (f) => ({
      url: `/api/visitors/${await visitorA(f)}/cleared-matches`,
      body: { source: 'registry', matchRef: 'DEMO:PLANTED-AAMVA-1', note: 'authorization matrix' },
    }),
    expect: clearForVisitorA,
  },
];
