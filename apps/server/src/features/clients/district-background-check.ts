import { ZBackgroundSettings } from '@sv/contracts';
import {
  backgroundCheckFor,
  type DistrictBackgroundCheck,
  type DistrictBackgroundCheckSettings,
} from '../../integrations/background-check/background-check-provider';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { readStored } from './stored-settings';

/** Associated data of the sealed background-check password: it opens only for this district. */
export const backgroundSecretContext = (clientId: number) => `client:${clientId}:background`;

/** What the district's row holds about its background checks (clients.background_settings / _secret). */
export interface DistrictBackgroundRow {
  id: number;
  backgroundSettings: unknown;
  backgroundSecret: string | null;
}

/**
 * Each district's background-check provider from its own Background Settings (issue 23 §2,
 * ADR 0026): the password is opened from its sealed column only here, just before a call.
 */
export function createDistrictBackgroundChecks(deps: Pick<AppDeps, 'config'>) {
  const box = createSecretBox(deps.config.APP_SECRET);
  const settingsOf = (row: DistrictBackgroundRow): DistrictBackgroundCheckSettings => {
    const s = readStored(ZBackgroundSettings, row.backgroundSettings);
    return {
      provider: s.provider,
      endpointUrl: s.endpointUrl,
      username: s.username,
      password: row.backgroundSecret ? box.open(row.backgroundSecret, backgroundSecretContext(row.id)) : null,
    };
  };
  return {
    settingsOf,
    providerOf: (row: DistrictBackgroundRow): DistrictBackgroundCheck | null =>
      backgroundCheckFor(settingsOf(row), { timeoutMs: deps.config.BACKGROUND_CHECK_TIMEOUT_MS }),
  };
}
