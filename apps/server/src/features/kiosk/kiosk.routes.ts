import {
  ZIdText,
  ZKioskAutoValidateResponse,
  ZKioskCheckOutRequest,
  ZKioskCheckOutResponse,
  ZKioskConfigResponse,
  ZKioskHostSearchRequest,
  ZKioskHostSearchResponse,
  ZKioskLookupRequest,
  ZKioskLookupResponse,
  ZKioskPhotoResponse,
  ZKioskProblemRequest,
  ZKioskProblemResponse,
  ZKioskSignInRequest,
  ZKioskSignInResponse,
  ZKioskStudentDropoffRequest,
  ZKioskStudentDropoffResponse,
  ZKioskPickupCodeRequest,
  ZKioskStudentPickupRequest,
  ZKioskStudentPickupResponse,
  ZKioskStudentValidateRequest,
  ZKioskStudentValidateResponse,
  ZPrintLanguageQuery,
} from '@sv/contracts';
import { PRINT_WINDOW_SCRIPT } from '../../integrations/printing/print-window';
import { tardySlipPrintWindow } from '../../integrations/printing/pdf-tardy-slip';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/files/files';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { type RequestCtx, requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { KioskService } from './kiosk.service';

const tags = ['kiosk'];
const ZSignInId = z.object({ id: ZIdText });
const ZEventId = z.object({ eventId: ZIdText });
const kioskSlipPdfUrl = (eventId: number, lang: string) =>
  `/api/kiosk/students/dropoffs/${eventId}/tardy-slip.pdf${lang === 'en' ? '' : `?lang=${lang}`}`;

