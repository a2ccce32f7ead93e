import { MESSAGES, PICKUP_MESSAGES, type TDropoffRequest, type TTardySlipPrint } from '@sv/contracts';
import { printerAddressFor, sendZplToBuildingPrinter } from '../../integrations/printing/building-printer';
import { buildTardySlipPdf, type TardySlip } from '../../integrations/printing/pdf-tardy-slip';
import type { VisitorLanguage } from '../../platform/i18n/catalogue';
import { buildTardySlipZpl } from '../../integrations/printing/zpl-tardy-slip';
import { requirePermissionVia, type Via } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { formatInZone } from '../../platform/time';
import { enqueueWriteback } from './sis-writeback';
import { fullName, type StudentsCore } from './students.core';

/** Kept in the audit trail only: the screen says it in the visitor's language ('printerDown'). */
const TARDY_SLIP_PRINTER_DOWN = 'The printer did not take the tardy slip.';

/** What the slip shows, from a drop-off row (time in the building's zone, never the browser's offset). */
function slipOf(e: {
  buildingName: string;
  studentName: string;
  identifier: string | null;
  studentIdLabel: string;
  at: Date;
  timeZone: string;
  reason: string;
  isExcused: boolean;
  attendantName: string | null;
}): TardySlip {
  return {
    buildingName: e.buildingName,
    studentName: e.studentName,
    studentIdLine: e.identifier ? `${e.studentIdLabel || 'Student ID'}: ${e.identifier}` : '',
    when: formatInZone(e.at, e.timeZone),
    reason: e.reason,
    isExcused: e.isExcused,
    attendantName: e.attendantName ?? '',
  };
}

/** Tardy drop-off and its slip (spec 002 §4 Dropoff; issue 12). */
export function dropoffUseCases(core: StudentsCore) {
  const { deps, repo, idempotency, loadBuilding, loadStudent } = core;
  /** A drop-off of the actor's scope, for its slip (404 out of scope). */
  const slipEvent = async (ctx: RequestCtx, eventId: number, via: Via) => {
    requirePermissionVia(ctx.actor, 'students.release', via);
    const e = await repo.dropoff(ctx.actor, eventId);
    if (!e) throw notFound('Drop-off not found');
    return e;
  };
  return {
    /** spec 002 §4 Dropoff, §7 AddDropoffSIS: the reason is required; answers the event id for the tardy slip. */
    async recordDropoff(ctx: RequestCtx, studentId: number, body: TDropoffRequest, key: string, via: Via = 'desk') {
      requirePermissionVia(ctx.actor, 'students.release', via);
      return idempotency.run(ctx.actor.userId, key, 'students.dropoff', { studentId, body }, async () => {
        const building = await loadBuilding(ctx, body.buildingId);
        const student = await loadStudent(ctx, studentId, building.clientId);
        if (student.buildingId !== building.id) throw conflict(PICKUP_MESSAGES.notEnrolledHere);
        const reason = await repo.reason(student.clientId, body.reasonId, 'dropoff');
        if (!reason) throw badRequest(PICKUP_MESSAGES.reasonRequired, { reasonId: [PICKUP_MESSAGES.reasonRequired] });
        const writeBack = await repo.hasRemoteSis(student.clientId);
        const eventId = await deps.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const id = await repo.insertDropoff(tx, {
            clientId: student.clientId,
            buildingId: building.id,
            studentId: student.id,
            studentName: fullName(student),
            reasonId: reason.id,
            reason: reason.name,
            isExcused: reason.isExcused,
            attendantId: ctx.actor.userId,
            droppedOffAt: deps.now(),
          });
          if (writeBack) await enqueueWriteback(tx, student.clientId, 'dropoff', id);
          await deps.audit.record(
            ctx,
            {
              action: 'dropoff.recorded',
              targetType: 'student',
              targetId: student.id,
              clientId: student.clientId,
              buildingId: building.id,
              details: { dropoffId: id, isExcused: reason.isExcused },
            },
            tx,
          );
          return id;
        });
        return { eventId, message: MESSAGES.dropoffRecorded };
      });
    },
    /** The tardy slip PDF of a drop-off (time in the building's zone, never the browser's offset). */
    async tardySlipPdf(ctx: RequestCtx, eventId: number, via: Via = 'desk', language: VisitorLanguage = 'en') {
      return buildTardySlipPdf({ ...slipOf(await slipEvent(ctx, eventId, via)), language });
    },
    /** The same slip as ZPL, for a building that prints through Zebra Browser Print (ADR 0027). */
    async tardySlipZpl(ctx: RequestCtx, eventId: number, via: Via = 'desk', language: VisitorLanguage = 'en') {
      return buildTardySlipZpl({ ...slipOf(await slipEvent(ctx, eventId, via)), language });
    },
    /**
     * Prints the slip the way its building prints (audit 002 ksl U6, ADR 0027): a building that
     * prints from the server with a printer address gets it on that printer ('printed', or
     * 'printerDown' when the printer does not take it; the screen then opens the print window);
     * a Browser Print building is told to send the ZPL itself ('browser'); otherwise the print
     * window ('window'). A slip is a student's, so the building's printer takes it, never the
     * visitor printer.
     */
    async printTardySlip(
      ctx: RequestCtx,
      eventId: number,
      via: Via = 'desk',
      language: VisitorLanguage = 'en',
    ): Promise<TTardySlipPrint> {
      const e = await slipEvent(ctx, eventId, via);
      if (e.printMethod === 'browser') return 'browser';
      const address = printerAddressFor(e, 'student');
      if (!address) return 'window';
      let outcome: TTardySlipPrint = 'printed';
      let problem = '';
      try {
        await sendZplToBuildingPrinter(
          address,
          await buildTardySlipZpl({ ...slipOf(e), language }),
          TARDY_SLIP_PRINTER_DOWN,
        );
      } catch (err) {
        outcome = 'printerDown';
        problem = err instanceof Error ? err.message : TARDY_SLIP_PRINTER_DOWN;
      }
      // the office can see where a slip went, and a printer that keeps failing
      await deps.audit.record(ctx, {
        action: outcome === 'printed' ? 'dropoff.slip_printed' : 'dropoff.slip_printer_down',
        targetType: 'dropoff',
        targetId: e.id,
        clientId: e.clientId,
        buildingId: e.buildingId,
        details: problem ? { problem } : {},
      });
      return outcome;
    },

    // ---------------------------------------------------------------- authorisations (administrators)
  };
}
