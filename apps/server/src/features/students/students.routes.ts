import {
  ZAuthorizationCreate,
  ZAuthorizationParams,
  ZAuthorizationRevoke,
  ZAuthorizationsResponse,
  ZDropoffParams,
  ZDropoffRequest,
  ZDropoffResponse,
  ZTardySlipPrintResponse,
  ZGuardianListQuery,
  ZGuardianListResponse,
  ZPickupCheckRequest,
  ZPickupCheckResponse,
  ZPickupPhotoResponse,
  ZPickupRequest,
  ZPickupResponse,
  ZStudentParams,
  ZStudentSearchRequest,
  ZStudentSearchResponse,
  ZSyncRequest,
  ZSyncStatus,
  ZSyncStatusQuery,
  ZTardySlipWindowParams,
  ZPrintLanguageQuery,
} from '@sv/contracts';
import { z } from 'zod';
import { PRINT_WINDOW_SCRIPT } from '../../integrations/printing/print-window';
import { tardySlipPrintWindow } from '../../integrations/printing/pdf-tardy-slip';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/files/files';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { StudentsService } from './students.service';

const tags = ['students'];
const ZCreated = z.object({ id: z.number().int() });

/** Where the tardy slip PDF of a drop-off is served; its print window frames it. */
export const tardySlipPdfUrl = (eventId: number, lang = 'en') =>
  `/api/students/dropoffs/${eventId}/tardy-slip.pdf${lang === 'en' ? '' : `?lang=${lang}`}`;

/**
 * Students (issue 12; spec 002 §7 Students: GuardianList, GuardianListSIS, AddPickup(SIS),
 * AddDropoffSIS, GenerateTardySlipForEvent). Names and student IDs go in bodies (security guide:
 * no PII in URLs); pickups and drop-offs carry an Idempotency-Key.
 */
