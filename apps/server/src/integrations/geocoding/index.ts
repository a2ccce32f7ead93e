import type { Config } from '../../platform/config';
import { createCensusGeocoder } from './census-geocoder';
import type { Geocoder } from './geocoder';
import { createLocalGeocoder } from './local-geocoder';

export type { GeocodeAddress, GeocodeResult, Geocoder } from './geocoder';
export { truncateDecimals } from './geocoder';

/** The provider chosen by configuration: GEOCODER=census (US Census Geocoder) or local (default, offline). */
export function createGeocoder(config: Pick<Config, 'GEOCODER' | 'GEOCODER_URL' | 'GEOCODER_TIMEOUT_MS'>): Geocoder {
  if (config.GEOCODER === 'census') {
    return createCensusGeocoder({ url: config.GEOCODER_URL, timeoutMs: config.GEOCODER_TIMEOUT_MS });
  }
  return createLocalGeocoder();
}
