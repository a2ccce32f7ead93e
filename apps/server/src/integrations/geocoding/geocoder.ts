/**
 * Geocoding (integrations guide "Geocoding"; spec 000 §5): a building address → coordinates.
 * Providers: the US Census Geocoder over HTTP (census-geocoder.ts, GEOCODER=census) and a
 * built-in offline gazetteer (local-geocoder.ts, the default). Tests talk to a local peer that
 * speaks the Census JSON format (src/test/peers/fake-geocoder.ts).
 */
export interface GeocodeAddress {
  street1: string;
  city: string;
  /** two-letter state abbreviation */
  state: string;
  /** five digits or '' */
  zipcode: string;
}

/** 'none' = no result, 'ambiguous' = more than one result. A failure (network, timeout, bad answer) throws. */
/** `approximate`: the point is the town's centre, not the address (the offline provider; audit 000 U9). */
export type GeocodeResult =
  | { status: 'ok'; lat: number; lon: number; approximate?: boolean }
  | { status: 'none' }
  | { status: 'ambiguous' };

export interface Geocoder {
  readonly name: string;
  geocode(address: GeocodeAddress): Promise<GeocodeResult>;
}

/**
 * Truncates (never rounds) to `decimals` places (spec 000 §5, §9: coordinates 6 decimals).
 * Works on the shortest decimal text of the number, so 41.123456 stays 41.123456 (multiplying
 * by 1e6 would give 41123455.99… and lose a digit) and −87.1234569 becomes −87.123456.
 */
export function truncateDecimals(value: number, decimals = 6): number {
  if (!Number.isFinite(value)) throw new RangeError('coordinate must be a finite number');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) throw new RangeError('decimals must be 0..15');
  // Below 1e-6 toString switches to exponent notation; every such value truncates to 0 at ≤ 6 places.
  if (Math.abs(value) < 10 ** -decimals) return 0;
  const text = value.toString();
  if (/e/i.test(text)) return value; // |value| ≥ 1e21: no decimals to cut
  const [whole, fraction = ''] = text.split('.');
  const cut = fraction.slice(0, decimals);
  const result = Number(cut ? `${whole}.${cut}` : whole);
  return Object.is(result, -0) ? 0 : result;
}
