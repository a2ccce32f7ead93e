import { ROLE, type TActor } from '@sv/contracts';
import { and, eq, isNull, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
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

/**
 * The scope of a statement built once and run for every actor of the same shape (issue 10 §9,
 * `scopedQuery` in named.ts): the same filters as an actor's, with placeholders where an actor's
 * ids would be. Only `scopeParams` makes one, together with the values its placeholders take.
 */
export interface ScopeTemplate {
  readonly template: { clientId: Placeholder | null; buildingId: Placeholder | null };
}

/**
 * One district, for a write the system makes on a district's behalf with no actor of its own (a
 * registration's photo filled into its visitor record): `districtScope(clientId)`.
 */
export interface DistrictScope {
  readonly district: number;
}
export const districtScope = (clientId: number): DistrictScope => ({ district: clientId });

/** What the filters below accept: an actor, a template of an actor's scope shape, or one district. */
export type ScopeSource = TActor | ScopeTemplate | DistrictScope;

const isTemplate = (source: ScopeSource): source is ScopeTemplate => 'template' in source;
const scopeIds = (
  source: ScopeSource,
): { clientId: number | Placeholder | null; buildingId: number | Placeholder | null } =>
  isTemplate(source)
    ? source.template
    : 'district' in source
      ? { clientId: source.district, buildingId: null }
      : scopeOf(source);

const SCOPE_CLIENT = sql.placeholder('scopeClientId');
const SCOPE_BUILDING = sql.placeholder('scopeBuildingId');
const TEMPLATES = {
  all: { template: { clientId: null, buildingId: null } },
  client: { template: { clientId: SCOPE_CLIENT, buildingId: null } },
  building: { template: { clientId: SCOPE_CLIENT, buildingId: SCOPE_BUILDING } },
} satisfies Record<string, ScopeTemplate>;
export type ScopeShape = keyof typeof TEMPLATES;

/**
 * An actor's scope as a shape (admin: all; district admin: client; attendant and kiosk:
 * building), the template of that shape, and the values of the template's placeholders for this
 * actor. A statement built from `template` and run with `values` filters exactly as the actor's
 * own filters do.
 */
export function scopeParams(actor: TActor): {
  shape: ScopeShape;
  template: ScopeTemplate;
  values: Record<string, number>;
} {
  const s = scopeOf(actor);
  if (s.clientId === null) return { shape: 'all', template: TEMPLATES.all, values: {} };
  if (s.buildingId === null)
    return { shape: 'client', template: TEMPLATES.client, values: { scopeClientId: s.clientId } };
  return {
    shape: 'building',
    template: TEMPLATES.building,
    values: { scopeClientId: s.clientId, scopeBuildingId: s.buildingId },
  };
}

/** Client-level filter: rows of the actor's client (all rows for admins). */
export function clientFilter(actor: ScopeSource, clientColumn: PgColumn): SQL {
  const s = scopeIds(actor);
  return s.clientId === null ? TRUE : eq(clientColumn, s.clientId);
}

/**
 * Building-level filter for building-owned rows. `clientWideRows`: rows with a null building
 * (e.g. global exclusions, district contacts) are visible to the whole client.
 */
export function buildingFilter(
  actor: ScopeSource,
  columns: { clientId: PgColumn; buildingId: PgColumn },
  opts: { clientWideRows?: boolean } = {},
): SQL {
  const s = scopeIds(actor);
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
export function buildingInScope(actor: ScopeSource, buildingId: number | Placeholder): SQL {
  return and(
    eq(buildings.id, buildingId),
    buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
  )!;
}
