import type { Db } from '../../platform/db/database';
import { deniedLogQueries } from './logs.denied.repository';
import { nearbyLogQueries } from './logs.nearby.repository';
import { onSiteQueries } from './logs.on-site.repository';
import { pickupLogQueries } from './logs.pickups.repository';
import { scopeQueries } from './logs.scope.repository';
import { visitExportQueries } from './logs.visit-export.repository';
import { visitLogQueries } from './logs.visits.repository';

export type { DeniedLogSort } from './logs.denied.repository';
export type { NearbyLogSort } from './logs.nearby.repository';
export type { PickupLogSort } from './logs.pickups.repository';
export { type LogWindow, logWhere, visitPresence } from './logs.query';
export { VISIT_EXPORT_FIELDS, type VisitExportField, type VisitExportRow } from './logs.visit-export.repository';
export type { VisitLogKind, VisitLogSort } from './logs.visits.repository';

/**
 * Every query of the logs (issue 13: the one log query, `logWhere` in logs.query.ts), one module per
 * log (issue 24 §1): logs.visits (the visit and vendor logs, the charts), logs.visit-export,
 * logs.denied, logs.pickups, logs.nearby, logs.on-site, and logs.scope (the filters' buildings
 * and attendants).
 */
export function createLogsRepository(db: Db) {
  return {
    ...scopeQueries(db),
    ...visitLogQueries(db),
    ...deniedLogQueries(db),
    ...visitExportQueries(db),
    ...pickupLogQueries(db),
    ...nearbyLogQueries(db),
    ...onSiteQueries(db),
  };
}
export type LogsRepository = ReturnType<typeof createLogsRepository>;
