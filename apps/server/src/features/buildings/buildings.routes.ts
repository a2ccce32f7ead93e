import {
  ZBuildingContactsResponse,
  ZBuildingListQuery,
  ZBuildingListResponse,
  ZBuildingLookupQuery,
  ZBuildingLookupResponse,
  ZBuildingRow,
  ZBuildingUpdate,
  ZBuildingUpsert,
  ZGeocodeRequest,
  ZGeocodeResponse,
  ZIdParam,
  ZPrintTestResponse,
  ZBulkActive,
  ZBulkActiveResult,
  ZBulkDeleteResult,
  ZBulkIds,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { printWindowHtml } from '../../integrations/printing/print-window';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { ContactsService } from '../contacts';
import type { BuildingsService } from './buildings.service';
import './buildings.import';
import './buildings.export';

/**
 * Buildings (spec 000 §2 Buildings screen, §7 GET /api/building/client/{clientId}, POST and PUT
 * /api/buildings, GET /Building/Contacts/{id}, the maps geocoding call). Import and export are
 * served by the shared pipeline (buildings.import.ts, buildings.export.ts).
 */
export async function buildingsRoutes(
  app: ZodApp,
  deps: AppDeps,
  service: BuildingsService,
  contacts: ContactsService,
) {
  const once = createIdempotentRoutes(deps);
  const tags = ['buildings'];

  app.get(
    '/api/buildings',
    {
      schema: {
        tags,
        summary: 'Buildings table: paged, active-only toggle, client filter (admins)',
        // the search words only travel in the POST …/search body (security guide: none in URLs)
        querystring: ZBuildingListQuery.omit({ q: true }),
        response: { 200: ZBuildingListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), { ...req.query, q: '' }),
  );

  // issue 25 (audit 000 U1): the same list searched on the server; the text stays out of the URL
  app.post(
    '/api/buildings/search',
    {
      schema: {
        tags,
        summary:
          'Buildings table: paged, active-only toggle, client filter (admins); searched on the server by q (issue 25: the words in the body, never the URL)',
        body: ZBuildingListQuery,
        response: { 200: ZBuildingListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
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
        summary: `Add a building (new-building defaults: active, every photo and badge requirement on) ${IDEMPOTENCY_NOTE}`,
        body: ZBuildingUpsert,
        response: { 200: ZBuildingRow },
      },
    },
    async (req) => once(req, () => service.create(requireCtx(req), req.body)),
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

  app.post(
    '/api/buildings/bulk-active',
    {
      schema: {
        tags,
        summary:
          'Activate or deactivate the buildings chosen on the list (issue 26 §4): ids outside the actor’s scope change nothing and are counted as not found',
        body: ZBulkActive,
        response: { 200: ZBulkActiveResult },
      },
    },
    async (req) => service.setActiveMany(requireCtx(req), req.body),
  );

  app.post(
    '/api/buildings/bulk-delete',
    {
      schema: {
        tags,
        summary:
          'Delete the buildings chosen on the list that have no history (issue 26 §4): a building anything refers to (users, visits, cards …) stays; ids outside the actor’s scope change nothing and are counted as not found',
        body: ZBulkIds,
        response: { 200: ZBulkDeleteResult },
      },
    },
    async (req) => service.deleteMany(requireCtx(req), req.body),
  );

  app.put(
    '/api/buildings/:id',
    {
      schema: {
        tags,
        summary: 'Edit a building (with the version it started from; a stale one answers 409)',
        params: ZIdParam,
        body: ZBuildingUpdate,
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

  // issue 23 §7: the building form's "Print test page", one way per print method
  app.post(
    '/api/buildings/:id/test-print',
    {
      schema: {
        tags,
        summary:
          'Send a test page to the building’s server-side printer(s); 409 when the building prints from the browser or has no address or a refused one, 503 when the printer does not answer',
        params: ZIdParam,
        response: { 200: ZPrintTestResponse },
      },
    },
    async (req) => service.testPrint(requireCtx(req), req.params.id),
  );

  app.get(
    '/api/buildings/:id/test-page.zpl',
    { schema: { tags, summary: 'The test page as ZPL (the desk’s Browser Print)', params: ZIdParam } },
    async (req, reply) =>
      reply.type('text/plain; charset=utf-8').send(await service.testPageZpl(requireCtx(req), req.params.id)),
  );

  app.get(
    '/api/buildings/:id/test-page.pdf',
    { schema: { tags, summary: 'The test page as a PDF (the browser print window)', params: ZIdParam } },
    async (req, reply) => {
      const pdf = await service.testPagePdf(requireCtx(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'inline; filename="test-page.pdf"')
        .send(Buffer.from(pdf));
    },
  );

  // the print window of the test page, like /Badge/print/{id} for a badge
  app.get('/Building/PrintTestPage/:id', { schema: { hide: true, params: ZIdParam } }, async (req, reply) => {
    await service.testPagePdf(requireCtx(req), req.params.id); // same access as the PDF: 404 out of scope
    return reply
      .type('text/html; charset=utf-8')
      .send(printWindowHtml(`/api/buildings/${req.params.id}/test-page.pdf`, 'Test page'));
  });

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
