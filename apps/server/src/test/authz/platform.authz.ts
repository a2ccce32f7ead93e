import { type AuthzEntry, everyone } from './types';

/**
 * Rows for the routes app.ts registers itself (not a feature). API documentation is public:
 * it is metadata generated from the zod contracts, with no tenant data and no secrets, and the
 * API behind it enforces sign-in and scope on every call. The swagger-ui assets under
 * `/api/docs/…` are left out of the matrix (matrix.ts EXCLUDED_ROUTES).
 */
export const authz: AuthzEntry[] = [
  { method: 'GET', route: '/api/openapi.json', expect: everyone('ok') },
  { method: 'GET', route: '/api/docs', expect: everyone('ok') },
];
