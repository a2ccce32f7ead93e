import type { Config } from '../../platform/config';
import type { BackgroundCheckProvider } from './background-check';
import { createHttpBackgroundCheck } from './http-background-check';
import { createLocalBackgroundCheck } from './local-background-check';

/** The provider chosen by BACKGROUND_CHECK_PROVIDER ('local' default, or 'http' with BACKGROUND_CHECK_URL), like REGISTRY_PROVIDER. */
export function createBackgroundCheckFromConfig(
  config: Pick<
    Config,
    'BACKGROUND_CHECK_PROVIDER' | 'BACKGROUND_CHECK_URL' | 'BACKGROUND_CHECK_TOKEN' | 'BACKGROUND_CHECK_TIMEOUT_MS'
  >,
): BackgroundCheckProvider {
  if (config.BACKGROUND_CHECK_PROVIDER === 'http' && config.BACKGROUND_CHECK_URL) {
    return createHttpBackgroundCheck({
      baseUrl: config.BACKGROUND_CHECK_URL,
      token: config.BACKGROUND_CHECK_TOKEN,
      timeoutMs: config.BACKGROUND_CHECK_TIMEOUT_MS,
    });
  }
  return createLocalBackgroundCheck();
}
