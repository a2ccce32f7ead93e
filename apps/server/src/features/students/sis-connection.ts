import { ZClientSettings } from '@sv/contracts';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema/index';
import { createSisClient, type SisClient, type SisPolicy } from '../../integrations/sis/index';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { readStored } from '../clients';

/** Keep in sync with clients.service (sealed secret key and its context). */
const SIS_SECRET_KEY = 'sisClientSecretSealed';
const sisSecretContext = (clientId: number) => `client:${clientId}:sisClientSecret`;

/** The SIS policy of this installation (the same as the Skyward connection test's). */
export function sisPolicyOf(deps: AppDeps): SisPolicy {
  return {
    emptyIsLocal: deps.config.SEED_DEMO,
    requireHttps: deps.config.NODE_ENV === 'production',
    timeoutMs: 10_000,
  };
}

/**
 * The district's SIS client from its saved connection (spec 000 §3 Skyward settings), for the
 * roster sync, the SIS pickup screen and the write-back queue. The caller has already checked
 * that the client is in the actor's scope (or runs as the scheduled job). Null: the client does not exist.
 */
export async function sisClientFor(deps: AppDeps, clientId: number): Promise<SisClient | null> {
  const [row] = await deps.db
    .select({ name: clients.name, settings: clients.settings })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) return null;
  const s = readStored(ZClientSettings, row.settings);
  const sealed = (row.settings as Record<string, unknown> | null)?.[SIS_SECRET_KEY];
  const secret =
    typeof sealed === 'string' && sealed
      ? (createSecretBox(deps.config.APP_SECRET).open(sealed, sisSecretContext(clientId)) ?? '')
      : '';
  return createSisClient(
    { baseUrl: s.sisBaseUrl, tokenUrl: s.sisTokenUrl, clientId: s.sisClientId, clientSecret: secret },
    sisPolicyOf(deps),
    row.name,
  );
}
