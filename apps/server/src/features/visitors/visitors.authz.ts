import { visitors } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { withNameKeys } from '../../platform/db/identity-keys';

async function visitorOfA({ world, deps }: AuthzFixture) {
  const [v] = await deps.db
    .insert(visitors)
    .values(
      withNameKeys({
        clientId: world.north.clientId,
        firstname: 'Matrix',
        lastname: 'Visitor',
        dob: '1990-01-01',
        searchName: 'matrix visitor',
      }),
    )
    .returning();
  return v.id;
}

/** Visitors are district records: any desk of district A may read them; B never (404). */
const districtRead: Record<Principal, Expected> = {
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

/** Actions at building 1: Lincoln's attendant gets 404 for North High. */
const atBuilding1: Record<Principal, Expected> = { ...districtRead, attendantA2: 404 };

const VALID_PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973000003e8000003e801b57b526b0000000c49444154089963f8ffff3f0005fe02fe58f26b0e0000000049454e44ae426082',
  'hex',
);

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/visitors',
    request: ({ world }) => ({ body: { buildingId: world.north.northHighId, firstname: 'New', lastname: 'Visitor' } }),
    expect: atBuilding1,
  },
  {
    method: 'GET',
    route: '/api/visitors/:id',
    request: async (f) => ({ url: `/api/visitors/${await visitorOfA(f)}` }),
    expect: districtRead,
  },
  {
    method: 'PUT',
    route: '/api/visitors/:id',
    request: async (f) => ({
      url: `/api/visitors/${await visitorOfA(f)}`,
      body: { firstname: 'Matrix', lastname: 'Renamed' },
    }),
    expect: districtRead,
  },
  {
    method: 'POST',
    route: '/api/visitors/search',
    request: ({ world }) => ({ body: { text: 'matrix', buildingId: world.north.northHighId } }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/scans',
    request: ({ world }) => ({ body: { raw: 'NOTABADGE1', buildingId: world.north.northHighId, action: 'in' } }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/visitors/:id/photo',
    request: async (f) => {
      const boundary = 'AUTHZBOUNDARY';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        VALID_PNG_1x1,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return {
        url: `/api/visitors/${await visitorOfA(f)}/photo`,
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    },
    expect: districtRead,
  },
];
