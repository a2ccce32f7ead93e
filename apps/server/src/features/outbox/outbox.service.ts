import { ROLE, type TOutboxMessage } from '@sv/contracts';
import type { z } from 'zod';
import type { ZOutboxQuery } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createOutboxRepository } from './outbox.repository';

/** Set-password links are credentials: only platform admins see them in the outbox. */
const LINK = /(\/Account\/SetPassword#token=)[\w-]+/g;
export const redactPasswordLinks = (body: string) => body.replace(LINK, '$1[hidden]');

/**
 * The outbox (issue 2 §7): every e-mail and SMS the app produced, readable in the app, so
 * demos and installations without SMTP/SMS still show what was sent. Admins see every
 * message; client administrators their client's. Password links are hidden from client
 * administrators (they could otherwise take over another user's account).
 */
export function createOutboxService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createOutboxRepository> }) {
  return {
    async list(ctx: RequestCtx, q: z.infer<typeof ZOutboxQuery>) {
      requirePermission(ctx.actor, 'outbox.read');
      const page = await repo.page(ctx.actor, q);
      const admin = ctx.actor.roleId === ROLE.Admin;
      return {
        ...page,
        data: page.data.map(
          (m): TOutboxMessage => ({
            id: m.id,
            clientId: m.clientId,
            channel: m.channel as TOutboxMessage['channel'],
            recipient: m.recipient,
            subject: m.subject,
            body: admin || m.kind !== 'password' ? m.body : redactPasswordLinks(m.body),
            status: m.status as TOutboxMessage['status'],
            kind: m.kind,
            createdAt: m.createdAt.toISOString(),
            sentAt: m.sentAt ? m.sentAt.toISOString() : null,
            attempts: m.attempts,
            lastError: m.lastError,
            nextAttemptAt: m.status === 'queued' ? m.nextAttemptAt.toISOString() : null,
          }),
        ),
      };
    },

    /**
     * Issue 23 §3: a message that failed every attempt (the dead letter) is sent again on an
     * administrator's request: queued with fresh attempts and delivered now; audited.
     */
    async retry(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'outbox.retry');
      const row = await repo.requeueFailed(ctx.actor, id);
      if (!row) throw notFound('No failed message with this id.');
      await deps.audit.record(ctx, {
        action: 'outbox.retry',
        targetType: 'outbound_message',
        targetId: row.id,
        clientId: row.clientId,
        details: {},
      });
      const result = await deps.messenger.deliver([row.id]);
      return { id: row.id, sent: result.sent === 1 };
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
