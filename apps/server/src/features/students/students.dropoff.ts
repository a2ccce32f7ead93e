import { MESSAGES, PICKUP_MESSAGES, type TDropoffRequest } from '@sv/contracts';
import { buildTardySlipPdf } from '../../integrations/printing/pdf-tardy-slip';
import { requirePermissionVia, type Via } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { formatInZone } from '../../platform/time';
import { enqueueWriteback } from './sis-writeback';
import { fullName, type StudentsCore } from './students.core';

/** Tardy drop-off and its slip (spec 002 §4 Dropoff; issue 12). */
export function dropoffUseCases(core: StudentsCore) {
  const { deps, repo, idempotency, loadBuilding, loadStudent } = core;
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
    async tardySlipPdf(ctx: RequestCtx, eventId: number, via: Via = 'desk') {
      requirePermissionVia(ctx.actor, 'students.release', via);
      const e = await repo.dropoff(ctx.actor, eventId);
      if (!e) throw notFound('Drop-off not found');
      return buildTardySlipPdf({
        buildingName: e.buildingName,
        studentName: e.studentName,
        studentIdLine: e.identifier ? `${e.studentIdLabel || 'Student ID'}: ${e.identifier}` : '',
        when: formatInZone(e.at, e.timeZone),
        reason: e.reason,
        isExcused: e.isExcused,
        attendantName: e.attendantName ?? '',
      });
    },

    // ---------------------------------------------------------------- authorisations (administrators)
  };
}
