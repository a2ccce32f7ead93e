import {
  ZIdParam,
  ZPublicReunificationInfo,
  ZPublicReunificationParams,
  ZPublicReunificationRequest,
  ZPublicReunificationResult,
  ZReunificationBoard,
  ZReunificationChildParams,
  ZReunificationEvent,
  ZReunificationLinkResponse,
  ZReunificationListQuery,
  ZReunificationListResponse,
  ZReunificationReleaseRequest,
  ZReunificationReleaseResponse,
  ZReunificationRequest,
  ZReunificationRequestParams,
  ZReunificationStartRequest,
  ZReunificationStationBody,
  ZReunificationVerifyRequest,
  ZReunificationVerifyResponse,
  ZStationRequestCreate,
} from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { ReunificationService } from './reunification.service';
import './reunification.export';

const tags = ['reunification'];
const ZOk = z.object({ ok: z.literal(true) });

/**
 * Reunification (issue 27 §3, ADR 0050). Staff routes under /api/reunification (station,
 * administrator, report); the public pre-request page under /api/public/reunification/:token
 * (anonymous, CSRF-exempt like the public registration form, per-address limits).
 */
export async function reunificationRoutes(app: ZodApp, deps: AppDeps, service: ReunificationService) {
  const once = createIdempotentRoutes(deps);

  app.post(
    '/api/reunification/events',
    {
      schema: {
        tags,
        summary: `Start a reunification for a building: from an active emergency state of it, or on its own (administrators); 409 when the building already has an open one ${IDEMPOTENCY_NOTE}`,
        body: ZReunificationStartRequest,
        response: { 200: ZReunificationEvent },
      },
    },
    async (req) => once(req, () => service.start(requireCtx(req), req.body)),
  );
  app.get(
    '/api/reunification/events',
    {
      schema: {
        tags,
        summary: "Reunifications of the actor's buildings with live counts and their totals (the district view)",
        querystring: ZReunificationListQuery,
        response: { 200: ZReunificationListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query.open === undefined ? undefined : req.query.open === 'true'),
  );
  app.get(
    '/api/reunification/events/:id',
    {
      schema: {
        tags,
        summary: 'The station board: the event, its counts, every request with its children and their steps',
        params: ZIdParam,
        response: { 200: ZReunificationBoard },
      },
    },
    async (req) => service.board(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/reunification/events/:id/end',
    {
      schema: {
        tags,
        summary: 'End a reunification (administrators)',
        params: ZIdParam,
        response: { 200: ZReunificationEvent },
      },
    },
    async (req) => service.end(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/reunification/events/:id/link',
    {
      schema: {
        tags,
        summary: 'Send the public pre-request link by e-mail and SMS to the adults on file of the building’s students',
        params: ZIdParam,
        response: { 200: ZReunificationLinkResponse },
      },
    },
    async (req) => service.sendLink(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/reunification/events/:id/requests',
    {
      schema: {
        tags,
        summary: `An adult met at a station asks for children of the building ${IDEMPOTENCY_NOTE}`,
        params: ZIdParam,
        body: ZStationRequestCreate,
        response: { 200: ZReunificationRequest },
      },
    },
    async (req) => once(req, () => service.createRequest(requireCtx(req), req.params.id, req.body)),
  );
  app.post(
    '/api/reunification/events/:id/requests/:requestId/verify',
    {
      schema: {
        tags,
        summary:
          'The station checked the adult’s ID: the one release rule is applied to every child asked for; refused children are never offered',
        params: ZReunificationRequestParams,
        body: ZReunificationVerifyRequest,
        response: { 200: ZReunificationVerifyResponse },
      },
    },
    async (req) => service.verify(requireCtx(req), req.params.id, req.params.requestId, req.body),
  );
  app.post(
    '/api/reunification/events/:id/children/:childId/sent',
    {
      schema: {
        tags,
        summary: 'A runner is sent for an offered child (location from the roster marks)',
        params: ZReunificationChildParams,
        body: ZReunificationStationBody,
        response: { 200: ZOk },
      },
    },
    async (req) => service.sendRunner(requireCtx(req), req.params.id, req.params.childId, req.body.station),
  );
  app.post(
    '/api/reunification/events/:id/children/:childId/arrived',
    {
      schema: {
        tags,
        summary: 'The child is at the station',
        params: ZReunificationChildParams,
        body: ZReunificationStationBody,
        response: { 200: ZOk },
      },
    },
    async (req) => service.arrived(requireCtx(req), req.params.id, req.params.childId, req.body.station),
  );
  app.post(
    '/api/reunification/events/:id/children/:childId/release',
    {
      schema: {
        tags,
        summary:
          'Release the child to the verified adult through the one release rule, with the adult’s photo; once per child (409 after)',
        params: ZReunificationChildParams,
        body: ZReunificationReleaseRequest,
        response: { 200: ZReunificationReleaseResponse },
      },
    },
    async (req) => service.release(requireCtx(req), req.params.id, req.params.childId, req.body),
  );
  app.get(
    '/api/reunification/events/:id/report.pdf',
    { schema: { tags, summary: 'The after-action report (PDF)', params: ZIdParam } },
    async (req, reply) => {
      const { pdf, fileName } = await service.reportPdf(requireCtx(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  // ---------------------------------------------------------------- public pre-request page
  app.get(
    '/api/public/reunification/:token',
    {
      schema: {
        tags,
        summary:
          'The pre-request page of an open reunification (no sign-in); 429 over 60 loads per address in 10 minutes',
        params: ZPublicReunificationParams,
        response: { 200: ZPublicReunificationInfo },
      },
    },
    async (req) => service.publicInfo(req.params.token, req.ip),
  );
  app.post(
    '/api/public/reunification/:token/requests',
    {
      schema: {
        tags,
        summary: 'An adult pre-requests children (no sign-in); 429 over 5 requests per address in 10 minutes',
        params: ZPublicReunificationParams,
        body: ZPublicReunificationRequest,
        response: { 200: ZPublicReunificationResult },
      },
    },
    async (req) => service.publicRequest(req.params.token, req.body, req.ip),
  );
}
