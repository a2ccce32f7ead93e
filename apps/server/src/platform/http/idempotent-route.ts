import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createIdempotency, requireIdempotencyKey } from './idempotency';

/** The OpenAPI summary's note on every route that requires the header (as check-in's says). */
export const IDEMPOTENCY_NOTE = '(requires an Idempotency-Key header)';

/**
 * Issue 23 §4 ("No lost or doubled writes", ADR 0024): every create a client may retry runs
 * once per (user, Idempotency-Key). A retry of the same request (same route, same path
 * parameters, same body) answers what the first one answered; the same key with another request
 * is refused (409); a request without the header is refused (400) before anything is written.
 *
 * `once(req, fn)` reads the header, then runs `fn` through the one mechanism
 * (`createIdempotency(...).run`, shared with check-in and the kiosk): the answer is stored with
 * the key after `fn` returns, and a failure releases the key. `fn` may take the `complete`
 * callback to store the answer inside its own transaction. The anonymous public registration form
 * has no user: its keys live under user 0, scoped by the route and the form's path.
 */
export function createIdempotentRoutes(deps: AppDeps) {
  const idempotency = createIdempotency(deps.db, { singleProcess: deps.database.kind === 'pglite' });
  return function once<T>(req: FastifyRequest, fn: Parameters<typeof idempotency.run<T>>[4]): Promise<T> {
    const key = requireIdempotencyKey(req);
    const route = `${req.method} ${req.routeOptions.url}`;
    return idempotency.run<T>(req.actor?.userId ?? 0, key, route, { params: req.params, body: req.body }, fn);
  };
}
export type IdempotentRoute = ReturnType<typeof createIdempotentRoutes>;
