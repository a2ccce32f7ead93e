import {
  MESSAGES,
  ROLE,
  type TBuildingFields,
  type TBuildingRow,
  type ZBuildingListQuery,
  type ZBuildingLookupQuery,
  type ZBuildingUpsert,
  type ZGeocodeRequest,
  type TBulkActive,
  type TBulkActiveResult,
  ZBulkActive,
  ZBulkIds,
  type TBulkIds,
  type TBulkDeleteResult,
} from '@sv/contracts';
import type { z } from 'zod';
import { truncateDecimals } from '../../integrations/geocoding/geocoder';
import type { BadgeContent } from '../../integrations/printing/badge-content';
import { buildBadgePdf } from '../../integrations/printing/pdf-badge';
import { buildBadgeZpl } from '../../integrations/printing/zpl-badge';
import { requirePermission } from '../../platform/auth/permission';
import { deleteChosen, recordBulk } from '../../platform/audit/bulk';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { sendZplToBuildingPrinter } from '../../integrations/printing/building-printer';
import { formatInZone } from '../../platform/time';
import { createBuildingsRepository } from './buildings.repository';

/** The building form's test page (issue 23 §7): a sample badge, so it proves the badge layout too. */
export const TEST_PAGE_MESSAGES = {
  notServer: 'This building does not print from the server: its test page prints from the browser.',
  noAddress: 'No printer address is set for this building, so badges print as a PDF in the browser.',
  sent: (addresses: string[]) => `A test page was sent to ${addresses.join(' and ')}. Check that it printed.`,
  down: (address: string) =>
    `The printer at ${address} did not answer. Check that it is on and connected, and that the address is right.`,
} as const;

/** The server-side printer addresses of a building, main printer first (spec 002 §4: 7+ characters). */
function serverPrinters(b: TBuildingRow): string[] {
  if (b.printMethod !== 'server') return [];
  const all = [b.printerIpAddress.trim(), b.visitorPrinterIpAddress.trim()].filter((a) => a.length >= 7);
  return [...new Set(all)];
}

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

/** The sample badge a test page prints: the building's name and the time, no person's data. */
function testPage(b: TBuildingRow): BadgeContent {
  return {
    visitorName: 'Printer test page',
    visitorType: 'Test',
    buildingName: b.name,
    checkedInAt: formatInZone(new Date(), b.timeZone),
    personVisiting: 'SafeVisitor',
    expires: '',
    badgeCode: `TEST-${b.id}`,
    photo: null,
  };
}

export interface GeocodeLog {
  warn(obj: object, msg: string): void;
}

export function createBuildingsService(
  deps: AppDeps,
  { repo }: { repo: ReturnType<typeof createBuildingsRepository> },
) {
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

    /**
     * Delete the rows chosen on the list that have no history (issue 26 §4): a building anything refers to (a user, a visit, a card, a kiosk …) stays;
     * ids outside the actor's scope change nothing and are counted as not found; audited per district.
     */
    async deleteMany(ctx: RequestCtx, body: TBulkIds): Promise<TBulkDeleteResult> {
      requirePermission(ctx.actor, 'buildings.manage');
      const ids = [...new Set(ZBulkIds.parse(body).ids)];
      return deleteChosen(deps, ctx, 'building', ids, {
        inScope: (tx) => repo.inScope(ctx.actor, ids, tx),
        deleteOne: (tx, id) => repo.deleteUnreferenced(ctx.actor, id, tx),
      });
    },

    /** PUT /api/buildings/:id. A building stays with its client. */
    /** Activate or deactivate the rows chosen on the list (issue 26 §4): the actor's scope only, one audit row per district. */
    async setActiveMany(ctx: RequestCtx, body: TBulkActive): Promise<TBulkActiveResult> {
      requirePermission(ctx.actor, 'buildings.manage');
      const input = ZBulkActive.parse(body);
      const ids = [...new Set(input.ids)];
      const { found, changed } = await repo.setActiveMany(ctx.actor, ids, input.active);
      await recordBulk(deps, ctx, 'building', input.active, changed);
      return { changed: changed.length, unchanged: found - changed.length, notFound: ids.length - found };
    },

    async update(ctx: RequestCtx, id: number, { version, ...body }: Upsert & { version: number }) {
      requirePermission(ctx.actor, 'buildings.manage');
      const before = await mustFind(ctx, id);
      refuseStale(before, version);
      if (body.clientId !== null && body.clientId !== before.clientId) {
        throw badRequest('A building cannot move to another district.', {
          clientId: ['A building cannot move to another district'],
        });
      }
      const fields = fieldsOf(body);
      mustHaveSaved(await repo.update(ctx.actor, id, fields, version));
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
     * POST /api/buildings/:id/test-print (issue 23 §7): a building that prints from the server
     * sends a test page to each of its printer addresses (the address rule is checked again
     * before connecting) and says, in words, whether the printers took it.
     */
    async testPrint(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'buildings.manage');
      const building = await mustFind(ctx, id);
      if (building.printMethod !== 'server') throw new AppError('CONFLICT', TEST_PAGE_MESSAGES.notServer);
      const addresses = serverPrinters(building);
      if (addresses.length === 0) throw new AppError('CONFLICT', TEST_PAGE_MESSAGES.noAddress);
      const zpl = await buildBadgeZpl(testPage(building));
      for (const address of addresses) await sendZplToBuildingPrinter(address, zpl, TEST_PAGE_MESSAGES.down(address));
      await deps.audit.record(ctx, {
        action: 'building.test_print',
        targetType: 'building',
        targetId: id,
        clientId: building.clientId,
        buildingId: id,
        details: { addresses },
      });
      return { printed: true, message: TEST_PAGE_MESSAGES.sent(addresses) };
    },

    /** The test page as ZPL, for the desk's Browser Print (issue 23 §7). */
    async testPageZpl(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'buildings.manage');
      return buildBadgeZpl(testPage(await mustFind(ctx, id)));
    },

    /** The test page as a PDF, for the browser's print window (issue 23 §7). */
    async testPagePdf(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'buildings.manage');
      return buildBadgePdf(testPage(await mustFind(ctx, id)));
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
      return {
        latitude: truncateDecimals(result.lat),
        longitude: truncateDecimals(result.lon),
        ...(result.approximate ? { approximate: true as const } : {}),
      };
    },
  };
}
export type BuildingsService = ReturnType<typeof createBuildingsService>;
