import type { Config } from './config';
import type { AuditLog } from './audit/audit-log';
import type { Database, Db } from './db/database';
import type { SessionStore } from './auth/session-store';
import type { Messenger } from './messaging/messenger';
import type { Realtime } from './realtime/realtime';
import type { Geocoder } from '../integrations/geocoding/geocoder';
import type { OffenderRegistry } from '../integrations/registry/offender-registry';

/**
 * Everything a feature module may use, built once in main.ts (or by the test harness).
 * Integrations are swapped from outside here: no test branches in product code.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  sessions: SessionStore;
  audit: AuditLog;
  messenger: Messenger;
  /** front-desk events pushed to open dashboards (LISTEN/NOTIFY → SSE) */
  realtime: Realtime;
  /** building address → coordinates (GEOCODER: local gazetteer or US Census) */
  geocoder: Geocoder;
  /** offender-registry provider for screening (REGISTRY_PROVIDER); absent = built from config */
  registry?: OffenderRegistry;
  /** injectable clock so time-based rules can be tested with a fake clock */
  now: () => Date;
}