/** Kiosk API (issue 14): kiosk accounts only ('kiosk.use'), always their own building. */
export async function kioskRoutes(app: ZodApp, _deps: AppDeps, service: KioskService) {
  /**
   * POST `url` with the JSON `body` contract, answering `response`. `run` gets the caller's
   * context, the parsed body and `idempotencyKey()`, which reads the request's Idempotency-Key
   * header (a 400 without one) for the submissions that require it.
   */
  const post = <B extends z.ZodType, R extends z.ZodType>(
    url: string,
    summary: string,
    body: B,
    response: R,
    run: (ctx: RequestCtx, body: z.output<B>, idempotencyKey: () => string) => Promise<z.output<R>>,
  ) =>
    // widened for Fastify's inference only: `run` is typed from the same two contracts
    app.post(
      url,
      { schema: { tags, summary, body: body as z.ZodType, response: { 200: response as z.ZodType } } },
      async (req) => run(requireCtx(req), req.body as z.output<B>, () => requireIdempotencyKey(req)),
    );

  /** POST `url`: a multipart image (≤ 10 MB), re-encoded and stored by `save`. */
  const photo = (
    url: string,
    summary: string,
    save: (ctx: RequestCtx, buffer: Buffer) => Promise<z.output<typeof ZKioskPhotoResponse>>,
  ) =>
    app.post(url, { schema: { tags, summary, response: { 200: ZKioskPhotoResponse } } }, async (req) => {
      const { buffer } = await readUploadedFile(req);
      return save(requireCtx(req), buffer);
    });

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

  post(
    '/api/kiosk/lookup',
    'Find the visitor by a scan (licence or badge) or by name and date of birth',
    ZKioskLookupRequest,
    ZKioskLookupResponse,
    (ctx, body) => service.lookup(ctx, body),
  );

  post(
    '/api/kiosk/hosts/search',
    '"Person visiting" suggestions: ids and names of the kiosk building\'s hosts (≥ 2 letters, ≤ 8; rate-limited)',
    ZKioskHostSearchRequest,
    ZKioskHostSearchResponse,
    (ctx, body) => service.searchHosts(ctx, body),
  );

  photo('/api/kiosk/photos', 'The visitor’s kiosk photo (multipart image, ≤ 10 MB; re-encoded)', (ctx, buffer) =>
    service.savePhoto(ctx, buffer),
  );

  post(
    '/api/kiosk/sign-ins',
    'Sign in at the kiosk: the server screens the person (requires an Idempotency-Key header)',
    ZKioskSignInRequest,
    ZKioskSignInResponse,
    (ctx, body, key) => service.signIn(ctx, body, key()),
  );

  app.post(
    '/api/kiosk/sign-ins/:id/auto-validate',
    {
      schema: {
        tags,
        summary: 'Auto badge: check a clear sign-in in and print its badge, or send the visitor to the office',
        params: ZSignInId,
        // the badge's fixed words in the language the kiosk is showing (issue 29 §1)
        querystring: ZPrintLanguageQuery,
        response: { 200: ZKioskAutoValidateResponse },
      },
    },
    async (req) => service.autoValidate(requireCtx(req), req.params.id, req.query.lang),
  );

  post(
    '/api/kiosk/check-outs',
    'Check out at the kiosk by badge scan or name and date of birth (Idempotency-Key)',
    ZKioskCheckOutRequest,
    ZKioskCheckOutResponse,
    (ctx, body, key) => service.checkOut(ctx, body, key()),
  );
  post(
    '/api/kiosk/problems',
    'The kiosk problem screen tells the office (a pending card; Idempotency-Key)',
    ZKioskProblemRequest,
    ZKioskProblemResponse,
    (ctx, body, key) => service.problem(ctx, body, key()),
  );

  // ---------------------------------------------------------------- students
  post(
    '/api/kiosk/students/validate',
    'Kiosk student modal: the student of this ID and last name here, and the action’s reasons',
    ZKioskStudentValidateRequest,
    ZKioskStudentValidateResponse,
    (ctx, body) => service.validateStudent(ctx, body),
  );
  photo(
    '/api/kiosk/students/photos',
    'The photo of a kiosk student sign-in or pickup (multipart image, ≤ 10 MB; re-encoded)',
    (ctx, buffer) => service.saveStudentPhoto(ctx, buffer),
  );
  post(
    '/api/kiosk/students/dropoffs',
    'A late student signs in at the kiosk (drop-off; tardy slip; Idempotency-Key)',
    ZKioskStudentDropoffRequest,
    ZKioskStudentDropoffResponse,
    (ctx, body, key) => service.studentDropoff(ctx, body, key()),
  );
  post(
    '/api/kiosk/students/pickups',
    'A pickup at the kiosk: the adult is screened and the district’s authorisations decide (Idempotency-Key)',
    ZKioskStudentPickupRequest,
    ZKioskStudentPickupResponse,
    (ctx, body, key) => service.studentPickup(ctx, body, key()),
  );
  post(
    '/api/kiosk/students/pickups/code',
    'The one-time code sent to the phone or e-mail on file for the guardian (issue 22; Idempotency-Key)',
    ZKioskPickupCodeRequest,
    ZKioskStudentPickupResponse,
    (ctx, body, key) => service.studentPickupCode(ctx, body, key()),
  );

  app.get(
    '/api/kiosk/students/dropoffs/:eventId/tardy-slip.pdf',
    {
      schema: {
        tags,
        summary: 'The tardy slip of a kiosk drop-off (PDF), its fixed words in `lang`',
        params: ZEventId,
        querystring: ZPrintLanguageQuery,
      },
    },
    async (req, reply) => {
      const pdf = await service.tardySlipPdf(requireCtx(req), req.params.eventId, req.query.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="tardy-slip-${req.params.eventId}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/kiosk/students/dropoffs/:eventId/tardy-slip.zpl',
    {
      schema: {
        tags,
        summary: 'The tardy slip of a kiosk drop-off as ZPL (Zebra Browser Print buildings, ADR 0027)',
        params: ZEventId,
        querystring: ZPrintLanguageQuery,
      },
    },
    async (req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await service.tardySlipZpl(requireCtx(req), req.params.eventId, req.query.lang)),
  );

  // spec 002 §4 Dropoff: the tardy slip opens in a window and prints automatically
  app.get(
    '/KioskPrint/TardySlip/:eventId',
    { schema: { hide: true, params: ZEventId, querystring: ZPrintLanguageQuery } },
    async (req, reply) => {
      await service.tardySlipPdf(requireCtx(req), req.params.eventId); // same access as the PDF
      return reply
        .type('text/html; charset=utf-8')
        .send(tardySlipPrintWindow(kioskSlipPdfUrl(req.params.eventId, req.query.lang), PRINT_WINDOW_SCRIPT));
    },
  );
}
