import {
  ZAutoCheckOutResponse,
  ZCheckInRequest,
  ZCheckInResponse,
  ZCheckOutByBadgeRequest,
  ZCheckOutResponse,
  ZCheckOutVisitorRequest,
  ZCurrentVisitsResponse,
  ZIdText,
  ZPrintResponse,
  ZVisitReasonsResponse,
  ZVisitSummary,
  ZPrintLanguageQuery,
} from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { VisitsService } from './visits.service';
import { sendJsonText } from '../../platform/http/json-text';
import { badgePrintWindow } from '../../integrations/printing/print-window';

const ZVisitId = z.object({ id: ZIdText });
const ZBuildingId = z.object({ buildingId: ZIdText });
const tags = ['front desk'];

export async function visitsRoutes(app: ZodApp, _deps: AppDeps, service: VisitsService) {
  app.post(
    '/api/visits',
    {
      schema: {
        tags,
        summary: 'Check a visitor in: creates the badge and the open visit (requires an Idempotency-Key header)',
        body: ZCheckInRequest,
        response: { 200: ZCheckInResponse },
      },
    },
    async (req) => service.checkIn(requireCtx(req), req.body, requireIdempotencyKey(req)),
  );

  app.get(
    '/api/visits/:id',
    { schema: { tags, summary: 'One visit', params: ZVisitId, response: { 200: ZVisitSummary } } },
    async (req) => service.getVisit(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/visits/:id/check-out',
    {
      schema: {
        tags,
        summary: 'Check a visit out (idempotent)',
        params: ZVisitId,
        response: { 200: ZCheckOutResponse },
      },
    },
    async (req) => ({ visit: await service.checkOut(requireCtx(req), req.params.id, 'dashboard') }),
  );

  app.post(
    '/api/visits/check-out-by-badge',
    {
      schema: {
        tags,
        summary: 'Check out by scanning the badge barcode',
        body: ZCheckOutByBadgeRequest,
        response: { 200: ZCheckOutResponse },
      },
    },
    async (req) => ({ visit: await service.checkOutByBadge(requireCtx(req), req.body.buildingId, req.body.badgeCode) }),
  );

  app.post(
    '/api/visitors/:id/check-out',
    {
      schema: {
        tags,
        summary: 'Check out a visitor’s open visit at a building',
        params: ZVisitId,
        body: ZCheckOutVisitorRequest,
        response: { 200: ZCheckOutResponse },
      },
    },
    async (req) => ({ visit: await service.checkOutVisitor(requireCtx(req), req.params.id, req.body.buildingId) }),
  );

  app.get(
    '/api/buildings/:buildingId/visits/current',
    {
      schema: {
        tags,
        summary: 'Current (open) visits of a building',
        params: ZBuildingId,
        response: { 200: ZCurrentVisitsResponse },
      },
    },
    // already-serialised JSON (shared by the building's dashboards): sent as is
    async (req, reply) => sendJsonText(reply, await service.currentVisitsJson(requireCtx(req), req.params.buildingId)),
  );

  app.post(
    '/api/buildings/:buildingId/visits/auto-check-out',
    {
      schema: {
        tags,
        summary: 'Check out visits left open from previous days (spec 002 §2, on dashboard load)',
        params: ZBuildingId,
        response: { 200: ZAutoCheckOutResponse },
      },
    },
    async (req) => ({ checkedOut: await service.checkOutPreviousDays(requireCtx(req), req.params.buildingId) }),
  );

  app.get(
    '/api/buildings/:buildingId/visit-reasons',
    {
      schema: {
        tags,
        summary: 'Visitor and volunteer reasons of the building’s district',
        params: ZBuildingId,
        querystring: z.object({ kind: z.enum(['visitor', 'volunteer']).optional() }),
        response: { 200: ZVisitReasonsResponse },
      },
    },
    async (req) => ({ data: (await service.reasons(requireCtx(req), req.params.buildingId, req.query.kind)) as never }),
  );

  app.get(
    '/api/visits/:id/badge.pdf',
    {
      schema: {
        tags,
        summary: 'The badge as a PDF for the browser print window (`lang`: its fixed words’ language)',
        params: ZVisitId,
        querystring: ZPrintLanguageQuery,
      },
    },
    async (req, reply) => {
      const pdf = await service.badgePdf(requireCtx(req), req.params.id, req.query.lang);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'inline; filename="badge.pdf"')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/visits/:id/badge.zpl',
    {
      schema: {
        tags,
        summary: 'The badge as ZPL (browser-to-printer path, spec 002 §4)',
        params: ZVisitId,
        querystring: ZPrintLanguageQuery,
      },
    },
    async (req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await service.badgeZpl(requireCtx(req), req.params.id, req.query.lang)),
  );

  app.post(
    '/api/visits/:id/badge/print',
    {
      schema: {
        tags,
        summary: 'Send the badge to the building’s network printer (raw TCP 9100)',
        params: ZVisitId,
        response: { 200: ZPrintResponse },
      },
    },
    async (req) => service.printBadge(requireCtx(req), req.params.id),
  );

  // spec 002 §7 window: /Badge/print/{id} is the browser's print window for the badge. It frames
  // the badge PDF and asks for printing once it has loaded (issue 10 §8: the PDF alone opened in
  // the viewer and waited for the attendant to find its print button).
  app.get('/Badge/print/:id', { schema: { hide: true, params: ZVisitId } }, async (req, reply) => {
    await service.badgePdf(requireCtx(req), req.params.id); // same access as the PDF: 404 out of scope
    return reply.type('text/html; charset=utf-8').send(badgePrintWindow(req.params.id));
  });
}
