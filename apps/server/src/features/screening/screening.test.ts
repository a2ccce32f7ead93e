import { MESSAGES, SCREENING_MESSAGES, type TScreeningResponse } from '@sv/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANTED_REGISTRY } from '../../../db/seed/demo-registry';
import { auditEvents, users } from '../../db/schema/index';
import { createLocalRegistry } from '../../integrations/registry/local-registry';
import type { OffenderRegistry, RegistrySearchResult } from '../../integrations/registry/offender-registry';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertExclusion, insertVisitor } from './screening.fixtures';

/**
 * A registry whose behaviour a test can switch: the real local registry, or a failure mode
 * (throw, hang past REGISTRY_TIMEOUT_MS, a partial answer that keeps what the local registry found).
 */
let mode: 'local' | 'throw' | 'hang' | 'partial' = 'local';
let local: OffenderRegistry | null = null;
const switchable: OffenderRegistry = {
  kind: 'local',
  async search(q): Promise<RegistrySearchResult> {
    if (mode === 'throw') throw new Error('registry database unavailable');
    if (mode === 'hang') return new Promise(() => {});
    const answer = await local!.search(q);
    if (mode === 'partial') return { ...answer, status: 'partial', jurisdictionsFailed: ['MA (507)'] };
    return answer;
  },
};

let t: TestApp;
let admin: Session;
let north: Session;
let south: Session;
let deskNH: Session;
let deskLincoln: Session;
let kiosk: Session;

beforeAll(async () => {
  t = await createTestApp({ env: { REGISTRY_TIMEOUT_MS: '400' }, overrides: { registry: switchable } });
  local = createLocalRegistry(t.deps.db);
  [admin, north, south, deskNH, deskLincoln, kiosk] = await Promise.all(
    [
      'admin@demo.test',
      'admin.north@demo.test',
      'admin.south@demo.test',
      'desk.northhigh@demo.test',
      'desk.lincoln@demo.test',
      'kiosk.northhigh@demo.test',
    ].map((e) => t.login(e)),
  );
});

const northVisitor = (v: {
  firstname: string;
  lastname: string;
  middlename?: string;
  dob: string | null;
  city?: string;
  state?: string;
  zipcode?: string;
}) => insertVisitor(t.deps.db, { clientId: t.world.north.clientId, ...v });

async function screen(s: Session, visitorId: number, buildingId = t.world.north.northHighId) {
  return t.as(s).post(`/api/visitors/${visitorId}/screening`, { buildingId });
}

