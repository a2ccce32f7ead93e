import { visitorMerges, visitors } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { withNameKeys } from '../../platform/db/identity-keys';
import { eq } from 'drizzle-orm';
import { idempotencyKeyHeader } from '../../test/authz/types';

let made = 0;
/** A name of letters only, different on every call (canonical keys keep letters only: issue 22). */
const freshName = () => {
  made += 1;
  let n = made;
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `Matrix${out}`;
};

async function visitorOfA({ world, deps }: AuthzFixture, firstname = 'Matrix') {
  const [v] = await deps.db
    .insert(visitors)
    .values(
      withNameKeys({
        clientId: world.north.clientId,
        firstname,
        lastname: 'Visitor',
        dob: '1990-01-01',
        searchName: `${firstname.toLowerCase()} visitor`,
      }),
    )
    .returning();
  return v.id;
}

/** A merge of two fresh tenant-A records, undoable until tomorrow (issue 22). */
async function mergeOfA(f: AuthzFixture) {
  const survivorId = await visitorOfA(f, freshName());
  const mergedId = await visitorOfA(f, freshName());
  await f.deps.db.update(visitors).set({ mergedIntoId: survivorId }).where(eq(visitors.id, mergedId));
  const [m] = await f.deps.db
    .insert(visitorMerges)
    .values({
      clientId: f.world.north.clientId,
      survivorId,
      mergedId,
      moved: {},
      survivorBefore: {},
      undoUntil: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return m.id;
}

/** Merging is for the district's administrators (issue 22): attendants and kiosks get 403. */
const administrators: Record<Principal, Expected> = {
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
    // a different name per principal: the same name without a date of birth is a likely
    // duplicate (409) since issue 22
    request: ({ world }) => ({
      headers: idempotencyKeyHeader(),
      body: { buildingId: world.north.northHighId, firstname: freshName(), lastname: 'Visitor' },
    }),
    expect: atBuilding1,
  },
  {
    method: 'POST',
    route: '/api/visitors/:id/merge',
    request: async (f) => ({
      url: `/api/visitors/${await visitorOfA(f, freshName())}/merge`,
      body: { duplicateId: await visitorOfA(f, freshName()) },
    }),
    expect: administrators,
  },
  {
    method: 'POST',
    route: '/api/visitor-merges/:id/undo',
    request: async (f) => ({ url: `/api/visitor-merges/${await mergeOfA(f)}/undo` }),
    expect: administrators,
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
      body: { firstname: 'Matrix', lastname: 'Renamed', version: 1 },
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
