import {
  ZBackgroundSettingsRequest,
  ZBackgroundSettingsResponse,
  ZBackgroundTestResponse,
  ZClientDetail,
  ZClientListQuery,
  ZClientListResponse,
  ZClientLookupResponse,
  ZClientSettingsRequest,
  ZClientSettingsResponse,
  ZDeskSettingsResponse,
  ZClientUpdate,
  ZClientUpsert,
  ZIdParam,
  ZKioskSettingsRequest,
  ZKioskSettingsResponse,
  ZSavedResponse,
  ZSisTestRequest,
  ZSisTestResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { ClientsService } from './clients.service';

const tags = ['clients'];

/**
 * Clients and their three settings sets (spec 000 §2 Clients screen, §7 /ClientData/*; spec 002 §3).
 * Settings saves answer `{ id }` (a positive number means success); failures use the error body.
 */
export async function clientsRoutes(app: ZodApp, deps: AppDeps, service: ClientsService) {
  const once = createIdempotentRoutes(deps);

  app.get(
    '/api/clients',
    {
      schema: {
        tags,
        summary: 'Clients, one page (admins); sorted by id, active only by default',
        // the search words only travel in the POST …/search body (security guide: none in URLs)
        querystring: ZClientListQuery.omit({ q: true }),
        response: { 200: ZClientListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );

  // issue 25 (audit 000 U1): the same list searched on the server; the text stays out of the URL
  app.post(
    '/api/clients/search',
    {
      schema: {
        tags,
        summary:
          'Clients, one page (admins); sorted by id, active only by default; searched on the server by q (issue 25: the words in the body, never the URL)',
        body: ZClientListQuery,
        response: { 200: ZClientListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
  );

  app.get(
    '/api/clients/lookup',
    {
      schema: {
        tags,
        summary: 'Client lookup (id, name): every client for admins, otherwise the own client',
        response: { 200: ZClientLookupResponse },
      },
    },
    async (req) => ({ data: await service.lookup(requireCtx(req)) }),
  );

  app.post(
    '/api/clients',
    {
      schema: {
        tags,
        summary: `Create a client (admins) ${IDEMPOTENCY_NOTE}`,
        body: ZClientUpsert,
        response: { 200: ZSavedResponse },
      },
    },
    async (req) => once(req, () => service.create(requireCtx(req), req.body)),
  );

  app.get(
    '/api/clients/:id',
    {
      schema: {
        tags,
        summary: 'One client for editing (admins)',
        params: ZIdParam,
        response: { 200: ZClientDetail },
      },
    },
    async (req) => service.get(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/clients/:id',
    {
      schema: {
        tags,
        summary: 'Edit a client (admins; with the version it started from, a stale one answers 409)',
        params: ZIdParam,
        body: ZClientUpdate,
        response: { 200: ZSavedResponse },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/clients/:id/desk-settings',
    {
      schema: {
        tags,
        summary: 'Button labels and front-desk/kiosk flags of a district (readable by its desks and kiosks)',
        params: ZIdParam,
        response: { 200: ZDeskSettingsResponse },
      },
    },
    async (req) => service.getDeskSettings(requireCtx(req), req.params.id),
  );

  app.get(
    '/api/clients/:id/settings',
    {
      schema: {
        tags,
        summary: 'General settings of a client; the SIS client secret is never returned',
        params: ZIdParam,
        response: { 200: ZClientSettingsResponse },
      },
    },
    async (req) => service.getSettings(requireCtx(req), req.params.id),
  );

  app.patch(
    '/api/clients/:id/settings',
    {
      schema: {
        tags,
        summary:
          'Change general settings (only those sent; with the version); an empty sisClientSecret keeps the saved one',
        params: ZIdParam,
        body: ZClientSettingsRequest,
        response: { 200: ZSavedResponse },
      },
    },
    async (req) => service.saveSettings(requireCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/clients/:id/kiosk-settings',
    {
      schema: {
        tags,
        summary: 'Kiosk settings of a client',
        params: ZIdParam,
        response: { 200: ZKioskSettingsResponse },
      },
    },
    async (req) => service.getKioskSettings(requireCtx(req), req.params.id),
  );

  app.patch(
    '/api/clients/:id/kiosk-settings',
    {
      schema: {
        tags,
        summary: 'Change kiosk settings (only those sent; with the version)',
        params: ZIdParam,
        body: ZKioskSettingsRequest,
        response: { 200: ZSavedResponse },
      },
    },
    async (req) => service.saveKioskSettings(requireCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/clients/:id/background-settings',
    {
      schema: {
        tags,
        summary: 'Background check settings; answers hasPassword, never the password',
        params: ZIdParam,
        response: { 200: ZBackgroundSettingsResponse },
      },
    },
    async (req) => service.getBackgroundSettings(requireCtx(req), req.params.id),
  );

  app.patch(
    '/api/clients/:id/background-settings',
    {
      schema: {
        tags,
        summary:
          'Change background check settings (only those sent; with the version); an empty password keeps the saved one',
        params: ZIdParam,
        body: ZBackgroundSettingsRequest,
        response: { 200: ZSavedResponse },
      },
    },
    async (req) => service.saveBackgroundSettings(requireCtx(req), req.params.id, req.body),
  );

  app.post(
    '/api/clients/:id/background-settings/test',
    {
      schema: {
        tags,
        summary: "Test the district's saved background-check provider (an agency: address, account and password)",
        params: ZIdParam,
        response: { 200: ZBackgroundTestResponse },
      },
    },
    async (req) => service.testBackgroundSettings(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/clients/:id/sis/test',
    {
      schema: {
        tags,
        summary: 'Test the SIS (Skyward) connection with the saved settings or the unsaved ones in the body',
        params: ZIdParam,
        body: ZSisTestRequest,
        response: { 200: ZSisTestResponse },
      },
    },
    async (req) => service.testSis(requireCtx(req), req.params.id, req.body),
  );
}