export async function studentsRoutes(app: ZodApp, deps: AppDeps, service: StudentsService) {
  const once = createIdempotentRoutes(deps);

  app.post(
    '/api/students/search',
    {
      schema: {
        tags,
        summary: 'Desk lookup: student ID (typed or scanned from the card) or name; at most 20 of the scope',
        body: ZStudentSearchRequest,
        response: { 200: ZStudentSearchResponse },
      },
    },
    async (req) => service.search(requireCtx(req), req.body),
  );

  app.get(
    '/api/students/:id/guardians',
    {
      schema: {
        tags,
        summary:
          'Guardian table of a student at a building (mode sis: read from the SIS first); canPickup from the authorisations',
        params: ZStudentParams,
        querystring: ZGuardianListQuery,
        response: { 200: ZGuardianListResponse },
      },
    },
    async (req) => service.guardians(requireCtx(req), req.params.id, req.query),
  );

  app.post(
    '/api/students/:id/pickup-checks',
    {
      schema: {
        tags,
        summary:
          'Starts a pickup: the authorisation rule, then the guardian is screened (a flagged guardian: 409 and the office is alerted)',
        params: ZStudentParams,
        body: ZPickupCheckRequest,
        response: { 200: ZPickupCheckResponse },
      },
    },
    async (req) => service.checkPickup(requireCtx(req), req.params.id, req.body),
  );

  app.post(
    '/api/students/:id/pickup-photo',
    {
      schema: {
        tags,
        summary: 'The photo of the person collecting the student (multipart image, ≤ 10 MB; re-encoded)',
        params: ZStudentParams,
        response: { 200: ZPickupPhotoResponse },
      },
    },
    async (req) => {
      const { buffer } = await readUploadedFile(req);
      return service.savePickupPhoto(requireCtx(req), req.params.id, buffer);
    },
  );

  app.post(
    '/api/students/:id/pickups',
    {
      schema: {
        tags,
        summary:
          'Records a pickup (requires an Idempotency-Key): refused (409) without a current authorisation and a clear screening',
        params: ZStudentParams,
        body: ZPickupRequest,
        response: { 200: ZPickupResponse },
      },
    },
    async (req) => service.recordPickup(requireCtx(req), req.params.id, req.body, requireIdempotencyKey(req)),
  );

  app.post(
    '/api/students/:id/dropoffs',
    {
      schema: {
        tags,
        summary: 'Records a tardy drop-off (requires an Idempotency-Key); answers the event id of the tardy slip',
        params: ZStudentParams,
        body: ZDropoffRequest,
        response: { 200: ZDropoffResponse },
      },
    },
    async (req) => service.recordDropoff(requireCtx(req), req.params.id, req.body, requireIdempotencyKey(req)),
  );

  app.get(
    '/api/students/dropoffs/:eventId/tardy-slip.pdf',
    {
      schema: {
        tags,
        summary: 'The tardy slip (receipt-sized PDF) of a drop-off; `lang`: its fixed words’ language',
        params: ZDropoffParams,
        querystring: ZPrintLanguageQuery,
      },
    },
    async (req, reply) => {
      const pdf = await service.tardySlipPdf(requireCtx(req), req.params.eventId, 'desk', req.query.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="tardy-slip-${req.params.eventId}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/students/dropoffs/:eventId/tardy-slip.zpl',
    {
      schema: {
        tags,
        summary: 'The tardy slip as ZPL (Zebra Browser Print buildings, ADR 0027)',
        params: ZDropoffParams,
        querystring: ZPrintLanguageQuery,
      },
    },
    async (req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await service.tardySlipZpl(requireCtx(req), req.params.eventId, 'desk', req.query.lang)),
  );

  app.post(
    '/api/students/dropoffs/:eventId/tardy-slip/print',
    {
      schema: {
        tags,
        summary:
          'Prints the tardy slip the way the building prints (ADR 0027): on its printer from the server, or answers that the browser prints it (Browser Print or the print window)',
        params: ZDropoffParams,
        response: { 200: ZTardySlipPrintResponse },
      },
    },
    async (req) => ({ slipPrint: await service.printTardySlip(requireCtx(req), req.params.eventId) }),
  );

  // spec 002 §7 window: the tardy slip opens in a new window and prints automatically (§4 Dropoff).
  // The offset in the path is the old system's; the slip uses the building's zone (security guide).
  app.get(
    '/GenerateAndPrint/GenerateTardySlipForEvent/:eventId/:tzOffset',
    { schema: { hide: true, params: ZTardySlipWindowParams, querystring: ZPrintLanguageQuery } },
    async (req, reply) => {
      await service.tardySlipPdf(requireCtx(req), req.params.eventId); // same access as the PDF: 404 out of scope
      return reply
        .type('text/html; charset=utf-8')
        .send(tardySlipPrintWindow(tardySlipPdfUrl(req.params.eventId, req.query.lang), PRINT_WINDOW_SCRIPT));
    },
  );

  app.get(
    '/api/students/:id/authorizations',
    {
      schema: {
        tags,
        summary: "A student's people and pickup authorisations (administrators)",
        params: ZStudentParams,
        response: { 200: ZAuthorizationsResponse },
      },
    },
    async (req) => service.authorizations(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/students/:id/authorizations',
    {
      schema: {
        tags,
        summary: `Adds a rule: may pick up (standing or a dated exception) or may not (with the court-order note) ${IDEMPOTENCY_NOTE}`,
        params: ZStudentParams,
        body: ZAuthorizationCreate,
        response: { 200: ZCreated },
      },
    },
    async (req) => once(req, () => service.addAuthorization(requireCtx(req), req.params.id, req.body)),
  );

  app.post(
    '/api/students/:id/authorizations/:ruleId/revoke',
    {
      schema: {
        tags,
        summary: 'Ends a rule (kept for the record of past releases); a stale version answers 409',
        params: ZAuthorizationParams,
        body: ZAuthorizationRevoke,
        response: { 200: ZCreated },
      },
    },
    async (req) => service.revokeAuthorization(requireCtx(req), req.params.id, req.params.ruleId, req.body.version),
  );

  app.post(
    '/api/students/sync',
    {
      schema: {
        tags,
        summary: "Runs the district's roster sync now (a delta since the last one; resumes an interrupted pass)",
        body: ZSyncRequest,
        response: { 200: ZSyncStatus },
      },
    },
    async (req) => service.syncNow(requireCtx(req), req.body.clientId),
  );

  app.get(
    '/api/students/sync-status',
    {
      schema: {
        tags,
        summary: 'Roster sync and SIS write-back status of a district',
        querystring: ZSyncStatusQuery,
        response: { 200: ZSyncStatus },
      },
    },
    async (req) => service.syncStatus(requireCtx(req), req.query.clientId),
  );
}
