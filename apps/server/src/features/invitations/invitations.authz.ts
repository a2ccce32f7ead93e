import { createRegistrationType } from '../../../db/seed/factories';
import { importErrorFiles } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { idempotencyKeyHeader } from '../../test/authz/types';

/**
 * Invitations (registrations.invite: admins for any client, client admins for their own). A type
 * of another district answers 404; desk and kiosk 403. Each row makes its own type of tenant A,
 * so no principal's request meets another's open invitation (409).
 */
const inviteA: Record<Principal, Expected> = {
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
/** A sample file holds no tenant data: whoever may invite gets it. */
const inviteAny: Record<Principal, Expected> = { ...inviteA, clientAdminB: 'ok' };
/** Error files: found within the uploader's client first (404 elsewhere), then the permission. */
const errorFileA: Record<Principal, Expected> = { ...inviteA, attendantB: 404 };
/** Browser windows: a signed-out browser is sent to sign in. */
const windowed = (e: Record<Principal, Expected>): Record<Principal, Expected> => ({ ...e, anonymous: 302 });

/** An invitation error file uploaded by tenant A's client admin. */
async function errorFileOfA(f: AuthzFixture) {
  const [row] = await f.deps.db
    .insert(importErrorFiles)
    .values({
      clientId: f.world.north.clientId,
      createdBy: f.world.users['admin.north@demo.test'],
      kind: 'invitations',
      fileName: 'invitations-errors.csv',
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from('FirstName,Reason\r\nA,B\r\n'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: importErrorFiles.id });
  return row.id;
}

const typeOfA = async (f: AuthzFixture) => (await createRegistrationType(f.deps.db, f.world.north.clientId)).id;

function multipart(name: string, content: string) {
  const boundary = '----svauthzinvite';
  return {
    body: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/registration-types/:id/invitations',
    note: 'a type of tenant A',
    request: async (f) => ({
      headers: idempotencyKeyHeader(),
      url: `/api/registration-types/${await typeOfA(f)}/invitations`,
      body: {
        firstname: 'Authz',
        lastname: 'Invitee',
        email: 'authz.invitee@example.test',
        requestedExpirationDate: '2099-12-31',
      },
    }),
    expect: inviteA,
  },
  {
    method: 'POST',
    route: '/api/registration-types/:id/invitations/import',
    note: 'a type of tenant A',
    request: async (f) => ({
      url: `/api/registration-types/${await typeOfA(f)}/invitations/import`,
      ...multipart(
        'invitations.csv',
        'FirstName,LastName,Email,Phone,ExpirationDate\r\nAuthz,Bulk,authz.bulk@example.test,,12/31/2099\r\n',
      ),
    }),
    expect: inviteA,
  },
  { method: 'GET', route: '/api/registrations/sample-import', expect: inviteAny },
  { method: 'GET', route: '/Registration/SampleImport', expect: windowed(inviteAny) },
  {
    method: 'GET',
    route: '/Registration/RegistrationSendErrorFile/:errorFile',
    note: 'an invitation error file of tenant A',
    request: async (f) => ({ url: `/Registration/RegistrationSendErrorFile/${await errorFileOfA(f)}` }),
    expect: windowed(errorFileA),
  },
  {
    method: 'GET',
    route: '/Registration/ErrorFile/:file',
    note: 'an invitation error file of tenant A (the spec’s second window name)',
    request: async (f) => ({ url: `/Registration/ErrorFile/${await errorFileOfA(f)}` }),
    expect: windowed(errorFileA),
  },
];
