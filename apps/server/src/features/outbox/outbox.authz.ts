import { outboundMessages } from '../../db/schema/index';
import type { AuthzEntry } from '../../test/authz/types';

/** The outbox (issue 2 §7): administrators and client administrators (their client only). */
export const authz: AuthzEntry[] = [
  {
    method: 'GET',
    route: '/api/outbox',
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 403,
      attendantA2: 403,
      kioskA: 403,
      clientAdminB: 'ok',
      attendantB: 403,
      adminAsAttendantA1: 403,
    },
  },
  {
    // a failed message of tenant A (no transport in the matrix: the retry leaves it in the outbox queue)
    method: 'POST',
    route: '/api/outbox/:id/retry',
    request: async (f) => {
      const [m] = await f.deps.db
        .insert(outboundMessages)
        .values({
          clientId: f.world.north.clientId,
          channel: 'email',
          recipient: 'matrix@example.org',
          body: 'matrix',
          kind: 'test.matrix',
          status: 'failed',
          attempts: 5,
        })
        .returning({ id: outboundMessages.id });
      return { url: `/api/outbox/${m.id}/retry` };
    },
    expect: {
      anonymous: 401,
      admin: 'ok',
      clientAdminA: 'ok',
      attendantA1: 403,
      attendantA2: 403,
      kioskA: 403,
      clientAdminB: 404,
      attendantB: 403,
      adminAsAttendantA1: 403,
    },
  },
];
