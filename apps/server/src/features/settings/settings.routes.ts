import { ZClientChoiceQuery, ZSavedResponse, ZSystemSettingsRequest, ZSystemSettingsResponse } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { SettingsService } from './settings.service';

/** spec 000 §2 /settings: visitor and volunteer URLs (the Skyward test is POST /api/clients/:id/sis/test). */
export async function settingsRoutes(app: ZodApp, _deps: AppDeps, service: SettingsService) {
  app.get(
    '/api/system-settings',
    {
      schema: {
        tags: ['settings'],
        summary: "System settings of the actor's client (admins name the client)",
        querystring: ZClientChoiceQuery,
        response: { 200: ZSystemSettingsResponse },
      },
    },
    async (req) => service.get(requireCtx(req), req.query.clientId),
  );

  app.put(
    '/api/system-settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Save the visitor and volunteer URLs',
        body: ZSystemSettingsRequest,
        response: { 200: ZSavedResponse },
      },
    },
    async (req) => service.save(requireCtx(req), req.body),
  );
}
