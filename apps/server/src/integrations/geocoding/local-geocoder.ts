import type { GeocodeAddress, GeocodeResult, Geocoder } from './geocoder';

/**
 * Built-in offline provider (the default, GEOCODER=local): works in demos and air-gapped
 * installs with no outside call. It knows a small gazetteer of real places — every state
 * capital, Washington DC and the demo districts' towns — and answers the town centre's
 * coordinates for any street in those towns (city-level precision; good enough to place a
 * building on a map, not to draw a tight geofence: use GEOCODER=census for rooftop results).
 * Any other town answers 'none' ('The address that you provided could not be found'); it never
 * invents coordinates and never answers 'ambiguous' (each town + state is listed once).
 */
const GAZETTEER: ReadonlyArray<readonly [city: string, state: string, lat: number, lon: number]> = [
  // demo districts (apps/server/db/seed/demo.ts)
  ['Northbrook', 'IL', 42.1275, -87.829],
  ['Northfield', 'IL', 42.0997, -87.7809],
  ['Carbondale', 'IL', 37.7273, -89.2168],
  ['Chicago', 'IL', 41.8781, -87.6298],
  // state capitals and Washington DC
  ['Montgomery', 'AL', 32.3668, -86.3],
  ['Juneau', 'AK', 58.3019, -134.4197],
  ['Phoenix', 'AZ', 33.4484, -112.074],
  ['Little Rock', 'AR', 34.7465, -92.2896],
  ['Sacramento', 'CA', 38.5816, -121.4944],
  ['Denver', 'CO', 39.7392, -104.9903],
  ['Hartford', 'CT', 41.7658, -72.6734],
  ['Dover', 'DE', 39.1582, -75.5244],
  ['Tallahassee', 'FL', 30.4383, -84.2807],
  ['Atlanta', 'GA', 33.749, -84.388],
  ['Honolulu', 'HI', 21.3069, -157.8583],
  ['Boise', 'ID', 43.615, -116.2023],
  ['Springfield', 'IL', 39.7817, -89.6501],
  ['Indianapolis', 'IN', 39.7684, -86.1581],
  ['Des Moines', 'IA', 41.5868, -93.625],
  ['Topeka', 'KS', 39.0473, -95.6752],
  ['Frankfort', 'KY', 38.2009, -84.8733],
  ['Baton Rouge', 'LA', 30.4515, -91.1871],
  ['Augusta', 'ME', 44.3106, -69.7795],
  ['Annapolis', 'MD', 38.9784, -76.4922],
  ['Boston', 'MA', 42.3601, -71.0589],
  ['Lansing', 'MI', 42.7325, -84.5555],
  ['Saint Paul', 'MN', 44.9537, -93.09],
  ['Jackson', 'MS', 32.2988, -90.1848],
  ['Jefferson City', 'MO', 38.5767, -92.1735],
  ['Helena', 'MT', 46.5891, -112.0391],
  ['Lincoln', 'NE', 40.8136, -96.7026],
  ['Carson City', 'NV', 39.1638, -119.7674],
  ['Concord', 'NH', 43.2081, -71.5376],
  ['Trenton', 'NJ', 40.2171, -74.7429],
  ['Santa Fe', 'NM', 35.687, -105.9378],
  ['Albany', 'NY', 42.6526, -73.7562],
  ['Raleigh', 'NC', 35.7796, -78.6382],
  ['Bismarck', 'ND', 46.8083, -100.7837],
  ['Columbus', 'OH', 39.9612, -82.9988],
  ['Oklahoma City', 'OK', 35.4676, -97.5164],
  ['Salem', 'OR', 44.9429, -123.0351],
  ['Harrisburg', 'PA', 40.2732, -76.8867],
  ['Providence', 'RI', 41.824, -71.4128],
  ['Columbia', 'SC', 34.0007, -81.0348],
  ['Pierre', 'SD', 44.3683, -100.351],
  ['Nashville', 'TN', 36.1627, -86.7816],
  ['Austin', 'TX', 30.2672, -97.7431],
  ['Salt Lake City', 'UT', 40.7608, -111.891],
  ['Montpelier', 'VT', 44.2601, -72.5754],
  ['Richmond', 'VA', 37.5407, -77.436],
  ['Olympia', 'WA', 47.0379, -122.9007],
  ['Charleston', 'WV', 38.3498, -81.6326],
  ['Madison', 'WI', 43.0731, -89.4012],
  ['Cheyenne', 'WY', 41.14, -104.8202],
  ['Washington', 'DC', 38.9072, -77.0369],
];

/** 'St. Paul' and 'saint  paul' are the same town. */
const townKey = (city: string, state: string) =>
  `${city
    .toLowerCase()
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()}|${state.trim().toUpperCase()}`;

export function createLocalGeocoder(): Geocoder {
  const towns = new Map(GAZETTEER.map(([city, state, lat, lon]) => [townKey(city, state), { lat, lon }]));
  return {
    name: 'local',
    async geocode(address: GeocodeAddress): Promise<GeocodeResult> {
      const hit = towns.get(townKey(address.city, address.state));
      return hit ? { status: 'ok', lat: hit.lat, lon: hit.lon, approximate: true } : { status: 'none' };
    },
  };
}
