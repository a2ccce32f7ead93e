import { MESSAGES } from '@sv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGeocoder, type GeocoderPeer } from '../../test/peers/fake-geocoder';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

/**
 * POST /api/geocode through the real US Census HTTP client (GEOCODER=census) against a local
 * peer speaking the Census JSON format: ok, none, ambiguous, failure and timeout (spec 000 §5).
 */
let peer: GeocoderPeer;
let t: TestApp;
let north: Session;

beforeAll(async () => {
  peer = await startFakeGeocoder();
  t = await createTestApp({ env: { GEOCODER: 'census', GEOCODER_URL: peer.url, GEOCODER_TIMEOUT_MS: '1500' } });
  north = await t.login('admin.north@demo.test');
  peer.add({
    street: '2300 Shermer Rd',
    city: 'Northbrook',
    state: 'IL',
    matches: [{ x: -87.8347129876, y: 42.1347891234 }],
  });
  peer.add({
    street: '1 Shared Way',
    city: 'Springfield',
    state: 'IL',
    matches: [
      { x: -89.6, y: 39.7 },
      { x: -89.7, y: 39.8 },
    ],
  });
  peer.add({
    street: '5 Twin Rd',
    city: 'Springfield',
    state: 'IL',
    matches: [
      { x: -89.61, y: 39.71 },
      { x: -89.61, y: 39.71 },
    ],
  });
});
afterAll(() => peer.close());

const geocode = (body: Record<string, string>) => t.as(north).post('/api/geocode', body);

describe('geocoding through the Census client', () => {
  it('is wired from configuration', () => {
    expect(t.deps.geocoder.name).toBe('census');
  });

  it('one match: coordinates truncated (not rounded) to 6 decimals; sends the Census query', async () => {
    const res = await geocode({ street1: '2300 Shermer Rd', city: 'Northbrook', state: 'IL', zipcode: '60062' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ latitude: 42.134789, longitude: -87.834712 });
    const q = peer.requests.at(-1)!;
    expect(Object.fromEntries(q)).toEqual({
      street: '2300 Shermer Rd',
      city: 'Northbrook',
      state: 'IL',
      zip: '60062',
      benchmark: 'Public_AR_Current',
      format: 'json',
    });
  });

  it('no match: 400 with the spec message', async () => {
    const res = await geocode({ street1: '9 Unknown St', city: 'Northbrook', state: 'IL' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.geocodeNotFound);
    expect(Object.fromEntries(peer.requests.at(-1)!)).not.toHaveProperty('zip');
  });

  it('several matches: 400 with the spec message; the same point listed twice is one match', async () => {
    const res = await geocode({ street1: '1 Shared Way', city: 'Springfield', state: 'IL' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.geocodeAmbiguous);
    const twin = await geocode({ street1: '5 Twin Rd', city: 'Springfield', state: 'IL' });
    expect(twin.json()).toEqual({ latitude: 39.71, longitude: -89.61 });
  });

  it('provider failure or timeout: 503 with the spec message', async () => {
    peer.failWith(500);
    const failed = await geocode({ street1: '2300 Shermer Rd', city: 'Northbrook', state: 'IL' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(MESSAGES.geocodeFailed);
    peer.failWith(null);

    peer.delay(4000);
    const slow = await geocode({ street1: '2300 Shermer Rd', city: 'Northbrook', state: 'IL' });
    expect(slow.statusCode).toBe(503);
    expect(slow.json().message).toBe(MESSAGES.geocodeFailed);
    peer.delay(0);
  });

  it('an unreachable provider is a failure, not "not found"', async () => {
    await peer.close();
    const res = await geocode({ street1: '2300 Shermer Rd', city: 'Northbrook', state: 'IL' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.geocodeFailed);
    peer = await startFakeGeocoder(); // afterAll closes a live peer
  });

  it('needs street1, city and state before calling the provider', async () => {
    const before = peer.requests.length;
    const res = await geocode({ street1: '2300 Shermer Rd', city: 'Northbrook', state: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.state).toBeDefined();
    expect(peer.requests.length).toBe(before);
  });
});
