import {
  ZIdParam,
  ZStudentReason,
  ZStudentReasonListQuery,
  ZStudentReasonListResponse,
  ZStudentReasonUpdate,
  ZStudentReasonUpsert,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { StudentReasonsService } from './student-reasons.service';

const tags = ['student reasons'];

/** Student pickup and drop-off reasons (spec 002 §3, §7 GetSISPickupReasons / GetSISDropoffReasons). */
export async function studentReasonsRoutes(app: ZodApp, deps: AppDeps, service: StudentReasonsService) {
  const once = createIdempotentRoutes(deps);

  app.get(
    '/api/student-reasons',
    {
      schema: {
        tags,
        summary: "Pickup or drop-off reasons of a client (the actor's own; admins name the client)",
        querystring: ZStudentReasonListQuery,
        response: { 200: ZStudentReasonListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );

  app.post(
    '/api/student-reasons',
    {
      schema: {
        tags,
        summary: `Add a reason ${IDEMPOTENCY_NOTE}`,
        body: ZStudentReasonUpsert,
        response: { 200: ZStudentReason },
      },
    },
    async (req) => once(req, () => service.create(requireCtx(req), req.body)),
  );

  app.put(
    '/api/student-reasons/:id',
    {
      schema: {
        tags,
        summary: 'Edit a reason (deactivate instead of deleting, so recorded pickups keep their reason)',
        params: ZIdParam,
        body: ZStudentReasonUpdate,
        response: { 200: ZStudentReason },
      },
    },
    async (req) => service.update(requireCtx(req), req.params.id, req.body),
  );
}
