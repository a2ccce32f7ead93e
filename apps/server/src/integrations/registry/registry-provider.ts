import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { createLocalRegistry } from './local-registry';
import { createNsopwClient } from './nsopw-client';
import type { OffenderRegistry } from './offender-registry';

/** The registry provider chosen by REGISTRY_PROVIDER ('local' default, or 'nsopw' with NSOPW_URL). */
export function createRegistryFromConfig(
  config: Pick<Config, 'REGISTRY_PROVIDER' | 'NSOPW_URL' | 'NSOPW_TOKEN' | 'REGISTRY_TIMEOUT_MS'>,
  db: Db,
): OffenderRegistry {
  if (config.REGISTRY_PROVIDER === 'nsopw' && config.NSOPW_URL) {
    return createNsopwClient({
      baseUrl: config.NSOPW_URL,
      token: config.NSOPW_TOKEN,
      timeoutMs: config.REGISTRY_TIMEOUT_MS,
    });
  }
  return createLocalRegistry(db);
}
