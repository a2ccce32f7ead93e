import type { TClientSettingsResponse, TScreeningResponse } from '@sv/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { loadRegistry } from '../registry/registry.import';
import type { ImportOffender } from '../registry/registry-formats';
import { insertVisitor } from './screening.fixtures';

/**
 * Issue 10 §7 (alarm fatigue on common names): which registry matches need an attendant's
 * decision is the district's `registryGating` setting. By default only matches whose date of
 * birth agrees gate; a namesake whose registry record gives only a birth year (or no date) is
 * shown for information and not counted. The strict setting gates every match. An exact name
 * with an equal date of birth gates under every setting.
 */

let t: TestApp;
let desk: Session;
let north: Session;

const record = (
  externalId: string,
  first: string,
  last: string,
  dob: string | null,
  birthYear: number | null,
): ImportOffender => ({
  externalId,
  jurisdiction: 'GATE',
  dob,
  birthYear,
  gender: '',
  absconder: false,
  photoUrl: null,
  offenderUri: null,
  names: [{ isPrimary: true, firstName: first, middleName: '', lastName: last, suffix: '' }],
  addresses: [],
});

beforeAll(async () => {
  t = await createTestApp();
  [desk, north] = await Promise.all([t.login('desk.northhigh@demo.test'), t.login('admin.north@demo.test')]);
  await loadRegistry(
    t.deps.db,
    t.services.repositories.registry,
    [
      // namesakes of a common name: a year-only record and one with no date at all
      record('YEAR-ONLY', 'MARY', 'JOHNSON', null, 1975),
      record('NO-DATE', 'MARY', 'JOHNSON', null, null),
      // a real hit: exact name and full date of birth
      record('EXACT', 'JAMES', 'WILLIAMSON', '1968-04-12', 1968),
      // a short first name one letter off (the typo the candidate index used to miss)
      record('SHORT-TYPO', 'JANET', 'TRANNTON', '1977-04-10', 1977),
    ],
    { source: 'GATE', replace: false, now: new Date() },
  );
});

async function screen(visitor: { firstname: string; lastname: string; dob: string }): Promise<TScreeningResponse> {
  const id = await insertVisitor(t.deps.db, { clientId: t.world.north.clientId, ...visitor });
  const res = await t.as(desk).post(`/api/visitors/${id}/screening`, { buildingId: t.world.north.northHighId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setGating(registryGating: 'dob-agrees' | 'all-matches') {
  const url = `/api/clients/${t.world.north.clientId}/settings`;
  const current: TClientSettingsResponse = (await t.as(north).get(url)).json();
  const { clientId: _c, clientName: _n, hasSisClientSecret: _h, ...fields } = current;
  const res = await t.as(north).patch(url, { ...fields, registryGating });
  expect(res.statusCode, res.body).toBe(200);
  expect((await t.as(north).get(url)).json().registryGating).toBe(registryGating);
}

const gateRefs = (r: TScreeningResponse) => r.registry.matches.filter((m) => m.gating).map((m) => m.id);
const infoRefs = (r: TScreeningResponse) => r.registry.matches.filter((m) => m.gating === false).map((m) => m.id);

describe('registry gating (district setting registryGating)', () => {
  it('default: a common-name visitor with only year-only / undated namesakes is not gated', async () => {
    const res = await screen({ firstname: 'Mary', lastname: 'Johnson', dob: '1975-09-14' });
    expect(res.registry.status).toBe('ok');
    expect(infoRefs(res).sort()).toEqual(['GATE:NO-DATE', 'GATE:YEAR-ONLY']);
    expect(gateRefs(res)).toEqual([]);
    for (const m of res.registry.matches) expect(m.level).toBe(1); // Exact Moderate: shown, with its level
    expect(res.summary).toMatchObject({ watchdogCount: 0, informationalCount: 2 });
    expect(res.issueCount).toBe(0);
  });

  it('default: an exact name with an equal date of birth is gated', async () => {
    const res = await screen({ firstname: 'James', lastname: 'Williamson', dob: '1968-04-12' });
    expect(res.registry.matches).toHaveLength(1);
    expect(res.registry.matches[0]).toMatchObject({ id: 'GATE:EXACT', level: 2, gating: true, cleared: false });
    expect(res.summary).toMatchObject({ watchdogCount: 1, informationalCount: 0 });
    expect(res.issueCount).toBe(1);
  });

  it('default: a short first name one letter off is found when the date of birth agrees, and gated', async () => {
    const res = await screen({ firstname: 'Anet', lastname: 'Trannton', dob: '1977-04-10' });
    expect(res.registry.matches.map((m) => m.id)).toEqual(['GATE:SHORT-TYPO']);
    expect(res.registry.matches[0]).toMatchObject({ level: 5, gating: true });
    expect(res.registry.matches[0].reasons).toContain('First name differs by one letter: Anet → Janet');
    // … and is no match on another day of that year
    const other = await screen({ firstname: 'Anet', lastname: 'Trannton', dob: '1977-09-23' });
    expect(other.registry.matches).toEqual([]);
  });

  it('strict district: every match is gated, exact hits included; back to the default afterwards', async () => {
    await setGating('all-matches');
    try {
      const common = await screen({ firstname: 'Mary', lastname: 'Johnson', dob: '1975-09-14' });
      expect(gateRefs(common).sort()).toEqual(['GATE:NO-DATE', 'GATE:YEAR-ONLY']);
      expect(common.summary).toMatchObject({ watchdogCount: 2, informationalCount: 0 });
      expect(common.issueCount).toBe(2);
      const hit = await screen({ firstname: 'James', lastname: 'Williamson', dob: '1968-04-12' });
      expect(gateRefs(hit)).toEqual(['GATE:EXACT']);
      expect(hit.issueCount).toBe(1);
    } finally {
      await setGating('dob-agrees');
    }
    const again = await screen({ firstname: 'Mary', lastname: 'Johnson', dob: '1975-09-14' });
    expect(again.issueCount).toBe(0);
  });

  it('the setting is validated: an unknown policy is refused', async () => {
    const url = `/api/clients/${t.world.north.clientId}/settings`;
    const res = await t.as(north).edit('PATCH', url, { registryGating: 'none' });
    expect(res.statusCode).toBe(400);
  });
});
