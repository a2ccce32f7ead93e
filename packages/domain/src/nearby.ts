/**
 * Nearby visitors (spec 002 §2 Dashboard "nearby visitors", §4 "Nearby visitor"; spec 000
 * Building latitude, longitude, radius; ADR 0017). Pure geometry: the great-circle distance
 * between the phone's reported position and a building, and whether it lies within the
 * building's radius (metres; the boundary itself counts as inside).
 */

/** Mean Earth radius in metres (IUGG), the usual constant of the haversine formula. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** True for a latitude in [-90, 90] and a longitude in [-180, 180], both finite. */
export function isGeoPoint(p: GeoPoint): boolean {
  return (
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    Math.abs(p.latitude) <= 90 &&
    Math.abs(p.longitude) <= 180
  );
}

/** Great-circle distance in metres between two points (haversine formula). */
export function haversineMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // clamp: rounding can push h a hair above 1 for antipodal points
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(Math.min(1, Math.max(0, h))));
}

export interface BuildingArea {
  latitude?: number | null;
  longitude?: number | null;
  /** metres; a building without a position or a positive radius has no nearby area */
  radius?: number | null;
}

/**
 * The distance to a building when the position lies within its radius, else null. A building
 * missing its latitude, longitude or a positive radius never has nearby visitors.
 */
export function distanceWithinRadius(position: GeoPoint, building: BuildingArea): number | null {
  const { latitude, longitude, radius } = building;
  if (latitude == null || longitude == null || radius == null || !(radius > 0)) return null;
  if (!isGeoPoint(position) || !isGeoPoint({ latitude, longitude })) return null;
  const d = haversineMetres(position, { latitude, longitude });
  return d <= radius ? d : null;
}