async function screenOk(s: Session, visitorId: number, buildingId?: number): Promise<TScreeningResponse> {
  const res = await screen(s, visitorId, buildingId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('registry screening against the local registry (planted demo records)', () => {
  const probes = PLANTED_REGISTRY.flatMap((p) =>
    p.probes.map((probe) => ({ ref: `DEMO:${p.record.externalId}`, ...probe })),
  );

  it.each(probes)('$visitor.firstName $visitor.lastName $visitor.dob → level $expectedLevel', async (probe) => {
    const id = await northVisitor({
      firstname: probe.visitor.firstName,
      middlename: probe.visitor.middleName,
      lastname: probe.visitor.lastName,
      dob: probe.visitor.dob,
      city: probe.visitor.city,
      state: probe.visitor.state,
      zipcode: probe.visitor.zip,
    });
    const res = await screenOk(deskNH, id);
    expect(res.registry.status).toBe('ok');
    const match = res.registry.matches.find((m) => m.id === probe.ref);
    if (probe.expectedLevel === null) {
      expect(match).toBeUndefined();
      return;
    }
    expect(match, JSON.stringify(res.registry)).toBeDefined();
    expect(match!.kind).toBe('registry');
    expect(match!.level).toBe(probe.expectedLevel);
    expect(match!.levelLabel).toBe(
      ['Exact Moderate', 'Exact Strong', 'Exact Very Strong', 'Mixed Moderate', 'Mixed Strong', 'Mixed Very Strong'][
        probe.expectedLevel - 1
      ],
    );
    if (probe.expectedReason) expect(match!.reasons).toContain(probe.expectedReason);
    expect(match!.cleared).toBe(false);
    // default setting: a match gates when the date of birth agrees (Strong, Very Strong)
    expect(match!.gating).toBe([2, 3, 5, 6].includes(probe.expectedLevel));
    expect(res.summary.watchdogCount).toBe(res.registry.matches.filter((m) => m.gating).length);
    expect(res.summary.informationalCount).toBe(res.registry.matches.filter((m) => !m.gating).length);
    if (match!.gating) expect(res.issueCount).toBeGreaterThanOrEqual(1);
  });

  it('the AAMVA sample licence person (ROBERT LOWNEY SMITH, 1977-07-07) is an Exact Very Strong hit', async () => {
    const id = await northVisitor({ firstname: 'ROBERT', middlename: 'LOWNEY', lastname: 'SMITH', dob: '1977-07-07' });
    const res = await screenOk(deskNH, id);
    expect(res.registry.matches).toHaveLength(1);
    expect(res.registry.matches[0]).toMatchObject({
      id: 'DEMO:PLANTED-AAMVA-1',
      firstName: 'ROBERT',
      middleName: 'LOWNEY',
      lastName: 'SMITH',
      dob: '1977-07-07',
      level: 3,
      jurisdiction: 'DEMO',
      reasons: ['First and last name match exactly', 'Date of birth matches', 'Middle name matches'],
    });
  });

  it('the visitor’s address at a registered location raises a strong match to very strong', async () => {
    const byCity = await northVisitor({
      firstname: 'Jordan',
      lastname: 'Samplewick',
      dob: '1972-05-06',
      city: 'fauxton',
      state: 'WI',
    });
    const cityMatch = (await screenOk(deskNH, byCity)).registry.matches[0];
    expect(cityMatch).toMatchObject({ id: 'DEMO:PLANTED-EXACT-STRONG', level: 3 });
    expect(cityMatch.reasons).toContain('City and state match: Fauxton, WI');
    const byZip = await northVisitor({
      firstname: 'Jordan',
      lastname: 'Samplewick',
      dob: '1972-05-06',
      zipcode: '00042',
    });
    const zipMatch = (await screenOk(deskNH, byZip)).registry.matches[0];
    expect(zipMatch).toMatchObject({ level: 3 });
    expect(zipMatch.reasons).toContain('ZIP code matches: 00042');
    // without a date-of-birth agreement an address never raises a match (whole families share it)
    const sameYear = await northVisitor({
      firstname: 'Jordan',
      lastname: 'Samplewick',
      dob: '1972-05-07', // a one-digit slip: MODERATE at most
      city: 'Fauxton',
      state: 'WI',
      zipcode: '00042',
    });
    const moderate = (await screenOk(deskNH, sameYear)).registry.matches[0];
    expect(moderate).toMatchObject({ id: 'DEMO:PLANTED-EXACT-STRONG', level: 1 });
    expect(moderate.reasons).not.toContain('City and state match: Fauxton, WI');
  });

  it('does not flag a parent with the same common name but another birth year', async () => {
    const id = await northVisitor({ firstname: 'Robert', lastname: 'Smith', dob: '1985-07-07' });
    const res = await screenOk(deskNH, id);
    expect(res.registry).toEqual({ status: 'ok', matches: [] });
    expect(res.issueCount).toBe(0);
    expect(res.summary).toEqual({ exclusionCount: 0, potentialCount: 0, watchdogCount: 0, informationalCount: 0 });
  });

  it('does not run the registry without a date of birth (spec 002 §5) and says why', async () => {
    const id = await northVisitor({ firstname: 'ROBERT', lastname: 'SMITH', dob: null });
    const res = await screenOk(deskNH, id);
    expect(res.registry).toEqual({ status: 'not_run', message: SCREENING_MESSAGES.registryNeedsIdentity, matches: [] });
  });
});

describe('registry failure is never a silent clear', () => {
  it('a provider error answers failed with the spec message and counts as an issue', async () => {
    const id = await northVisitor({ firstname: 'Plain', lastname: 'Nobodyfound', dob: '1970-01-02' });
    mode = 'throw';
    try {
      const res = await screenOk(deskNH, id);
      expect(res.registry).toEqual({
        status: 'failed',
        message: 'Unable to run Background Check at this time.',
        matches: [],
      });
      expect(res.registry.message).toBe(MESSAGES.backgroundCheckFailed);
      expect(res.issueCount).toBe(1);
    } finally {
      mode = 'local';
    }
  });

  it('a registry that does not answer in time fails after REGISTRY_TIMEOUT_MS', async () => {
    const id = await northVisitor({ firstname: 'Plain', lastname: 'Nobodyfound', dob: '1970-01-02' });
    mode = 'hang';
    try {
      const started = Date.now();
      const res = await screenOk(deskNH, id);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.registry.status).toBe('failed');
      expect(res.registry.message).toBe(MESSAGES.backgroundCheckFailed);
    } finally {
      mode = 'local';
    }
  });

  it('a partial answer fails but still shows the matches found so far', async () => {
    const id = await northVisitor({ firstname: 'Jordan', lastname: 'Samplewick', dob: '1972-05-06' });
    mode = 'partial';
    try {
      const res = await screenOk(deskNH, id);
      expect(res.registry.status).toBe('failed');
      expect(res.registry.message).toBe(MESSAGES.backgroundCheckFailed);
      expect(res.registry.matches.map((m) => m.id)).toEqual(['DEMO:PLANTED-EXACT-STRONG']);
      expect(res.issueCount).toBe(2); // the match and the failure
      const [audit] = await t.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'screening.run'), eq(auditEvents.targetId, String(id))));
      expect(audit.details).toMatchObject({
        registryStatus: 'failed',
        registryAnswer: 'partial',
        jurisdictionsFailed: 1,
      });
    } finally {
      mode = 'local';
    }
  });
});

