import { z } from 'zod';
import type { GeocodeAddress, GeocodeResult, Geocoder } from './geocoder';

export const CENSUS_GEOCODER_URL = 'https://geocoding.geo.census.gov/geocoder/locations/address';

/** The part of the Census "locations/address" answer we read: each match's x (longitude) and y (latitude). */
const ZCensusAnswer = z.object({
  result: z.object({
    addressMatches: z.array(
      z.object({
        matchedAddress: z.string().optional(),
        coordinates: z.object({ x: z.number(), y: z.number() }),
      }),
    ),
  }),
});

/**
 * US Census Geocoder client (https://geocoding.geo.census.gov, no key needed):
 * GET …/locations/address?street=&city=&state=&zip=&benchmark=Public_AR_Current&format=json.
 * 0 matches → none; more than one distinct match → ambiguous; a non-2xx answer, a timeout or an
 * answer of another shape throws (the caller shows 'Unable to find coordinates at this time').
 */
export function createCensusGeocoder(opts: { url?: string; timeoutMs?: number } = {}): Geocoder {
  const base = opts.url ?? CENSUS_GEOCODER_URL;
  const timeoutMs = opts.timeoutMs ?? 8000;
  return {
    name: 'census',
    async geocode(address: GeocodeAddress): Promise<GeocodeResult> {
      const url = new URL(base);
      url.searchParams.set('street', address.street1);
      url.searchParams.set('city', address.city);
      url.searchParams.set('state', address.state);
      if (address.zipcode) url.searchParams.set('zip', address.zipcode);
      url.searchParams.set('benchmark', 'Public_AR_Current');
      url.searchParams.set('format', 'json');
      const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const parsed = ZCensusAnswer.safeParse(await res.json());
      if (!parsed.success) throw new Error('geocoder answer not understood');
      const matches = parsed.data.result.addressMatches;
      // The same point listed twice (e.g. both sides of a TIGER line) is still one answer.
      const distinct = new Map(matches.map((m) => [`${m.coordinates.y},${m.coordinates.x}`, m.coordinates]));
      if (distinct.size === 0) return { status: 'none' };
      if (distinct.size > 1) return { status: 'ambiguous' };
      const [only] = distinct.values();
      return { status: 'ok', lat: only.y, lon: only.x };
    },
  };
}
