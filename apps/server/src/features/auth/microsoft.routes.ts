import { ZAuthProvidersResponse, ZMicrosoftCallbackQuery, ZMicrosoftStartQuery } from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import type { ZodApp } from '../../platform/http/zod-app';
import { clientInfo, setSessionCookie } from './auth.routes';
import { type MicrosoftService, OIDC_STATE_MINUTES } from './microsoft.service';

/** Binds a pending sign-in to the browser that started it (login CSRF protection). */
const STATE_COOKIE = 'sv_oidc_state';
const STATE_COOKIE_PATH = '/api/auth/microsoft';

/**
 * Microsoft sign-in (issue 2 §3). Browser navigations, not API calls: every answer is a
 * redirect. Errors land on the sign-in page with ?error=microsoft and no session.
 */
export async function microsoftRoutes(app: ZodApp, deps: AppDeps, service: MicrosoftService) {
  const clearState = (reply: FastifyReply) =>
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH, secure: deps.config.COOKIE_SECURE, httpOnly: true });

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in methods this installation offers (Microsoft when OIDC is configured)',
        response: { 200: ZAuthProvidersResponse },
      },
    },
    async () => ({ microsoft: service.enabled() }),
  );

  app.get(
    '/api/auth/microsoft/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start Microsoft sign-in: 302 to the provider (state, nonce, PKCE kept on the server)',
        querystring: ZMicrosoftStartQuery,
      },
    },
    async (req, reply) => {
      const result = await service.start(req.query.kiosk === '1', clientInfo(req));
      if (result.ok) {
        reply.setCookie(STATE_COOKIE, result.state, {
          httpOnly: true,
          secure: deps.config.COOKIE_SECURE,
          // Lax: sent on the provider's top-level redirect back to the callback
          sameSite: 'lax',
          path: STATE_COOKIE_PATH,
          maxAge: OIDC_STATE_MINUTES * 60,
        });
      }
      return reply.redirect(result.redirectTo, 302);
    },
  );

  app.get(
    '/api/auth/microsoft/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "The provider's redirect back: validates, signs in, 302 to the user's homepage",
        querystring: ZMicrosoftCallbackQuery,
      },
    },
    async (req, reply) => {
      const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const result = await service.callback(rawQuery, req.cookies[STATE_COOKIE], clientInfo(req));
      clearState(reply);
      if (result.ok) setSessionCookie(reply, deps, result.token);
      return reply.redirect(result.redirectTo, 302);
    },
  );

  app.get(
    '/api/auth/microsoft/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: "/Account/MicrosoftSignOut: 302 to the provider's end-session endpoint (spec 000 §2)",
      },
    },
    async (_req, reply) => reply.redirect(await service.signOutUrl(), 302),
  );
}
