import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { type CanaryReport, leakedCanaries, seedCanaries } from './canary';
import { isReadEntry, loadAuthzEntries, probe, routeKey } from './matrix';
import { principalSessions, TENANT_A_PRINCIPALS } from './principals';

/**
 * Security guide: "Seed tenant B with canary strings and assert none appears in any response,
 * export or file of tenant A." Every read row of the matrix (each GET, each POST marked
 * readOnly) is called as every tenant-A principal; bodies (JSON, CSV, HTML, bytes) and headers
 * must not carry a canary, whatever the status.
 */
const entries = await loadAuthzEntries();
const readEntries = entries.filter(isReadEntry);

let t: TestApp;
let report: CanaryReport;
beforeAll(async () => {
  t = await createTestApp();
  report = await seedCanaries(t, entries);
});

describe('canary seed', () => {
  it('puts canaries in the text columns of tenant B core tables', async ({ annotate }) => {
    if (report.empty.length) {
      await annotate(`tenant tables without tenant-B rows (add a <feature>.canary.ts): ${report.empty.join(', ')}`);
    }
    const core = [
      'clients.name',
      'clients.note',
      'buildings.name',
      'buildings.note',
      'buildings.street1',
      'contacts.name',
      'contacts.email',
      'users.name',
      'users.email',
    ];
    expect(
      core.filter((k) => !report.seeded[k]),
      `skipped: ${JSON.stringify(report.skipped)}`,
    ).toEqual([]);
  });

  it('leaves tenant A untouched', async () => {
    const rows = await t.deps.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN clients c ON c.id = u.client_id
        WHERE c.id = $1 AND (u.name LIKE 'CANARY-B%' OR u.email LIKE 'CANARY-B%' OR c.name LIKE 'CANARY-B%')`,
      [t.world.north.clientId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('positive control: tenant B sees its own canaries, so the detector can see a leak', async () => {
    const sessions = await principalSessions(t);
    for (const p of ['clientAdminB', 'attendantB'] as const) {
      const res = await t.as(sessions[p]).get('/api/auth/session');
      expect(res.statusCode).toBe(200);
      expect(leakedCanaries(res).length, p).toBeGreaterThan(0);
    }
  });
});

describe('no tenant-B canary reaches a tenant-A principal', () => {
  it.for(readEntries.map((e) => [`${routeKey(e)}${e.note ? ` [${e.note}]` : ''}`, e] as const))(
    '%s',
    async ([, entry]) => {
      const sessions = await principalSessions(t);
      const leaks: string[] = [];
      for (const p of TENANT_A_PRINCIPALS) {
        const res = await probe(t, entry, sessions[p]);
        const found = leakedCanaries(res);
        if (found.length) leaks.push(`${p} (${res.statusCode}): ${found.join(', ')}`);
      }
      expect(leaks).toEqual([]);
    },
  );
});
