import { ROLE, type TActor } from '@sv/contracts';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { buildings } from '../../db/schema/index';

/**
 * Tenant scope of an actor (security guide "Tenancy and authorization"): admins see every
 * client; client admins one client; attendants and kiosks one building of one client.
 * `null` means unrestricted at that level.
 */
export interface Scope {
  clientId: number | null;
  buildingId: number | null;
}

export function scopeOf(actor: TActor): Scope {
  if (actor.roleId === ROLE.Admin) return { clientId: null, buildingId: null };
  // A non-admin without a client sees nothing: -1 never matches a row.
  const clientId = actor.clientId ?? -1;
  if (actor.roleId === ROLE.ClientAdmin) return { clientId, buildingId: null };
  return { clientId, buildingId: actor.buildingId ?? -1 };
}

const TRUE = sql`true`;

/** Client-level filter: rows of the actor's client (all rows for admins). */
export function clientFilter(actor: TActor, clientColumn: PgColumn): SQL {
  const s = scopeOf(actor);
  return s.clientId === null ? TRUE : eq(clientColumn, s.clientId);
}

/**
 * Building-level filter for building-owned rows. `clientWideRows`: rows with a null building
 * (e.g. global exclusions, district contacts) are visible to the whole client.
 */
export function buildingFilter(
  actor: TActor,
  columns: { clientId: PgColumn; buildingId: PgColumn },
  opts: { clientWideRows?: boolean } = {},
): SQL {
  const s = scopeOf(actor);
  const client = s.clientId === null ? TRUE : eq(columns.clientId, s.clientId);
  if (s.buildingId === null) return client;
  const building = opts.clientWideRows
    ? or(eq(columns.buildingId, s.buildingId), isNull(columns.buildingId))!
    : eq(columns.buildingId, s.buildingId);
  return and(client, building)!;
}

/** True when the actor may act on a record of this client / building (for writes and ids from requests). */
export function inScope(actor: TActor, record: { clientId: number | null; buildingId?: number | null }): boolean {
  const s = scopeOf(actor);
  if (s.clientId !== null && record.clientId !== s.clientId) return false;
  if (s.buildingId !== null && record.buildingId != null && record.buildingId !== s.buildingId) return false;
  return true;
}

/** One building by id, when the actor's scope holds it (the desk's and screening's building read). */
export function buildingInScope(actor: TActor, buildingId: number): SQL {
  return and(
    eq(buildings.id, buildingId),
    buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
  )!;
}
