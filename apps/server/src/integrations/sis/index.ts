import { createLocalSisClient } from './local-sis';
import { createOneRosterClient, type OneRosterOptions } from './oneroster-client';
import { type SisClient, type SisConnection, SisError } from './sis-client';

export type { RosterResource, RosterUser, SisClient, SisConnection, SisEvent } from './sis-client';
export { GUARDIAN_ROLES, SisError, STAFF_ROLES } from './sis-client';
export { ONEROSTER_PATH, WRITEBACK_PATH } from './oneroster-client';
export { DEMO_SIS_BUNDLE_DIR, readSisBundle } from './local-sis';

export interface SisPolicy extends OneRosterOptions {
  /** an empty base address means the local provider (demo installations) */
  emptyIsLocal: boolean;
  /** refuse plain http (production: the client secret must not travel in clear text) */
  requireHttps: boolean;
  /** the local provider's CSV bundle folder (default: the demo roster) */
  localBundleDir?: string;
}

const refuse = async (): Promise<never> => {
  throw new SisError('unreachable', 'not configured');
};

/** A client that is never connected: nothing configured, or an address the policy refuses. */
const notConnected = (): SisClient => ({
  name: 'none',
  testConnection: async () => false,
  rosterPage: refuse,
  schools: refuse,
  studentWithAgents: refuse,
  writeEvent: refuse,
});

/** The provider for a client's connection; `districtName` picks the district's part of a local bundle. */
export function createSisClient(conn: SisConnection, policy: SisPolicy, districtName = ''): SisClient {
  const base = conn.baseUrl.trim();
  if (base === 'local' || (base === '' && policy.emptyIsLocal))
    return createLocalSisClient({ bundleDir: policy.localBundleDir, districtName });
  if (!base) return notConnected();
  const urls = [base, conn.tokenUrl].filter(Boolean);
  if (policy.requireHttps && urls.some((u) => !u.startsWith('https://'))) return notConnected();
  return createOneRosterClient({ ...conn, baseUrl: base }, policy);
}
