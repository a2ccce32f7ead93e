import {
  MESSAGES,
  ROLE,
  type TBuildingFields,
  type TBuildingRow,
  type ZBuildingListQuery,
  type ZBuildingLookupQuery,
  type ZBuildingUpsert,
  type ZGeocodeRequest,
} from '@sv/contracts';
import type { z } from 'zod';
import { truncateDecimals } from '../../integrations/geocoding/geocoder';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createBuildingsRepository } from './buildings.repository';

type Upsert = z.output<typeof ZBuildingUpsert>;

/** Coordinates are kept to 6 decimals, truncated (spec 000 §5, §9), whether geocoded or typed. */
function fieldsOf(body: Upsert): TBuildingFields {
  const { clientId: _clientId, ...fields } = body;
  return {
    ...fields,
    latitude: fields.latitude === null ? null : truncateDecimals(fields.latitude),
    longitude: fields.longitude === null ? null : truncateDecimals(fields.longitude),
  };
}

/** Changed fields for the audit record (before → after). */
function changes(before: TBuildingRow, after: TBuildingFields) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(after)) {
    const old = (before as Record<string, unknown>)[k];
    if (old !== v) out[k] = { from: old, to: v };
  }
  return out;
}

export interface GeocodeLog {
  warn(obj: object, msg: string): void;
}

export function createBuildingsService(deps: AppDeps) {
  const repo = createBuildingsRepository(deps.db);

  async function mustFind(ctx: RequestCtx, id: number) {
    const row = await repo.findById(ctx.actor, id);
    if (!row) throw notFound('Building not found');
    return row;
  }

  return {
    /** The Buildings screen table (spec 000 §2). */
    async list(ctx: RequestCtx, query: z.output<typeof ZBuildingListQuery>) {
      requirePermission(ctx.actor, 'buildings.manage');
      return repo.list(ctx.actor, query);
    },

    /** Building pickers and filters; attendants and kiosks get their own building only. */
    async lookup(ctx: RequestCtx, query: z.output<typeof ZBuildingLookupQuery>) {
      requirePermission(ctx.actor, 'buildings.read');
      return repo.lookup(ctx.actor, query);
    },

    /** One building (also the front desk's building settings, spec 002 §3). */
    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'buildings.read');
      return mustFind(ctx, id);
    },

    /** POST /api/buildings: admins choose the client; everyone else creates in their own client. */
    async create(ctx: RequestCtx, body: Upsert) {
      requirePermission(ctx.actor, 'buildings.manage');
      let clientId = body.clientId;
      if (clientId === null) {
        if (ctx.actor.roleId === ROLE.Admin || !ctx.actor.clientId) {
          throw badRequest('Choose the district of this building.', { clientId: ['Choose a district'] });
        }
        clientId = ctx.actor.clientId;
      }
      if (!(await repo.clientInScope(ctx.actor, clientId))) throw notFound('Client not found');
      const fields = fieldsOf(body);
      const id = await repo.insert(ctx.actor, clientId, fields);
      if (id === null) throw notFound('Client not found');
      await deps.audit.record(ctx, {
        action: 'building.create',
        targetType: 'building',
        targetId: id,
        clientId,
        buildingId: id,
        details: { name: fields.name, active: fields.active },
      });
      return mustFind(ctx, id);
    },

    /** PUT /api/buildings/:id. A building stays with its client. */
    async update(ctx: RequestCtx, id: number, body: Upsert) {
      requirePermission(ctx.actor, 'buildings.manage');
      const before = await mustFind(ctx, id);
      if (body.clientId !== null && body.clientId !== before.clientId) {
        throw badRequest('A building cannot move to another district.', {
          clientId: ['A building cannot move to another district'],
        });
      }
      const fields = fieldsOf(body);
      if (!(await repo.update(ctx.actor, id, fields))) throw notFound('Building not found');
      await deps.audit.record(ctx, {
        action: 'building.update',
        targetType: 'building',
        targetId: id,
        clientId: before.clientId,
        buildingId: id,
        details: { changes: changes(before, fields) },
      });
      return mustFind(ctx, id);
    },

    /**
     * POST /api/geocode (spec 000 §5): coordinates of an address, truncated to 6 decimals.
     * No result → 400 'could not be found'; several → 400 'could not be uniquely determined';
     * provider failure or timeout → 503 'Unable to find coordinates at this time'.
     */
    async geocode(ctx: RequestCtx, body: z.output<typeof ZGeocodeRequest>, log?: GeocodeLog) {
      requirePermission(ctx.actor, 'buildings.manage');
      let result: Awaited<ReturnType<AppDeps['geocoder']['geocode']>>;
      try {
        result = await deps.geocoder.geocode(body);
      } catch (err) {
        log?.warn({ err, geocoder: deps.geocoder.name }, 'geocoding failed');
        throw new AppError('UPSTREAM_UNAVAILABLE', MESSAGES.geocodeFailed);
      }
      if (result.status === 'none') throw badRequest(MESSAGES.geocodeNotFound);
      if (result.status === 'ambiguous') throw badRequest(MESSAGES.geocodeAmbiguous);
      return { latitude: truncateDecimals(result.lat), longitude: truncateDecimals(result.lon) };
    },
  };
}
