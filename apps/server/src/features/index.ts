import type { AppDeps } from '../platform/deps';
import type { ZodApp } from '../platform/http/zod-app';
import { authRoutes } from './auth/auth.routes';
import { eventsRoutes } from './events/events.routes';
import { healthRoutes } from './health/health.routes';
import { statesRoutes } from './states/states.routes';

/**
 * Every feature module, registered in one list. A new feature adds one line here and an
 * entry per route in apps/server/src/test/authz-matrix.ts (the matrix test fails otherwise).
 */
export async function registerFeatures(app: ZodApp, deps: AppDeps) {
  await healthRoutes(app, deps);
  await authRoutes(app, deps);
  await statesRoutes(app, deps);
  await eventsRoutes(app, deps);
}
