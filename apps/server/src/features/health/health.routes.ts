import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import type { ZodApp } from '../../platform/http/zod-app';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
});

export async function healthRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/api/health',
    {
      schema: { tags: ['platform'], summary: 'Liveness and database state', response: { 200: ZHealth, 503: ZHealth } },
    },
    async (_req, reply) => {
      const started = performance.now();
      const ok = await deps.database
        .query('select 1 as ok')
        .then(() => true)
        .catch(() => false);
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: { kind: deps.database.kind, ok, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
}
