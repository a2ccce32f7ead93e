import { and, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index';
import { createAuditLog } from '../../platform/audit/audit-log';
import { loadAuthzEntries, probe } from '../../test/authz/matrix';
import { principalSession } from '../../test/authz/principals';
import type { Principal } from '../../test/authz/types';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Sensitive reads (issue 26 §1, ADR 0044): each read path writes exactly one audit row, through
 * the batched writer (the test flushes it), with who, what record and from where. The calls are
 * the authorization matrix's own rows for tenant A, so every path is called the way it is tested
 * for scope.
 */
let t: TestApp;
const entries = await loadAuthzEntries();

beforeAll(async () => {
  t = await createTestApp();
});

const lastId = async () => {
  const [r] = await t.deps.db.select({ id: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` }).from(auditEvents);
  return r.id;
};

const SENSITIVE_READS: { method: 'GET' | 'POST'; route: string; action: string; targetType: string | null }[] = [
  { method: 'GET', route: '/api/exclusions/:id', action: 'exclusion.read', targetType: 'exclusion' },
  { method: 'GET', route: '/api/visitors/:id', action: 'visitor.read', targetType: 'visitor' },
  { method: 'GET', route: '/api/registrations/:id', action: 'registration.read', targetType: 'registration' },
  {
    method: 'GET',
    route: '/api/students/:id/authorizations',
    action: 'pickupAuthorization.read',
    targetType: 'student',
  },
  { method: 'GET', route: '/api/students/:id/guardians', action: 'student.guardians.read', targetType: 'student' },
  { method: 'GET', route: '/api/files/:id', action: 'file.read', targetType: 'exclusion-photo' },
  { method: 'GET', route: '/api/arrest-alerts/:id', action: 'arrestAlert.read', targetType: 'arrest_alert' },
  { method: 'POST', route: '/api/logs/pickups/search', action: 'logs.pickups.read', targetType: 'building' },
  { method: 'GET', route: '/api/logs/on-site', action: 'logs.onSite.read', targetType: 'building' },
];

describe('sensitive reads are audited once each, through the batched writer', () => {
  it.each(SENSITIVE_READS)('$method $route writes one $action row', async ({ method, route, action, targetType }) => {
    const rows = entries.filter((e) => e.method === method && e.route === route);
    const entry = rows.find((e) => (['clientAdminA', 'attendantA1'] as Principal[]).some((p) => e.expect[p] === 'ok'));
    expect(entry, `an authz row of ${method} ${route} that tenant A may call`).toBeDefined();
    const principal = (['clientAdminA', 'attendantA1'] as Principal[]).find((p) => entry!.expect[p] === 'ok')!;
    const session = await principalSession(t, principal);
    await t.deps.audit.flush();
    const before = await lastId();
    const res = await probe(t, entry!, session);
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(300);
    await t.deps.audit.flush();
    const written = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, before), eq(auditEvents.action, action)));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ targetType, clientId: t.world.north.clientId });
    expect(written[0].actorUserId).not.toBeNull();
    expect(written[0].requestId).not.toBeNull();
  });
});

describe('a read refused or out of scope writes no read row', () => {
  it.each(SENSITIVE_READS)('$method $route by another district', async ({ method, route, action }) => {
    const entry = entries.find(
      (e) =>
        e.method === method &&
        e.route === route &&
        (['clientAdminB', 'attendantB'] as Principal[]).some((p) => e.expect[p] === 404 || e.expect[p] === 403),
    );
    expect(entry, `an authz row of ${method} ${route} that tenant B may not call`).toBeDefined();
    const principal = (['clientAdminB', 'attendantB'] as Principal[]).find(
      (p) => entry!.expect[p] === 404 || entry!.expect[p] === 403,
    )!;
    await t.deps.audit.flush();
    const before = await lastId();
    const res = await probe(t, entry!, await principalSession(t, principal));
    expect([403, 404]).toContain(res.statusCode);
    await t.deps.audit.flush();
    const written = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, before), eq(auditEvents.action, action)));
    expect(written).toEqual([]);
  });
});

describe('the batched audit writer', () => {
  it('keeps reads in memory until the batch is full or it is flushed, at the moment of the read', async () => {
    const log = createAuditLog(t.deps.db, { flushMs: 60_000, batch: 3 });
    const action = `test.batch.${Date.now().toString(36)}`;
    const count = async () =>
      (await t.deps.db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.action, action))).length;
    const readAt = new Date();
    log.read({ ip: '10.1.1.1' }, { action, targetType: 'visitor', targetId: 1, details: { lastName: 'Rivera' } });
    log.read({ ip: '10.1.1.1' }, { action, targetType: 'visitor', targetId: 2 });
    expect(log.pendingReads()).toBe(2);
    expect(await count()).toBe(0);
    // the third fills the batch: one insert of three rows
    log.read({ ip: '10.1.1.1' }, { action, targetType: 'visitor', targetId: 3 });
    await log.flush();
    expect(await count()).toBe(3);
    log.read({ ip: '10.1.1.1' }, { action, targetType: 'visitor', targetId: 4 });
    expect(await count()).toBe(3);
    await log.flush();
    expect(await count()).toBe(4);
    expect(log.pendingReads()).toBe(0);
    const rows = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action));
    expect(rows.find((r) => r.targetId === '1')?.details).toEqual({ lastName: 'R*****' });
    expect(Math.abs(rows[0].at.getTime() - readAt.getTime())).toBeLessThan(5_000);
  });

  it('writes what waits when the app closes', async () => {
    const other = await createTestApp();
    const action = `test.close.${Date.now().toString(36)}`;
    other.deps.audit.read({}, { action });
    expect(other.deps.audit.pendingReads()).toBe(1);
    await other.app.close();
    const rows = await other.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action));
    expect(rows).toHaveLength(1);
  });
});
