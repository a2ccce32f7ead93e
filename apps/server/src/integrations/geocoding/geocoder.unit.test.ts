import { describe, expect, it } from 'vitest';
import { truncateDecimals } from './geocoder';
import { createLocalGeocoder } from './local-geocoder';

describe('truncateDecimals (spec 000 §5: coordinates truncated to 6 decimals)', () => {
  it('cuts, never rounds', () => {
    expect(truncateDecimals(42.1234569)).toBe(42.123456);
    expect(truncateDecimals(42.9999999)).toBe(42.999999);
    expect(truncateDecimals(-87.6543219)).toBe(-87.654321);
    expect(truncateDecimals(-87.9999999)).toBe(-87.999999);
  });

  it('keeps values with 6 or fewer decimals exactly (no floating-point loss)', () => {
    expect(truncateDecimals(41.123456)).toBe(41.123456);
    expect(truncateDecimals(0.000001)).toBe(0.000001);
    expect(truncateDecimals(-0.000001)).toBe(-0.000001);
    expect(truncateDecimals(39.7)).toBe(39.7);
    expect(truncateDecimals(-89)).toBe(-89);
    expect(truncateDecimals(0)).toBe(0);
  });

  it('truncates toward zero for negative numbers and never answers -0', () => {
    expect(truncateDecimals(-0.0000009)).toBe(0);
    expect(Object.is(truncateDecimals(-0.0000009), 0)).toBe(true);
    expect(Object.is(truncateDecimals(-0.0000001), 0)).toBe(true);
    expect(truncateDecimals(-1.0000009)).toBe(-1);
    expect(truncateDecimals(1e-7)).toBe(0);
  });

  it('supports other precisions and refuses non-finite numbers', () => {
    expect(truncateDecimals(12.3456, 2)).toBe(12.34);
    expect(truncateDecimals(-12.3456, 0)).toBe(-12);
    expect(() => truncateDecimals(Number.NaN)).toThrow(RangeError);
    expect(() => truncateDecimals(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('local geocoder (offline gazetteer)', () => {
  const local = createLocalGeocoder();
  it('answers town-centre coordinates for a known town, whatever the street', async () => {
    expect(
      await local.geocode({ street1: '2300 Shermer Rd', city: 'Northbrook', state: 'IL', zipcode: '60062' }),
    ).toEqual({
      status: 'ok',
      lat: 42.1275,
      lon: -87.829,
      approximate: true,
    });
    expect(await local.geocode({ street1: '75 Rev Dr', city: 'St. Paul', state: 'mn', zipcode: '' })).toMatchObject({
      status: 'ok',
    });
  });
  it("answers 'none' for anything else; the state must agree", async () => {
    expect(await local.geocode({ street1: '1 Main St', city: 'Springfield', state: 'MO', zipcode: '' })).toEqual({
      status: 'none',
    });
    expect(await local.geocode({ street1: '1 Main St', city: 'Gotham', state: 'NY', zipcode: '' })).toEqual({
      status: 'none',
    });
  });
});
