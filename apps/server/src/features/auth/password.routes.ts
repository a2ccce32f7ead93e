import { ZIdParam, ZMessageResponse, ZRequestPasswordEmail, ZSetPasswordRequest } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { clientInfo } from './auth.routes';
import type { PasswordService } from './password.service';

/**
 * Activation and reset e-mails and the set-password page's call (issue 2 §3; spec 000 §7
 * PUT /api/passwords?userId=… or ?email=…, split here into a public request by e-mail and a
 * staff action by user id, so no e-mail address travels in a URL).
 */
export async function passwordRoutes(app: ZodApp, _deps: AppDeps, service: PasswordService) {
  app.post(
    '/api/auth/password-emails',
    {
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: e-mails an activation or reset link; the same answer for every address',
        body: ZRequestPasswordEmail,
        response: { 200: ZMessageResponse },
      },
    },
    async (req) => service.requestEmail(req.body, clientInfo(req)),
  );

  app.post(
    '/api/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a password from an activation or reset link (single use); ends every session of the user',
        body: ZSetPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (req) => service.setPassword(req.body, clientInfo(req)),
  );

  app.post(
    '/api/users/:id/password-email',
    {
      schema: {
        tags: ['users'],
        summary: 'Users screen: send an activation e-mail (no password yet) or a reset e-mail',
        params: ZIdParam,
        response: { 200: ZMessageResponse },
      },
    },
    async (req) => service.sendForUser(requireCtx(req), req.params.id),
  );
}
