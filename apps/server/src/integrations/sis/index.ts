import { createLocalSisClient } from './local-sis';
import { createOneRosterClient, type OneRosterOptions } from './oneroster-client';
import type { SisClient, SisConnection } from './sis-client';

export type { SisClient, SisConnection } from './sis-client';
export { ONEROSTER_PATH } from './oneroster-client';

export interface SisPolicy extends OneRosterOptions {
  /** an empty base address means the local provider (demo installations) */
  emptyIsLocal: boolean;
  /** refuse plain http (production: the client secret must not travel in clear text) */
  requireHttps: boolean;
}

/** A client that always answers false: nothing configured, or an address the policy refuses. */
const notConnected = (): SisClient => ({ name: 'none', testConnection: async () => false });

/** The provider for a client's connection. */
export function createSisClient(conn: SisConnection, policy: SisPolicy): SisClient {
  const base = conn.baseUrl.trim();
  if (base === 'local' || (base === '' && policy.emptyIsLocal)) return createLocalSisClient();
  if (!base) return notConnected();
  const urls = [base, conn.tokenUrl].filter(Boolean);
  if (policy.requireHttps && urls.some((u) => !u.startsWith('https://'))) return notConnected();
  return createOneRosterClient({ ...conn, baseUrl: base }, policy);
}