describe('exclusions (spec 000 §5, 002 §5)', () => {
  it('splits direct and potential matches over active global and this-building exclusions only', async () => {
    const { clientId, northHighId, lincolnId } = t.world.north;
    const id = await northVisitor({ firstname: 'Perpetua', lastname: 'Exclusionova', dob: '1981-01-21' });
    const direct = await insertExclusion(t.deps.db, {
      clientId,
      visitorId: id,
      firstname: 'P',
      lastname: 'Other',
      dob: '1970-01-01',
    });
    const potentialGlobal = await insertExclusion(t.deps.db, {
      clientId,
      firstname: 'perpetua',
      lastname: 'EXCLUSIONOVA',
      dob: '1970-01-01',
    });
    const potentialBuilding = await insertExclusion(t.deps.db, {
      clientId,
      buildingId: northHighId,
      firstname: 'Someoneelse',
      lastname: 'Exclusionova',
      dob: '1981-01-21',
    });
    // not applicable: another building, inactive, another district, only one field agreeing
    await insertExclusion(t.deps.db, {
      clientId,
      buildingId: lincolnId,
      firstname: 'Perpetua',
      lastname: 'Exclusionova',
      dob: '1981-01-21',
    });
    await insertExclusion(t.deps.db, {
      clientId,
      active: false,
      firstname: 'Perpetua',
      lastname: 'Exclusionova',
      dob: '1981-01-21',
    });
    await insertExclusion(t.deps.db, {
      clientId: t.world.south.clientId,
      firstname: 'Perpetua',
      lastname: 'Exclusionova',
      dob: '1981-01-21',
    });
    await insertExclusion(t.deps.db, { clientId, firstname: 'Perpetua', lastname: 'Different', dob: '1990-01-01' });

    const res = await screenOk(deskNH, id);
    expect(res.exclusions.direct.map((m) => m.id)).toEqual([String(direct)]);
    expect(res.exclusions.direct[0]).toMatchObject({ kind: 'direct', cleared: false, typeLabel: 'Trespassed' });
    expect(res.exclusions.direct[0].reasons).toContain('Exclusion is linked to this visitor');
    expect(res.exclusions.potential.map((m) => m.id).sort()).toEqual(
      [String(potentialGlobal), String(potentialBuilding)].sort(),
    );
    const global = res.exclusions.potential.find((m) => m.id === String(potentialGlobal))!;
    expect(global.reasons).toEqual(['First name matches', 'Last name matches']);
    const building = res.exclusions.potential.find((m) => m.id === String(potentialBuilding))!;
    expect(building.reasons).toEqual(['Last name matches', 'Date of birth matches']);
    expect(res.summary).toEqual({ exclusionCount: 1, potentialCount: 2, watchdogCount: 0, informationalCount: 0 });
    expect(res.issueCount).toBe(3);

    // at Lincoln, the North High exclusion does not apply and the Lincoln one does
    const atLincoln = await screenOk(deskLincoln, id, lincolnId);
    expect(atLincoln.exclusions.potential.map((m) => m.id)).not.toContain(String(potentialBuilding));
    expect(atLincoln.exclusions.potential).toHaveLength(2);
  });
});

