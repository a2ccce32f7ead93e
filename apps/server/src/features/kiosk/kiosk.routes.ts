import {
  ZIdText,
  ZKioskAutoValidateResponse,
  ZKioskCheckOutRequest,
  ZKioskCheckOutResponse,
  ZKioskConfigResponse,
  ZKioskLookupRequest,
  ZKioskLookupResponse,
  ZKioskPhotoResponse,
  ZKioskProblemRequest,
  ZKioskProblemResponse,
  ZKioskSignInRequest,
  ZKioskSignInResponse,
  ZKioskStudentDropoffRequest,
  ZKioskStudentDropoffResponse,
  ZKioskStudentPickupRequest,
  ZKioskStudentPickupResponse,
  ZKioskStudentValidateRequest,
  ZKioskStudentValidateResponse,
} from '@sv/contracts';
import { PRINT_WINDOW_SCRIPT } from '../../integrations/printing/print-window';
import { tardySlipPrintWindow } from '../../integrations/printing/pdf-tardy-slip';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/files/files';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createKioskService } from './kiosk.service';

const tags = ['kiosk'];
const ZSignInId = z.object({ id: ZIdText });
const ZEventId = z.object({ eventId: ZIdText });
const kioskSlipPdfUrl = (eventId: number) => `/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf`;

/** Kiosk API (issue 14): kiosk accounts only ('kiosk.use'), always their own building. */
export async function kioskRoutes(app: ZodApp, deps: AppDeps) {
  const service = createKioskService(deps);

  app.get(
    '/api/kiosk/config',
    {
      schema: {
        tags,
        summary: 'The kiosk main screen: buttons, auto badge, health banner, photo rules',
        response: { 200: ZKioskConfigResponse },
      },
    },
    async (req) => service.config(requireCtx(req)),
  );

  app.post(
    '/api/kiosk/lookup',
    {
      schema: {
        tags,
        summary: 'Find the visitor by a scan (licence or badge) or by name and date of birth',
        body: ZKioskLookupRequest,
        response: { 200: ZKioskLookupResponse },
      },
    },
    async (req) => service.lookup(requireCtx(req), req.body),
  );

  app.post(
    '/api/kiosk/photos',
    {
      schema: {
        tags,
        summary: 'The visitor’s kiosk photo (multipart image, ≤ 10 MB; re-encoded)',
        response: { 200: ZKioskPhotoResponse },
      },
    },
    async (req) => {
      const { buffer } = await readUploadedFile(req);
      return service.savePhoto(requireCtx(req), buffer);
    },
  );

  app.post(
    '/api/kiosk/sign-ins',
    {
      schema: {
        tags,
        summary: 'Sign in at the kiosk: the server screens the person (requires an Idempotency-Key header)',
        body: ZKioskSignInRequest,
        response: { 200: ZKioskSignInResponse },
      },
    },
    async (req) => service.signIn(requireCtx(req), req.body, requireIdempotencyKey(req)),
  );

  app.post(
    '/api/kiosk/sign-ins/:id/auto-validate',
    {
      schema: {
        tags,
        summary: 'Auto badge: check a clear sign-in in and print its badge, or send the visitor to the office',
        params: ZSignInId,
        response: { 200: ZKioskAutoValidateResponse },
      },
    },
    async (req) => service.autoValidate(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/kiosk/check-outs',
    {
      schema: {
        tags,
        summary: 'Check out at the kiosk by badge scan or name and date of birth (Idempotency-Key)',
        body: ZKioskCheckOutRequest,
        response: { 200: ZKioskCheckOutResponse },
      },
    },
    async (req) => service.checkOut(requireCtx(req), req.body, requireIdempotencyKey(req)),
  );

  app.post(
    '/api/kiosk/problems',
    {
      schema: {
        tags,
        summary: 'The kiosk problem screen tells the office (a pending card; Idempotency-Key)',
        body: ZKioskProblemRequest,
        response: { 200: ZKioskProblemResponse },
      },
    },
    async (req) => service.problem(requireCtx(req), req.body, requireIdempotencyKey(req)),
  );

  app.post(
    '/api/kiosk/students/validate',
    {
      schema: {
        tags,
        summary: 'Kiosk student modal: the student of this ID and last name here, and the action’s reasons',
        body: ZKioskStudentValidateRequest,
        response: { 200: ZKioskStudentValidateResponse },
      },
    },
    async (req) => service.validateStudent(requireCtx(req), req.body),
  );

  app.post(
    '/api/kiosk/students/photos',
    {
      schema: {
        tags,
        summary: 'The photo of a kiosk student sign-in or pickup (multipart image, ≤ 10 MB; re-encoded)',
        response: { 200: ZKioskPhotoResponse },
      },
    },
    async (req) => {
      const { buffer } = await readUploadedFile(req);
      return service.saveStudentPhoto(requireCtx(req), buffer);
    },
  );

  app.post(
    '/api/kiosk/students/dropoffs',
    {
      schema: {
        tags,
        summary: 'A late student signs in at the kiosk (drop-off; tardy slip; Idempotency-Key)',
        body: ZKioskStudentDropoffRequest,
        response: { 200: ZKioskStudentDropoffResponse },
      },
    },
    async (req) => service.studentDropoff(requireCtx(req), req.body, requireIdempotencyKey(req)),
  );

  app.post(
    '/api/kiosk/students/pickups',
    {
      schema: {
        tags,
        summary:
          'A pickup at the kiosk: the adult is screened and the district’s authorisations decide (Idempotency-Key)',
        body: ZKioskStudentPickupRequest,
        response: { 200: ZKioskStudentPickupResponse },
      },
    },
    async (req) => service.studentPickup(requireCtx(req), req.body, requireIdempotencyKey(req)),
  );

  app.get(
    '/api/kiosk/students/dropoffs/:eventId/tardy-slip.pdf',
    { schema: { tags, summary: 'The tardy slip of a kiosk drop-off (PDF)', params: ZEventId } },
    async (req, reply) => {
      const pdf = await service.tardySlipPdf(requireCtx(req), req.params.eventId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="tardy-slip-${req.params.eventId}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  // spec 002 §4 Dropoff: the tardy slip opens in a window and prints automatically
  app.get('/KioskPrint/TardySlip/:eventId', { schema: { hide: true, params: ZEventId } }, async (req, reply) => {
    await service.tardySlipPdf(requireCtx(req), req.params.eventId); // same access as the PDF
    return reply
      .type('text/html; charset=utf-8')
      .send(tardySlipPrintWindow(kioskSlipPdfUrl(req.params.eventId), PRINT_WINDOW_SCRIPT));
  });
}
