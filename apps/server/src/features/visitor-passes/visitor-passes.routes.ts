import {
  ZDeskPassScanResponse,
  ZIdParam,
  ZKioskPassCheckInRequest,
  ZKioskPassCheckInResponse,
  ZKioskPassScanResponse,
  ZOk,
  ZPassScanRequest,
  ZVisitorPassCreate,
  ZVisitorPassListQuery,
  ZVisitorPassListResponse,
  ZVisitorPassRow,
  ZId,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { VisitorPassesService } from './visitor-passes.service';

/** Visitor passes and arrival by pass (issue 28 §2–3, ADR 0053). */
export async function visitorPassesRoutes(app: ZodApp, deps: AppDeps, service: VisitorPassesService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['visitor passes'];
  app.post(
    '/api/visitor-passes',
    {
      schema: {
        tags,
        summary: `Invite a visitor: a scheduled card with a host and a window, and its pass sent by e-mail / SMS ${IDEMPOTENCY_NOTE}`,
        body: ZVisitorPassCreate,
        response: { 200: ZVisitorPassRow },
      },
    },
    async (req) => once(req, () => service.invite(requireCtx(req), req.body)),
  );
  app.post(
    '/api/visitor-passes/search',
    {
      schema: {
        tags,
        summary: 'Visitor passes: paged, searched on the server by q (the words in the body)',
        body: ZVisitorPassListQuery,
        response: { 200: ZVisitorPassListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
  );
  app.get(
    '/api/visitor-passes/:id',
    { schema: { tags, summary: 'One visitor pass', params: ZIdParam, response: { 200: ZVisitorPassRow } } },
    async (req) => service.get(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/visitor-passes/:id/revoke',
    {
      schema: { tags, summary: 'Revoke a pass: it stops admitting at once', params: ZIdParam, response: { 200: ZOk } },
    },
    async (req) => service.revoke(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/visitor-passes/scan',
    {
      schema: {
        tags,
        summary:
          "The desk's scan of a pass: the card and its visitor, for the screening step (refused: 409 with the reason)",
        body: ZPassScanRequest.extend({ buildingId: ZId }),
        response: { 200: ZDeskPassScanResponse },
      },
    },
    async (req) => service.deskScan(requireCtx(req), req.body.token, req.body.buildingId),
  );
  app.post(
    '/api/kiosk/passes/scan',
    {
      schema: {
        tags: ['kiosk'],
        summary: "The kiosk's scan of a pass: who it is for (refused: 409 with the reason)",
        body: ZPassScanRequest,
        response: { 200: ZKioskPassScanResponse },
      },
    },
    async (req) => service.kioskScan(requireCtx(req), req.body.token),
  );
  app.post(
    '/api/kiosk/passes/check-in',
    {
      schema: {
        tags: ['kiosk'],
        summary: `Arrival by pass at the kiosk: screened now, checked in through the admission gate or sent to the desk ${IDEMPOTENCY_NOTE}`,
        body: ZKioskPassCheckInRequest,
        response: { 200: ZKioskPassCheckInResponse },
      },
    },
    async (req) => once(req, () => service.kioskCheckIn(requireCtx(req), req.body)),
  );
}
