import { type AuthzEntry, everyone } from '../../test/authz/types';

/** Liveness for load balancers and monitors: public, no tenant data. */
export const authz: AuthzEntry[] = [{ method: 'GET', route: '/api/health', expect: everyone('ok') }];
