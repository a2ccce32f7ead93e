import { importBatches, importErrorFiles } from '../../db/schema/index';
import { insertExclusion } from '../exclusions/exclusions.fixtures';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';

/**
 * Import / export routes (issue 3). The pipeline has no kinds of its own: the rows use the kinds
 * the features register — exclusions (import: exclusions.manage, export: exclusions.read),
 * buildings (buildings.manage for both) and users (users.manage / users.read) — so a change of
 * those definitions' permissions shows up here. Object scope: tenant A (North County Schools).
 */

/** Admins and client admins; the other tenant's client admin gets 404 on tenant-A objects. */
const manageA: Record<Principal, Expected> = {
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

/** Browser windows (spec 000 §2 server-rendered pages): a signed-out browser is redirected to sign in. */
const windowed = (e: Record<Principal, Expected>): Record<Principal, Expected> => ({ ...e, anonymous: 302 });

/** A sample file holds no tenant data: whoever may import the kind gets it. */
const manageAny: Record<Principal, Expected> = { ...manageA, clientAdminB: 'ok' };

/** Error files: found within the uploader's client first (404 elsewhere), then the kind's permission. */
const errorFileA: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 403,
  attendantA2: 403,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 404,
  adminAsAttendantA1: 403,
};

/** exclusions.read: attendants too (the export rows are filtered to their building + global). */
const readExclusionsA: Record<Principal, Expected> = {
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

async function errorFileOfA(f: AuthzFixture, kind: string): Promise<string> {
  const [row] = await f.deps.db
    .insert(importErrorFiles)
    .values({
      clientId: f.world.north.clientId,
      createdBy: f.world.users['admin.north@demo.test'],
      kind,
      fileName: `${kind}-errors.csv`,
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from('First Name,Reason\r\nA,B\r\n'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: importErrorFiles.id });
  return row.id;
}

function multipart(fields: Record<string, string>, file: { name: string; content: string }) {
  const boundary = '----svauthz';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`,
    `--${boundary}--\r\n`,
  );
  return {
    body: Buffer.from(parts.join('')),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/imports/:kind',
    note: 'exclusions into client A (clientId option)',
    request: ({ world }) => ({
      url: '/api/imports/exclusions',
      ...multipart(
        { clientId: String(world.north.clientId) },
        { name: 'exclusions.csv', content: 'First Name,Last Name,Type\r\nAuthz,Probe,Trespassed\r\n' },
      ),
    }),
    expect: manageA,
  },
  {
    method: 'GET',
    route: '/api/imports/:kind/sample',
    request: () => ({ url: '/api/imports/exclusions/sample?format=xlsx' }),
    expect: manageAny,
  },
  {
    method: 'GET',
    route: '/api/imports/error-files/:id',
    request: async (f) => ({ url: `/api/imports/error-files/${await errorFileOfA(f, 'exclusions')}` }),
    expect: errorFileA,
  },
  {
    method: 'GET',
    route: '/Exclusion/exclusionErrorFile/:file',
    request: async (f) => ({ url: `/Exclusion/exclusionErrorFile/${await errorFileOfA(f, 'exclusions')}` }),
    expect: windowed(errorFileA),
  },
  {
    method: 'GET',
    route: '/Building/BuildingErrorFile/:file',
    request: async (f) => ({ url: `/Building/BuildingErrorFile/${await errorFileOfA(f, 'buildings')}` }),
    expect: windowed(errorFileA),
  },
  {
    method: 'GET',
    route: '/User/UserErrorFile/:file',
    request: async (f) => ({ url: `/User/UserErrorFile/${await errorFileOfA(f, 'users')}` }),
    expect: windowed(errorFileA),
  },
  { method: 'GET', route: '/Exclusion/exclusionSampleImport', expect: windowed(manageAny) },
  { method: 'GET', route: '/Building/BuildingSampleImport', expect: windowed(manageAny) },
  { method: 'GET', route: '/User/UserSampleImport', expect: windowed(manageAny) },
  {
    method: 'GET',
    route: '/api/exports/:kind/columns',
    request: () => ({ url: '/api/exports/exclusions/columns' }),
    expect: { ...readExclusionsA, clientAdminB: 'ok', attendantB: 'ok' },
  },
  {
    method: 'GET',
    route: '/api/exports/:kind',
    request: ({ world }) => ({ url: `/api/exports/exclusions?format=xlsx&clientId=${world.north.clientId}` }),
    expect: readExclusionsA,
  },
  {
    method: 'POST',
    route: '/api/exports/:kind',
    readOnly: true,
    request: ({ world }) => ({
      url: '/api/exports/exclusions',
      body: { format: 'csv', params: { clientId: String(world.north.clientId) } },
    }),
    expect: readExclusionsA,
  },
  {
    method: 'GET',
    route: '/Exclusion/exclusionExport/:activeOnly/:clientId',
    request: ({ world }) => ({ url: `/Exclusion/exclusionExport/true/${world.north.clientId}` }),
    expect: windowed(readExclusionsA),
  },
  {
    method: 'GET',
    route: '/Building/BuildingExport/:showactiveonly/:clientId',
    request: ({ world }) => ({ url: `/Building/BuildingExport/true/${world.north.clientId}` }),
    expect: windowed(manageA),
  },
  {
    method: 'GET',
    route: '/User/UserExport/:showactive/:clientId/:listType',
    request: ({ world }) => ({ url: `/User/UserExport/true/${world.north.clientId}/all` }),
    expect: windowed(manageA),
  },
  {
    // issue 26 §4: the district's own imports of a kind (another district's administrator sees theirs)
    method: 'GET',
    route: '/api/imports/batches',
    request: () => ({ url: '/api/imports/batches?kind=exclusions' }),
    expect: manageAny,
  },
  {
    // a batch of tenant A's exclusion import: found in the district, then the kind's permission
    method: 'POST',
    route: '/api/imports/batches/:id/undo',
    request: async (f) => {
      const id = await insertExclusion(f.deps.db, { clientId: f.world.north.clientId });
      const [batch] = await f.deps.db
        .insert(importBatches)
        .values({
          clientId: f.world.north.clientId,
          kind: 'exclusions',
          createdBy: f.world.users['admin.north@demo.test'],
          createdIds: [id],
        })
        .returning({ id: importBatches.id });
      return { url: `/api/imports/batches/${batch!.id}/undo` };
    },
    expect: { ...manageA, attendantB: 404 },
  },
];
