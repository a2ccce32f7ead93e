import type { BackgroundCheckProvider } from './background-check';
import { createDemoBackgroundCheck } from './demo-background-check';
import { type ConnectionTestResult, createHttpBackgroundCheck } from './http-background-check';

/**
 * A district's provider as its Background Settings choose it (issue 23 §2, ADR 0026): there is no
 * platform-wide provider. 'none' has no provider (checks wait in the queue), 'demo' the built-in
 * demo provider, 'http' the agency at the district's address with its account and password.
 */
export interface DistrictBackgroundCheckSettings {
  provider: 'none' | 'demo' | 'http';
  endpointUrl: string;
  username: string;
  /** the opened password, or null when none is saved (or it no longer opens) */
  password: string | null;
}

export type DistrictBackgroundCheck = BackgroundCheckProvider & { testConnection(): Promise<ConnectionTestResult> };

export function backgroundCheckFor(
  s: DistrictBackgroundCheckSettings,
  opts: { timeoutMs: number },
): DistrictBackgroundCheck | null {
  if (s.provider === 'demo') return { ...createDemoBackgroundCheck(), testConnection: async () => 'ok' };
  if (s.provider === 'http' && s.endpointUrl) {
    return createHttpBackgroundCheck({
      baseUrl: s.endpointUrl,
      username: s.username,
      password: s.password ?? '',
      timeoutMs: opts.timeoutMs,
    });
  }
  return null;
}
