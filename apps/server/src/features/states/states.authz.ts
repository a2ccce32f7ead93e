import { type AuthzEntry, everyone } from '../../test/authz/types';

/** US states lookup (spec 000 §7 GET /api/states): every signed-in role, kiosks included. */
export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/states', expect: { ...everyone('ok'), anonymous: 401 } },
];
