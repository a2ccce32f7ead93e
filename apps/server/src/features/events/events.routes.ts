import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createEventsService } from './events.service';

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events stream of a building's front-desk events (issue 4). The dashboard
 * refetches on each event; polling stays as the fallback (spec 002 §9 refresh intervals).
 */
export async function eventsRoutes(app: ZodApp, deps: AppDeps) {
  const service = createEventsService(deps);
  app.get(
    '/api/buildings/:buildingId/events',
    {
      schema: {
        tags: ['front desk'],
        summary: 'Live events of a building (text/event-stream); payloads carry ids and types only',
        params: z.object({ buildingId: z.coerce.number().int().positive() }),
        querystring: z.object({ once: z.enum(['1']).optional() }),
      },
    },
    async (req, reply) => {
      const ctx = requireCtx(req);
      const queue: string[] = [];
      let write: ((chunk: string) => void) | null = null;
      const unsubscribe = await service.openStream(ctx, req.params.buildingId, (event) => {
        const chunk = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
        if (write) write(chunk);
        else queue.push(chunk);
      });
      // `once=1`: answer the opening handshake and close — lets clients (and the authorization
      // matrix) check access without holding a stream open.
      if (req.query.once) {
        unsubscribe();
        return reply.header('Content-Type', 'text/event-stream').header('Cache-Control', 'no-store').send(': ok\n\n');
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      write = (chunk) => raw.write(chunk);
      raw.write(': connected\n\n');
      for (const chunk of queue.splice(0)) raw.write(chunk);
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      req.raw.on('close', close);
      raw.on('error', close);
    },
  );
}
