import { describe, expect, it } from 'vitest';
import { distanceWithinRadius, haversineMetres, isGeoPoint } from './nearby';

// spec 000 Building latitude/longitude/radius; spec 002 §4 Nearby visitor (ADR 0017)
describe('haversineMetres', () => {
  it('is zero for the same point and symmetric', () => {
    const p = { latitude: 39.7817, longitude: -89.6501 };
    expect(haversineMetres(p, p)).toBe(0);
    const q = { latitude: 39.79, longitude: -89.64 };
    expect(haversineMetres(p, q)).toBeCloseTo(haversineMetres(q, p), 9);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
  });

  it('matches a known city distance (Paris–London ≈ 343.5 km)', () => {
    const d = haversineMetres({ latitude: 48.8566, longitude: 2.3522 }, { latitude: 51.5074, longitude: -0.1278 });
    expect(d / 1000).toBeGreaterThan(343);
    expect(d / 1000).toBeLessThan(344.5);
  });

  it('crosses the antimeridian the short way and stays finite for antipodes', () => {
    const d = haversineMetres({ latitude: 0, longitude: 179.9995 }, { latitude: 0, longitude: -179.9995 });
    expect(d).toBeGreaterThan(100);
    expect(d).toBeLessThan(120);
    const antipode = haversineMetres({ latitude: 10, longitude: 20 }, { latitude: -10, longitude: -160 });
    expect(antipode).toBeCloseTo(Math.PI * 6_371_008.8, -1);
  });
});

describe('distanceWithinRadius', () => {
  const school = { latitude: 39.7817, longitude: -89.6501, radius: 200 };
  // 0.0018° of latitude ≈ 200.15 m; 0.0017° ≈ 189 m
  it('is inside a little within the radius and outside a little beyond it', () => {
    expect(distanceWithinRadius({ latitude: 39.7834, longitude: -89.6501 }, school)).toBeCloseTo(189, 0);
    expect(distanceWithinRadius({ latitude: 39.7835, longitude: -89.6501 }, school)).toBeNull();
  });

  it('counts the boundary itself as inside', () => {
    const p = { latitude: 39.7834, longitude: -89.6501 };
    const exact = haversineMetres(p, school);
    expect(distanceWithinRadius(p, { ...school, radius: exact })).toBe(exact);
    expect(distanceWithinRadius(p, { ...school, radius: exact - 0.001 })).toBeNull();
  });

  it('never matches a building without a position or a positive radius', () => {
    const p = { latitude: 39.7817, longitude: -89.6501 };
    expect(distanceWithinRadius(p, { ...school, latitude: null })).toBeNull();
    expect(distanceWithinRadius(p, { ...school, longitude: null })).toBeNull();
    expect(distanceWithinRadius(p, { ...school, radius: null })).toBeNull();
    expect(distanceWithinRadius(p, { ...school, radius: 0 })).toBeNull();
    expect(distanceWithinRadius(p, { ...school, radius: -5 })).toBeNull();
  });

  it('refuses positions off the globe', () => {
    expect(isGeoPoint({ latitude: 91, longitude: 0 })).toBe(false);
    expect(isGeoPoint({ latitude: 0, longitude: Number.NaN })).toBe(false);
    expect(distanceWithinRadius({ latitude: 91, longitude: -89.6501 }, school)).toBeNull();
  });
});
