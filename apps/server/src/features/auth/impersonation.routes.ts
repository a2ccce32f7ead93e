import {
  ZHomepageResponse,
  ZImpersonationSearch,
  ZImpersonationSearchResponse,
  ZStartImpersonation,
} from '@sv/contracts';
import { actorOf, impersonationExpired } from '../../platform/auth/session-store';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { clearSessionCookie, clientInfo, setSessionCookie } from './auth.routes';
import type { ImpersonationService } from './impersonation.service';

/** Impersonation (spec 000 §2 modal, §4, §7 PUT /api/logins; issue 2 §6). */
export async function impersonationRoutes(app: ZodApp, deps: AppDeps, service: ImpersonationService) {
  // Expiry after CONSTANTS.impersonationMaxMinutes (issue 2 §6). Runs after the auth plugin
  // has read the session (hooks run in registration order) and before any route, so the
  // request that finds the time is up is already served as the admin, in a new session.
  app.addHook('onRequest', async (request, reply) => {
    const session = request.session;
    if (!session || !impersonationExpired(session, deps.now())) return;
    const restored = await service.expire(session, clientInfo(request));
    if (!restored) {
      clearSessionCookie(reply, deps);
      request.session = null;
      request.actor = null;
      return;
    }
    setSessionCookie(reply, deps, restored.token);
    const next = await deps.sessions.find(restored.token);
    request.session = next;
    request.actor = next ? actorOf(next) : null;
  });

  app.post(
    '/api/impersonation/search',
    {
      schema: {
        tags: ['impersonation'],
        summary: 'People an admin may act as (search starts at 2 characters; at most 20)',
        body: ZImpersonationSearch,
        response: { 200: ZImpersonationSearchResponse },
      },
    },
    async (req) => service.search(requireCtx(req), req.body.search),
  );

  app.post(
    '/api/impersonation',
    {
      schema: {
        tags: ['impersonation'],
        summary: "Act as a person: rotates the session and answers that person's homepage",
        body: ZStartImpersonation,
        response: { 200: ZHomepageResponse },
      },
    },
    async (req, reply) => {
      const ctx = requireCtx(req);
      const result = await service.start(ctx, req.session!, req.body.userId, clientInfo(req));
      setSessionCookie(reply, deps, result.token);
      return { homepage: result.homepage, csrfToken: result.csrfToken };
    },
  );

  app.delete(
    '/api/impersonation',
    {
      schema: {
        tags: ['impersonation'],
        summary: "End impersonation: back to the admin in a new session; answers the admin's homepage",
        response: { 200: ZHomepageResponse },
      },
    },
    async (req, reply) => {
      if (!req.session) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      const result = await service.end(req.session, clientInfo(req));
      setSessionCookie(reply, deps, result.token);
      return { homepage: result.homepage, csrfToken: result.csrfToken };
    },
  );
}
