import { type AuthzEntry, everyone } from '../../test/authz/types';
import { registryMultipart } from './registry.fixtures';

/** 'registry.manage': administrators only (the registry is shared by every district). */
const adminOnly = { ...everyone(403), anonymous: 401, admin: 'ok' } as const;

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/registry/imports',
    request: () => {
      const m = registryMultipart(
        [
          {
            name: 'authz.json',
            content: JSON.stringify([
              {
                id: 'AUTHZ-1',
                jurisdictionId: 'AUTHZ',
                name: { firstName: 'Matrix', lastName: 'Registrant' },
                dob: '1970-02-03',
              },
            ]),
          },
        ],
        { source: 'AUTHZ' },
      );
      return { body: m.body, headers: m.headers };
    },
    expect: adminOnly,
  },
  { method: 'GET', route: '/api/registry/status', expect: adminOnly },
];
