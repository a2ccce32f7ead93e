import { MESSAGES, ZLoginRequest, ZLogoutRequest, ZLogoutResponse, ZSessionResponse } from '@sv/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../../platform/auth/auth-plugin';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { ZodApp } from '../../platform/http/zod-app';
import type { AuthService } from './auth.service';
import { DEVICE_COOKIE_DAYS, deviceCookieName } from './trusted-device';
import type { DemoDataService } from '../demo-data';

export const clientInfo = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  requestId: req.id,
});

export function setSessionCookie(reply: FastifyReply, deps: AppDeps, token: string) {
  reply.setCookie(sessionCookieName(deps.config.COOKIE_SECURE), token, {
    httpOnly: true,
    secure: deps.config.COOKIE_SECURE,
    sameSite: 'lax',
    path: '/',
    maxAge: deps.config.SESSION_ABSOLUTE_HOURS * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, deps: AppDeps) {
  reply.clearCookie(sessionCookieName(deps.config.COOKIE_SECURE), {
    path: '/',
    secure: deps.config.COOKIE_SECURE,
    httpOnly: true,
    sameSite: 'lax',
  });
}

export async function authRoutes(app: ZodApp, deps: AppDeps, service: AuthService, demoData: DemoDataService) {
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: ZLoginRequest,
        response: { 200: ZSessionResponse },
      },
    },
    async (req, reply) => {
      const device = deviceCookieName(deps.config.COOKIE_SECURE);
      const { token, csrfToken, user, deviceCookie } = await service.login(
        req.body,
        clientInfo(req),
        req.cookies[device],
      );
      setSessionCookie(reply, deps, token);
      // trusted-device cookie (ADR 0009): outlives sessions and logout, read only by sign-in
      reply.setCookie(device, deviceCookie, {
        httpOnly: true,
        secure: deps.config.COOKIE_SECURE,
        sameSite: 'strict',
        path: '/',
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
      return { user, csrfToken, demoData: await demoData.present() };
    },
  );

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user, their navigation links and the CSRF token; also the keep-alive (spec 000 §7 GET /api/users)',
        response: { 200: ZSessionResponse },
      },
    },
    async (req) => {
      if (!req.session) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      const [user, demo] = await Promise.all([service.sessionUser(req.session), demoData.present()]);
      return { user, csrfToken: req.session.csrfToken, demoData: demo };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign out; answers where the browser goes next. A kiosk session sends the kiosk account’s password (issue 25)',
        response: { 200: ZLogoutResponse },
      },
    },
    async (req, reply) => {
      if (!req.session) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      // the body is optional (staff send none); read after the CSRF check, so a forged request
      // answers 403 whatever it carries
      const body = ZLogoutRequest.safeParse(req.body ?? {});
      if (!body.success) throw new AppError('VALIDATION_FAILED', MESSAGES.kioskLogoutPasswordRequired);
      const result = await service.logout(req.session, clientInfo(req), body.data.password);
      clearSessionCookie(reply, deps);
      return result;
    },
  );
}
