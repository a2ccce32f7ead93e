import {
  ZBuildingContactsResponse,
  ZBuildingListQuery,
  ZBuildingListResponse,
  ZBuildingLookupQuery,
  ZBuildingLookupResponse,
  ZBuildingRow,
  ZBuildingUpsert,
  ZGeocodeRequest,
  ZGeocodeResponse,
  ZIdParam,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createContactsService } from '../contacts/contacts.service';
import { createBuildingsService } from './buildings.service';
import './buildings.import';
import './buildings.export';

/**
 * Buildings (spec 000 §2 Buildings screen, §7 GET /api/building/client/{clientId}, POST and PUT
 * /api/buildings, GET /Building/Contacts/{id}, the maps geocoding call). Import and export are
 * served by the shared pipeline (buildings.import.ts, buildings.export.ts).
 */
export async function buildingsRoutes(app: ZodApp, deps: AppDeps) {
  const service = createBuildingsService(deps);
  const contacts = createContactsService(deps);
  const tags = ['buildings'];

  app.get(
    '/api/buildings',
    {
      schema: {
        tags,
        summary: 'Buildings table: paged, active-only toggle, client filter (admins)',
        querystring: ZBuildingListQuery,
        response: { 200: ZBuildingListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );

  app.get(
    '/api/buildings/lookup',
    {
      schema: {
        tags,
        summary: 'Buildings for pickers and filters (id, name, active); attendants and kiosks get their own',
        querystring: ZBuildingLookupQuery,
        response: { 200: ZBuildingLookupResponse },
      },
    },
    async (req) => ({ data: await service.lookup(requireCtx(req), req.query) }),
  );

  app.post(
    '/api/buildings',
    {
      schema: {
        tags,
        summary: 'Add a building (new-building defaults: active, every photo and badge requirement on)',
        body: ZBuildingUpsert,
        response: { 200: ZBuildingRow },
      },
    },
    async (req) => service.create(requireCtx(req), req.body),
  );

  app.get(
    '/api/buildings/:id',
    {
      schema: {
        tags,
        summary: 'One building with every setting (also read by the front desk and kiosk of that building)',
        params: ZIdParam,
        response: { 200: ZBuildingRow },
      },
    },
    async (req) => service.get(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/buildings/:id',
    {
      schema: {
        tags,
        summary: 'Edit a building',
        params: ZIdParam,
        body: ZBuildingUpsert,
        response: { 200: ZBuildingRow },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/buildings/:id/contacts',
    {
      schema: {
        tags,
        summary: "The building's contacts and its district's Global contacts (the expandable row)",
        params: ZIdParam,
        response: { 200: ZBuildingContactsResponse },
      },
    },
    async (req) => ({ data: await contacts.ofBuilding(requireCtx(req), req.params.id) }),
  );

  app.post(
    '/api/geocode',
    {
      schema: {
        tags,
        summary:
          'Coordinates of a building address (needs street1, city and state), truncated to 6 decimals; 400 not found / not unique, 503 provider failure',
        body: ZGeocodeRequest,
        response: { 200: ZGeocodeResponse },
      },
    },
    async (req) => service.geocode(requireCtx(req), req.body, req.log),
  );
}
