import { MESSAGES, type TErrorBody, ZEmergencyRequest, ZEmergencyResponse, ZErrorBody } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { EmergencyService } from './emergency.service';

/**
 * spec 000 §7 POST /api/emergency (header button, no payload). The spec's PUT /api/emergency
 * ("notify security about a person") belongs to the front desk feature.
 */
export async function emergencyRoutes(app: ZodApp, _deps: AppDeps, service: EmergencyService) {
  app.post(
    '/api/emergency',
    {
      schema: {
        tags: ['platform'],
        summary:
          "Emergency button: notifies the security contacts of the sender's building and district, or of the building named in the body (the platform administrator must name one) (Idempotency-Key required); 422 when none could be notified",
        body: ZEmergencyRequest,
        response: { 200: ZEmergencyResponse, 422: ZErrorBody },
      },
    },
    async (req, reply) => {
      const result = await service.send(requireCtx(req), requireIdempotencyKey(req), req.body ?? {});
      if (result.notified > 0) return result;
      // 422 is not one of the platform error codes' statuses: answered here in the one error
      // shape, with the spec's message (spec 000 §8 'Unable to send Emergency message!').
      const body: TErrorBody = { requestId: req.id, code: 'NOT_DELIVERED', message: MESSAGES.emergencyFailed };
      return reply.status(422).send(body);
    },
  );
}
