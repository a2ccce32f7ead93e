import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildings,
  clients,
  contacts,
  emergencyStates,
  exclusions,
  pickupAuthorizations,
  registrationInvitations,
  registrations,
  registrationTypes,
  studentReasons,
  users,
  vendorCompanies,
  visitors,
  legalHolds,
  retentionRuns,
  hosts,
  preRegistrations,
  reunificationEvents,
  reunificationRequests,
} from '../../db/schema/index';
import { buildRequest, type LoadedEntry, loadAuthzEntries, send } from '../../test/authz/matrix';
import { principalSession } from '../../test/authz/principals';
import type { Principal } from '../../test/authz/types';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 23 §4 ("No lost or doubled writes", ADR 0024): every create a client may retry takes an
 * Idempotency-Key. One row per create route, each building its own request with the route's
 * authorization-matrix builder (fresh objects of tenant A) and counting the table it writes.
 */
const CREATES: { route: string; table: PgTable }[] = [
  { route: '/api/visitors', table: visitors },
  { route: '/api/exclusions', table: exclusions },
  { route: '/api/registrations', table: registrations },
  { route: '/api/sv-registrations', table: registrations },
  { route: '/api/public/registration-forms/:clientId/:code/submissions', table: registrations },
  { route: '/api/students/:id/authorizations', table: pickupAuthorizations },
  { route: '/api/contacts', table: contacts },
  { route: '/api/buildings', table: buildings },
  { route: '/api/users', table: users },
  { route: '/api/clients', table: clients },
  { route: '/api/clients/:clientId/registration-types', table: registrationTypes },
  { route: '/api/vendor-companies', table: vendorCompanies },
  // issue 27 (ADR 0037): a double press on the start starts one state
  { route: '/api/emergency-states', table: emergencyStates },
  { route: '/api/student-reasons', table: studentReasons },
  { route: '/api/registration-types/:id/invitations', table: registrationInvitations },
  // issue 26 §2 (ADR 0047): a legal hold, a retention run
  { route: '/api/retention/holds', table: legalHolds },
  { route: '/api/retention/runs', table: retentionRuns },
  // issue 28 (ADR 0053): a host, an invitation (its card), arrival by pass (its visit)
  { route: '/api/hosts', table: hosts },
  { route: '/api/visitor-passes', table: preRegistrations },
  // issue 27 §3 (ADR 0050): a reunification's start, an adult met at a station
  { route: '/api/reunification/events', table: reunificationEvents },
  { route: '/api/reunification/events/:id/requests', table: reunificationRequests },
];
/** Routes that required a key before issue 23 (their own tests cover them). */
const KEYED_BEFORE = [
  'POST /api/visits',
  'POST /api/visitors/:id/denials',
  'POST /api/visitors/:id/security-notifications',
  'POST /api/emergency',
  'POST /api/preregistrations/:id/allow',
  'POST /api/preregistrations/:id/deny',
  'POST /api/students/:id/pickups',
  'POST /api/students/:id/dropoffs',
  'POST /api/kiosk/sign-ins',
  'POST /api/kiosk/check-outs',
  'POST /api/kiosk/problems',
  'POST /api/kiosk/students/dropoffs',
  'POST /api/kiosk/students/pickups',
  'POST /api/kiosk/students/pickups/code',
  // issue 28 §3 (ADR 0053): a kiosk's arrival by pass; visitor-passes.test.ts covers its retry
  'POST /api/kiosk/passes/check-in',
];

const entries = await loadAuthzEntries();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** The route's first matrix row, as the first principal it lets create. */
function rowOf(route: string): { entry: LoadedEntry; principal: Principal } {
  const entry = entries.find((e) => e.method === 'POST' && e.route === route);
  if (!entry) throw new Error(`no authz row for POST ${route}`);
  const principal = (['clientAdminA', 'attendantA1', 'admin', 'anonymous'] as const).find(
    (p) => entry.expect[p] === 'ok',
  );
  if (!principal) throw new Error(`no principal may create through POST ${route}`);
  return { entry, principal };
}

/** The same request with one of its text fields changed (a different request to the server). */
function changed(body: unknown): unknown {
  const copy = { ...(body as Record<string, unknown>) };
  const field = ['lastname', 'name', 'firstname', 'reason', 'adultLast'].find((f) => typeof copy[f] === 'string');
  if (field) {
    copy[field] = `${copy[field]}x`;
    return copy;
  }
  // an emergency start has no free text but its typed word: flip drill/real instead
  const flag = Object.keys(copy).find((f) => typeof copy[f] === 'boolean');
  if (flag) {
    copy[flag] = !copy[flag];
    return copy;
  }
  // a retention run names only its district: another number is another request
  const number = Object.keys(copy).find((f) => typeof copy[f] === 'number');
  if (!number) throw new Error('no text, yes/no or number field to change');
  copy[number] = (copy[number] as number) + 1;
  return copy;
}

const rows = (table: PgTable) =>
  t.deps.db
    .select({ n: count() })
    .from(table)
    .then(([r]) => r.n);
const withoutRequestId = (body: string) => {
  const { requestId: _, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};

describe('every create a client may retry takes an Idempotency-Key (issue 23 §4)', () => {
  it.each(CREATES)(
    'POST $route: a retry answers the first answer and creates nothing more',
    async ({ route, table }) => {
      const { entry, principal } = rowOf(route);
      const session = await principalSession(t, principal);
      const req = await buildRequest(t, entry);
      const key = { 'idempotency-key': `idem-${crypto.randomUUID()}` };
      const before = await rows(table);

      const first = await send(t, entry, { ...req, headers: key }, session);
      expect(first.statusCode, first.body).toBe(200);
      expect(await rows(table)).toBe(before + 1);

      const again = await send(t, entry, { ...req, headers: key }, session);
      expect(again.statusCode).toBe(first.statusCode);
      expect(withoutRequestId(again.body)).toEqual(withoutRequestId(first.body));
      expect(await rows(table)).toBe(before + 1);

      const other = await send(t, entry, { ...req, body: changed(req.body), headers: key }, session);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe('This Idempotency-Key was already used for a different request.');
      expect(await rows(table)).toBe(before + 1);
    },
  );

  it.each(CREATES)(
    'POST $route without the header: 400 with a clear message and nothing created',
    async ({ route, table }) => {
      const { entry, principal } = rowOf(route);
      const session = await principalSession(t, principal);
      const req = await buildRequest(t, entry);
      const before = await rows(table);
      const res = await send(t, entry, { ...req, headers: {} }, session);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('An Idempotency-Key header (8-100 letters, digits, - or _) is required.');
      expect(await rows(table)).toBe(before);
    },
  );

  it('every route documented as requiring the header is in this table or was keyed before', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.summary?.includes('Idempotency-Key'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const listed = [...CREATES.map((c) => `POST ${c.route}`), ...KEYED_BEFORE];
    expect(documented.filter((r) => !listed.includes(r))).toEqual([]);
    expect(CREATES.map((c) => `POST ${c.route}`).filter((r) => !documented.includes(r))).toEqual([]);
  });
});
