import type { TActor } from '@sv/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import type { AuditLog } from '../audit/audit-log';
import type { ApiKeyAuth } from './api-key-auth';
import { actorOf, type SessionRecord, type SessionStore } from './session-store';
import { safeEqual } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRecord | null;
    actor: TActor | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that change state but are reached before a session exists (sign-in, password links, the
 * public registration form of issue 11). Still JSON-only and refused when Sec-Fetch-Site is
 * cross-site; they act on no session, so a forged request can do nothing the page itself cannot.
 */
export const CSRF_EXEMPT = new Set([
  '/api/auth/login',
  '/api/auth/password-emails',
  '/api/auth/password',
  '/api/public/registration-forms/:clientId/:code/submissions',
  // nearby arrivals (ADR 0017): anonymous, JSON only, rate limited like the submissions
  '/api/public/arrivals',
  // issue 30 (ADR 0052): the sign-in page's district lookup (anonymous, reads only)
  '/api/auth/sso/discover',
  // reunification pre-requests (issue 27 §3, ADR 0050): anonymous, JSON only, rate limited
  '/api/public/reunification/:token/requests',
]);

/**
 * SCIM 2.0 (issue 30 §3): the district's directory authenticates with its bearer token on every
 * request, never a session cookie, so a browser's cookie adds nothing a forgery could use.
 */
export const isCsrfExemptPath = (path: string) => CSRF_EXEMPT.has(path) || path.startsWith('/scim/v2/');

export interface SessionCookieOptions {
  name: string;
  secure: boolean;
}

export function sessionCookieName(secure: boolean) {
  // __Host- prefix requires Secure; used whenever the cookie is secure (security guide).
  return secure ? '__Host-sv_session' : 'sv_session';
}

/**
 * Builds the actor from the server session on every request, refuses cross-site state
 * changes and checks the CSRF token (security guide "Sessions and requests").
 * Requests made while impersonating are audited with both users.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    sessions: SessionStore;
    audit: AuditLog;
    cookie: SessionCookieOptions;
    /** the app clock (deps.now), so idle timeout and lifetime follow a fake clock in tests */
    now?: () => Date;
    /** API-key principals (issue 28 §5, ADR 0051): `Authorization: Bearer sv_…` */
    apiKeys?: ApiKeyAuth;
  },
) {
  const now = deps.now ?? (() => new Date());
  app.decorateRequest('session', null);
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    // An API key (issue 28 §5, ADR 0051) replaces the cookie: a bearer request never uses a
    // session (so no CSRF token either: a browser never adds this header by itself), and a bearer
    // that is no live key is refused here rather than treated as signed out.
    const authorization = request.headers.authorization;
    // (SCIM's bearer is the district directory's own token, checked by the SCIM routes: issue 30 §3)
    if (
      deps.apiKeys &&
      typeof authorization === 'string' &&
      /^bearer\s/i.test(authorization) &&
      !request.url.startsWith('/scim/v2/')
    ) {
      const actor = await deps.apiKeys.find(authorization.slice(7).trim(), now());
      if (!actor) throw new AppError('UNAUTHENTICATED', 'The API key is not valid or was revoked.');
      request.actor = actor;
      return;
    }
    const token = request.cookies[deps.cookie.name];
    if (!token) return;
    const at = now();
    const session = await deps.sessions.find(token, at);
    if (!session) return;
    request.session = session;
    request.actor = actorOf(session);
    await deps.sessions.touch(session, at);
  });

  app.addHook('preHandler', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
    }
    const path = routePath(request);
    if (isCsrfExemptPath(path)) return;
    if (!request.session) return; // the route itself answers 401 when it needs a session
    const header = request.headers['x-csrf-token'];
    if (typeof header !== 'string' || !safeEqual(header, request.session.csrfToken)) {
      throw new AppError('FORBIDDEN', 'The security token is missing or stale. Reload the page.');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const actor = request.actor;
    if (!actor?.impersonatorId) return;
    await deps.audit
      .record(
        { actor, requestId: request.id, ip: request.ip },
        {
          action: 'impersonation.request',
          details: { method: request.method, route: routePath(request), status: reply.statusCode },
        },
      )
      .catch((err) => request.log.error({ err }, 'audit write failed'));
  });
}

export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0];
}