describe('cleared matches are remembered for the same person and audited', () => {
  it('a cleared registry match stays cleared on the next screening and no longer counts', async () => {
    // an Exact Strong hit: it gates under every setting
    const id = await northVisitor({ firstname: 'Jordan', lastname: 'Samplewick', dob: '1972-05-06' });
    const first = await screenOk(deskNH, id);
    expect(first.summary.watchdogCount).toBe(1);
    const ref = first.registry.matches[0].id;

    const cleared = await t.as(deskNH).post(`/api/visitors/${id}/cleared-matches`, {
      screeningId: first.id,
      source: 'registry',
      matchRef: ref,
      note: 'Different person: checked photo and licence',
    });
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(cleared.json()).toMatchObject({
      screeningId: first.id,
      visitorId: id,
      source: 'registry',
      matchRef: ref,
      clearedBy: deskNH.userId,
    });

    const next = await screenOk(deskNH, id);
    expect(next.registry.matches).toHaveLength(1);
    // who cleared it and when (audit 002 B8)
    const [clearer] = await t.deps.db.select().from(users).where(eq(users.id, deskNH.userId));
    expect(next.registry.matches[0]).toMatchObject({
      id: ref,
      cleared: true,
      clearedBy: clearer.name,
      clearedAt: new Date(cleared.json().clearedAt).toISOString(),
    });
    expect(next.summary.watchdogCount).toBe(0);
    expect(next.issueCount).toBe(0);

    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'screening.match.cleared'), eq(auditEvents.targetId, String(id))));
    expect(audit.actorUserId).toBe(deskNH.userId);
    expect(audit.clientId).toBe(t.world.north.clientId);
    expect(audit.details).toMatchObject({
      source: 'registry',
      matchRef: ref,
      note: 'Different person: checked photo and licence',
    });

    // another visitor with the same name is still flagged: clearing is for this person only
    const namesake = await northVisitor({ firstname: 'Jordan', lastname: 'Samplewick', dob: '1972-05-06' });
    const other = await screenOk(deskNH, namesake);
    expect(other.registry.matches[0]).toMatchObject({ id: ref, cleared: false });
    expect(other.summary.watchdogCount).toBe(1);
  });

  it('a potential exclusion match can be cleared; a direct one cannot', async () => {
    const { clientId } = t.world.north;
    const id = await northVisitor({ firstname: 'Clarabel', lastname: 'Clearwater', dob: '1977-03-03' });
    const potential = await insertExclusion(t.deps.db, {
      clientId,
      firstname: 'Clarabel',
      lastname: 'Clearwater',
      dob: '1970-01-01',
      reason: 'Threatened staff at the spring concert',
    });
    const direct = await insertExclusion(t.deps.db, {
      clientId,
      visitorId: id,
      firstname: 'Clarabel',
      lastname: 'Clearwater',
      dob: '1977-03-03',
    });

    const shown = await screenOk(deskNH, id);
    // the exclusion's own reason is shown beside the match (audit 002 B7)
    expect(shown.exclusions.potential.find((m) => m.id === String(potential))).toMatchObject({
      exclusionReason: 'Threatened staff at the spring concert',
      cleared: false,
    });
    const clear = (matchRef: string) =>
      t
        .as(deskNH)
        .post(`/api/visitors/${id}/cleared-matches`, { screeningId: shown.id, source: 'exclusion', matchRef });
    expect((await clear(String(direct))).statusCode).toBe(409);
    const ok = await clear(String(potential));
    expect(ok.statusCode, ok.body).toBe(201);

    const res = await screenOk(deskNH, id);
    expect(res.exclusions.potential.find((m) => m.id === String(potential))).toMatchObject({ cleared: true });
    expect(res.exclusions.direct.find((m) => m.id === String(direct))).toMatchObject({ cleared: false });
    expect(res.summary.exclusionCount).toBe(1);
    expect(res.summary.potentialCount).toBe(0);
  });

  it('refuses unknown references and other districts’ exclusions', async () => {
    const id = await northVisitor({ firstname: 'Refusa', lastname: 'Reference', dob: '1966-06-06' });
    const southExclusion = await insertExclusion(t.deps.db, {
      clientId: t.world.south.clientId,
      firstname: 'Refusa',
      lastname: 'Reference',
      dob: '1966-06-06',
    });
    const { id: screeningId } = await screenOk(deskNH, id);
    const clear = (who: Session, body: object) =>
      t.as(who).post(`/api/visitors/${id}/cleared-matches`, { screeningId, ...body });
    // nothing clears what the screening did not show (issue 10 §1)
    const notShown = await clear(deskNH, { source: 'exclusion', matchRef: String(southExclusion) });
    expect(notShown.statusCode).toBe(409);
    expect(notShown.json().message).toBe(SCREENING_MESSAGES.notShown);
    expect((await clear(deskNH, { source: 'exclusion', matchRef: 'abc' })).statusCode).toBe(409);
    expect((await clear(deskNH, { source: 'registry_status', matchRef: 'failed' })).statusCode).toBe(409);
    expect((await clear(deskNH, { source: 'registry', matchRef: 'no-colon' })).statusCode).toBe(400);
    expect((await clear(south, { source: 'registry', matchRef: 'DEMO:X' })).statusCode).toBe(404);
    // a screening of another visitor cannot be named
    const other = await northVisitor({ firstname: 'Other', lastname: 'Person', dob: '1966-06-06' });
    const otherScreening = await screenOk(deskNH, other);
    expect(
      (
        await t.as(deskNH).post(`/api/visitors/${id}/cleared-matches`, {
          screeningId: otherScreening.id,
          source: 'exclusion',
          matchRef: 'abc',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('scope and permission', () => {
  it('answers 404 for another district’s visitor or building, and for a building outside an attendant’s scope', async () => {
    const id = await northVisitor({ firstname: 'Scoped', lastname: 'Visitor', dob: '1980-01-01' });
    expect((await screen(south, id, t.world.south.southElemId)).statusCode).toBe(404);
    expect((await screen(north, id, t.world.south.southElemId)).statusCode).toBe(404);
    // the admin sees both districts, but a North visitor is not screened at a South building
    expect((await screen(admin, id, t.world.south.southElemId)).statusCode).toBe(404);
    // attendant of Lincoln screening at North High
    expect((await screen(deskLincoln, id, t.world.north.northHighId)).statusCode).toBe(404);
    expect((await screen(deskLincoln, id, t.world.north.lincolnId)).statusCode).toBe(200);
    expect((await screen(north, id, t.world.north.lincolnId)).statusCode).toBe(200);
    expect((await screen(admin, id, t.world.north.northHighId)).statusCode).toBe(200);
    expect((await screen(deskNH, 999_999)).statusCode).toBe(404);
  });

  it('kiosks may not screen (403); anonymous callers 401', async () => {
    const id = await northVisitor({ firstname: 'Kiosk', lastname: 'Tried', dob: '1980-01-01' });
    expect((await screen(kiosk, id)).statusCode).toBe(403);
    expect(
      (await t.as(null).post(`/api/visitors/${id}/screening`, { buildingId: t.world.north.northHighId })).statusCode,
    ).toBe(401);
  });
});

describe('audit of a screening run', () => {
  it('records counts only: no name, date of birth or registry record', async () => {
    const id = await northVisitor({ firstname: 'Bob', middlename: 'Marlowe', lastname: 'Testcase', dob: '1980-02-14' });
    const res = await screenOk(deskNH, id);
    expect(res.registry.matches[0].level).toBe(6);
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'screening.run'), eq(auditEvents.targetId, String(id))))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorUserId: deskNH.userId,
      buildingId: t.world.north.northHighId,
      targetType: 'visitor',
    });
    expect(audit.details).toMatchObject({ registryStatus: 'ok', registryMatches: 1, watchdogCount: 1, issueCount: 1 });
    const text = JSON.stringify(audit.details);
    for (const pii of ['Bob', 'Testcase', 'Marlowe', '1980', 'PLANTED']) expect(text).not.toContain(pii);
  });
});
