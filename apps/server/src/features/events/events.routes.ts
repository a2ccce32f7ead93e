import { MESSAGES, ZIdText } from '@sv/contracts';
import { z } from 'zod';
import type { SessionRecord } from '../../platform/auth/session-store';
import { AppError } from '../../platform/http/app-error';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { EventsService } from './events.service';

const HEARTBEAT_MS = 25_000;
/** How often an open stream re-checks its session in the store (catches another instance's logout). */
const SESSION_RECHECK_MS = 30_000;

/**
 * Server-Sent Events stream of a building's front-desk events (issue 4). The dashboard
 * refetches on each event; polling stays as the fallback (spec 002 §9 refresh intervals).
 */
export async function eventsRoutes(app: ZodApp, deps: AppDeps, service: EventsService) {
  // Open streams, ended when the server stops: a stream kept alive by its heartbeat would
  // otherwise hold app.close() (and the database) open forever (issue 16).
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });
  app.get(
    '/api/buildings/:buildingId/events',
    {
      schema: {
        tags: ['front desk'],
        summary: 'Live events of a building (text/event-stream); payloads carry ids and types only',
        params: z.object({ buildingId: ZIdText }),
        querystring: z.object({ once: z.enum(['1']).optional() }),
      },
    },
    async (req, reply) => {
      const ctx = requireCtx(req);
      const session = req.session;
      if (!session) throw new AppError('UNAUTHENTICATED', MESSAGES.sessionExpired);
      const queue: string[] = [];
      let write: ((chunk: string) => void) | null = null;
      let stop: (() => void) | null = null;
      // Issue 10 §5 / security guide: a stream ends when its session ends. Logout, deactivation
      // and rotation in this process end it at once (sessions.watch); an event is delivered only
      // while the session's idle and absolute deadlines hold (re-checked in the store when the
      // deadline this stream knows has passed: other requests may have kept the session alive);
      // a periodic re-check catches sessions ended by another instance.
      let deadline = sessionDeadline(session, deps.config.SESSION_IDLE_MINUTES);
      let checking: Promise<boolean> | null = null;
      const stillLive = async () => {
        const live = await deps.sessions.findById(session.id, deps.now());
        if (!live) return false;
        deadline = sessionDeadline(live, deps.config.SESSION_IDLE_MINUTES);
        return true;
      };
      const check = () => {
        checking ??= stillLive()
          .catch(() => true) // a failed check is retried on the next one; the stream is not cut on a DB hiccup
          .finally(() => {
            checking = null;
          });
        return checking;
      };
      const deliver = (chunk: string) => {
        if (deps.now().getTime() <= deadline) {
          if (write) write(chunk);
          else queue.push(chunk);
          return;
        }
        void check().then((live) => {
          if (!live) stop?.();
          else if (write) write(chunk);
          else queue.push(chunk);
        });
      };
      const unsubscribe = await service.openStream(ctx, req.params.buildingId, (event) => {
        deliver(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
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
      const recheck = setInterval(() => {
        void check().then((live) => {
          if (!live) stop?.();
        });
      }, SESSION_RECHECK_MS);
      recheck.unref();
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearInterval(recheck);
        unsubscribe();
        unwatch();
        open.delete(stop!);
      };
      // the session ended (or the server is stopping): close the response, so the browser's
      // EventSource reconnects and gets a 401 or the next server
      stop = () => {
        close();
        raw.end();
      };
      open.add(stop);
      const unwatch = deps.sessions.watch(session, () => stop?.());
      req.raw.on('close', close);
      raw.on('error', close);
    },
  );
}

/** When the session would end if nothing else used it: idle timeout or absolute lifetime. */
function sessionDeadline(session: SessionRecord, idleMinutes: number) {
  return Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + idleMinutes * 60_000);
}
