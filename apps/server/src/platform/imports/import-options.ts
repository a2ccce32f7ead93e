import { and, eq } from 'drizzle-orm';
import { buildings, clients } from '../../db/schema/index';
import type { Db } from '../db/database';
import { inScope, scopeOf } from '../db/scope';
import { badRequest, notFound } from '../http/app-error';
import type { RequestCtx } from '../http/request-context';

/**
 * Option fields sent with an import (or parameters of an export) name a client or building.
 * Such an id is a request to be checked against the actor, never trusted (security guide):
 * unknown or out-of-scope ids answer 404. The pipeline runs these checks once before any row
 * is processed; definitions call them again to get the resolved ids.
 */

/** Parses an id option; '', '0', 'null', 'undefined' (what old pages send for "all") count as absent. */
export function idOption(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (v === '' || v === '0' || v === 'null' || v === 'undefined') return null;
  if (!/^\d{1,9}$/.test(v)) throw badRequest(`${name} must be a number`);
  return Number(v);
}

/** Checks a client id against the actor (404 when unknown or outside the scope); null when absent. */
export async function checkClientId(ctx: RequestCtx, clientId: number | null, db: Db): Promise<number | null> {
  if (clientId === null) return null;
  if (!inScope(ctx.actor, { clientId })) throw notFound('Client not found');
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row) throw notFound('Client not found');
  return row.id;
}

/** Checks a building id against the actor (404 when unknown or outside the scope); null when absent. */
export async function checkBuildingId(
  ctx: RequestCtx,
  buildingId: number | null,
  db: Db,
  clientId: number | null = null,
): Promise<{ clientId: number; buildingId: number } | null> {
  if (buildingId === null) return null;
  const [row] = await db
    .select({ id: buildings.id, clientId: buildings.clientId })
    .from(buildings)
    .where(
      clientId === null
        ? eq(buildings.id, buildingId)
        : and(eq(buildings.id, buildingId), eq(buildings.clientId, clientId)),
    )
    .limit(1);
  if (!row || !inScope(ctx.actor, { clientId: row.clientId, buildingId: row.id })) throw notFound('Building not found');
  return { clientId: row.clientId, buildingId: row.id };
}

/**
 * The client the imported rows belong to: `options.clientId` when sent (checked; admins must
 * send one unless `allowNone`), otherwise the actor's own client. Throws 404 for another
 * tenant's client, 400 when an admin sends none.
 */
export async function requireClientOption(ctx: RequestCtx, options: Record<string, string>, tx: Db): Promise<number> {
  const requested = await checkClientId(ctx, idOption(options.clientId, 'clientId'), tx);
  if (requested !== null) return requested;
  const own = scopeOf(ctx.actor).clientId;
  if (own === null || own < 0) throw badRequest('Choose a district for the import.', { clientId: ['is required'] });
  return own;
}

/**
 * Per-upload cache: the pipeline hands every callback the same `options` object, so answers
 * keyed on it live exactly as long as one upload (definitions may call the option helpers per
 * row without extra queries).
 */
const cache = new WeakMap<object, Map<string, Promise<unknown>>>();
function memo<T>(options: Record<string, string>, key: string, compute: () => Promise<T>): Promise<T> {
  let entries = cache.get(options);
  if (!entries) {
    entries = new Map();
    cache.set(options, entries);
  }
  let hit = entries.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = compute();
    entries.set(key, hit);
    // a failure is not cached: the next call tries again
    hit.catch(() => entries!.delete(key));
  }
  return hit;
}

/**
 * The building named by `options.buildingId` (checked: 404 outside the scope or not of the
 * client in `options.clientId` when both are sent). Returns null when absent unless `required`
 * (then 400). Building-scoped actors get their own building when none is sent.
 */
export function requireBuildingOption(
  ctx: RequestCtx,
  options: Record<string, string>,
  tx: Db,
  opts: { required?: boolean } = {},
): Promise<{ clientId: number; buildingId: number } | null> {
  return memo(options, `building:${Boolean(opts.required)}`, () => resolveBuilding(ctx, options, tx, opts));
}

async function resolveBuilding(
  ctx: RequestCtx,
  options: Record<string, string>,
  tx: Db,
  opts: { required?: boolean },
): Promise<{ clientId: number; buildingId: number } | null> {
  const clientId = await checkClientId(ctx, idOption(options.clientId, 'clientId'), tx);
  let buildingId = idOption(options.buildingId, 'buildingId');
  const own = scopeOf(ctx.actor).buildingId;
  if (buildingId === null && own !== null && own > 0) buildingId = own;
  const found = await checkBuildingId(ctx, buildingId, tx, clientId);
  if (!found && opts.required) throw badRequest('Choose a building for the import.', { buildingId: ['is required'] });
  return found;
}
