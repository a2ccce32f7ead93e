import { MESSAGES, ZIdParam, ZOk } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/http/app-error';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createVisitsRepository } from '../visits/visits.repository';
import { createRegisteredEntry } from './registered-entry';

/** Registered check-in at the desk (spec 002 §4; issue 11). The badge scan itself is POST /api/scans. */
export async function registeredEntryRoutes(app: ZodApp, deps: AppDeps) {
  const entry = createRegisteredEntry(deps.db);
  const visitsRepo = createVisitsRepository(deps.db);

  app.post(
    '/api/registrations/:id/cancel-check-in',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "Cancel a registration's check-in (spec 002 §4 Cancel check-in, §7 cancelRegCheckIn): its open visit is closed as cancelled; failure answers 'Unable to cancel check-in.'",
        params: ZIdParam,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      const ctx = requireCtx(req);
      requirePermission(ctx.actor, 'visits.checkOut');
      if (!(await entry.inScope(ctx.actor, req.params.id))) throw notFound('Registration not found');
      const visit = await entry.openVisitOf(ctx.actor, req.params.id);
      if (!visit) throw new AppError('CONFLICT', MESSAGES.cancelCheckInFailed);
      await deps.db.transaction(async (tx) => {
        const done = await visitsRepo.checkOut(
          visit.id,
          { at: deps.now(), by: ctx.actor.userId, method: 'cancelled' },
          tx,
        );
        if (!done) throw new AppError('CONFLICT', MESSAGES.cancelCheckInFailed);
        await deps.realtime.publish(
          { type: 'visit.checked_out', clientId: visit.clientId, buildingId: visit.buildingId, id: visit.id },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: 'registration.check_in_cancelled',
            targetType: 'visit',
            targetId: visit.id,
            clientId: visit.clientId,
            buildingId: visit.buildingId,
            details: { registrationId: req.params.id },
          },
          tx,
        );
      });
      return { ok: true as const };
    },
  );
}
