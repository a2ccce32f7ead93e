import {
  KIOSK_MESSAGES,
  type TKioskStudentDropoffRequest,
  type TKioskStudentDropoffResponse,
  type TKioskStudentValidateRequest,
  type TKioskStudentValidateResponse,
} from '@sv/contracts';
import { sisMode, zonedDayBounds } from '@sv/domain';
import { AppError } from '../../platform/http/app-error';
import type { VisitorLanguage } from '../../platform/i18n/catalogue';
import type { RequestCtx } from '../../platform/http/request-context';
import { type KioskCore } from './kiosk.core';

/** Students at the kiosk: validation, photo, tardy drop-off and its slip (issue 12, issue 14). */
export function dropoffUseCases(core: KioskCore) {
  const {
    deps,
    repo,
    studentsService,
    reasonsRepo,
    fileStore,
    requireStudent,
    kioskBuilding,
    requireNoEmergency,
    kioskSis,
    requireWithinLimit,
  } = core;
  /**
   * The slip of a drop-off, printed the building's way (audit 002 ksl U6, ADR 0027): on the
   * building's printer from the server, or the kiosk is told to use Browser Print or the print window.
   */
  const slip = async (ctx: RequestCtx, eventId: number, language: VisitorLanguage) => ({
    eventId,
    slipPrint: await studentsService.printTardySlip(ctx, eventId, 'kiosk', language),
    // issue 29 §1: the slip's fixed words in the language the kiosk was used in
    slipWindowUrl: `/KioskPrint/TardySlip/${eventId}${language === 'en' ? '' : `?lang=${language}`}`,
    slipZplUrl: `/api/kiosk/students/dropoffs/${eventId}/tardy-slip.zpl${language === 'en' ? '' : `?lang=${language}`}`,
  });
  return {
    /**
     * POST /api/kiosk/students/validate (spec 002 §7 ValidateStudent): the student is enrolled at
     * this building under this ID and last name; answers their first name and the action's reasons.
     */
    async validateStudent(ctx: RequestCtx, body: TKioskStudentValidateRequest): Promise<TKioskStudentValidateResponse> {
      const b = await kioskBuilding(ctx);
      const student = await requireStudent(b, body);
      // STUDENT PICKUP in Skyward mode (issue 25, audit 002 K14): the guardians as the SIS has them
      // now; an SIS failure answers spec 002 §8's Skyward message (the kiosk shows it and restarts)
      if (body.isSkyward && body.action === 'pickup' && sisMode(kioskSis(b.kiosk)) === 'Skyward')
        await studentsService.refreshGuardiansFromSis(ctx, student.id, 'kiosk');
      const reasons = await reasonsRepo.list(ctx.actor, {
        page: 1,
        perPage: 100,
        sort: 'sortOrder',
        dir: 'asc',
        clientId: b.clientId,
        kind: body.action,
        activeOnly: true,
      });
      return {
        firstName: student.firstname,
        reasons: reasons.data.map((r) => ({ id: r.id, name: r.name, nameEs: r.nameEs })),
      };
    },
    /** POST /api/kiosk/students/photos: the student's or the collecting adult's photo ('pickup-photo'). */
    async saveStudentPhoto(ctx: RequestCtx, buffer: Buffer) {
      const b = await kioskBuilding(ctx);
      return { photoFileId: await fileStore.saveImage(ctx, b.clientId, 'pickup-photo', buffer) };
    },
    /**
     * POST /api/kiosk/students/dropoffs (spec 002 §7 AddSelfDropoffSIS; Idempotency-Key): the desk's
     * drop-off (`recordDropoff`), then the tardy slip, the building's way (`slip`).
     */
    async studentDropoff(
      ctx: RequestCtx,
      body: TKioskStudentDropoffRequest,
      key: string,
    ): Promise<TKioskStudentDropoffResponse> {
      const b = await kioskBuilding(ctx);
      await requireNoEmergency(b); // issue 27 §1: no sign-in, drop-off or pickup during a state
      const student = await requireStudent(b, body);
      if (b.requireKioskStudentPhotoCheckIn && !body.photoFileId)
        throw new AppError('VALIDATION_FAILED', 'This school requires a photo to sign in.', {
          photoFileId: ['Take a photo'],
        });
      if (body.photoFileId && !(await fileStore.findMeta(ctx, body.photoFileId)))
        throw new AppError('VALIDATION_FAILED', 'The photo could not be found.', { photoFileId: ['Unknown photo'] });
      // issue 22 "Floods": one tardy per student per day at the kiosk; another sign-in that day
      // (a retry, a second press, a prank) answers the first one's slip and records nothing
      const day = zonedDayBounds(deps.now(), b.timeZone);
      const first = await repo.dropoffOfDay(b, student.id, day.start, day.end);
      if (first) return { ...(await slip(ctx, first.id, body.language)), message: KIOSK_MESSAGES.tardyAlreadyRecorded };
      await requireWithinLimit(ctx, 'tardy', KIOSK_MESSAGES.tooManyTardies);
      const r = await studentsService.recordDropoff(
        ctx,
        student.id,
        { buildingId: b.id, reasonId: body.reasonId },
        key,
        'kiosk',
      );
      // a drop-off record has no photo column: the kiosk's photo is kept as a file of the district,
      // linked from the audit trail (id only)
      if (body.photoFileId)
        await deps.audit.record(ctx, {
          action: 'kiosk.student_photo',
          targetType: 'dropoff',
          targetId: r.eventId,
          clientId: b.clientId,
          buildingId: b.id,
          details: { photoFileId: body.photoFileId },
        });
      return { ...r, ...(await slip(ctx, r.eventId, body.language)) };
    },
    /** The tardy slip PDF of a kiosk drop-off (the desk's slip, in the building's zone). */
    async tardySlipPdf(ctx: RequestCtx, eventId: number, language: VisitorLanguage = 'en') {
      await kioskBuilding(ctx);
      return studentsService.tardySlipPdf(ctx, eventId, 'kiosk', language);
    },
    /** The same slip as ZPL, for a kiosk whose building prints through Zebra Browser Print. */
    async tardySlipZpl(ctx: RequestCtx, eventId: number, language: VisitorLanguage = 'en') {
      await kioskBuilding(ctx);
      return studentsService.tardySlipZpl(ctx, eventId, 'kiosk', language);
    },
  };
}
