import { MESSAGES } from '@sv/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNsopwClient } from '../../integrations/registry/nsopw-client';
import type { NsopwOffender } from '../../integrations/registry/offender-registry';
import { type FakeNsopw, startFakeNsopw } from '../../test/peers/fake-nsopw';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertVisitor } from './screening.fixtures';

/** Fictitious records in the NSOPW answer shape. */
const OFFENDERS: NsopwOffender[] = [
  {
    id: 'IL-1001',
    jurisdictionId: 'IL',
    name: { firstName: 'Marlon', middleName: 'T', lastName: 'Fakerly', suffix: null },
    aliases: [{ firstName: 'Marty', lastName: 'Fakerly' }],
    gender: 'M',
    dob: '1979-10-11',
    locations: [{ type: 'R', streetAddress: '5 Example Ave', city: 'Pretendville', state: 'IL', zipCode: '00061' }],
    offenderUri: 'https://registry.example/IL-1001',
    imageUri: 'https://registry.example/IL-1001.jpg',
    absconder: true,
  },
  {
    // same name, another birth year: narrowed away by date of birth on our side
    id: 'MA-2002',
    jurisdictionId: 'MA',
    name: { firstName: 'Marlon', lastName: 'Fakerly' },
    aliases: [],
    dob: '1950-01-01',
    locations: [],
  },
];

let peer: FakeNsopw;
let t: TestApp;
let desk: Session;

beforeAll(async () => {
  peer = await startFakeNsopw({ offenders: OFFENDERS });
  t = await createTestApp({
    env: { REGISTRY_PROVIDER: 'nsopw', NSOPW_URL: peer.url, NSOPW_TOKEN: 'peer-token', REGISTRY_TIMEOUT_MS: '2000' },
  });
  desk = await t.login('desk.northhigh@demo.test');
});
afterAll(async () => {
  await peer.close();
});
beforeEach(() => {
  peer.setMode('normal');
  peer.setJurisdictions([
    { jurisdictionId: 'IL', status: 200 },
    { jurisdictionId: 'MA', status: 201 },
  ]);
});

const query = { firstName: 'Marlon', lastName: 'Fakerly', dob: '1979-10-11' };

describe('NSOPW client against the fake peer', () => {
  it('ok: posts first and last name with the bearer token and reads offenders', async () => {
    const client = createNsopwClient({ baseUrl: peer.url, token: 'secret-1', timeoutMs: 2000 });
    const before = peer.requests.length;
    const res = await client.search(query);
    expect(res.status).toBe('ok');
    expect(res.jurisdictionsFailed).toEqual([]);
    expect(res.offenders.map((o) => o.id)).toEqual(['IL-1001', 'MA-2002']);
    expect(res.offenders[0]).toMatchObject({
      jurisdictionId: 'IL',
      absconder: true,
      aliases: [{ firstName: 'Marty' }],
    });
    expect(peer.requests[before]).toEqual({
      authorization: 'Bearer secret-1',
      body: { firstName: 'Marlon', lastName: 'Fakerly' }, // date of birth is never sent
    });
  });

  it('a jurisdiction answering 507 (offline) makes the answer partial, keeping the offenders', async () => {
    peer.setJurisdictions([
      { jurisdictionId: 'IL', status: 200 },
      { jurisdictionId: 'MA', status: 507 },
      { jurisdictionId: 'WI', status: 511 },
    ]);
    const res = await createNsopwClient({ baseUrl: peer.url, timeoutMs: 2000 }).search(query);
    expect(res.status).toBe('partial');
    expect(res.jurisdictionsFailed).toEqual(['MA (507)', 'WI (511)']);
    expect(res.offenders).toHaveLength(2);
  });

  it('times out when the registry hangs', async () => {
    peer.setMode('hang');
    const started = Date.now();
    const res = await createNsopwClient({ baseUrl: peer.url, timeoutMs: 300 }).search(query);
    expect(res).toMatchObject({ status: 'failed', error: 'timeout', offenders: [] });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an HTTP error, an answer without an offender list, or no server at all is failed', async () => {
    const client = createNsopwClient({ baseUrl: peer.url, timeoutMs: 2000 });
    peer.setMode('error');
    expect(await client.search(query)).toMatchObject({ status: 'failed', error: 'http 503' });
    peer.setMode('garbage');
    expect(await client.search(query)).toMatchObject({ status: 'failed', error: 'no offender list' });
    const nowhere = createNsopwClient({ baseUrl: 'http://127.0.0.1:9/api/search', timeoutMs: 2000 });
    expect(await nowhere.search(query)).toMatchObject({ status: 'failed' });
  });

  it('an answer without jurisdiction statuses cannot prove completeness: partial', async () => {
    peer.setJurisdictions([]);
    const res = await createNsopwClient({ baseUrl: peer.url, timeoutMs: 2000 }).search(query);
    expect(res.status).toBe('partial');
  });
});

describe('screening through the NSOPW provider (REGISTRY_PROVIDER=nsopw)', () => {
  const visitor = () =>
    insertVisitor(t.deps.db, {
      clientId: t.world.north.clientId,
      firstname: 'Marlon',
      lastname: 'Fakerly',
      dob: '1979-10-11',
    });

  it('scores the answer and narrows by date of birth on our side', async () => {
    const id = await visitor();
    const res = await t.as(desk).post(`/api/visitors/${id}/screening`, { buildingId: t.world.north.northHighId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.registry.status).toBe('ok');
    expect(body.registry.matches).toHaveLength(1);
    expect(body.registry.matches[0]).toMatchObject({
      id: 'IL:IL-1001',
      level: 2,
      levelLabel: 'Exact Strong',
      middleName: 'T',
      photoUrl: 'https://registry.example/IL-1001.jpg',
      offenderUri: 'https://registry.example/IL-1001',
      jurisdiction: 'IL',
      absconder: true,
      reasons: ['First and last name match exactly', 'Date of birth matches'],
    });
    expect(peer.requests.at(-1)?.authorization).toBe('Bearer peer-token');
  });

  it('partial jurisdictions (507) → failed with the spec message, matches kept', async () => {
    peer.setJurisdictions([
      { jurisdictionId: 'IL', status: 200 },
      { jurisdictionId: 'MA', status: 507 },
    ]);
    const id = await visitor();
    const body = (
      await t.as(desk).post(`/api/visitors/${id}/screening`, { buildingId: t.world.north.northHighId })
    ).json();
    expect(body.registry.status).toBe('failed');
    expect(body.registry.message).toBe(MESSAGES.backgroundCheckFailed);
    expect(body.registry.matches.map((m: { id: string }) => m.id)).toEqual(['IL:IL-1001']);
    expect(body.issueCount).toBe(2);
  });

  it('a hanging registry → failed within the timeout', async () => {
    peer.setMode('hang');
    const id = await visitor();
    const started = Date.now();
    const body = (
      await t.as(desk).post(`/api/visitors/${id}/screening`, { buildingId: t.world.north.northHighId })
    ).json();
    expect(Date.now() - started).toBeLessThan(8000);
    expect(body.registry).toEqual({ status: 'failed', message: MESSAGES.backgroundCheckFailed, matches: [] });
    expect(body.issueCount).toBe(1);
  });
});
