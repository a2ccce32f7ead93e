import {
  ZAllowPreRegistrationRequest,
  ZCancelCheckInResponse,
  ZCheckInResponse,
  ZDenyPreRegistrationRequest,
  ZDenyPreRegistrationResponse,
  ZIdParam,
  ZIdText,
  ZPreRegistration,
  ZPreRegistrationList,
  ZPreRegistrationVisitorResponse,
} from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import './preregistrations.import';
import type { PreRegistrationsService } from './preregistrations.service';
import { sendJsonText } from '../../platform/http/json-text';

const tags = ['front desk'];

export async function preRegistrationsRoutes(app: ZodApp, _deps: AppDeps, service: PreRegistrationsService) {
  app.get(
    '/api/buildings/:buildingId/preregistrations',
    {
      schema: {
        tags,
        summary: "Today's scheduled (pre-registered) visitors and the cards awaiting a decision",
        params: z.object({ buildingId: ZIdText }),
        response: { 200: ZPreRegistrationList },
      },
    },
    // already-serialised JSON (shared by the building's dashboards): sent as is
    async (req, reply) => sendJsonText(reply, await service.dashboardListJson(requireCtx(req), req.params.buildingId)),
  );
  app.post(
    '/api/preregistrations/:id/allow',
    {
      schema: {
        tags,
        summary:
          'ALLOW: screen again now, clear exactly the confirmed results and check the visitor in (Idempotency-Key required)',
        params: ZIdParam,
        body: ZAllowPreRegistrationRequest,
        response: { 200: ZCheckInResponse },
      },
    },
    async (req) => service.allow(requireCtx(req), req.params.id, req.body, requireIdempotencyKey(req)),
  );
  app.post(
    '/api/preregistrations/:id/visitor',
    {
      schema: {
        tags,
        summary:
          "A scheduled card's visitor record (created from the card the first time), for the screening step before check-in",
        params: ZIdParam,
        response: { 200: ZPreRegistrationVisitorResponse },
      },
    },
    async (req) => service.visitorFor(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/preregistrations/:id/deny',
    {
      schema: {
        tags,
        summary: 'DENY: record the denial with the card’s counts and notify security (Idempotency-Key required)',
        params: ZIdParam,
        body: ZDenyPreRegistrationRequest,
        response: { 200: ZDenyPreRegistrationResponse },
      },
    },
    async (req) => service.deny(requireCtx(req), req.params.id, req.body.level, requireIdempotencyKey(req)),
  );
  app.post(
    '/api/preregistrations/:id/close',
    { schema: { tags, summary: 'CLOSE: dismiss the card', params: ZIdParam, response: { 200: ZPreRegistration } } },
    async (req) => service.close(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/preregistrations/:id/cancel-check-in',
    {
      schema: {
        tags,
        summary: 'Cancel a pre-registration check-in',
        params: ZIdParam,
        response: { 200: ZCancelCheckInResponse },
      },
    },
    async (req) => service.cancelCheckIn(requireCtx(req), req.params.id),
  );
}
