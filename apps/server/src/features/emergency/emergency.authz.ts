import type { AuthzEntry } from '../../test/authz/types';

/**
 * The emergency button (spec 000 §4). Every principal with a district has security contacts
 * in the demo world; the platform admin has no district and must name a building (400 without
 * one; issue 23 §2 — emergency.test.ts presses it with one).
 */
export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/emergency',
    // Idempotency-Key required (issue 10 §5): a fresh one per request
    request: async () => ({
      url: '/api/emergency',
      headers: { 'idempotency-key': `authz-${Math.random().toString(36).slice(2, 14)}` },
    }),
    expect: {
      anonymous: 401,
      admin: 400,
      clientAdminA: 'ok',
      attendantA1: 'ok',
      attendantA2: 'ok',
      kioskA: 403,
      clientAdminB: 'ok',
      attendantB: 'ok',
      adminAsAttendantA1: 'ok',
    },
  },
];
