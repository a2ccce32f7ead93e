import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { outboundMessages } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage } from '../../platform/db/paging';
import { clientFilter } from '../../platform/db/scope';

const SORT_COLUMNS = {
  createdAt: outboundMessages.createdAt,
  channel: outboundMessages.channel,
  status: outboundMessages.status,
} as const;

export function createOutboxRepository(db: Db) {
  return {
    /**
     * A failed (dead-letter) message of the actor's scope queued again with a fresh set of attempts,
     * due now. Null when there is no such message (another district's, or not failed).
     */
    async requeueFailed(actor: TActor, id: number) {
      const rows = await db
        .update(outboundMessages)
        .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
        .where(
          and(
            eq(outboundMessages.id, id),
            eq(outboundMessages.status, 'failed'),
            clientFilter(actor, outboundMessages.clientId),
          ),
        )
        .returning({ id: outboundMessages.id, clientId: outboundMessages.clientId });
      return rows[0] ?? null;
    },

    /** Outbound messages of the actor's client (admins: all, including messages with no client). */
    async page(
      actor: TActor,
      q: {
        page: number;
        perPage: number;
        sort: keyof typeof SORT_COLUMNS;
        dir: 'asc' | 'desc';
        channel?: 'email' | 'sms';
      },
    ) {
      const filters: SQL[] = [clientFilter(actor, outboundMessages.clientId)];
      if (q.channel) filters.push(eq(outboundMessages.channel, q.channel));
      const where = and(...filters);
      const order = q.dir === 'desc' ? desc : asc;
      return findPage(
        q,
        (limit, offset) =>
          db
            .select()
            .from(outboundMessages)
            .where(where)
            .orderBy(order(SORT_COLUMNS[q.sort]), order(outboundMessages.id))
            .limit(limit)
            .offset(offset),
        async () => {
          const rows = await db.select({ n: sql<number>`count(*)::int` }).from(outboundMessages).where(where);
          return rows[0]?.n ?? 0;
        },
      );
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
